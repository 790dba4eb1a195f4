/// A day of racing: races at times of day, each raced by one boat's lineup (a boat may serve several races:
/// a heat and its final with the same crew), the roster, and who is there when.
public struct Regatta: Sendable {
    /// One race: when it starts, which boat races it, and under which crew rules.
    public struct Race: Hashable, Sendable {
        public var name: String
        public var start: TimeOfDay
        /// The index of the racing boat in `boats`.
        public var boat: Int
        public var rules: CrewRules
        /// The name of the race whose crew this race's boat carries on (a final added as a copy of its heat
        /// with `race add --copy-from`); nil when no such link is stored.
        public var carriesCrewOf: String?

        public init(name: String, start: TimeOfDay, boat: Int, rules: CrewRules, carriesCrewOf: String? = nil) {
            self.name = name
            self.start = start
            self.boat = boat
            self.rules = rules
            self.carriesCrewOf = carriesCrewOf
        }
    }

    /// One boat the races use, with its lineup.
    public struct Boat: Hashable, Sendable {
        public var name: String
        public var lineup: Lineup
        public var balanceModel: BalanceModel
        /// The seat role the boat wants in each row, which the planner seats paddlers of a role by.
        public var wantedRoles: WantedRoles

        public init(
            name: String, lineup: Lineup, balanceModel: BalanceModel? = nil, wantedRoles: WantedRoles? = nil
        ) {
            self.name = name
            self.lineup = lineup
            self.balanceModel = balanceModel ?? .defaults(for: lineup.kind)
            self.wantedRoles = wantedRoles ?? .defaults(for: lineup.kind)
        }
    }

    public var name: String
    /// The day, `YYYY-MM-DD`.
    public var date: String { didSet { day = try? RegattaDay(parsing: date) } }
    /// The day as a date, read once from `date`; nil for a day made up for a single boat's check
    /// (`RegattaEntry`). Kept rather than read at each use: the planner asks who is there thousands of times.
    public private(set) var day: RegattaDay?
    /// Two races of one paddler must start at least this many minutes apart.
    public var minimumGapMinutes: Int
    /// The races in time order (races starting together in name order).
    public private(set) var races: [Race]
    public var boats: [Boat]
    public var roster: [PaddlerID: Paddler]
    /// Availability set for this regatta; a paddler not listed is available all day.
    public var availability: [PaddlerID: Availability]
    /// What the paddlers answered beyond `availability`: races they are out of, maybes, whose word it was.
    public var answers: RegattaAnswers
    /// The races of other regattas of the same day that each paddler is seated in: nobody races here closer to
    /// one of them than the minimum gap.
    public var elsewhere: [PaddlerID: [RaceElsewhere]] = [:]
    /// By boat index, the races of other regattas that the boat races too (of the same day, or of a day not
    /// past yet): it holds one crew for all of them, so a plan here leaves it as it is (reseating it would
    /// change those races' crews).
    public var boatsRacingElsewhere: [Int: [RaceElsewhere]] = [:]

    public init(
        name: String, date: String, minimumGapMinutes: Int = 30, races: [Race], boats: [Boat],
        roster: [PaddlerID: Paddler], availability: [PaddlerID: Availability] = [:],
        answers: RegattaAnswers = RegattaAnswers()
    ) {
        self.name = name
        self.date = date
        day = try? RegattaDay(parsing: date)
        self.minimumGapMinutes = minimumGapMinutes
        self.races = races.sorted { ($0.start, $0.name) < ($1.start, $1.name) }
        self.boats = boats
        self.roster = roster
        self.availability = availability
        self.answers = answers
    }

    /// The paddler's availability here; inactive and injured paddlers are never available.
    public func availability(of paddler: PaddlerID) -> Availability {
        guard let person = roster[paddler], person.isActive else { return .absent }
        if let day, person.isInjured(on: day) { return .absent }
        return availability[paddler] ?? .allDay
    }

    /// True when the paddler is active and there when `race` starts, and not out of it.
    public func isAvailable(_ paddler: PaddlerID, for race: Int) -> Bool {
        absence(of: paddler, for: race) == nil
    }

