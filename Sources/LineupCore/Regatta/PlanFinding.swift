/// Something a regatta plan could not satisfy, or something worth knowing about it, with its cause: facts
/// only (names, counts, races by index in the plan's regatta). `PlanWords` in `LineupPresentation` says
/// each in plain words.
public enum PlanFinding: Hashable, Sendable {
    /// Every possible plan was considered and none keeps every rule; this one breaks the least important.
    case noPlanKeepsEveryRule
    /// Races raced by one boat start too close together for the regatta's gap: its whole crew races each.
    case sharedBoatTooClose(races: [Int], boat: String, gapMinutes: Int)
    /// The drummer's or the steerer's seat of the boat racing `races` is locked empty.
    case endLockedEmpty(races: [Int], end: CrewEnd)
    /// The crew lacks what `missing` lists, because of `shortage`.
    case crewShort(races: [Int], missing: [CrewGap], shortage: Shortage)
    /// More paddlers in seats kept as they are than the rules allow.
    case tooManyKept(races: [Int], rows: Int, highest: Int)
    /// Men (or those of another sex) in a crew whose rules take women only.
    case notWomen(races: [Int], names: [String], rules: String, shortage: Shortage)
    /// Fewer of `sex` than the rules ask for.
    case tooFew(races: [Int], sex: Sex, count: Int, rules: String, allowed: ClosedRange<Int>, shortage: Shortage)
    /// More of `sex` than the rules allow: the others there were needed to fill the crew.
    case tooMany(races: [Int], sex: Sex, count: Int, rules: String, most: Int)
    /// Someone drums or steers who is not marked able to (a broken rule or a note, as the rules say).
    case endNotAble(races: [Int], name: String, end: CrewEnd, cause: AbleCause)
    /// More paddlers sided to `side` than the open seats from the front have on that side.
    case sidesShort(races: [Int], side: SidePreference, sided: Int, openSeats: Int, room: Int)
    /// Someone in two races too close together (in other boats), and why the plan could not avoid it.
    case restConflict(RestConflict, cause: RestCause?)
    /// Someone kept in a locked seat for a race they are not there for; `sharedBoat` when the seat is kept
    /// because its boat races in another regatta of the day too (`boatRacesElsewhere`), not for a lock.
    case lockedSeatUnavailable(AvailabilityConflict, sharedBoat: Bool = false)
    /// Those who race more often than the most asked (`maximumRaces`).
    case overMaximumRaces(maximum: Int, counts: [RaceCount])
    /// Those who race less often than the least asked (`minimumRaces`).
    case underMinimumRaces(minimum: Int, counts: [RaceCount])
    /// The drummer or steerer has no weight on the roster, so the boat's balance cannot be judged.
    case endWithoutWeight(races: [Int], name: String, end: CrewEnd)
    /// Keeping everyone seated kept only those there for the boat's races; these seats were filled anew.
    case seatsNotKept(races: [Int], people: [NotKept])
    /// Keeping everyone seated kept these people in an earlier boat too close in time (`race`, theirs there),
    /// so not in this one; their seats were filled anew.
    case seatsReleasedForRest(races: [Int], people: [ReleasedForRest])
    /// Fewer paddling seats filled than the boat has (from the front), and, when fewer than it could, why.
    case seatsFilled(races: [Int], rows: Int, seats: Int, cause: EmptySeatCause?)
    /// A warning of a race's crew rules about sides.
    case raceWarning(race: Int, finding: RuleFinding)
    /// People in a row their allowed rows exclude. `kept`: they sat there already and the plan kept them
    /// (kept seats, or a crew it left as it was); otherwise the plan seated them there, since too few of the
    /// crew may sit in those rows and a boat is filled from row 1.
    case outsideRows(races: [Int], people: [OutsideRows], kept: Bool)
    /// People seated in the boat racing `races` though they answered "maybe" for one of them: with `avoided`,
    /// only because nobody who answered "in" did as well; else because maybes were allowed.
    case seatedOnMaybe(races: [Int], names: [String], avoided: Bool)
    /// The boat racing `races` was seated as a copy of the one racing `from` (a final copied from its heat), so
    /// the plan keeps that crew: the same people in the same seats but for `differences`.
    case crewCarried(races: [Int], from: [Int], differences: [CarryDifference])
    /// The boat racing `races` is linked to the one racing `from` (a copy of it) but the plan leaves no seat
    /// of the two held by the same person: it keeps none of that crew as seated (`away` of that crew are not
    /// there for these races).
    case crewNotCarried(races: [Int], from: [Int], away: [String])
    /// The boat racing `races`, which the plan seated, is left plainly off level (`AxisVerdict.Level.heavy`) on
    /// each of `axes`: the crew is chosen by the rules and `PlanScore` first, and seated crews are kept where
    /// they sit. `freelyLevels` says whether the boat seated afresh (every seat not locked, anyone free for its
    /// races from its bench) was found to sit level: true, the optimizer with the bench may level it; false, no
    /// such crew was found; nil, not looked at.
    case boatNotLevel(
        races: [Int], boat: String, axes: [AxisVerdict], unweighed: [String] = [], freelyLevels: Bool? = nil,
        seatedByPlan: Bool = true)
    /// Keeping seated crews, kept paddlers the plan moved to another seat, each with why.
    case keptCrewMoved(races: [Int], moves: [KeptMove])
    /// People seated outside the rows the boat wants their seat role in (as `lineup check` notes them), or
    /// outside their preferred rows: the crew could not be seated otherwise, or the seats are kept.
    case seatFitMissed(races: [Int], misses: [SeatFitMiss])

