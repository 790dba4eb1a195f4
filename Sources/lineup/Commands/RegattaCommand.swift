import ArgumentParser

struct RegattaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "regatta",
        abstract: "Plan a race day: regattas, who is there when, the regatta view and the planner.",
        discussion: """
            A regatta is a day of racing. Its races (`lineup race add`) start at times of day, written and \
            shown in the regatta's local time, and each is raced by one boat's lineup. Every active paddler \
            is available all day unless `regatta attend` says otherwise. Two races of one person must start \
            at least the regatta's minimum gap apart (30 minutes unless set); `lineup check --regatta` reports \
            who breaks it.
            """,
        subcommands: [
            RegattaCreateCommand.self, RegattaListCommand.self, RegattaUpdateCommand.self, RegattaDeleteCommand.self,
            RegattaAttendCommand.self, RegattaAnswerCommand.self, RegattaAnswersCommand.self, RegattaShowCommand.self,
            RegattaPlanCommand.self,
        ],
        defaultSubcommand: RegattaListCommand.self)
}