    /// Why the paddler cannot race `race`; nil when they can. Inactive first, then injured, then out of the race,
    /// then the day's availability (the coach's entry, or else the paddler's own answer), then a race of another
    /// regatta of the day they are seated in, closer than the larger of the two regattas' minimum gaps.
    public func absence(of paddler: PaddlerID, for race: Int) -> Absence? {
        guard let person = roster[paddler], person.isActive else { return .inactive }
        if let day, person.isInjured(on: day), let until = person.injuredUntil { return .injured(until: until) }
        if let source = answers.raceOuts[paddler]?[races[race].name] { return .outOfRace(source) }
        let start = races[race].start
        let reason = (availability[paddler] ?? .allDay).absence(at: start)
        if reason == .absent, answers.answeredByPaddler.contains(paddler) { return .answeredOut }
        if reason == nil,
            let other = elsewhere[paddler]?.first(where: {
                abs($0.start.minutes - start.minutes) < max(effectiveGapMinutes, $0.minimumGapMinutes)
            })
        {
            return .racingElsewhere(other)
        }
        return reason
    }

    /// True when the paddler answered maybe for `race` (and nothing makes them unavailable for it).
    public func isMaybe(_ paddler: PaddlerID, for race: Int) -> Bool {
        answers.isMaybe(paddler, for: races[race].name)
    }

    /// The lineup racing `race`.
    public func lineup(of race: Int) -> Lineup { boats[races[race].boat].lineup }

    /// Who races `race` and where: the drummer, the rows and the steerer, in chart order.
    public func crew(of race: Int) -> [(place: Place, paddler: PaddlerID)] {
        let lineup = lineup(of: race)
        return Place.seats(of: lineup.kind).compactMap { place in lineup[place].map { (place, $0) } }
    }

    /// The indices of the races `boat` serves, in time order.
    public func races(ofBoat boat: Int) -> [Int] { races.indices.filter { races[$0].boat == boat } }

    /// The shortest start-to-start gap that is not a conflict: the regatta's minimum, and never less than
    /// one minute, since nobody sits in two boats at once.
    public var effectiveGapMinutes: Int { max(1, minimumGapMinutes) }

    /// True when one person may not race both `first` and `second` (their starts are too close).
    public func tooClose(_ first: Int, _ second: Int) -> Bool {
        first != second && abs(races[first].start.minutes - races[second].start.minutes) < effectiveGapMinutes
    }
}

/// Someone seated in two races that start closer together than the regatta's minimum gap.
public struct RestConflict: Hashable, Sendable {
    public var paddler: PaddlerID
    /// The earlier and the later race (indices in `Regatta.races`).
    public var first: Int
    public var second: Int
    public var firstPlace: Place
    public var secondPlace: Place
    /// Start to start, in minutes.
    public var gapMinutes: Int
}

/// Someone seated in a race they are not there for.
public struct AvailabilityConflict: Hashable, Sendable {
    public var paddler: PaddlerID
    public var race: Int
    public var place: Place
    public var reason: Absence
}

extension Regatta {
    /// Every rest conflict, by race order, then by seat; only those touching `races` when given.
    public func restConflicts(involving races: Set<Int>? = nil) -> [RestConflict] {
        var conflicts: [RestConflict] = []
        let crews = self.races.indices.map { crew(of: $0) }
        for first in self.races.indices {
            for second in (first + 1)..<self.races.count where tooClose(first, second) {
                if let races, !races.contains(first) && !races.contains(second) { continue }
                let later = Dictionary(crews[second].map { ($0.paddler, $0.place) }, uniquingKeysWith: { a, _ in a })
                for (place, paddler) in crews[first] {
                    guard let other = later[paddler] else { continue }
                    conflicts.append(
                        RestConflict(
                            paddler: paddler, first: first, second: second, firstPlace: place, secondPlace: other,
                            gapMinutes: self.races[second].start.minutes - self.races[first].start.minutes))
                }
            }
        }
        return conflicts
    }

