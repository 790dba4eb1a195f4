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

    /// Why one move helps (`MoveExplanation`), in the order of `moves`.
    public struct Explanation: Encodable {
        public let paddler: String
        /// The change of the trim and list moments this move makes, in kg·m; the moves' changes add up to
        /// the plan's.
        public let trimKgM: Double
        public let listKgM: Double
        /// The change of the paddler's seat-fit cost in kilogram-equivalents; null with `balance`.
        public let fitChangeKg: Double?
        /// The seat-fit reasons in words (`into the engine rows (engine)`); empty with `balance`.
        public let reasons: [String]
        /// Why the move helps, in one line: the moment changes, then the reasons.
        public let why: String

        init(_ explanation: MoveExplanation) {
            paddler = explanation.move.name
            trimKgM = JSONCoding.rounded(explanation.trimKgM)
            listKgM = JSONCoding.rounded(explanation.listKgM)
            fitChangeKg = JSONCoding.rounded(explanation.fitChangeKg)
            reasons = explanation.reasons.map(OptimizeWords.reason)
            why = OptimizeWords.why(explanation)
        }

        enum CodingKeys: String, CodingKey {
            case paddler, trimKgM, listKgM, fitChangeKg, reasons, why
        }

        // Spelled out so that `fit_change_kg` is `null` with `balance`, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(paddler, forKey: .paddler)
            try container.encode(trimKgM, forKey: .trimKgM)
            try container.encode(listKgM, forKey: .listKgM)
            try container.encode(fitChangeKg, forKey: .fitChangeKg)
            try container.encode(reasons, forKey: .reasons)
            try container.encode(why, forKey: .why)
        }
    }

    /// An inactive paddler left in a seat, with the bench paddler who would best take it (`InactiveSeat`).
    public struct Inactive: Encodable {
        public struct Replacement: Encodable {
            public let paddler: String
            public let from: String
            public let imbalanceKg: Double
            public let fitKg: Double
        }

        public let paddler: String
        public let seat: String
        public let imbalanceKg: Double
        public let fitKg: Double
        /// Null when nobody on the bench may take the seat.
        public let replacement: Replacement?
        public let text: String

        init(_ seat: InactiveSeat, objective: OptimizerObjective, format: WeightFormat, boat: String, away: String?) {
            paddler = seat.name
            self.seat = seat.seat.description
            imbalanceKg = JSONCoding.rounded(seat.imbalanceKg)
            fitKg = JSONCoding.rounded(seat.fitKg)
            replacement = seat.replacement.map {
                Replacement(
                    paddler: $0.name, from: $0.benchPlace.description, imbalanceKg: JSONCoding.rounded($0.imbalanceKg),
                    fitKg: JSONCoding.rounded($0.fitKg))
            }
            text = OptimizeWords.inactive(seat, objective: objective, format: format, boat: boat, away: away)
        }

        enum CodingKeys: String, CodingKey {
            case paddler, seat, imbalanceKg, fitKg, replacement, text
        }

        // Spelled out so that `replacement` is `null` when there is none, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(paddler, forKey: .paddler)
            try container.encode(seat, forKey: .seat)
            try container.encode(imbalanceKg, forKey: .imbalanceKg)
            try container.encode(fitKg, forKey: .fitKg)
            try container.encode(replacement, forKey: .replacement)
            try container.encode(text, forKey: .text)
        }
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
        /// Bench paddlers left out as not there for a race of the boat.
        public let benchAway: Int
        public let benchRuledOut: Int
        /// Bench paddlers kept on the bench as an inactive paddler's replacement (`inactive_seated`).
        public let benchReserved: Int
        public let benchBeyondLimit: Int
        /// Of `bench`, the best-ranked bench paddlers of each side taken first (`strength`, `both`).
        public let benchBestRanked: Int
        public let everyArrangement: Bool
        public let arrangementsEvaluated: Int

        public init(_ scope: OptimizerScope) {
            seats = scope.seats
            bench = scope.benchConsidered
            benchTotal = scope.benchTotal
            benchInactive = scope.benchInactive
            benchUnweighed = scope.benchUnweighed
            benchAway = scope.benchAway
            benchRuledOut = scope.benchRuledOut
            benchReserved = scope.benchReserved
            benchBeyondLimit = scope.benchBeyondLimit
            benchBestRanked = scope.benchBestRanked
            everyArrangement = scope.exhaustive
            arrangementsEvaluated = scope.arrangementsEvaluated
        }
    }

    public let boat: String
    public let objective: String
    public let rules: String
    public let toleranceKg: Double
    public let moves: [Move]
    public let explanations: [Explanation]
    public let peopleMoved: Int
    public let minimumExchanges: Int
    public let bestImbalanceKg: Double
    /// The seat-fit cost of the row seats before and after, in kilogram-equivalents (`SeatFit`).
    public let fitBeforeKg: Double
    public let fitAfterKg: Double
    /// Paddlers in the boat after the moves with no place on their side's strength ranking (0 with `balance`).
    public let unrankedSeated: Int
    public let inactiveSeated: [Inactive]
    /// Paddlers left in a row barred to them because no allowed arrangement frees them.
    public let barredSeated: [Barred]
    /// Null unless the move cap held back a better result: what a search without it found.
    public let moveCap: MoveCap?
    public let before: Figures
    public let after: Figures
    public let considered: Considered
    public let applied: Bool
    /// The history record's id with `--apply`; null otherwise.
    public let record: Int64?

    /// The document for `result`, found for `before` (whose lineup it started from) under `rules`.
    public init(
        before: BoatState, result: OptimizerResult, rules: CrewRules, toleranceKg: Double, record: Int64?
    ) {
        var after = before
        after.lineup = result.lineup
        boat = before.boat.name
        objective = result.objective.rawValue
        self.rules = rules.name
        self.toleranceKg = JSONCoding.rounded(toleranceKg)
        moves = result.plan.moves.map { Move(paddler: $0.name, from: $0.from.description, to: $0.to.description) }
        explanations = result.explanations.map(Explanation.init)
        peopleMoved = result.plan.peopleMoved
        minimumExchanges = result.plan.minimumExchanges
        bestImbalanceKg = JSONCoding.rounded(result.bestImbalanceKg)
        fitBeforeKg = JSONCoding.rounded(result.beforeFitKg)
        fitAfterKg = JSONCoding.rounded(result.afterFitKg)
        unrankedSeated = result.unrankedSeated
        let format = WeightFormat(unit: before.weightUnit)
        inactiveSeated = result.inactiveSeated.map {
            Inactive(
                $0, objective: result.objective, format: format, boat: before.boat.name,
                away: OptimizeWords.awayFromRaces(before)[$0.paddler])
        }
        barredSeated = result.barredSeated.map {
            Barred($0, capped: result.beyondMoveCap != nil, boat: before.boat.name)
        }
        moveCap = result.beyondMoveCap.map { MoveCap($0, objective: result.objective, format: format) }
        self.before = Figures(before)
        self.after = Figures(after)
        considered = Considered(result.scope)
        applied = record != nil
        self.record = record
    }

    enum CodingKeys: String, CodingKey {
        case boat, objective, rules, toleranceKg, moves, explanations, peopleMoved, minimumExchanges, bestImbalanceKg
        case fitBeforeKg, fitAfterKg, unrankedSeated, inactiveSeated, barredSeated, moveCap
        case before, after, considered, applied
        case record
    }

    /// A paddler left in a row barred to them.
    public struct Barred: Encodable {
        public let paddler: String
        public let seat: String
        /// The only rows they may sit in (`3-10`).
        public let rows: String
        public let text: String

        init(_ seat: BarredSeat, capped: Bool, boat: String) {
            paddler = seat.name
            self.seat = seat.seat.description
            rows = seat.rows.description
            text = OptimizeWords.barred(seat, capped: capped, boat: boat)
        }
    }

    /// The cap on people who change place, when it held back a better result.
    public struct MoveCap: Encodable {
        /// The cap (`--max-moves`).
        public let cap: Int
        /// How many people change place in the better result found without it.
        public let peopleMoved: Int
        public let imbalanceKg: Double
        /// The sentence the text output prints.
        public let text: String

        init(_ beyond: OptimizerResult.BeyondMoveCap, objective: OptimizerObjective, format: WeightFormat) {
            cap = beyond.cap
            peopleMoved = beyond.peopleMoved
            imbalanceKg = JSONCoding.rounded(beyond.imbalanceKg)
            text = OptimizeWords.moveCap(beyond, objective: objective, format: format) ?? ""
        }
    }

    // Spelled out so that `record` is `null` until applied, never a missing key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(boat, forKey: .boat)
        try container.encode(objective, forKey: .objective)
        try container.encode(rules, forKey: .rules)
        try container.encode(toleranceKg, forKey: .toleranceKg)
        try container.encode(moves, forKey: .moves)
        try container.encode(explanations, forKey: .explanations)
        try container.encode(peopleMoved, forKey: .peopleMoved)
        try container.encode(minimumExchanges, forKey: .minimumExchanges)
        try container.encode(bestImbalanceKg, forKey: .bestImbalanceKg)
        try container.encode(fitBeforeKg, forKey: .fitBeforeKg)
        try container.encode(fitAfterKg, forKey: .fitAfterKg)
        try container.encode(unrankedSeated, forKey: .unrankedSeated)
        try container.encode(inactiveSeated, forKey: .inactiveSeated)
        try container.encode(barredSeated, forKey: .barredSeated)
        try container.encode(moveCap, forKey: .moveCap)
        try container.encode(before, forKey: .before)
        try container.encode(after, forKey: .after)
        try container.encode(considered, forKey: .considered)
        try container.encode(applied, forKey: .applied)
        try container.encode(record, forKey: .record)
    }
}
