import ArgumentParser
import LineupCore

struct BoatCopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy", abstract: "Copy a boat's lineup and locks into a new boat, to try a variant.",
        discussion: "The copy starts with an empty history.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The boat to copy.") var source: String
    @Argument(help: "The new boat's name.") var newName: String

    func validate() throws {
        try BoatOptions.validateNewName(newName)
    }

    func run() throws {
        let db = try database.open()
        // Named in full, however it was typed ("mixed" for "Mixed 500").
        let original = try db.boat(.named(source))
        // By the whole name read: should another command give that name to another boat meanwhile, the boat
        // copied is the one that bears it, as the one printed.
        let boat = try db.copyBoat(.wholeName(original.name), to: newName)
        print("Copied \"\(original.name.terminalSafe)\" to \"\(boat.name.terminalSafe)\".")
    }
}
