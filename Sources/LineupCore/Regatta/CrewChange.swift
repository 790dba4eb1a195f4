/// How one boat's crew differs between the regatta as it is and as a plan has it: who comes into a seat, who
/// leaves one (and why, when they cannot race), and who changes seat. The bench's order is no change.
public struct CrewChange: Hashable, Sendable {
    /// Someone seated by the plan who was not seated before.
    public struct Joined: Hashable, Sendable {
        public var paddler: PaddlerID
        public var place: Place

        public init(paddler: PaddlerID, place: Place) {
            self.paddler = paddler
            self.place = place
        }
    }

    /// Someone seated before whom the plan takes out of the boat's seats.
    public struct Left: Hashable, Sendable {
        public var paddler: PaddlerID
        public var place: Place
        /// The first race of the boat they cannot race, and why; nil when they could (the plan needed them
        /// elsewhere, or kept a rule).
        public var race: Int?
        public var reason: Absence?

        public init(paddler: PaddlerID, place: Place, race: Int?, reason: Absence?) {
            self.paddler = paddler
            self.place = place
            self.race = race
            self.reason = reason
        }
    }

    /// Someone seated before and after, in another seat.
    public struct Moved: Hashable, Sendable {
        public var paddler: PaddlerID
        public var from: Place
        public var to: Place

        public init(paddler: PaddlerID, from: Place, to: Place) {
            self.paddler = paddler
            self.from = from
            self.to = to
        }
    }

    /// The boat's index in `Regatta.boats`.
    public var boat: Int
    public var joined: [Joined]
    public var left: [Left]
    public var moved: [Moved]

    /// How many people change place: each one who comes in, leaves, or changes seat.
    public var peopleMoved: Int { joined.count + left.count + moved.count }
}

extension Regatta {
    /// What changes in the crews of `boats` (indices in `boats`) from this regatta to `planned` (the same
    /// regatta with other lineups), seat order: bow to stern, left before right. Boats with no seat change
    /// are left out.
    public func crewChanges(to planned: Regatta, boats indices: [Int]) -> [CrewChange] {
        indices.compactMap { index in
            let before = boats[index].lineup
            let after = planned.boats[index].lineup
            let seats = Place.seats(of: before.kind)
            let races = races(ofBoat: index)
            var joined: [CrewChange.Joined] = []
            var left: [CrewChange.Left] = []
            var moved: [CrewChange.Moved] = []
            for seat in seats {
                if let person = after[seat] {
                    switch before.place(of: person) {
                    case .some(let old) where old.isSeat && old != seat:
                        moved.append(.init(paddler: person, from: old, to: seat))
                    case .some(let old) where old.isSeat: break
                    default: joined.append(.init(paddler: person, place: seat))
                    }
                }
                if let person = before[seat], !(after.place(of: person)?.isSeat ?? false) {
                    let missed = races.lazy.compactMap { race in
                        absence(of: person, for: race).map { (race, $0) }
                    }.first
                    left.append(.init(paddler: person, place: seat, race: missed?.0, reason: missed?.1))
                }
            }
            guard !(joined.isEmpty && left.isEmpty && moved.isEmpty) else { return nil }
            return CrewChange(boat: index, joined: joined, left: left, moved: moved)
        }
    }
}
