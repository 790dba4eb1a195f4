import LineupCore

/// `check --json`: the rules in force, what they find, and the balance verdict. The violations end with
/// the rules broken in a race of the boat that races under other rules, and everyone seated in a race of
/// the boat who is not there then (`BoatState.problemsInRaces`), in the words `show` prints: the crew
/// cannot race so; `raceProblems` lists those last ones again on their own, so that a reader can say, as
/// `check` does, that the boat's rules are kept while its races have problems. With `showsWeights` false, the
/// verdict is its direction only (as `LineupDocument`'s).
public struct CheckDocument: Encodable {
    public let boat: String
    public let rules: String
    public let violations: [String]
    public let warnings: [String]
    public let notes: [String]
    public let raceProblems: [String]
    public let verdict: VerdictDocument

    /// The check of `state` under `rules`, which found `findings`.
    public init(state: BoatState, rules: CrewRules, findings: [RuleFinding], showsWeights: Bool = true) {
        boat = state.boat.name
        self.rules = rules.name
        let document = RulesDocument(rules: rules, findings: findings)
        raceProblems = state.problemsInRaces(checked: rules).map(RegattaWords.problem)
        violations = document.violations + raceProblems
        warnings = document.warnings
        notes = document.notes
        verdict = VerdictDocument(state.verdict(), showsWeights: showsWeights)
    }
}
