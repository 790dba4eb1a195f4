/// A boat's entry in one regatta: the races its lineup races there, and who is there when. Enough to say
/// who sits in one of those races without being there, in the words of the regatta's own check.
public struct RegattaEntry: Hashable, Sendable {
    /// One race of the entry.
    public struct Race: Hashable, Sendable {
        public var name: String
        public var start: TimeOfDay

        public init(name: String, start: TimeOfDay) {
            self.name = name
            self.start = start
        }
    }

    /// The regatta's name.
    public var regatta: String
    /// The races the boat races there, in time order.
    public var races: [Race]
    /// Availability set for the regatta; a paddler not listed is there all day.
    public var availability: [PaddlerID: Availability]

    public init(regatta: String, races: [Race], availability: [PaddlerID: Availability] = [:]) {
        self.regatta = regatta
        self.races = races
        self.availability = availability
    }

    /// Everyone `lineup` seats in one of these races who is not there when it starts (absent, not yet
    /// arrived, gone, or inactive), each as `Spring Cup: Bo Kay sits at L2 in Heat 1 (09:30) but arrives at
    /// 10:00`: the words of `Regatta.describe`, after the regatta's name.
    public func unavailable(in lineup: Lineup, roster: [PaddlerID: Paddler]) -> [String] {
        // The regatta as this boat sees it: its races only, all raced by this lineup. Crew rules play no part.
        let rules = CrewRules(.open, kind: lineup.kind)
        let day = Regatta(
            name: regatta, date: "",
            races: races.map { Regatta.Race(name: $0.name, start: $0.start, boat: 0, rules: rules) },
            boats: [Regatta.Boat(name: "", lineup: lineup)], roster: roster, availability: availability)
        return day.availabilityConflicts().map { "\(regatta): " + day.describe($0) }
    }
}
