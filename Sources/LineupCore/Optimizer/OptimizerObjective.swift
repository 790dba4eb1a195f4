/// What the optimizer makes small.
public enum OptimizerObjective: String, Hashable, Sendable, CaseIterable, Codable {
    /// The boat's imbalance in kilograms (`BalanceMoments.imbalanceKg`), nothing else.
    case balance
    /// The seat-fit cost (`SeatFit`): roles, preferred rows and the strength ranking; the imbalance only
    /// breaks ties between equal costs.
    case strength
    /// The imbalance in kilograms plus the seat-fit cost in kilogram-equivalents (`SeatFit`'s rates).
    case both
}

/// Each paddler's place on a side's strength ranking, strongest first; paddlers without evidence have none.
public struct StrengthPlaces: Hashable, Sendable {
    /// The ranked paddlers of the left side, strongest first.
    public var left: [PaddlerID]
    /// The ranked paddlers of the right side, strongest first.
    public var right: [PaddlerID]

    /// Places from lists of paddlers, strongest first; empty lists for no evidence at all.
    public init(left: [PaddlerID] = [], right: [PaddlerID] = []) {
        self.left = left
        self.right = right
    }

    /// Places from the rankings of the two sides (`StrengthRanking`), their names matched to `roster`: the
    /// placed entries, by place, as `roster rank` numbers them. Entries without a place (no evidence, or an
    /// unlinked seat-race group without trials) are left out, as are names the roster does not hold.
    public init(rankings: [StrengthRanking], roster: [PaddlerID: Paddler]) {
        var byName: [String: PaddlerID] = [:]
        for (id, paddler) in roster { byName[paddler.name] = id }
        var left: [PaddlerID] = []
        var right: [PaddlerID] = []
        for ranking in rankings {
            let placed = ranking.entries.filter { $0.place != nil }.sorted { ($0.place ?? 0) < ($1.place ?? 0) }
            let ranked = placed.compactMap { byName[$0.name] }
            switch ranking.side {
            case .left: left = ranked
            case .right: right = ranked
            }
        }
        self.init(left: left, right: right)
    }

    /// The ranked paddlers of `side`, strongest first.
    public func ranked(on side: SeatRaceSide) -> [PaddlerID] { side == .left ? left : right }

    /// The 1-based place of `paddler` on `side`'s ranking; nil without evidence there.
    public func place(of paddler: PaddlerID, on side: SeatRaceSide) -> Int? {
        ranked(on: side).firstIndex(of: paddler).map { $0 + 1 }
    }

    /// The place that counts for `paddler` on `side`: their own, or one below the last ranked
    /// (`ranked + 1`, and 1 when nobody is ranked) without evidence, so that being measured never costs more
    /// than not being measured.
    public func countedPlace(of paddler: PaddlerID, on side: SeatRaceSide) -> Double {
        if let place = place(of: paddler, on: side) { return Double(place) }
        return Double(ranked(on: side).count + 1)
    }
}

/// How well a paddler suits a seat, as a cost in kilogram-equivalents of imbalance that adds up over the
/// paddlers, so that the optimizer updates it on each exchange as it does the moments.
///
/// A paddler's cost in a row seat is the sum of:
/// - `roleOutsideRowsKg` when they have a seat role (stroke, engine, rear) and the boat wants another role in
///   the row (`WantedRoles`), exactly where `Lineup.check` notes a role mismatch; a row that wants no role
///   costs nothing;
/// - `outsidePreferredRowsKg` when they have preferred rows and the row is not one of them;
/// - `rankPlaceKg` for each place below the top of the ranking of the side the seat is on (`StrengthPlaces`);
///   a paddler without evidence on that side counts as one place below the last ranked (`ranked + 1`).
///
/// The bench, the drummer's and the steerer's places cost nothing.
public struct SeatFit: Hashable, Sendable {
    /// A paddler with a seat role in a row the boat wants another role in counts like this many kilograms of
    /// imbalance.
    public static let roleOutsideRowsKg = 10.0
    /// A paddler outside their preferred rows counts like this many kilograms of imbalance.
    public static let outsidePreferredRowsKg = 3.0
    /// Each place further down the ranking of the side a paddler sits on counts like this many kilograms.
    public static let rankPlaceKg = 1.0
    /// With `strength`, one kilogram-equivalent of seat fit outweighs this many kilograms of imbalance, so
    /// that the imbalance only breaks ties (the costs come in whole kilogram-equivalents).
    static let strengthWeight = 10_000.0

