import ArgumentParser

struct SeatRaceDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a seat race with its pieces.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The session's name.") var name: String

    func validate() throws {
        guard !name.allSatisfy(\.isWhitespace) else {
            throw ValidationError("give the seat race's name, as `lineup seat-race list` shows it")
        }
    }

    func run() throws {
        let name = try database.open().deleteSeatRace(named: name)
        print("Deleted seat race \"\(name.terminalSafe)\".")
    }
}
