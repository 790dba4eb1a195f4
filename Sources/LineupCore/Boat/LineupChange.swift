/// One paddler's move in a recorded change, by stable id.
public struct PaddlerMove: Hashable, Sendable {
    /// The paddler's id; nil when the paddler has since left the roster.
    public var paddler: PaddlerID?
    /// The paddler's name when the change was made, so a record can always say whom it moved.
    public var name: String
    public var from: Place
    public var to: Place

    public init(paddler: PaddlerID?, name: String, from: Place, to: Place) {
        self.paddler = paddler
        self.name = name
        self.from = from
        self.to = to
    }
}

/// One seat locked or unlocked in a recorded change.
public struct LockChange: Hashable, Sendable {
    public var seat: Place
    /// The state after the change.
    public var locked: Bool

    public init(seat: Place, locked: Bool) {
        self.seat = seat
        self.locked = locked
    }
}

/// What one history record did to a boat: the paddlers it moved and the seats it locked or unlocked.
public struct LineupChange: Hashable, Sendable {
    public var moves: [PaddlerMove]
    public var lockChanges: [LockChange]

    public init(moves: [PaddlerMove] = [], lockChanges: [LockChange] = []) {
        self.moves = moves
        self.lockChanges = lockChanges
    }

    /// True when the change moves nobody and locks nothing.
    public var isEmpty: Bool { moves.isEmpty && lockChanges.isEmpty }

    /// How many people change place: each one who comes into a seat, leaves one or changes seat. A bench
    /// paddler who only shifts along the bench does not count (the bench is a pool).
    public var peopleChangingPlace: Int { moves.filter { $0.from.isSeat || $0.to.isSeat }.count }

    /// The moves (and lock changes) that turn `original` into `target`, two lineups of one boat: every
    /// paddler whose place differs, for a change made of several exchanges at once.
    public init(from original: Lineup, to target: Lineup, names: [PaddlerID: String]) {
        // One look-up table, not `place(of:)` per paddler: a regatta's boats have the whole roster on the bench.
        let targetPlaces = target.placesByPaddler
        moves = original.placements.compactMap { paddler, from in
            guard let to = targetPlaces[paddler], to != from else { return nil }
            return PaddlerMove(paddler: paddler, name: names[paddler] ?? "paddler #\(paddler)", from: from, to: to)
        }
        lockChanges = original.lockedSeats.symmetricDifference(target.lockedSeats).sorted().map { seat in
            LockChange(seat: seat, locked: target.isLocked(seat))
        }
    }

    /// The change that takes this one back.
    public var inverse: LineupChange {
        LineupChange(
            moves: moves.map { PaddlerMove(paddler: $0.paddler, name: $0.name, from: $0.to, to: $0.from) },
            lockChanges: lockChanges.map { LockChange(seat: $0.seat, locked: !$0.locked) })
    }
}

extension Lineup {
    /// The lineup with `change` applied, after checking that every paddler it moves is exactly where it
    /// says they start and every seat it locks is in the state it expects. Throws `.conflict` naming who is
    /// where otherwise, changing nothing. `names` gives the names of paddlers for those messages.
    public func applying(_ change: LineupChange, names: [PaddlerID: String]) throws(LineupError) -> Lineup {
        var conflicts: [String] = []
        func name(_ id: PaddlerID) -> String { names[id] ?? "paddler #\(id)" }

        let places = placesByPaddler
        for move in change.moves {
            guard let paddler = move.paddler else {
                conflicts.append("\(move.name) has left the roster")
                continue
            }
            let current = places[paddler]
            if current != move.from {
                let whereNow = current.map { "is at \($0)" } ?? "is no longer in this boat"
                conflicts.append("\(move.name) \(whereNow), not at \(move.from)")
            }
        }
        for lockChange in change.lockChanges where isLocked(lockChange.seat) == lockChange.locked {
            conflicts.append("seat \(lockChange.seat) is already \(lockChange.locked ? "locked" : "unlocked")")
        }
        guard conflicts.isEmpty else { throw .conflict(conflicts) }

        var result = self
        result.remove(Set(change.moves.compactMap(\.paddler)))
        for move in change.moves where move.to.isSeat {
            if let occupant = result[move.to], let paddler = move.paddler, occupant != paddler {
                conflicts.append("seat \(move.to) is now taken by \(name(occupant))")
            } else if let paddler = move.paddler {
                result.set(paddler, at: move.to)
            }
        }
        let benchArrivals = change.moves.filter { !$0.to.isSeat }.sorted { $0.to.position < $1.to.position }
        for move in benchArrivals {
            guard let paddler = move.paddler else { continue }
            let index = move.to.position - 1
            guard index <= result.bench.count else {
                conflicts.append("the bench is now too short to put \(move.name) back at \(move.to)")
                continue
            }
            result.bench.insert(paddler, at: index)
        }
        for lockChange in change.lockChanges {
            result.setLocked(lockChange.locked, seat: lockChange.seat)
        }
        guard conflicts.isEmpty else { throw .conflict(conflicts) }
        return result
    }
}
