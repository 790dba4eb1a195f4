import ArgumentParser
import LineupCore

struct BoatRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a boat.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The boat's current name.") var oldName: String
    @Argument(help: "Its new name.") var newName: String

    func validate() throws {
        try BoatOptions.validateNewName(newName)
    }

    func run() throws {
        let db = try database.open()
        // Named in full, however it was typed ("mixed" for "Mixed 500").
        let old = try db.boat(.named(oldName))
        // By the whole name read: the boat renamed is the one that bears the name printed.
        let boat = try db.renameBoat(.wholeName(old.name), to: newName)
        print("Renamed \"\(old.name.terminalSafe)\" to \"\(boat.name.terminalSafe)\".")
    }
}