    /// The boat racing `races` races in other regattas too (`elsewhere`: of the same day, or of a day not past
    /// yet): it holds one crew for all, so the plan leaves it as it is.
    case boatRacesElsewhere(races: [Int], boat: String, elsewhere: [RaceElsewhere])

    /// The drum or the helm.
    public enum CrewEnd: Hashable, Sendable {
        case drummer, steerer
    }

    /// What a crew lacks.
    public enum CrewGap: Hashable, Sendable {
        case noSteerer
        case noDrummer
        /// `rows` paddlers where the rules need at least `needed`.
        case paddlers(rows: Int, needed: Int)
    }

    /// Whom a count is of.
    public enum Kind: Hashable, Sendable {
        case people, women, men

        /// Women for `.female`, men otherwise (the sex rules count women and men).
        public init(_ sex: Sex) { self = sex == .female ? .women : .men }
    }

    /// Why a boat has fewer of `kind` than it needs: how many are there at its races' times, and where
    /// the others are.
    public struct Shortage: Hashable, Sendable {
        /// What the crew needs, in a count of `kind`.
        public enum Needs: Hashable, Sendable {
            /// At least `lowest` paddlers, and a drummer and a steerer where those seats are open.
            case crew(lowest: Int, drummer: Bool, steerer: Bool)
            /// Exactly this many (a women's crew).
            case exactly(Int)
            /// At least this many.
            case atLeast(Int)
        }

        /// Why those there are not enough.
        public enum Detail: Hashable, Sendable {
            /// Fewer are there than needed: those of the boat's lineup who are not, counted by reason.
            case tooFewThere(Absentees)
            /// Enough are there, but these are elsewhere or were not placed.
            case elsewhere(Whereabouts)
        }

        public var kind: Kind
        /// The boat's races, for their start times.
        public var races: [Int]
        /// How many of `kind` are there for all the boat's races.
        public var available: Int
        public var needed: Int
        public var needs: Needs
        /// The boat's paddling seats.
        public var seats: Int
        public var detail: Detail
    }

    /// Those of a boat's lineup who are not there for all its races, counted by reason.
    public struct Absentees: Hashable, Sendable {
        public var absent = 0
        public var arriveLater = 0
        public var leaveEarlier = 0
        public var inactive = 0
        /// Seated in a race of another regatta of the day too close to one of the boat's.
        public var racingElsewhere = 0
    }

    /// Where those who could join a boat are instead.
    public struct Whereabouts: Hashable, Sendable {
        /// Those racing another boat too close in time, with that boat's races.
        public struct Busy: Hashable, Sendable {
            public var races: [Int]
            public var names: [String]
        }

        public var busy: [Busy] = []
        /// Those who have reached `maximumRaces`.
        public var capped: [String] = []
        public var maximumRaces: Int?
        /// The rest: free for the boat, yet not placed in it.
        public var free: [String] = []
        /// Those free for the boat whose allowed rows leave out every row it has (rows 6–10 only, and a
        /// small boat): they cannot take a row seat of it.
        public var noRow: [String] = []
    }

    /// Why nobody able to drum (steer) does.
    public enum AbleCause: Hashable, Sendable {
        /// Nobody able is there at the boat's races; `away` are those of its lineup who are able but not there.
        case nobodyThere(races: [Int], away: [String])
        /// Nobody able is free for it: those able sit in row seats of this crew that the plan keeps as they
        /// are (`kept`: a locked seat, or one kept because the coach asked to keep crews seated).
        case keptInRows(races: [Int], kept: [KeptAble])
        /// Those able are taken: elsewhere (`whereabouts`), or paddling in this crew, which needs them
        /// (`inCrew`); the free ones would break a more important rule elsewhere.
        case taken(Whereabouts, inCrew: [String])
    }

