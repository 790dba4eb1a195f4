import ArgumentParser

struct SeatRaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seat-race",
        abstract: "Record seat races (two crews, paddlers swapped between pieces); see `lineup roster rank`.",
        subcommands: [
            SeatRaceAddCommand.self, SeatRaceListCommand.self, SeatRaceShowCommand.self, SeatRaceDeleteCommand.self,
        ],
        defaultSubcommand: SeatRaceListCommand.self)
}
