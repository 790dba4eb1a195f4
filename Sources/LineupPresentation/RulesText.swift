import LineupCore

/// The crew-rule findings, as `show` and `check` print them.
public struct RulesText {
    public let rules: CrewRules
    public let findings: [RuleFinding]

    public init(rules: CrewRules, findings: [RuleFinding]) {
        self.rules = rules
        self.findings = findings
    }

    public var violations: [RuleFinding] { findings.filter { $0.severity == .violation } }
    public var warnings: [RuleFinding] { findings.filter { $0.severity == .warning } }
    public var notes: [RuleFinding] { findings.filter { $0.severity == .note } }

    /// A headline, then one line per finding: `✗` a broken rule, `!` a warning, `·` a note (notes are not
    /// counted in the headline).
    public func lines(style: TextStyle = .plain) -> [String] {
        let broken = violations.count
        let headline: String
        if violations.isEmpty && warnings.isEmpty {
            headline = "Rules (\(rules.name)): all kept"
        } else {
            let parts = [
                broken > 0 ? "\(broken) broken" : "all kept",
                warnings.isEmpty ? nil : "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")",
            ]
            headline = "Rules (\(rules.name)): " + parts.compactMap { $0 }.joinedText(separator: ", ")
        }
        return [headline]
            + violations.map { style.problemLine($0.message) }
            + warnings.map { style.warningLine($0.message) }
            + notes.map { style.noteLine($0.message) }
    }

    /// What a change did to the findings: the rules it broke or kept, and the warnings it added or cleared,
    /// so that an exchange that breaks a rule says so at once. Empty when the findings are the same.
    public static func changes(
        rules: CrewRules, before: [RuleFinding], after: [RuleFinding], style: TextStyle = .plain
    ) -> [String] {
        let added = after.filter { !before.contains($0) }
        let cleared = before.filter { !after.contains($0) }
        guard !added.isEmpty || !cleared.isEmpty else { return [] }
        let broken = after.filter { $0.severity == .violation }.count
        // "now" only when the count of broken rules changed: a warning added or cleared keeps it.
        let tense = broken == before.filter { $0.severity == .violation }.count ? "still" : "now"
        return ["Rules (\(rules.name)): \(tense) " + (broken > 0 ? "\(broken) broken" : "all kept")]
            + added.map {
                "  " + style.mark($0.severity) + " "
                    + $0.message.terminalSafe
            }
            + cleared.map { "  ✓ no longer: " + $0.message.terminalSafe }
    }
}
