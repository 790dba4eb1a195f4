import ArgumentParser

struct RosterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "roster",
        abstract: "Manage the club roster: every paddler is in every boat, seated or on the bench.",
        subcommands: [
            RosterListCommand.self, RosterAddCommand.self, RosterUpdateCommand.self, RosterRemoveCommand.self,
            RosterImportCommand.self, RosterExportCommand.self, RosterRankCommand.self,
        ],
        defaultSubcommand: RosterListCommand.self)
}
