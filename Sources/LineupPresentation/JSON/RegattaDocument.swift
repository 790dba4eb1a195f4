import LineupCore

/// `regatta show --json`: the races with their crews and findings, each paddler's races with seat and rest,
/// the conflicts and the fairness figures.
public struct RegattaDocument: Encodable {
    public struct Seat: Encodable {
        public let seat: String
        public let paddler: String
    }

    public struct Race: Encodable {
        public let name: String
        /// `HH:MM`, the regatta's local time.
        public let time: String
        public let boat: String
        public let kind: String
        public let rules: String
        /// The drummer, the rows and the steerer, in chart order; empty seats left out.
        public let crew: [Seat]
        /// The boat's bench, only those there when the race starts, in bench order.
        public let bench: [String]
        public let violations: [String]
        public let warnings: [String]
        /// Lower-key than warnings, as `RulesDocument.notes`: a seat role or preferred row not followed, row
        /// seats left empty where the race's rules allow it.
        public let notes: [String]
    }

    public struct Entry: Encodable {
        public let race: String
        public let seat: String
        /// `drummer`, `steerer` or `paddler`.
        public let role: String
        public let restMinutes: Int?

        enum CodingKeys: String, CodingKey {
            case race, seat, role, restMinutes
        }

        // Spelled out so that the first race's rest is `null`, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(race, forKey: .race)
            try container.encode(seat, forKey: .seat)
            try container.encode(role, forKey: .role)
            try container.encode(restMinutes, forKey: .restMinutes)
        }
    }

    public struct Paddler: Encodable {
        public let name: String
        public let races: Int
        /// `all day`, `absent`, `from 10:00`, `until 14:00`, `10:00 to 14:00`, `inactive`.
        public let availability: String
        public let entries: [Entry]
    }

    public struct Conflict: Encodable {
        public let paddler: String
        public let firstRace: String
        public let secondRace: String
        public let firstSeat: String
        public let secondSeat: String
        public let gapMinutes: Int
        public let message: String
    }

    public struct Unavailable: Encodable {
        public let paddler: String
        public let race: String
        public let seat: String
        public let reason: String
        public let message: String
    }

    public struct FairnessFigures: Encodable {
        public let minimum: Int
        public let median: Double
        public let maximum: Int
        public let available: Int
        public let sittingOut: [String]

        /// The figures of `figures`, with paddlers named by `name`.
        init(_ figures: Fairness, name: (PaddlerID) -> String) {
            minimum = figures.minimum
            median = figures.median
            maximum = figures.maximum
            available = figures.availableCount
            sittingOut = figures.sittingOut.map(name)
        }
    }

    public let regatta: String
    public let date: String
    public let minimumGapMinutes: Int
    public let races: [Race]
    public let paddlers: [Paddler]
    public let conflicts: [Conflict]
    public let unavailable: [Unavailable]
    public let fairness: FairnessFigures

    public init(_ state: RegattaState) {
        let regatta = state.regatta
        func name(_ id: PaddlerID) -> String { regatta.roster[id]?.name ?? "paddler #\(id)" }
        self.regatta = regatta.name
        date = regatta.date
        minimumGapMinutes = regatta.minimumGapMinutes
        races = regatta.races.indices.map { index in
            let race = regatta.races[index]
            let boat = state.boats[race.boat]
            let findings = RuleFinding.forRaceDay(regatta.ruleFindings(of: index))
            return Race(
                name: race.name, time: race.start.description, boat: boat.name, kind: boat.kind.rawValue,
                rules: race.rules.name,
                crew: regatta.crew(of: index).map { Seat(seat: $0.place.description, paddler: name($0.paddler)) },
                bench: regatta.availableBench(of: index).map(name),
                violations: findings.filter { $0.severity == .violation }.map(\.message),
                warnings: regatta.availabilityConflicts(involving: [index]).map { regatta.describe($0) }
                    + findings.filter { $0.severity == .warning }.map(\.message),
                notes: findings.filter { $0.severity == .note }.map(\.message))
        }
        paddlers = regatta.participation().map { person in
            let active = regatta.roster[person.paddler]?.isActive ?? false
            return Paddler(
                name: name(person.paddler), races: person.raceCount,
                availability: active ? regatta.availability(of: person.paddler).description : "inactive",
                entries: person.entries.map { entry in
                    Entry(
                        race: regatta.races[entry.race].name, seat: entry.place.description,
                        role: entry.place == .drummer ? "drummer" : entry.place == .steerer ? "steerer" : "paddler",
                        restMinutes: entry.restMinutes)
                })
        }
        conflicts = regatta.restConflicts().map { conflict in
            Conflict(
                paddler: name(conflict.paddler), firstRace: regatta.races[conflict.first].name,
                secondRace: regatta.races[conflict.second].name, firstSeat: conflict.firstPlace.description,
                secondSeat: conflict.secondPlace.description, gapMinutes: conflict.gapMinutes,
                message: regatta.describe(conflict))
        }
        unavailable = regatta.availabilityConflicts().map { conflict in
            Unavailable(
                paddler: name(conflict.paddler), race: regatta.races[conflict.race].name,
                seat: conflict.place.description, reason: RegattaWords.reason(conflict.reason),
                message: regatta.describe(conflict))
        }
        fairness = FairnessFigures(regatta.fairness(), name: name)
    }
}
