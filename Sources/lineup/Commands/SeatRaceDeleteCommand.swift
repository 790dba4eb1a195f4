import ArgumentParser

struct SeatRaceDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a seat race with its pieces.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var named: StrengthNameArgument<SeatRaceKind>

    func run() throws {
        let name = try database.open().deleteSeatRace(named: named.name)
        print("Deleted seat race \"\(name.terminalSafe)\".")
    }
}
