/// Why one move of an optimizer's plan helps, from parts that add up: the moments this paddler's move
/// changes (their weight times the change of their lever arms; moments are sums over the paddlers, so the
/// moves' changes add up to the plan's), the crew rule and the rows it keeps for every objective, and with
/// a seat-fit objective the change of their seat-fit cost and its reasons.
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

    /// A reason for the move: a crew rule or the paddler's rows (every objective), or the seat fit
    /// (`SeatFit`, with `strength` and `both`).
    public enum Reason: Hashable, Sendable {
        /// Into or out of the boat under rules (named `rules`) that count the sexes: the crew ends with
        /// `count` paddlers of `sex` where the rules allow `allowed` (nil: all must be women); `mended`
        /// when the plan leaves fewer rules broken than before.
        case crewRule(rules: String, sex: Sex, count: Int, allowed: ClosedRange<Int>?, mended: Bool)
        /// Out of a row the paddler may not sit in (their rows or never-rows).
        case outOfBarredRow(Int)
        /// Out of the seat that a paddler of `role` (named `name`) takes to be in the rows the boat wants
        /// that role in.
        case makesRoomForRole(name: String, role: SeatRole)
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
    /// The reasons beside the moments: the crew rule and rows for every objective, the seat fit's with
    /// `strength` and `both`.
    public var reasons: [Reason]

    public init(move: PaddlerMove, trimKgM: Double, listKgM: Double, fitChangeKg: Double?, reasons: [Reason]) {
        self.move = move
        self.trimKgM = trimKgM
        self.listKgM = listKgM
        self.fitChangeKg = fitChangeKg
        self.reasons = reasons
    }

    /// The explanations of `plan`'s moves, from `original` to `target`; `fit` nil leaves out the seat fit.
    /// With `rules`, moves into and out of the boat name the sex rule they keep; with `fit`, a move out of a
    /// seat that a paddler takes for their role says so.
    public static func explain(
        _ plan: LineupPlan, from original: Lineup, to target: Lineup, roster: [PaddlerID: Paddler],
        model: BalanceModel, fit: SeatFit?, rules: CrewRules? = nil
    ) -> [MoveExplanation] {
        let kind = original.kind
        let ruleReasons = rules.map { Self.ruleReasons(plan, from: original, to: target, roster: roster, rules: $0) }
        var explanations = plan.moves.map { move in
            let weight = move.paddler.flatMap { roster[$0]?.weightKg } ?? 0
            let trim =
                weight * (model.longitudinalArm(move.to, kind: kind) - model.longitudinalArm(move.from, kind: kind))
            let list = weight * (model.lateralArm(move.to, kind: kind) - model.lateralArm(move.from, kind: kind))
            guard let id = move.paddler, let paddler = roster[id] else {
                return MoveExplanation(move: move, trimKgM: trim, listKgM: list, fitChangeKg: nil, reasons: [])
            }
            var reasons: [Reason] = []
            if let row = move.from.row, !paddler.maySit(inRow: row) { reasons.append(.outOfBarredRow(row)) }
            if let reason = ruleReasons?[id] { reasons.append(reason) }
            guard let fit else {
                return MoveExplanation(move: move, trimKgM: trim, listKgM: list, fitChangeKg: nil, reasons: reasons)
            }
            let before = fit.parts(of: paddler, at: move.from)
            let after = fit.parts(of: paddler, at: move.to)
            let roleRows = fit.wantedRoles.rows(of: paddler.role)
            if paddler.role != .any, !roleRows.isEmpty {
                let wasIn = move.from.row.map(roleRows.contains) ?? false
                let isIn = move.to.row.map(roleRows.contains) ?? false
                // A row that wants no role costs nothing (`check` notes nothing there): leaving it or moving
                // into it is no reason.
                let leavesMiss = move.from.row == nil || before.roleMissed != nil
                if isIn && !wasIn && leavesMiss { reasons.append(.intoRoleRows(paddler.role)) }
                if wasIn && !isIn && after.roleMissed != nil { reasons.append(.outOfRoleRows(paddler.role)) }
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
        // Whoever leaves a seat that a paddler takes for their role moves to make room for them.
        guard let wanted = fit?.wantedRoles else { return explanations }
        for (index, move) in plan.moves.enumerated() where move.from.row != nil {
            guard
                let taker = plan.moves.first(where: { $0.to == move.from }), let id = taker.paddler,
                let paddler = roster[id], paddler.role != .any, let row = move.from.row,
                wanted.rows(of: paddler.role).contains(row),
                !(taker.from.row.map(wanted.rows(of: paddler.role).contains) ?? false)
            else { continue }
            explanations[index].reasons.append(.makesRoomForRole(name: paddler.name, role: paddler.role))
        }
        return explanations
    }

    /// The sex-rule reason of each paddler the plan moves into or out of the boat, under rules that count
    /// the sexes.
    private static func ruleReasons(
        _ plan: LineupPlan, from original: Lineup, to target: Lineup, roster: [PaddlerID: Paddler],
        rules: CrewRules
    ) -> [PaddlerID: Reason] {
        let allowed: ClosedRange<Int>?
        switch rules.sex {
        case .any: return [:]
        case .womenOnly: allowed = nil
        case .mixed(let each): allowed = each
        }
        // A crew still outside the rules' counts neither keeps them nor is brought within them (another rule
        // it breaks, such as an empty helm, is not the moves' to keep).
        guard CrewRuleMending.distance(of: target, roster: roster, rules: rules) == 0 else { return [:] }
        let counted = Place.seats(of: target.kind).filter { place in
            place.row != nil || (rules.countsDrummerAndSteerer && (place == .drummer || place == .steerer))
        }
        func count(_ sex: Sex, in lineup: Lineup) -> Int {
            counted.filter { lineup[$0].flatMap { roster[$0]?.sex } == sex }.count
        }
        var reasons: [PaddlerID: Reason] = [:]
        for move in plan.moves where move.from.row == nil || move.to.row == nil {
            guard let id = move.paddler, let sex = roster[id]?.sex, sex != .other else { continue }
            let (before, after) = (count(sex, in: original), count(sex, in: target))
            // Brought within the rules by this move's sex: its count was outside them before (a man in a
            // women's crew, 11 men of a mixed one), not only the crew as a whole (a woman in for nobody
            // keeps the women's count as it was allowed).
            let mended =
                allowed.map { !$0.contains(before) && $0.contains(after) } ?? (sex != .female && before > 0)
            reasons[id] = .crewRule(rules: rules.name, sex: sex, count: after, allowed: allowed, mended: mended)
        }
        return reasons
    }

    private static func isInRows(_ paddler: PaddlerID, _ lineup: Lineup) -> Bool {
        Place.seats(of: lineup.kind).contains { $0.row != nil && lineup[$0] == paddler }
    }
}
