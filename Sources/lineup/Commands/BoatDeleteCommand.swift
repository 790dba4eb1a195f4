import ArgumentParser
import LineupCore

struct BoatDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a boat with its lineup and history (the roster stays).")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The boat to delete.") var name: String
    @Flag(help: "Confirm: the boat's lineup and history are deleted for good.") var force = false

    func run() throws {
        let db = try database.open()
        guard force else {
            let boat = try db.boat(.wholeName(name))
            throw CommandError.failed(
                "deleting \"\(boat.name.terminalSafe)\" removes its lineup and history for good; add --force to confirm"
            )
        }
        let boat = try db.deleteBoat(.wholeName(name))
        print("Deleted \"\(boat.name.terminalSafe)\".")
    }
}
