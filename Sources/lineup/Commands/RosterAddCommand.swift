import ArgumentParser
import LineupCore
import LineupPresentation

struct RosterAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a paddler; they join the end of every boat's bench.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The paddler's name (unique, ignoring case).") var name: String
    @OptionGroup var fields: PaddlerOptions

    func validate() throws {
        _ = try fields.draft(name: name)
    }

    func run() throws {
        let draft = try fields.draft(name: name)
        let db = try database.open(creatingIfMissing: true)
        let paddler = try db.addPaddler(draft)
        SavedChange.declare(
            .outsideHistory(
                saved: "\(paddler.name.terminalSafe) was added to the roster",
                again: "`lineup roster list` shows them, and adding them again is refused (the name is taken)"))
        print(RosterWords.addedSentence(paddler).terminalSafe)
        if let note = SeatRoleWords.unmetRole(of: paddler, in: try db.boats().map(\.boat)) {
            print("note: \(note.terminalSafe)")
        }
    }
}
