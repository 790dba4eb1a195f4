import LineupCore

/// `show --json` and `export --format json`: one boat's lineup, balance and crew-rule findings, and what keeps
/// the crew from racing in the boat's races (as `show` and `check` list them).
///
/// Made with `showsWeights` false (for a server's viewer when the club hides weights, as a share link made
/// without `--weights` does), it carries no figure from which one paddler's weight could be read: no seat's
/// weight, no sums, no moments, and the verdict as its direction in words only; `weightsHidden` says so.
public struct LineupDocument: Encodable, Sendable {
    /// One place of the chart.
    public struct Seat: Encodable, Sendable {
        public let seat: String
        public let paddler: String?
        public let weightKg: Double?
        public let locked: Bool
        /// False when the weight is hidden: the key is then left out (null says the weight is unknown).
        let showsWeight: Bool

        enum CodingKeys: String, CodingKey {
            case seat, paddler, weightKg, locked
        }

        // Spelled out so that an empty seat or an unknown weight is `null`, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seat, forKey: .seat)
            try container.encode(paddler, forKey: .paddler)
            if showsWeight { try container.encode(weightKg, forKey: .weightKg) }
            try container.encode(locked, forKey: .locked)
        }
    }

    public let boat: String
    public let kind: String
    public let seats: [Seat]
    /// The plain sums and the moments: nil (left out) when weights are hidden.
    public let balance: BalanceDocument?
    public let moments: MomentsDocument?
    public let verdict: VerdictDocument
    public let rules: RulesDocument
    /// The rules of a race that races under its own broken, and everyone seated in a race of the boat who is
    /// not there then (`BoatState.problemsInRaces`), in `show`'s words; `check` fails on each.
    public let raceProblems: [String]
    /// True when weights are hidden; nil (left out) when they are shown, so `show --json` is as it was.
    public let weightsHidden: Bool?

    /// The document of `state`; with `showsWeights` false, without any weight (above).
    public init(_ state: BoatState, showsWeights: Bool = true) {
        boat = state.boat.name
        kind = state.boat.kind.rawValue
        seats = state.lineup.allPlaces.map { place, _ in
            let paddler = state.paddler(at: place)
            return Seat(
                seat: place.description, paddler: paddler?.name,
                weightKg: showsWeights ? JSONCoding.rounded(paddler?.weightKg) : nil,
                locked: state.lineup.isLocked(place), showsWeight: showsWeights)
        }
        balance = showsWeights ? BalanceDocument(state) : nil
        moments = showsWeights ? MomentsDocument(state) : nil
        verdict = VerdictDocument(state.verdict(), showsWeights: showsWeights)
        rules = RulesDocument(rules: state.rules, findings: state.findings)
        raceProblems = state.problemsInRaces().map(RegattaWords.problem)
        weightsHidden = showsWeights ? nil : true
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
        /// the last row, the left); nil (left out) when weights are hidden.
        public let equivalentKg: Double?
        /// `stern-heavy: like 15 kg extra in the last row`; only `stern-heavy` when weights are hidden.
        public let headline: String
        /// Why the sums lean another way, when they do; null otherwise, and when weights are hidden.
        public let whySumsDiffer: String?

        enum CodingKeys: String, CodingKey {
            case level, heavier, equivalentKg, headline, whySumsDiffer
        }

        init(_ verdict: AxisVerdict, showsWeights: Bool) {
            level =
                switch verdict.level {
                case .level: "level"
                case .slightly: "slightly"
                case .heavy: "heavy"
                }
            heavier = verdict.heavierEnd?.rawValue
            // As a chart without weights words it (`ChartContent`): the direction, no figure.
            equivalentKg = showsWeights ? JSONCoding.rounded(verdict.equivalentKg) : nil
            headline = showsWeights ? BalanceWords.headline(verdict) : BalanceWords.direction(verdict)
            whySumsDiffer = showsWeights ? BalanceWords.whyTheyDiffer(verdict) : nil
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(level, forKey: .level)
            try container.encode(heavier, forKey: .heavier)
            try container.encodeIfPresent(equivalentKg, forKey: .equivalentKg)
            try container.encode(headline, forKey: .headline)
            try container.encode(whySumsDiffer, forKey: .whySumsDiffer)
        }
    }

    public let frontBack: Axis
    public let leftRight: Axis

    /// The verdict's words; with `showsWeights` false, its direction only.
    public init(_ verdict: BalanceVerdict, showsWeights: Bool = true) {
        frontBack = Axis(verdict.trim, showsWeights: showsWeights)
        leftRight = Axis(verdict.list, showsWeights: showsWeights)
    }
}

/// The crew rules in force and what they find.
public struct RulesDocument: Encodable, Sendable {
    public let preset: String
    public let violations: [String]
    public let warnings: [String]
    /// Lower-key than warnings: a preference the lineup does not follow, row seats left empty.
    public let notes: [String]

    public init(rules: CrewRules, findings: [RuleFinding]) {
        preset = rules.name
        violations = findings.filter { $0.severity == .violation }.map(\.message)
        warnings = findings.filter { $0.severity == .warning }.map(\.message)
        notes = findings.filter { $0.severity == .note }.map(\.message)
    }
}
