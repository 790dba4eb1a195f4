import ArgumentParser

struct BoatCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "boat",
        abstract: "Manage boats: each boat is one lineup drawing on the club's roster.",
        subcommands: [
            BoatCreateCommand.self, BoatListCommand.self, BoatRenameCommand.self, BoatCopyCommand.self,
            BoatDeleteCommand.self, BoatRulesCommand.self, BoatRolesCommand.self, BoatSeatCommand.self,
        ],
        defaultSubcommand: BoatListCommand.self)
}
