import ArgumentParser
import LineupCore

struct BoatCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Create a boat with the whole roster on its bench, in name order.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The boat's name, such as \"500m mixed final\".") var name: String
    @Flag(help: "A small boat: 5 rows (10 paddlers) instead of 10.") var small = false
    @Option(help: "The crew rules it races under: open, women or idbf-mixed.") var rules = RulesPreset.open

    func validate() throws {
        try BoatOptions.validateNewName(name)
    }

    func run() throws {
        let boat = try database.open(creatingIfMissing: true).createBoat(
            named: name, kind: small ? .small : .standard, rules: rules)
        SavedChange.declare(
            .outsideHistory(
                saved: "the boat \"\(boat.name.terminalSafe)\" was created",
                again: "`lineup boat list` shows it, and creating it again is refused (the name is taken)"))
        print(
            "Created \"\(boat.name.terminalSafe)\", a \(boat.kind.rawValue) boat with \(boat.kind.rowCount) rows; everyone is on the bench."
        )
    }
}
