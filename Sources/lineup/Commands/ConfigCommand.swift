import ArgumentParser

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "The club's settings kept in the database.",
        subcommands: [ConfigBalanceCommand.self, ConfigUnitsCommand.self, ConfigViewersCommand.self])
}
