import ArgumentParser

struct RaceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "race",
        abstract: "Manage a regatta's races: each starts at a time of day and is raced by one boat's lineup.",
        subcommands: [
            RaceAddCommand.self, RaceListCommand.self, RaceMoveCommand.self, RaceRemoveCommand.self,
            RaceRulesCommand.self,
        ],
        defaultSubcommand: RaceListCommand.self)
}