    /// Someone able to drum or steer who sits in a kept row seat.
    public struct KeptAble: Hashable, Sendable {
        public var name: String
        public var place: Place
        /// The seat is locked (else it is kept because crews seated by hand are kept).
        public var isLocked: Bool

        public init(name: String, place: Place, isLocked: Bool) {
            self.name = name
            self.place = place
            self.isLocked = isLocked
        }
    }

    /// Why two boats too close in time share someone.
    public enum RestCause: Hashable, Sendable {
        /// The two crews need at least `needed` of `kind`, and only `available` are there for them.
        case tooFew(kind: Kind, needed: Int, available: Int)
        /// The search (or, when the plan is proven best, every plan) found no way to fill both crews without it.
        case noWayFound
    }

    /// How often someone races, and, when fewer than the least asked, how many races they are there for.
    public struct RaceCount: Hashable, Sendable {
        public var name: String
        public var races: Int
        public var availableFor: Int?
    }

    /// Someone seated whom keeping everyone seated could not keep: not there for the boat's races.
    public struct NotKept: Hashable, Sendable {
        public var name: String
        public var place: Place
        /// Why they are not there.
        public var reason: Absence
    }

    /// Someone seated in two boats too close in time, kept in the earlier boat's `race` and not in this one.
    public struct ReleasedForRest: Hashable, Sendable {
        public var name: String
        public var place: Place
        public var race: Int
    }

    /// A seat held by different people in a crew and the crew carried on from it (nil: empty).
    public struct CarryDifference: Hashable, Sendable {
        public var place: Place
        public var earlier: String?
        public var later: String?
        /// Of the two, the one who is not there for a race of the other boat (nil: both are, or neither sits
        /// in the other): why the seat differs.
        public var away: String?

        public init(place: Place, earlier: String?, later: String?, away: String? = nil) {
            self.place = place
            self.earlier = earlier
            self.later = later
            self.away = away
        }
    }

    /// A kept paddler the plan moved, from where to where, and why.
    public struct KeptMove: Hashable, Sendable {
        /// Why a kept paddler moved.
        public enum Reason: Hashable, Sendable {
            /// A newcomer who paddles on one side only took their seat; they crossed to the newcomer's.
            case toTheirSide(newcomer: String)
            /// They moved up to a hole in front of a short crew.
            case holeInFront
            /// One exchange levelled the filled boat, from `fromKg` to `toKg` of imbalance.
            case toLevel(fromKg: Double, toKg: Double)
            /// They moved to the drum (or helm), left open, since nobody else there for the boat's races is
            /// marked able to drum (or steer).
            case nobodyElseAble(end: CrewEnd)
        }

        public var name: String
        public var from: Place
        public var to: Place
        public var reason: Reason

        public init(name: String, from: Place, to: Place, reason: Reason) {
            self.name = name
            self.from = from
            self.to = to
            self.reason = reason
        }
    }

    /// Someone seated outside the rows their seat role is wanted in (`role`, with the row's own role
    /// `rowRole`), or outside their preferred rows (`preferredRows`).
    public struct SeatFitMiss: Hashable, Sendable {
        public var name: String
        public var place: Place
        /// The role they have and the row is not for (nil: the role is met).
        public var role: SeatRole?
        /// The role the boat wants in that row, when it wants one.
        public var rowRole: SeatRole?
        /// Their preferred rows, when the seat is outside them (nil: met, or none).
        public var preferredRows: RowSet?

        public init(name: String, place: Place, role: SeatRole?, rowRole: SeatRole?, preferredRows: RowSet?) {
            self.name = name
            self.place = place
            self.role = role
            self.rowRole = rowRole
            self.preferredRows = preferredRows
        }
    }

    /// Someone seated in a row outside `rows`, the only rows they may sit in.
    public struct OutsideRows: Hashable, Sendable {
        public var name: String
        public var place: Place
        public var rows: RowSet

        public init(name: String, place: Place, rows: RowSet) {
            self.name = name
            self.place = place
            self.rows = rows
        }
    }

    /// Why a boat has fewer paddlers than it could.
    public enum EmptySeatCause: Hashable, Sendable {
        /// Nobody else (no other woman, in a women's crew) is there at the boat's races.
        case nobodyElse(races: [Int], womenOnly: Bool)
        /// Where the others are: elsewhere, left out by the sex rules (`barred`), sided to a side whose seats
        /// are taken (`sided`); `whereabouts.free` are the rest, free but not placed.
        case others(Whereabouts, barred: [String], sided: [String])
    }
}
