import ArgumentParser

struct SeatRaceDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a seat race with its pieces.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The session's name.") var name: String

    func run() throws {
        let name = try database.open().deleteSeatRace(named: name)
        print("Deleted seat race \"\(name.terminalSafe)\".")
    }
}
