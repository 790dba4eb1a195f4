/// Who sits where in one boat: the seats (drummer, left and right rows, steerer), the bench, and the locks.
///
/// Every paddler appears at most once. Seats may be empty; the bench has no holes.
public struct Lineup: Hashable, Sendable {
    public let kind: BoatKind
    /// The drummer's seat `D`; nil when empty.
    public internal(set) var drummer: PaddlerID?
    /// The left seats, row 1 first (`L1` at index 0); nil for an empty seat.
    public internal(set) var left: [PaddlerID?]
    /// The right seats, row 1 first (`R1` at index 0); nil for an empty seat.
    public internal(set) var right: [PaddlerID?]
    /// The steerer's place `S`; nil when empty.
    public internal(set) var steerer: PaddlerID?
    /// The reserves in bench order, `B1` first; never with holes.
    public internal(set) var bench: [PaddlerID]
    /// Seats that are locked: their occupant can be neither moved out nor displaced.
    public internal(set) var lockedSeats: Set<Place>

    /// An empty boat of `kind`.
    public init(kind: BoatKind) {
        self.kind = kind
        drummer = nil
        steerer = nil
        left = Array(repeating: nil, count: kind.rowCount)
        right = Array(repeating: nil, count: kind.rowCount)
        bench = []
        lockedSeats = []
    }

    /// A boat built from stored placements. Throws if a place is outside the boat, taken twice,
    /// or the bench has holes.
    public init(kind: BoatKind, placements: [(paddler: PaddlerID, place: Place)], lockedSeats: Set<Place> = [])
        throws(LineupError)
    {
        self.init(kind: kind)
        var benchSlots: [Int: PaddlerID] = [:]
        var seen = Set<SeenPaddler>()
        for (paddler, place) in placements {
            guard seen.insert(SeenPaddler(id: paddler)).inserted else {
                throw .inconsistentLineup("a paddler placed twice")
            }
            if case .bench(let position) = place {
                guard position >= 1, benchSlots.updateValue(paddler, forKey: position) == nil else {
                    throw .inconsistentLineup("two paddlers at \(place)")
                }
            } else {
                try checkSeatExists(place)
                guard self[place] == nil else { throw .inconsistentLineup("two paddlers at \(place)") }
                set(paddler, at: place)
            }
        }
        let benchPositions = benchSlots.keys.sorted()
        guard benchPositions == Array(1..<(benchSlots.count + 1)) else {
            throw .inconsistentLineup("a bench with holes")
        }
        bench = benchPositions.compactMap { benchSlots[$0] }
        for seat in lockedSeats {
            guard seat.isSeat else { throw .benchCannotBeLocked(seat.description) }
            try checkSeatExists(seat)
        }
        self.lockedSeats = lockedSeats
    }

    /// A paddler met while reading placements. A set of this module's own type is built through the direct
    /// metadata accessors this module is compiled with; a plain `Set<Int64>` could run another module's copy of
    /// the standard library's code, which looks the set's type up by name, and that first look-up scans every
    /// protocol conformance in the binary (a third of a million instructions at every start, bench/RESULTS.md).
    private struct SeenPaddler: Hashable {
        let id: PaddlerID
    }

    /// The paddler at `place`, or nil when the seat is empty or the bench position does not exist.
    public subscript(place: Place) -> PaddlerID? {
        switch place {
        case .drummer: return drummer
        case .steerer: return steerer
        case .left(let row): return left.indices.contains(row - 1) ? left[row - 1] : nil
        case .right(let row): return right.indices.contains(row - 1) ? right[row - 1] : nil
        case .bench(let position): return bench.indices.contains(position - 1) ? bench[position - 1] : nil
        }
    }

    /// Where `paddler` is in this boat, or nil if nowhere.
    public func place(of paddler: PaddlerID) -> Place? {
        allPlaces.first { $0.paddler == paddler }?.place
    }

    /// Each paddler's place, as `place(of:)` gives it (the first in chart order), for many look-ups.
    var placesByPaddler: [PaddlerID: Place] {
        Dictionary(placements.lazy.map { ($0.paddler, $0.place) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every seat in chart order (D, L1, R1, …, S) with its occupant, then every bench position.
    public var allPlaces: [(place: Place, paddler: PaddlerID?)] {
        Place.seats(of: kind).map { ($0, self[$0]) }
            + bench.enumerated().map { (Place.bench(position: $0.offset + 1), $0.element) }
    }

    /// Every paddler in the boat with where they are, seats first, in chart order.
    public var placements: [(paddler: PaddlerID, place: Place)] {
        allPlaces.compactMap { entry in entry.paddler.map { ($0, entry.place) } }
    }

    /// Whether `seat` is locked.
    public func isLocked(_ seat: Place) -> Bool { lockedSeats.contains(seat) }

    /// Throws unless `place` is a seat of this boat (bench positions are checked against the bench).
    public func checkPlaceExists(_ place: Place) throws(LineupError) {
        if case .bench(let position) = place {
            guard position >= 1, position <= bench.count else {
                throw .benchPositionBeyondBench(place.description, benchCount: bench.count)
            }
        } else {
            try checkSeatExists(place)
        }
    }

    private func checkSeatExists(_ seat: Place) throws(LineupError) {
        if let row = seat.row, !(1...kind.rowCount).contains(row) {
            throw .seatBeyondBoat(seat.description, rowCount: kind.rowCount)
        }
    }

    // MARK: - Changing the lineup

    /// Puts `paddler` (or nobody) in a seat. Not for the bench, whose positions shift.
    mutating func set(_ paddler: PaddlerID?, at seat: Place) {
        switch seat {
        case .drummer: drummer = paddler
        case .steerer: steerer = paddler
        case .left(let row): left[row - 1] = paddler
        case .right(let row): right[row - 1] = paddler
        case .bench: preconditionFailure("bench positions are changed with insert and remove")
        }
    }

    /// Takes `paddler` out of the boat; the bench closes up behind them.
    public mutating func remove(_ paddler: PaddlerID) {
        guard let place = place(of: paddler) else { return }
        if case .bench(let position) = place {
            bench.remove(at: position - 1)
        } else {
            set(nil, at: place)
        }
    }

    /// Takes `paddlers` out of the boat at once: one pass, where `remove(_:)` for each looks each one up.
    mutating func remove(_ paddlers: Set<PaddlerID>) {
        for seat in Place.seats(of: kind) where self[seat].map(paddlers.contains) ?? false { set(nil, at: seat) }
        bench.removeAll { paddlers.contains($0) }
    }

    /// Puts `paddler`, who is not in the boat, at the end of the bench.
    public mutating func appendToBench(_ paddler: PaddlerID) {
        guard place(of: paddler) == nil else { return }
        bench.append(paddler)
    }

    /// Locks or unlocks a seat.
    mutating func setLocked(_ locked: Bool, seat: Place) {
        if locked { lockedSeats.insert(seat) } else { lockedSeats.remove(seat) }
    }
}
