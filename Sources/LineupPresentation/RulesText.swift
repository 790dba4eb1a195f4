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

    /// A headline, then one line per finding: `✗` a broken rule, `!` a warning.
    public func lines(style: TextStyle = .plain) -> [String] {
        let broken = violations.count
        let headline: String
        if findings.isEmpty {
            headline = "Rules (\(rules.name)): all kept"
        } else {
            let parts = [
                broken > 0 ? "\(broken) broken" : "all kept",
                warnings.isEmpty ? nil : "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")",
            ]
            headline = "Rules (\(rules.name)): " + parts.compactMap { $0 }.joined(separator: ", ")
        }
        return [headline]
            + violations.map { "  " + style.error("✗") + " " + $0.message.terminalSafe }
            + warnings.map { "  " + style.warning("!") + " " + $0.message.terminalSafe }
    }
}
