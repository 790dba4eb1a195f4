/// A regatta as listed.
public struct RegattaInfo: Hashable, Sendable {
    public var id: Int64
    public var name: String
    /// `YYYY-MM-DD`.
    public var date: String
    public var minimumGapMinutes: Int
    public var raceCount: Int

    public init(id: Int64, name: String, date: String, minimumGapMinutes: Int, raceCount: Int) {
        self.id = id
        self.name = name
        self.date = date
        self.minimumGapMinutes = minimumGapMinutes
        self.raceCount = raceCount
    }
}

/// A race as listed: when, in which boat, under which rules.
public struct RaceInfo: Hashable, Sendable {
    public var id: Int64
    public var name: String
    /// The name of its regatta.
    public var regatta: String
    public var start: TimeOfDay
    public var boat: Boat
    /// The race's own preset; nil when it races under its boat's rules.
    public var ownRules: RulesPreset?
    /// The race whose crew this race's boat carries on (`race add --copy-from`); nil when none is stored.
    public var carriesCrewOf: String?

    public init(
        id: Int64, name: String, regatta: String, start: TimeOfDay, boat: Boat, ownRules: RulesPreset?,
        carriesCrewOf: String? = nil
    ) {
        self.id = id
        self.name = name
        self.regatta = regatta
        self.start = start
        self.boat = boat
        self.ownRules = ownRules
        self.carriesCrewOf = carriesCrewOf
    }

    /// The preset in force: the race's own, else its boat's.
    public var rules: RulesPreset { ownRules ?? boat.rules }
}

/// How `addRace` gets the race's boat.
public enum RaceBoatSource: Hashable, Sendable {
    /// Race in an existing boat, sharing its lineup with any other race in it.
    case existing(BoatChoice)
    /// A new boat, a copy of the boat of this race of the same regatta.
    case copyOf(race: String)
    /// A new boat of this kind, with the active roster on its bench.
    case new(BoatKind)
}

/// Everything a regatta command reads: the regatta, its races, the boats they use, and the core model.
public struct RegattaState: Sendable {
    public var info: RegattaInfo
    /// The races in time order, as in `regatta.races`.
    public var races: [RaceInfo]
    /// The boats the races use, as in `regatta.boats`.
    public var boats: [Boat]
    public var regatta: Regatta
    public var weightUnit: WeightUnit

    public init(info: RegattaInfo, races: [RaceInfo], boats: [Boat], regatta: Regatta, weightUnit: WeightUnit) {
        self.info = info
        self.races = races
        self.boats = boats
        self.regatta = regatta
        self.weightUnit = weightUnit
    }

    /// The boat state of `regatta.boats[index]`.
    public func boatState(_ index: Int) -> BoatState {
        BoatState(
            boat: boats[index], lineup: regatta.boats[index].lineup, roster: regatta.roster,
            balanceModel: regatta.boats[index].balanceModel, weightUnit: weightUnit)
    }
}

/// What importing an availability file did.
public struct AvailabilityReport: Sendable {
    public var set: [(name: String, availability: Availability)] = []

    public init(set: [(name: String, availability: Availability)] = []) {
        self.set = set
    }
}

/// A race of some regatta that a boat races in.
public struct BoatRace: Hashable, Sendable {
    public var regatta: String
    public var race: String
    public var start: TimeOfDay

    public init(regatta: String, race: String, start: TimeOfDay) {
        self.regatta = regatta
        self.race = race
        self.start = start
    }
}
