/// Why one move of an optimizer's plan helps, from parts that add up: the moments this paddler's move
/// changes (their weight times the change of their lever arms; moments are sums over the paddlers, so the
/// moves' changes add up to the plan's), and with a seat-fit objective the change of their seat-fit cost
/// and its reasons.
public struct MoveExplanation: Hashable, Sendable {
    /// A paddler named in a reason, with their place on the ranking that counts (nil without evidence).
    public struct RankedPaddler: Hashable, Sendable {
        public var name: String
        public var place: Int?

        public init(name: String, place: Int?) {
            self.name = name
            self.place = place
        }
    }

    /// A reason from the seat fit (`SeatFit`) that the move changes.
    public enum Reason: Hashable, Sendable {
        /// Into rows the boat wants the paddler's role in.
        case intoRoleRows(SeatRole)
        /// Out of the rows the boat wants the paddler's role in.
        case outOfRoleRows(SeatRole)
        /// Into the paddler's preferred rows.
        case intoPreferredRows
        /// Out of the paddler's preferred rows.
        case outOfPreferredRows
        /// Into the boat or onto the other side: the paddler's place on the side they now sit on, and the
        /// paddler whose seat they take when that one leaves the boat.
        case ranked(side: SeatRaceSide, place: Int?, replacing: RankedPaddler?)
        /// Out of the boat: the paddler's place on the side they leave.
        case rankedOut(side: SeatRaceSide, place: Int?)
    }

    /// The move explained.
    public var move: PaddlerMove
    /// The change of the trim moment this move makes, in kg·m (positive: more weight forward).
    public var trimKgM: Double
    /// The change of the list moment this move makes, in kg·m (positive: more weight to the right).
    public var listKgM: Double
    /// The change of the paddler's seat-fit cost in kilogram-equivalents; nil with `balance`.
    public var fitChangeKg: Double?
    /// The seat-fit reasons; empty with `balance`.
    public var reasons: [Reason]

    /// The explanations of `plan`'s moves, from `original` to `target`; `fit` nil leaves out the seat fit.
    public static func explain(
        _ plan: LineupPlan, from original: Lineup, to target: Lineup, roster: [PaddlerID: Paddler],
        model: BalanceModel, fit: SeatFit?
    ) -> [MoveExplanation] {
        let kind = original.kind
        return plan.moves.map { move in
            let weight = move.paddler.flatMap { roster[$0]?.weightKg } ?? 0
            let trim =
                weight * (model.longitudinalArm(move.to, kind: kind) - model.longitudinalArm(move.from, kind: kind))
            let list = weight * (model.lateralArm(move.to, kind: kind) - model.lateralArm(move.from, kind: kind))
            guard let fit, let id = move.paddler, let paddler = roster[id] else {
                return MoveExplanation(move: move, trimKgM: trim, listKgM: list, fitChangeKg: nil, reasons: [])
            }
            let before = fit.parts(of: paddler, at: move.from)
            let after = fit.parts(of: paddler, at: move.to)
            var reasons: [Reason] = []
            let roleRows = fit.wantedRoles.rows(of: paddler.role)
            if paddler.role != .any, !roleRows.isEmpty {
                let wasIn = move.from.row.map(roleRows.contains) ?? false
                let isIn = move.to.row.map(roleRows.contains) ?? false
                if isIn && !wasIn { reasons.append(.intoRoleRows(paddler.role)) }
                if wasIn && !isIn && move.to.isSeat { reasons.append(.outOfRoleRows(paddler.role)) }
            }
            if let preferred = paddler.preferredRows {
                let wasIn = move.from.row.map(preferred.contains) ?? false
                let isIn = move.to.row.map(preferred.contains) ?? false
                if isIn && !wasIn { reasons.append(.intoPreferredRows) }
                if wasIn && !isIn && move.to.isSeat { reasons.append(.outOfPreferredRows) }
            }
            if let side = after.side, side != before.side {
                // Whose seat this is: its occupant before, when they leave the boat.
                let replaced = original[move.to].flatMap { other -> RankedPaddler? in
                    guard !Self.isInRows(other, target) else { return nil }
                    return RankedPaddler(
                        name: roster[other]?.name ?? "paddler #\(other)", place: fit.strength.place(of: other, on: side)
                    )
                }
                reasons.append(.ranked(side: side, place: after.rankPlace, replacing: replaced))
            } else if let side = before.side, after.side == nil {
                reasons.append(.rankedOut(side: side, place: before.rankPlace))
            }
            return MoveExplanation(
                move: move, trimKgM: trim, listKgM: list, fitChangeKg: after.costKg - before.costKg, reasons: reasons)
        }
    }

    private static func isInRows(_ paddler: PaddlerID, _ lineup: Lineup) -> Bool {
        Place.seats(of: lineup.kind).contains { $0.row != nil && lineup[$0] == paddler }
    }
}
