import LineupCore

/// The optimizer's plan for a boat, as `lineup optimize` prints it: who moves where in calling order, the figures
/// before and after, and the lineup they lead to. `basis` names the lineup the plan was made from, so that
/// applying it can be refused when the boat changed meanwhile. With `showsWeights` false, the figures carry
/// no weight (as `LineupDocument` without weights): the verdicts' directions only.
public struct PlanDocument: Encodable, Sendable {
    /// One side of the comparison.
    public struct Figures: Encodable, Sendable {
        public let verdict: VerdictDocument
        /// Nil (left out) when weights are hidden.
        public let moments: MomentsDocument?
        /// The one-figure imbalance the optimizer makes small, in kilograms; nil (left out) when weights are
        /// hidden.
        public let imbalanceKg: Double?
        /// `stern-heavy, 15 kg` per axis, front/back first, in the club's unit (`stern-heavy` when weights are
        /// hidden).
        public let short: [String]

        init(_ state: BoatState, format: WeightFormat, showsWeights: Bool) {
            verdict = VerdictDocument(state.verdict(), showsWeights: showsWeights)
            moments = showsWeights ? MomentsDocument(state) : nil
            imbalanceKg = showsWeights ? JSONCoding.rounded(state.imbalanceKg) : nil
            short = state.verdict(format).axes.map {
                showsWeights ? BalanceWords.short($0, format: format) : BalanceWords.direction($0)
            }
        }
    }

    public let boat: String
    public let rules: String
    public let basis: String
    /// Each moving paddler once, as a coach calls it (`Ann L3 → R7`), in calling order; empty when no move
    /// improves the boat.
    public let moves: [String]
    /// What the plan makes small: `balance`, `strength` or `both`.
    public let objective: String
    /// Why each move helps, in the order of `moves` (`-12.0 kg·m trim; into the engine rows (engine)`); when
    /// weights are hidden, only the role, row and ranking reasons (the moments would tell the weights).
    public let why: [String]
    /// Inactive paddlers left seated, each with the bench paddler who would best take the seat, in words;
    /// without figures when weights are hidden.
    public let inactive: [String]
    /// Paddlers left in a row barred to them because no allowed arrangement frees them, in words.
    public let barred: [String]
    /// Nil (left out) unless the move cap held back a better result (`OptimizeWords.moveCap`, with how to lift
    /// the cap on the page: `at most N people move`).
    public let moveCap: String?
    /// How many people change place (the cap counts these).
    public let peopleMoved: Int
    /// With `strength` or `both`, the seat fit before and after (`OptimizeWords.fit`); nil (left out) with
    /// `balance`.
    public let fit: String?
    /// With `strength` or `both`, how many in the boat have no place on their side's ranking
    /// (`OptimizeWords.unranked`); nil (left out) when everyone has one, and with `balance`.
    public let unranked: String?
    /// The fewest pairwise exchanges that make the same moves.
    public let minimumExchanges: Int
    public let before: Figures
    public let after: Figures
    public let lineup: LineupDocument

    /// The plan `result` for `state`; with `showsWeights` false, without any weight.
    public init(
        state: BoatState, result: OptimizerResult, basis: String, format: WeightFormat, showsWeights: Bool = true
    ) {
        boat = state.boat.name
        rules = state.rules.name
        self.basis = basis
        moves = result.plan.calls
        objective = result.objective.rawValue
        why = result.explanations.map { explanation in
            showsWeights
                ? OptimizeWords.why(explanation) : explanation.reasons.map(OptimizeWords.reason).joined(separator: "; ")
        }
        let away = OptimizeWords.awayFromRaces(state)
        inactive = result.inactiveSeated.map {
            OptimizeWords.inactive(
                $0, objective: result.objective, format: format, withFigures: showsWeights, away: away[$0.paddler])
        }
        barred = result.barredSeated.map { OptimizeWords.barred($0, capped: result.beyondMoveCap != nil) }
        moveCap = OptimizeWords.moveCap(
            result.beyondMoveCap, objective: result.objective, format: format, withFigures: showsWeights,
            lift: OptimizeWords.pageMoveCapLift)
        peopleMoved = result.plan.peopleMoved
        let ranks = result.objective != .balance
        fit =
            ranks
            ? OptimizeWords.fit(before: result.beforeFitKg, after: result.afterFitKg, moves: !moves.isEmpty)
                + (showsWeights
                    ? OptimizeWords.balanceGivenUp(result, format: format, both: "seating by both").map { " " + $0 }
                        ?? "" : "") : nil
        unranked = ranks ? OptimizeWords.unranked(result.unrankedSeated) : nil
        minimumExchanges = result.plan.minimumExchanges
        var after = state
        after.lineup = result.lineup
        before = Figures(state, format: format, showsWeights: showsWeights)
        self.after = Figures(after, format: format, showsWeights: showsWeights)
        lineup = LineupDocument(after, showsWeights: showsWeights)
    }
}
