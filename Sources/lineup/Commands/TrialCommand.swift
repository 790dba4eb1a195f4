import ArgumentParser

struct TrialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trial",
        abstract: "Record time trials (OC1, OC2, a timed boat) as evidence of who is strong; see `lineup roster rank`.",
        subcommands: [TrialAddCommand.self, TrialListCommand.self, TrialDeleteCommand.self],
        defaultSubcommand: TrialListCommand.self)
}