    /// Everyone seated in a race they are not available for (absent, not yet arrived, gone, or inactive).
    public func availabilityConflicts(involving races: Set<Int>? = nil) -> [AvailabilityConflict] {
        self.races.indices.filter { races?.contains($0) ?? true }.flatMap { race in
            crew(of: race).compactMap { place, paddler -> AvailabilityConflict? in
                absence(of: paddler, for: race).map {
                    AvailabilityConflict(paddler: paddler, race: race, place: place, reason: $0)
                }
            }
        }
    }

    /// What the crew rules of `race` find in its boat's lineup, with the notes `Lineup.check` gives a boat's
    /// check: seat roles against the rows the boat wants them in, preferred rows, row seats left empty.
    public func ruleFindings(of race: Int) -> [RuleFinding] {
        let boat = boats[races[race].boat]
        return boat.lineup.check(races[race].rules, roster: roster, wantedRoles: boat.wantedRoles)
    }

}

/// One paddler's day: where they race and how long they rest before each race.
public struct Participation: Hashable, Sendable {
    /// One race of the paddler.
    public struct Entry: Hashable, Sendable {
        public var race: Int
        public var place: Place
        /// Minutes since the start of their previous race; nil before their first.
        public var restMinutes: Int?
    }

    public var paddler: PaddlerID
    /// Their races in time order.
    public var entries: [Entry]
    /// True when they are available for at least one race.
    public var isAvailable: Bool
    /// Races they are available for, by index.
    public var availableRaces: Set<Int>

    public var raceCount: Int { entries.count }
}

/// How evenly the races are shared among the paddlers available to race.
public struct Fairness: Hashable, Sendable {
    public var minimum: Int
    public var median: Double
    public var maximum: Int
    /// Available paddlers with no race at all, by name.
    public var sittingOut: [PaddlerID]
    /// How many paddlers are available for at least one race.
    public var availableCount: Int
}

extension Regatta {
    /// Every paddler who is seated in a race or available for one, in name order, with their races.
    public func participation() -> [Participation] {
        var entries: [PaddlerID: [Participation.Entry]] = [:]
        for race in races.indices {
            for (place, paddler) in crew(of: race) {
                let previous = entries[paddler]?.last.map { races[race].start.minutes - races[$0.race].start.minutes }
                entries[paddler, default: []].append(
                    Participation.Entry(race: race, place: place, restMinutes: previous))
            }
        }
        let people = Set(entries.keys).union(roster.values.filter(\.isActive).map(\.id))
        return people.compactMap { roster[$0] }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }.map { paddler in
            let available = Set(races.indices.filter { isAvailable(paddler.id, for: $0) })
            return Participation(
                paddler: paddler.id, entries: entries[paddler.id] ?? [], isAvailable: !available.isEmpty,
                availableRaces: available)
        }
    }

    /// Races per available paddler: the fewest, the median, the most, and who sits out entirely.
    public func fairness() -> Fairness {
        let available = participation().filter(\.isAvailable)
        let counts = available.map(\.raceCount).sorted()
        let median: Double =
            counts.isEmpty
            ? 0
            : counts.count % 2 == 1
                ? Double(counts[counts.count / 2]) : Double(counts[counts.count / 2 - 1] + counts[counts.count / 2]) / 2
        return Fairness(
            minimum: counts.first ?? 0, median: median, maximum: counts.last ?? 0,
            sittingOut: available.filter { $0.raceCount == 0 }.map(\.paddler), availableCount: available.count)
    }
}

extension Regatta {
    /// The regatta with every race's crew rules changed by `change` (`--sides-required` for a whole day).
    public func changingRules(_ change: (CrewRules) -> CrewRules) -> Regatta {
        var result = self
        for index in result.races.indices { result.races[index].rules = change(result.races[index].rules) }
        return result
    }
}

extension Regatta {
    /// The regatta with sides (`sides`) and drum and steer ability (`capability`) made rules of every race,
    /// where its rules only avoid breaking them: `regatta plan --sides-required --capability-required`.
    public func requiring(sides: Bool, capability: Bool) -> Regatta {
        guard sides || capability else { return self }
        return changingRules { rules in
            var changed = rules
            if sides { changed.sidesAreRules = true }
            if capability { changed.capabilityIsRule = true }
            return changed
        }
    }
}
