import ArgumentParser
import LineupCore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a lineup against crew rules; exits 1 when a rule is broken.",
        discussion: """
            Presets: open (16-20 paddlers in a standard boat, 8-10 in a small one, a drummer and a \
            steerer), women (the same, every counted paddler a woman), idbf-mixed (the same, 8-10 women \
            and 8-10 men among the paddlers of a standard boat, 4-6 each in a small one). Drummer and \
            steerer are exempt from the sex rule unless --count-drummer-steerer. Side preferences and \
            drummer/steerer ability are warnings unless required; unknown weights and sexes are warnings. \
            The boat's own preset is set with `lineup boat create --rules` or `lineup boat rules`.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var rulesOptions: RulesOptions
    @Flag(help: "Print JSON: {boat, rules, violations: [...], warnings: [...]}.") var json = false

    struct Report: Encodable {
        let boat: String
        let rules: String
        let violations: [String]
        let warnings: [String]
    }

    func run() throws {
        let state = try database.openForReading().state(ofBoat: boat.boat)
        let rules = rulesOptions.rules(boatPreset: state.boat.rules, kind: state.boat.kind)
        let text = RulesText(rules: rules, findings: state.lineup.check(rules, roster: state.roster))
        if json {
            let report = Report(
                boat: state.boat.name, rules: rules.name, violations: text.violations.map(\.message),
                warnings: text.warnings.map(\.message))
            print(try JSONOutput.encode(report), terminator: "")
        } else {
            print("\(state.boat.name): " + text.lines.joined(separator: "\n"))
        }
        if !text.violations.isEmpty { throw ExitCode(1) }
    }
}
