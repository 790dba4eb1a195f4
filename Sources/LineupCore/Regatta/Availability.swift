/// Whether a paddler can race at a regatta: all day (the default for every active paddler), not at all, or
/// within a window. A window's `from` is when they arrive (races starting then or later), `until` when they
/// leave (races starting before then).
public enum Availability: Hashable, Sendable, CustomStringConvertible {
    case allDay
    case absent
    /// From `from` (nil: the start of the day) until before `until` (nil: the end of the day).
    case window(from: TimeOfDay?, until: TimeOfDay?)

    /// The availability `--absent`, `--from` and `--until` describe, checked: a window must not be empty.
    public init(absent: Bool, from: TimeOfDay?, until: TimeOfDay?) throws(LineupError) {
        if absent {
            guard from == nil, until == nil else {
                throw .invalidValue(
                    field: "availability", value: "absent with a time",
                    expected: "either absent, or a time from and/or until")
            }
            self = .absent
        } else if from == nil, until == nil {
            self = .allDay
        } else {
            if let from, let until, until <= from {
                throw .invalidValue(
                    field: "availability", value: "from \(from) until \(until)",
                    expected: "an until time later than the from time")
            }
            self = .window(from: from, until: until)
        }
    }

    /// True when a race starting at `start` is within it.
    public func includes(_ start: TimeOfDay) -> Bool {
        switch self {
        case .allDay: return true
        case .absent: return false
        case .window(let from, let until):
            return (from.map { start >= $0 } ?? true) && (until.map { start < $0 } ?? true)
        }
    }

    /// `all day`, `absent`, `from 10:00`, `until 14:00`, `10:00 to 14:00`.
    public var description: String {
        switch self {
        case .allDay: return "all day"
        case .absent: return "absent"
        case .window(let from?, let until?): return "\(from) to \(until)"
        case .window(let from?, nil): return "from \(from)"
        case .window(nil, let until?): return "until \(until)"
        case .window(nil, nil): return "all day"
        }
    }

    /// Why a race at `start` is outside it; nil when it is not.
    public func absence(at start: TimeOfDay) -> Absence? {
        switch self {
        case .allDay: return nil
        case .absent: return .absent
        case .window(let from, let until):
            if let from, start < from { return .arrives(from) }
            if let until, start >= until { return .leaves(until) }
            return nil
        }
    }
}

/// Why someone is not there when a race starts.
public enum Absence: Hashable, Sendable {
    case absent
    /// Marked inactive on the roster.
    case inactive
    /// Not yet arrived: there from this time.
    case arrives(TimeOfDay)
    /// Gone: there until before this time.
    case leaves(TimeOfDay)
    /// Injured up to and including this day.
    case injured(until: RegattaDay)
    /// Answered "out" for the whole regatta, through their own link.
    case answeredOut
    /// Out of this one race: by their own answer, or by the coach's word.
    case outOfRace(AnswerSource)
    /// Seated in a race of another regatta of the same day that starts less than the minimum gap from this one.
    case racingElsewhere(RaceElsewhere)
}

/// A race of another regatta of the same day that a paddler is seated in: where they are at `start`.
public struct RaceElsewhere: Hashable, Sendable {
    public var regatta: String
    public var race: String
    public var start: TimeOfDay
    /// That regatta's minimum gap: the larger of the two regattas' gaps keeps a paddler's races apart.
    public var minimumGapMinutes: Int
    /// That regatta's day, `YYYY-MM-DD`, where it may differ from this one's (a boat shared with a regatta of
    /// another day); empty otherwise.
    public var day: String

    public init(regatta: String, race: String, start: TimeOfDay, minimumGapMinutes: Int = 0, day: String = "") {
        self.regatta = regatta
        self.race = race
        self.start = start
        self.minimumGapMinutes = minimumGapMinutes
        self.day = day
    }
}
