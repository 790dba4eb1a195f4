import ArgumentParser

struct BoatRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a boat.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The boat's current name.") var oldName: String
    @Argument(help: "Its new name.") var newName: String

    func run() throws {
        let boat = try database.open().renameBoat(oldName, to: newName)
        print("Renamed \"\(oldName)\" to \"\(boat.name)\".")
    }
}
