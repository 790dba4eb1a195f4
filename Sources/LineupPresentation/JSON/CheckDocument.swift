import LineupCore
import LineupStore

/// `check --json`: the rules in force, what they find, and the balance verdict. The violations end with
/// everyone seated in a race of the boat who is not there then (`BoatState.unavailableInRaces`), in the
/// words `show` prints: the crew cannot race so.
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
        violations = document.violations + state.unavailableInRaces()
        warnings = document.warnings
        verdict = VerdictDocument(state.verdict())
    }
}
