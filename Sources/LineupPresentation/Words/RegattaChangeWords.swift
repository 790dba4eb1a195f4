import LineupCore

/// What a change to the day (`regatta attend`, `race add`, `race move`, the page's who-is-there choice) did to
/// the regatta's conflicts and race rules: the ones it made and the ones it cleared, in the words of
/// `check --regatta`, so that a paddler marked absent who sits in four races, or a race moved five minutes from
/// another of its crew, says so at once. Nothing when the change made or cleared none.
public enum RegattaChangeWords {
    /// One problem of the day: what identifies it across the change, and how `check --regatta` says it.
    struct Problem {
        var key: String
        var text: String
    }

    /// The rules broken in each race, the rest conflicts and who is seated in a race they are not there
    /// for. Keyed by race name and paddler, not by time, so a race moved keeps its old problems as old.
    static func problems(_ state: RegattaState) -> [Problem] {
        let regatta = state.regatta
        // A race with nobody seated yet (a new boat) breaks the crew size by nature; that is no news.
        let rules = regatta.races.indices.filter { !regatta.crew(of: $0).isEmpty }.flatMap { race in
            regatta.ruleFindings(of: race).filter { $0.severity == .violation }.map { finding in
                Problem(
                    key: "rules \(regatta.races[race].name) \(regatta.races[race].rules.name) \(finding.message)",
                    text: "\(regatta.label(race)), \(regatta.races[race].rules.name) rules: \(finding.message)")
            }
        }
        let rest = regatta.restConflicts().map { conflict in
            Problem(
                key:
                    "rest \(conflict.paddler) \(regatta.races[conflict.first].name) \(regatta.races[conflict.second].name)",
                text: regatta.describe(conflict))
        }
        let unavailable = regatta.availabilityConflicts().map { conflict in
            Problem(
                key:
                    "there \(conflict.paddler) \(regatta.races[conflict.race].name) \(RegattaWords.reason(conflict.reason))",
                text: regatta.describe(conflict))
        }
        return rules + rest + unavailable
    }

    /// The problems `after` has that `before` had not (`✗`), and those it no longer has (`✓ no longer`),
    /// under a headline with the count after the change; the headline names the command that lists them when
    /// `namingCheck` (the command line's words; the page lists them itself).
    public static func lines(
        before: RegattaState, after: RegattaState, style: TextStyle = .plain, namingCheck: Bool = true
    ) -> [String] {
        let old = problems(before)
        let new = problems(after)
        let oldKeys = Set(old.map(\.key))
        let newKeys = Set(new.map(\.key))
        let added = new.filter { !oldKeys.contains($0.key) }
        let cleared = old.filter { !newKeys.contains($0.key) }
        guard !added.isEmpty || !cleared.isEmpty else { return [] }
        let name = after.info.name.terminalSafe
        let listed = namingCheck ? " (`lineup check --regatta \(after.info.name.shellWord)` lists them)" : ""
        let headline =
            new.isEmpty
            ? "Conflicts and broken rules in \"\(name)\": now none"
            : "Conflicts and broken rules in \"\(name)\": now \(new.count)" + listed
        return [headline]
            + shortened(added.map { style.problemLine($0.text) })
            + shortened(cleared.map { "  ✓ no longer: " + $0.text.terminalSafe })
    }

    /// A race moved next to its own heat makes one conflict per seat: the first few say what happened.
    public static let shownAtMost = 5

    private static func shortened(_ lines: [String]) -> [String] {
        guard lines.count > shownAtMost + 1 else { return lines }
        return lines.prefix(shownAtMost) + ["    … and \(lines.count - shownAtMost) more like these"]
    }
}
