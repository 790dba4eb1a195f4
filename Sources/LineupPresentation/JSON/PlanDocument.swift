import LineupCore

/// The optimizer's plan for a boat, as `lineup optimize` prints it: who moves where in calling order, the figures
/// before and after, and the lineup they lead to. `basis` names the lineup the plan was made from, so that
/// applying it can be refused when the boat changed meanwhile.
public struct PlanDocument: Encodable, Sendable {
    /// One side of the comparison.
    public struct Figures: Encodable, Sendable {
        public let verdict: VerdictDocument
        public let moments: MomentsDocument
        /// The one-figure imbalance the optimizer makes small, in kilograms.
        public let imbalanceKg: Double
        /// `stern-heavy, 15 kg` per axis, front/back first, in the club's unit.
        public let short: [String]

        init(_ state: BoatState, format: WeightFormat) {
            verdict = VerdictDocument(state.verdict())
            moments = MomentsDocument(state)
            imbalanceKg = JSONCoding.rounded(state.imbalanceKg)
            short = state.verdict(format).axes.map { BalanceWords.short($0, format: format) }
        }
    }

    public let boat: String
    public let rules: String
    public let basis: String
    /// Each moving paddler once, as a coach calls it (`Ann L3 → R7`), in calling order; empty when no move
    /// improves the boat.
    public let moves: [String]
    /// The fewest pairwise exchanges that make the same moves.
    public let minimumExchanges: Int
    public let before: Figures
    public let after: Figures
    public let lineup: LineupDocument

    public init(state: BoatState, result: OptimizerResult, basis: String, format: WeightFormat) {
        boat = state.boat.name
        rules = state.rules.name
        self.basis = basis
        moves = result.plan.calls
        minimumExchanges = result.plan.minimumExchanges
        var after = state
        after.lineup = result.lineup
        before = Figures(state, format: format)
        self.after = Figures(after, format: format)
        lineup = LineupDocument(after)
    }
}