    /// The rows the boat wants each seat role in.
    public var wantedRoles: WantedRoles
    /// The strength ranking of each side.
    public var strength: StrengthPlaces

    public init(wantedRoles: WantedRoles, strength: StrengthPlaces = StrengthPlaces()) {
        self.wantedRoles = wantedRoles
        self.strength = strength
    }

    /// The parts of the cost of `paddler` at `place`.
    public struct Parts: Hashable, Sendable {
        /// The role the paddler has when the seat's row wants another; nil when the row suits the role or
        /// wants none.
        public var roleMissed: SeatRole?
        /// Whether the row is outside the paddler's preferred rows.
        public var outsidePreferredRows: Bool
        /// The side of the seat; nil off the rows.
        public var side: SeatRaceSide?
        /// The place on that side's ranking; nil without evidence (one below the last ranked counts).
        public var rankPlace: Int?
        /// The place that counts on that side, one below the last ranked for no evidence; 1 off the rows.
        public var countedPlace: Double

        /// The cost in kilogram-equivalents.
        public var costKg: Double {
            (roleMissed == nil ? 0 : SeatFit.roleOutsideRowsKg)
                + (outsidePreferredRows ? SeatFit.outsidePreferredRowsKg : 0)
                + SeatFit.rankPlaceKg * (countedPlace - 1)
        }
    }

    /// The parts of the cost of `paddler` at `place` (all nothing off the rows).
    public func parts(of paddler: Paddler, at place: Place) -> Parts {
        let side: SeatRaceSide?
        switch place {
        case .left: side = .left
        case .right: side = .right
        default: side = nil
        }
        guard let row = place.row, let side else {
            return Parts(roleMissed: nil, outsidePreferredRows: false, side: nil, rankPlace: nil, countedPlace: 1)
        }
        // As `Lineup.check` notes it: only a row that wants another role; a row that wants none costs nothing.
        let missed = paddler.role != .any && wantedRoles.role(ofRow: row).map { $0 != paddler.role } ?? false
        return Parts(
            roleMissed: missed ? paddler.role : nil,
            outsidePreferredRows: paddler.preferredRows.map { !$0.contains(row) } ?? false, side: side,
            rankPlace: strength.place(of: paddler.id, on: side),
            countedPlace: strength.countedPlace(of: paddler.id, on: side))
    }

    /// The cost of `paddler` at `place` in kilogram-equivalents.
    public func cost(of paddler: Paddler, at place: Place) -> Double { parts(of: paddler, at: place).costKg }

    /// The cost of everyone in the row seats of `lineup`.
    public func cost(of lineup: Lineup, roster: [PaddlerID: Paddler]) -> Double {
        var total = 0.0
        for place in Place.seats(of: lineup.kind) where place.row != nil {
            if let id = lineup[place], let paddler = roster[id] { total += cost(of: paddler, at: place) }
        }
        return total
    }

    /// The one figure `objective` makes small for `lineup`, in kilograms (`balance`) or kilogram-equivalents
    /// (`both`); for `strength` the seat-fit cost weighted far above the imbalance.
    public func score(
        of lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, objective: OptimizerObjective
    ) -> Double {
        let imbalance = lineup.balanceMoments(weights: roster.compactMapValues(\.weightKg), model: model)
            .imbalanceKg(model, kind: lineup.kind)
        return Self.combine(imbalanceKg: imbalance, costKg: cost(of: lineup, roster: roster), objective: objective)
    }

    /// The objective's figure from the imbalance and the seat-fit cost.
    static func combine(imbalanceKg: Double, costKg: Double, objective: OptimizerObjective) -> Double {
        switch objective {
        case .balance: imbalanceKg
        case .both: imbalanceKg + costKg
        case .strength: costKg * strengthWeight + imbalanceKg
        }
    }

    /// How many paddlers in the row seats of `lineup` have no place on the ranking of the side they sit on.
    public func unranked(in lineup: Lineup) -> Int {
        Place.seats(of: lineup.kind).filter { place in
            guard place.row != nil, let id = lineup[place] else { return false }
            return strength.place(of: id, on: place.isLeftSeat ? .left : .right) == nil
        }.count
    }
}

extension Place {
    /// Whether this is a left row seat.
    var isLeftSeat: Bool {
        if case .left = self { return true }
        return false
    }
}
