import ArgumentParser
import LineupCore
import LineupStore

struct UserCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: "Manage the accounts that sign in to `lineup serve`: coaches change lineups, viewers look.",
        subcommands: [
            UserListCommand.self, UserAddCommand.self, UserPasswordCommand.self, UserRoleCommand.self,
            UserRemoveCommand.self,
        ],
        defaultSubcommand: UserListCommand.self)
}

extension AccountRole: ExpressibleByArgument {}
