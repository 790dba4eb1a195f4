import LineupCore

/// `check --regatta --json`: per race checked, the crew rules' findings (notes too, as `check --json` of a
/// boat lists them; they never fail the check); the rest and availability conflicts that touch those races;
/// `ok` false when `check` exits 1.
public struct RegattaCheckDocument: Encodable {
    public struct Race: Encodable {
        public let name: String
        public let time: String
        public let boat: String
        public let rules: String
        public let violations: [String]
        public let warnings: [String]
        /// Lower-key than warnings, as `RulesDocument.notes`: never a reason to fail.
        public let notes: [String]
    }

    public let regatta: String
    public let minimumGapMinutes: Int
    public let races: [Race]
    public let conflicts: [String]
    public let unavailable: [String]
    public let ok: Bool

    /// The check of the races `indices` of `state` (every race when nil).
    public init(state: RegattaState, races indices: Set<Int>?) {
        let regatta = state.regatta
        self.regatta = regatta.name
        minimumGapMinutes = regatta.minimumGapMinutes
        races = regatta.races.indices.filter { indices?.contains($0) ?? true }.map { index in
            // As `check` of a boat: an inactive paddler seated or one in a row they may not sit in fails.
            let findings = RuleFinding.forRaceDay(regatta.ruleFindings(of: index))
            return Race(
                name: regatta.races[index].name, time: regatta.races[index].start.description,
                boat: state.boats[regatta.races[index].boat].name, rules: regatta.races[index].rules.name,
                violations: findings.filter { $0.severity == .violation }.map(\.message),
                warnings: findings.filter { $0.severity == .warning }.map(\.message),
                notes: findings.filter { $0.severity == .note }.map(\.message))
        }
        conflicts = regatta.restConflicts(involving: indices).map { regatta.describe($0) }
        unavailable = regatta.availabilityConflicts(involving: indices).map { regatta.describe($0) }
        ok = conflicts.isEmpty && unavailable.isEmpty && races.allSatisfy(\.violations.isEmpty)
    }
}
