import ArgumentParser
import LineupCore

struct RosterUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Change a paddler's details; only the fields given change.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The paddler's name.") var name: String
    @Option(help: ArgumentHelp("A new name.", valueName: "name")) var rename: String?
    @Flag(help: "Forget the paddler's weight (it shows as unknown).") var clearWeight = false
    @OptionGroup var fields: PaddlerOptions

    func validate() throws {
        if clearWeight && fields.weight != nil {
            throw ValidationError("give either --weight or --clear-weight, not both")
        }
        _ = try fields.draft(name: rename ?? name)
    }

    func run() throws {
        var draft = try fields.draft(name: rename ?? name)
        if clearWeight { draft.weightKg = .some(nil) }
        let paddler = try database.open().updatePaddler(named: name, with: draft)
        print("Updated \(paddler.name).")
    }
}
