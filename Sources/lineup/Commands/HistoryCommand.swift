import ArgumentParser

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List the boat's changes (the default), or prune old ones.",
        subcommands: [HistoryListCommand.self, HistoryPruneCommand.self],
        defaultSubcommand: HistoryListCommand.self)
}
