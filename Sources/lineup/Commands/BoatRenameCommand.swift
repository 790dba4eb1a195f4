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
        let boat = try database.open().renameBoat(oldName, to: newName)
        print("Renamed \"\(oldName.terminalSafe)\" to \"\(boat.name.terminalSafe)\".")
    }
}
