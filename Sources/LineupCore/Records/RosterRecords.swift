/// A seat someone holds in a boat: `Heat 1: L3`.
public struct PaddlerSeat: Hashable, Sendable, CustomStringConvertible {
    public var boat: String
    public var place: Place

    public init(boat: String, place: Place) {
        self.boat = boat
        self.place = place
    }

    /// `boat: seat`, as lists of seats show it.
    public var description: String { "\(boat): \(place)" }
}

/// What removing a paddler did.
public struct RemovalReport: Sendable {
    public var paddler: Paddler
    /// The seats the paddler left, by boat name.
    public var leftSeats: [PaddlerSeat]
    /// How many trial times they were part of (alone or in a crew), dropped with them.
    public var droppedTrialTimes: Int
    /// The seat races they sat in, kept with their seats marked as a removed paddler's.
    public var seatRaces: [String]
    /// The time trials every time of which they were part of: dropped whole with those times.
    public var droppedTrials: [String]

    public init(
        paddler: Paddler, leftSeats: [PaddlerSeat], droppedTrialTimes: Int = 0, seatRaces: [String] = [],
        droppedTrials: [String] = []
    ) {
        self.droppedTrials = droppedTrials
        self.paddler = paddler
        self.leftSeats = leftSeats
        self.droppedTrialTimes = droppedTrialTimes
        self.seatRaces = seatRaces
    }
}

/// What importing a roster file did, or would do with a dry run: the paddlers as they are and were, for
/// `RosterWords` to describe.
public struct ImportReport: Sendable {
    /// A paddler the file changes: as stored before, and after the file (the stored name kept).
    public struct Update: Sendable {
        public var before: Paddler
        public var after: Paddler

        public init(before: Paddler, after: Paddler) {
            self.before = before
            self.after = after
        }
    }

    /// A paddler the file marks inactive who is seated somewhere, with the seats.
    public struct SeatedInactive: Sendable {
        public var name: String
        public var seats: [PaddlerSeat]

        public init(name: String, seats: [PaddlerSeat]) {
            self.name = name
            self.seats = seats
        }
    }

    /// New paddlers with the values they get (their ids are not yet known on a dry run).
    public var added: [Paddler] = []
    public var updated: [Update] = []
    /// The names of paddlers the file leaves as they are.
    public var unchanged: [String] = []
    public var seatedInactive: [SeatedInactive] = []
    public var dryRun = false

    public init(dryRun: Bool) { self.dryRun = dryRun }
}
