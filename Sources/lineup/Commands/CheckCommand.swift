import ArgumentParser
import LineupCore
import LineupPresentation

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a lineup against crew rules; exits 1 when a rule is broken.",
        discussion: """
            Presets: open (16-20 paddlers in a standard boat, 8-10 in a small one, a drummer and a \
            steerer), women (the same, every counted paddler a woman), idbf-mixed (the same, 8-10 women \
            and 8-10 men among the paddlers of a standard boat, 4-6 each in a small one). Drummer and \
            steerer are exempt from the sex rule unless --count-drummer-steerer, which counts them too and \
            raises the preset's top limit for each sex by two (8-12 of each among 22: every crew legal under \
            the paddlers' rule stays legal). Side preferences, inactive paddlers seated and \
            drummer/steerer ability are warnings unless required; unknown weights and sexes are warnings. \
            The boat's own preset is set with `lineup boat create --rules` or `lineup boat rules`.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var rulesOptions: RulesOptions
    @OptionGroup var display: DisplayOptions
    @Flag(help: "Print JSON: {boat, rules, violations: [...], warnings: [...], verdict}.") var json = false

    func run() throws {
        let state = try database.openForReading().state(ofBoat: boat.boat)
        let rules = rulesOptions.rules(boatPreset: state.boat.rules, kind: state.boat.kind)
        let findings = state.lineup.check(rules, roster: state.roster)
        if json {
            print(try JSONCoding.encode(CheckDocument(state: state, rules: rules, findings: findings)), terminator: "")
        } else {
            let text = RulesText(rules: rules, findings: findings)
            // The balance is no rule, but a coach checking a crew wants the verdict `show` gives.
            let balance = BalanceText(state: state, format: display.format(for: state), listingUnknownWeights: false)
            print(
                (["\(state.boat.name.terminalSafe): " + text.lines(style: Terminal.style).joined(separator: "\n")]
                    + balance.lines(style: Terminal.style)).joined(separator: "\n"))
        }
        if findings.contains(where: { $0.severity == .violation }) { throw ExitCode(1) }
    }
}
