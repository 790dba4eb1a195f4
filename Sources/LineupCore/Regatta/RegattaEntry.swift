/// A boat's entry in one regatta: the races its lineup races there, and who is there when. Enough to say
/// who sits in one of those races without being there, in the words of the regatta's own check.
public struct RegattaEntry: Hashable, Sendable {
    /// One race of the entry.
    public struct Race: Hashable, Sendable {
        public var name: String
        public var start: TimeOfDay
        /// The race's own crew rules; nil when it races under its boat's.
        public var rules: RulesPreset?

        public init(name: String, start: TimeOfDay, rules: RulesPreset? = nil) {
            self.name = name
            self.start = start
            self.rules = rules
        }
    }

    /// The regatta's name.
    public var regatta: String
    /// The races the boat races there, in time order.
    public var races: [Race]
    /// The regatta's day, `YYYY-MM-DD` (an injury lasting to then keeps a paddler out).
    public var date: String
    /// Availability set for the regatta; a paddler not listed is there all day.
    public var availability: [PaddlerID: Availability]
    /// What the paddlers answered beyond `availability`.
    public var answers: RegattaAnswers
    /// The regatta's minimum gap between one paddler's races.
    public var minimumGapMinutes: Int
    /// The races of other regattas of the same day each paddler is seated in (`Regatta.elsewhere`): nobody
    /// races here closer to one of them than the larger of the two gaps.
    public var elsewhere: [PaddlerID: [RaceElsewhere]]

    public init(
        regatta: String, date: String = "", races: [Race], availability: [PaddlerID: Availability] = [:],
        answers: RegattaAnswers = RegattaAnswers(), minimumGapMinutes: Int = 30,
        elsewhere: [PaddlerID: [RaceElsewhere]] = [:]
    ) {
        self.minimumGapMinutes = minimumGapMinutes
        self.elsewhere = elsewhere
        self.regatta = regatta
        self.date = date
        self.races = races
        self.availability = availability
        self.answers = answers
    }

    /// Everyone `lineup` seats in one of these races who is not there when it starts (absent, not yet
    /// arrived, gone, or inactive), as the regatta's own check finds them.
    public func unavailable(in lineup: Lineup, roster: [PaddlerID: Paddler]) -> [RaceProblem] {
        day(lineup, roster: roster).availabilityConflicts().map { conflict in
            .notThere(
                regatta: regatta, race: races[conflict.race].name, start: races[conflict.race].start,
                name: roster[conflict.paddler]?.name ?? "paddler #\(conflict.paddler)", place: conflict.place,
                reason: conflict.reason)
        }
    }

    /// Those of `paddlers` who are not there when one of these races starts (absent, not yet arrived, gone,
    /// inactive, injured, answered out): seated, the regatta's own check would name them.
    public func away(_ paddlers: [PaddlerID], kind: BoatKind, roster: [PaddlerID: Paddler]) -> Set<PaddlerID> {
        let day = day(Lineup(kind: kind), roster: roster)
        return Set(paddlers.filter { id in day.races.indices.contains { day.absence(of: id, for: $0) != nil } })
    }

    /// The regatta as a boat of it sees it: these races only, all raced by `lineup`. Crew rules play no part.
    func day(_ lineup: Lineup, roster: [PaddlerID: Paddler]) -> Regatta {
        let rules = CrewRules(.open, kind: lineup.kind)
        var day = Regatta(
            name: regatta, date: date, minimumGapMinutes: minimumGapMinutes,
            races: races.map { Regatta.Race(name: $0.name, start: $0.start, boat: 0, rules: rules) },
            boats: [Regatta.Boat(name: "", lineup: lineup)], roster: roster, availability: availability,
            answers: answers)
        day.elsewhere = elsewhere
        return day
    }

    /// The crew rules broken in those of these races that race under other rules than `checked` (the
    /// rules a boat of `boatRules` was already checked against): a boat may race one race under rules its
    /// own check does not see.
    public func ruleBreaks(
        in lineup: Lineup, roster: [PaddlerID: Paddler], boatRules: RulesPreset, checked: CrewRules
    ) -> [RaceProblem] {
        races.flatMap { race -> [RaceProblem] in
            let rules = CrewRules(race.rules ?? boatRules, kind: lineup.kind)
            guard rules != checked else { return [] }
            return lineup.check(rules, roster: roster).filter { $0.severity == .violation }.map {
                .ruleBroken(regatta: regatta, race: race.name, start: race.start, rules: rules.name, finding: $0)
            }
        }
    }
}
