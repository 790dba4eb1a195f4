import LineupCore
import LineupStore

/// The optimizer's plan for a boat, as `lineup optimize` prints it: the exchanges in order, the figures
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
    /// Each exchange as `L3 Ann ⇄ R7 Bo`, in the order to make them; empty when none improves the boat.
    public let exchanges: [String]
    public let before: Figures
    public let after: Figures
    public let lineup: LineupDocument

    public init(state: BoatState, result: OptimizerResult, basis: String, format: WeightFormat) {
        boat = state.boat.name
        rules = state.rules.name
        self.basis = basis
        exchanges = result.changes.map { $0.summary() }
        var after = state
        after.lineup = result.lineup
        before = Figures(state, format: format)
        self.after = Figures(after, format: format)
        lineup = LineupDocument(after)
    }
}
