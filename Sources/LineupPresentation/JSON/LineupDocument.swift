import LineupCore

/// `show --json` and `export --format json`: one boat's lineup, balance and crew-rule findings, and what keeps
/// the crew from racing in the boat's races (as `show` and `check` list them).
public struct LineupDocument: Encodable, Sendable {
    /// One place of the chart.
    public struct Seat: Encodable, Sendable {
        public let seat: String
        public let paddler: String?
        public let weightKg: Double?
        public let locked: Bool

        enum CodingKeys: String, CodingKey {
            case seat, paddler, weightKg, locked
        }

        // Spelled out so that an empty seat or an unknown weight is `null`, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seat, forKey: .seat)
            try container.encode(paddler, forKey: .paddler)
            try container.encode(weightKg, forKey: .weightKg)
            try container.encode(locked, forKey: .locked)
        }
    }

    public let boat: String
    public let kind: String
    public let seats: [Seat]
    public let balance: BalanceDocument
    public let moments: MomentsDocument
    public let verdict: VerdictDocument
    public let rules: RulesDocument
    /// The rules of a race that races under its own broken, and everyone seated in a race of the boat who is
    /// not there then (`BoatState.problemsInRaces`), in `show`'s words; `check` fails on each.
    public let raceProblems: [String]

    public init(_ state: BoatState) {
        boat = state.boat.name
        kind = state.boat.kind.rawValue
        seats = state.lineup.allPlaces.map { place, _ in
            let paddler = state.paddler(at: place)
            return Seat(
                seat: place.description, paddler: paddler?.name, weightKg: JSONCoding.rounded(paddler?.weightKg),
                locked: state.lineup.isLocked(place))
        }
        balance = BalanceDocument(state)
        moments = MomentsDocument(state)
        verdict = VerdictDocument(state.verdict())
        rules = RulesDocument(rules: state.rules, findings: state.findings)
        raceProblems = state.problemsInRaces().map(RegattaWords.problem)
    }
}

/// The plain sums of a lineup, in kilograms, and the seats whose weight is unknown (counted as 0).
public struct BalanceDocument: Encodable, Sendable {
    public let leftKg: Double
    public let rightKg: Double
    public let frontKg: Double
    public let backKg: Double
    public let unknownWeightSeats: [String]

    public init(_ state: BoatState) {
        let sums = state.balance
        leftKg = JSONCoding.rounded(sums.leftKg)
        rightKg = JSONCoding.rounded(sums.rightKg)
        frontKg = JSONCoding.rounded(sums.frontKg)
        backKg = JSONCoding.rounded(sums.backKg)
        unknownWeightSeats = sums.unknownWeights.map(\.description)
    }
}

/// Trim (bow-heavy positive) and list (right-heavy positive) in kilogram-metres.
public struct MomentsDocument: Encodable, Sendable {
    public let trim: Double
    public let list: Double

    public init(_ state: BoatState) {
        trim = JSONCoding.rounded(state.moments.trimKgM)
        list = JSONCoding.rounded(state.moments.listKgM)
    }
}

/// The headline verdict per axis, in the words `show` prints.
public struct VerdictDocument: Encodable, Sendable {
    public struct Axis: Encodable, Sendable {
        /// `level`, `slightly` or `heavy`.
        public let level: String
        /// `bow`, `stern`, `left`, `right`; null when level.
        public let heavier: String?
        /// The moment as kilograms at the yardstick seat (row 1, or the right of a middle row; negative:
        /// the last row, the left).
        public let equivalentKg: Double
        public let headline: String
        /// Why the sums lean another way, when they do; null otherwise.
        public let whySumsDiffer: String?

        enum CodingKeys: String, CodingKey {
            case level, heavier, equivalentKg, headline, whySumsDiffer
        }

        init(_ verdict: AxisVerdict) {
            level =
                switch verdict.level {
                case .level: "level"
                case .slightly: "slightly"
                case .heavy: "heavy"
                }
            heavier = verdict.heavierEnd?.rawValue
            equivalentKg = JSONCoding.rounded(verdict.equivalentKg)
            headline = BalanceWords.headline(verdict)
            whySumsDiffer = BalanceWords.whyTheyDiffer(verdict)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(level, forKey: .level)
            try container.encode(heavier, forKey: .heavier)
            try container.encode(equivalentKg, forKey: .equivalentKg)
            try container.encode(headline, forKey: .headline)
            try container.encode(whySumsDiffer, forKey: .whySumsDiffer)
        }
    }

    public let frontBack: Axis
    public let leftRight: Axis

    public init(_ verdict: BalanceVerdict) {
        frontBack = Axis(verdict.trim)
        leftRight = Axis(verdict.list)
    }
}

/// The crew rules in force and what they find.
public struct RulesDocument: Encodable, Sendable {
    public let preset: String
    public let violations: [String]
    public let warnings: [String]

    public init(rules: CrewRules, findings: [RuleFinding]) {
        preset = rules.name
        violations = findings.filter { $0.severity == .violation }.map(\.message)
        warnings = findings.filter { $0.severity == .warning }.map(\.message)
    }
}
