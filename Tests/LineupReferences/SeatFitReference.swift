import LineupCore

/// The least seat-fit cost any lineup allowed to the optimizer can have, exactly, by the Hungarian
/// algorithm (`HungarianAssignment`), written apart from the optimizer: the cost of a paddler in a seat is
/// worked out here from the rule `SeatFit`'s documentation states, never by calling `SeatFit`.
///
/// The fit cost adds one figure per (paddler, row seat), so the least total over the lineups the optimizer
/// may reach is a linear assignment: rows are the movable paddlers, the empty seats and (with the bench)
/// the bench paddlers; columns the searched seats and (with the bench) as many bench places, which cost
/// nothing. A pair the optimizer's promises forbid costs `.infinity`: a side the paddler does not paddle,
/// a row their allowed rows exclude, an empty seat in row 1 where someone sat, a seat behind the last row
/// taken when the crew is kept at the front. Locked seats, paddlers of unknown weight and inactive paddlers
/// stay where they are and add their own cost. With the bench the crew's size stays as it was (an empty
/// seat never goes to the bench), so crew rules without a sex rule can never bind; a sex rule could, and
/// the reference refuses it (`nil`).
public struct SeatFitReference {
    /// The rows the boat wants each seat role in.
    public var wantedRoles: WantedRoles
    /// The strength ranking of each side, strongest first.
    public var strength: StrengthPlaces

    public init(wantedRoles: WantedRoles, strength: StrengthPlaces) {
        self.wantedRoles = wantedRoles
        self.strength = strength
    }

    /// The cost of `paddler` in a row seat of `row` on `side`, in kilogram-equivalents: 10 for a seat role
    /// when the row wants another role (nothing when it wants none), 3 outside the paddler's preferred rows, and 1 for each place below the top
    /// of that side's ranking (one below the last ranked, `ranked + 1`, without evidence there; so 1 when
    /// nobody is ranked).
    public func cost(of paddler: Paddler, row: Int, side: SeatRaceSide) -> Double {
        var cost = 0.0
        let rowWants: [SeatRole] = [
            wantedRoles.stroke.contains(row) ? SeatRole.stroke : nil, wantedRoles.engine.contains(row) ? .engine : nil,
            wantedRoles.rear.contains(row) ? .rear : nil,
        ].compactMap { $0 }
        if paddler.role != .any, !rowWants.isEmpty, !rowWants.contains(paddler.role) { cost += 10 }
        if let preferred = paddler.preferredRows, !preferred.contains(row) { cost += 3 }
        let ranked = side == .left ? strength.left : strength.right
        let place = ranked.firstIndex(of: paddler.id).map { Double($0 + 1) } ?? Double(ranked.count + 1)
        return cost + (place - 1)
    }

    /// The cost of everyone in the row seats of `lineup`.
    public func cost(of lineup: Lineup, roster: [PaddlerID: Paddler]) -> Double {
        var total = 0.0
        for place in Place.seats(of: lineup.kind) {
            guard let id = lineup[place], let paddler = roster[id] else { continue }
            switch place {
            case .left(let row): total += cost(of: paddler, row: row, side: .left)
            case .right(let row): total += cost(of: paddler, row: row, side: .right)
            default: continue
            }
        }
        return total
    }

    /// The least fit cost of the row seats over every lineup the optimizer may reach from `lineup`, and one
    /// seating that has it (the paddler of each searched seat, nil for empty); nil when `rules` has a sex rule
    /// and the bench takes part.
    public func least(
        lineup: Lineup, roster: [PaddlerID: Paddler], rules: CrewRules, useBench: Bool, keepsCrewAtFront: Bool = false
    ) -> (costKg: Double, seating: [Place: PaddlerID?])? {
        if useBench, rules.sex != .any { return nil }
        let kind = lineup.kind
        let unlocked = Place.seats(of: kind).filter { $0.row != nil && !lineup.isLocked($0) }
        func stays(_ id: PaddlerID) -> Bool { roster[id]?.weightKg == nil || roster[id]?.isActive == false }
        let searched = unlocked.filter { place in lineup[place].map { !stays($0) } ?? true }
        var fixedCost = 0.0
        for place in Place.seats(of: kind) where !searched.contains(place) {
            guard let id = lineup[place], let paddler = roster[id], let row = place.row else { continue }
            fixedCost += cost(of: paddler, row: row, side: place.isLeft ? .left : .right)
        }
        let rowsTaken = unlocked.compactMap { place in place.row.map { (row: $0, taken: lineup[place] != nil) } }
        let lastTakenRow = keepsCrewAtFront ? rowsTaken.filter(\.taken).map(\.row).max() ?? 0 : Int.max
        let firstEmptyRow = keepsCrewAtFront ? rowsTaken.filter { !$0.taken }.map(\.row).min() ?? Int.max : 0

        let bench =
            useBench
            ? lineup.bench.filter { id in roster[id].map { $0.isActive && $0.weightKg != nil } ?? false } : []
        // Tokens: whoever sits in a searched seat (nil for an empty one), then the bench paddlers.
        let tokens: [(paddler: PaddlerID?, start: Place?)] = searched.map { (lineup[$0], $0) } + bench.map { ($0, nil) }
        let columns = searched.count + bench.count
        let matrix: [[Double]] = tokens.map { token in
            (0..<columns).map { column in
                guard column < searched.count else {
                    // A bench place: a paddler may sit out with the bench, an empty seat never leaves the boat.
                    return token.paddler == nil ? .infinity : 0
                }
                let place = searched[column]
                guard let row = place.row else { return .infinity }
                guard let id = token.paddler, let paddler = roster[id] else {
                    return place == token.start || (row != 1 && row >= firstEmptyRow) ? 0 : .infinity
                }
                let side: SeatRaceSide = place.isLeft ? .left : .right
                if place == token.start { return cost(of: paddler, row: row, side: side) }
                guard row <= lastTakenRow, paddler.maySit(inRow: row) else { return .infinity }
                switch (paddler.side, side) {
                case (.left, .right), (.right, .left): return .infinity
                default: return cost(of: paddler, row: row, side: side)
                }
            }
        }
        guard let answer = HungarianAssignment.solve(matrix) else { return nil }
        var seating: [Place: PaddlerID?] = [:]
        for (token, column) in answer.columnOfRow.enumerated() where column < searched.count {
            seating[searched[column]] = tokens[token].paddler
        }
        return (fixedCost + answer.total, seating)
    }
}

extension Place {
    /// Whether this is a left row seat.
    fileprivate var isLeft: Bool {
        if case .left = self { return true }
        return false
    }
}
