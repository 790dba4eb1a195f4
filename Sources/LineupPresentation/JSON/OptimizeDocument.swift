import LineupCore

/// `optimize --json`: the plan (who moves where, in calling order), the figures before and after in the
/// shapes of `show --json`, and what the search considered.
public struct OptimizeDocument: Encodable {
    /// One moving paddler, from their place to their final one, as `show` names places (someone going
    /// to the bench gets the bench place they will have, `B3`).
    public struct Move: Encodable {
        public let paddler: String
        public let from: String
        public let to: String
    }

    /// One lineup's figures, in the shapes of `show --json`, with the optimizer's one-figure imbalance.
    public struct Figures: Encodable {
        public let imbalanceKg: Double
        public let balance: BalanceDocument
        public let moments: MomentsDocument
        public let verdict: VerdictDocument

        public init(_ state: BoatState) {
            imbalanceKg = JSONCoding.rounded(state.imbalanceKg)
            balance = BalanceDocument(state)
            moments = MomentsDocument(state)
            verdict = VerdictDocument(state.verdict())
        }
    }

    /// What the search looked at (`OptimizerScope`).
    public struct Considered: Encodable {
        public let seats: Int
        public let bench: Int
        public let benchTotal: Int
        public let benchInactive: Int
        public let benchUnweighed: Int
        public let benchRuledOut: Int
        public let benchBeyondLimit: Int
        public let everyArrangement: Bool
        public let arrangementsEvaluated: Int

        public init(_ scope: OptimizerScope) {
            seats = scope.seats
            bench = scope.benchConsidered
            benchTotal = scope.benchTotal
            benchInactive = scope.benchInactive
            benchUnweighed = scope.benchUnweighed
            benchRuledOut = scope.benchRuledOut
            benchBeyondLimit = scope.benchBeyondLimit
            everyArrangement = scope.exhaustive
            arrangementsEvaluated = scope.arrangementsEvaluated
        }
    }

    public let boat: String
    public let objective: String
    public let rules: String
    public let toleranceKg: Double
    public let moves: [Move]
    public let peopleMoved: Int
    public let minimumExchanges: Int
    public let bestImbalanceKg: Double
    public let before: Figures
    public let after: Figures
    public let considered: Considered
    public let applied: Bool
    /// The history record's id with `--apply`; null otherwise.
    public let record: Int64?

    /// The document for `result`, found for `before` (whose lineup it started from) under `rules`.
    public init(
        before: BoatState, result: OptimizerResult, rules: CrewRules, objective: String, toleranceKg: Double,
        record: Int64?
    ) {
        var after = before
        after.lineup = result.lineup
        boat = before.boat.name
        self.objective = objective
        self.rules = rules.name
        self.toleranceKg = JSONCoding.rounded(toleranceKg)
        moves = result.plan.moves.map { Move(paddler: $0.name, from: $0.from.description, to: $0.to.description) }
        peopleMoved = result.plan.peopleMoved
        minimumExchanges = result.plan.minimumExchanges
        bestImbalanceKg = JSONCoding.rounded(result.bestImbalanceKg)
        self.before = Figures(before)
        self.after = Figures(after)
        considered = Considered(result.scope)
        applied = record != nil
        self.record = record
    }

    enum CodingKeys: String, CodingKey {
        case boat, objective, rules, toleranceKg, moves, peopleMoved, minimumExchanges, bestImbalanceKg, before
        case after, considered, applied, record
    }

    // Spelled out so that `record` is `null` until applied, never a missing key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(boat, forKey: .boat)
        try container.encode(objective, forKey: .objective)
        try container.encode(rules, forKey: .rules)
        try container.encode(toleranceKg, forKey: .toleranceKg)
        try container.encode(moves, forKey: .moves)
        try container.encode(peopleMoved, forKey: .peopleMoved)
        try container.encode(minimumExchanges, forKey: .minimumExchanges)
        try container.encode(bestImbalanceKg, forKey: .bestImbalanceKg)
        try container.encode(before, forKey: .before)
        try container.encode(after, forKey: .after)
        try container.encode(considered, forKey: .considered)
        try container.encode(applied, forKey: .applied)
        try container.encode(record, forKey: .record)
    }
}
