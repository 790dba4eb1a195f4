import LineupCore

/// `check --json`: the rules in force, what they find, and the balance verdict. The violations end with
/// the rules broken in a race of the boat that races under other rules, and everyone seated in a race of
/// the boat who is not there then (`BoatState.problemsInRaces`), in the words `show` prints: the crew
/// cannot race so. With `showsWeights` false, the verdict is its direction only (as `LineupDocument`'s).
public struct CheckDocument: Encodable {
    public let boat: String
    public let rules: String
    public let violations: [String]
    public let warnings: [String]
    public let verdict: VerdictDocument

    /// The check of `state` under `rules`, which found `findings`.
    public init(state: BoatState, rules: CrewRules, findings: [RuleFinding], showsWeights: Bool = true) {
        boat = state.boat.name
        self.rules = rules.name
        let document = RulesDocument(rules: rules, findings: findings)
        violations = document.violations + state.problemsInRaces(checked: rules).map(RegattaWords.problem)
        warnings = document.warnings
        verdict = VerdictDocument(state.verdict(), showsWeights: showsWeights)
    }
}
