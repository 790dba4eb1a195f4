import LineupCore

/// What a boat's races add to `show`, `check` and the commands that change a lineup: the rules broken in
/// one of its races that races under its own, and everyone seated in one of its races who is not there
/// then (`BoatState.problemsInRaces`). Each is marked `✗`, as a broken rule is, since the crew cannot race so.
public enum RacesText {
    /// `Races:` and one line per rule broken in a race or paddler seated in a race they are not there for;
    /// nothing when there is none.
    public static func lines(_ problems: [RaceProblem], style: TextStyle = .plain) -> [String] {
        guard !problems.isEmpty else { return [] }
        return ["Races:"] + problems.map { style.problemLine(RegattaWords.problem($0)) }
    }

    /// What a change did to them, as `RulesText.changes` says it of the rules: the lines it added and
    /// cleared under a headline with the count after the change. Empty when they are the same.
    public static func changes(before: [RaceProblem], after: [RaceProblem], style: TextStyle = .plain) -> [String] {
        let added = after.filter { !before.contains($0) }
        let cleared = before.filter { !after.contains($0) }
        guard !added.isEmpty || !cleared.isEmpty else { return [] }
        let tense = after.count == before.count ? "still" : "now"
        let headline =
            after.isEmpty
            ? "Races: now everyone seated is there"
            : "Races: \(tense) \(after.count) seated in a race they are not there for"
        return [headline]
            + added.map { style.problemLine(RegattaWords.problem($0)) }
            + cleared.map { "  ✓ no longer: " + RegattaWords.problem($0).terminalSafe }
    }

    /// What a change did to the rules broken in races that race under their own (`BoatState.ruleBreaksInRaces`),
    /// as `changes` says it of those not there. Empty when they are the same.
    public static func ruleChanges(before: [RaceProblem], after: [RaceProblem], style: TextStyle = .plain)
        -> [String]
    {
        let added = after.filter { !before.contains($0) }
        let cleared = before.filter { !after.contains($0) }
        guard !added.isEmpty || !cleared.isEmpty else { return [] }
        let tense = after.count == before.count ? "still" : "now"
        let headline =
            after.isEmpty ? "Races' own rules: now all kept" : "Races' own rules: \(tense) \(after.count) broken"
        return [headline]
            + added.map { style.problemLine(RegattaWords.problem($0)) }
            + cleared.map { "  ✓ no longer: " + RegattaWords.problem($0).terminalSafe }
    }
}
