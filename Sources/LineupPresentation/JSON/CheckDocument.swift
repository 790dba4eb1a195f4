import LineupCore
import LineupStore

/// `check --json`: the rules in force, what they find, and the balance verdict.
public struct CheckDocument: Encodable {
    public let boat: String
    public let rules: String
    public let violations: [String]
    public let warnings: [String]
    public let verdict: VerdictDocument

    public init(state: BoatState, rules: CrewRules, findings: [RuleFinding]) {
        boat = state.boat.name
        self.rules = rules.name
        let document = RulesDocument(rules: rules, findings: findings)
        violations = document.violations
        warnings = document.warnings
        verdict = VerdictDocument(state.verdict())
    }
}
