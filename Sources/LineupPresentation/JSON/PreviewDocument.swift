import LineupCore

/// A lineup as it would be if a drag were dropped where it stands (or the boat as it is, with no drag): the
/// balance in the shapes of `show --json` with the verdict worded in the club's unit, and the crew rules'
/// findings with the seats they concern, split into what the drag would add and what it would clear. Nothing
/// is written; a page asks for it at each exchange event. With `showsWeights` false it carries no weight (as
/// `LineupDocument` without weights): no sums, moments or figures, each axis's words its direction only.
public struct PreviewDocument: Encodable {
    /// A crew-rule finding with the seats it concerns.
    public struct Finding: Encodable, Equatable {
        /// `violation` or `warning`.
        public let severity: String
        public let message: String
        public let seats: [String]
        /// What it says about each of those seats without naming anyone: `paddles on the left`; null for none.
        public let seatNote: String?

        enum CodingKeys: String, CodingKey {
            case severity, message, seats, seatNote
        }

        init(_ finding: RuleFinding) {
            severity = finding.severity.rawValue
            message = finding.message
            seats = finding.places.map(\.description)
            seatNote = finding.seatNote
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(severity, forKey: .severity)
            try container.encode(message, forKey: .message)
            try container.encode(seats, forKey: .seats)
            try container.encode(seatNote, forKey: .seatNote)
        }
    }

    /// One axis of the verdict in the words `show` prints, in the club's unit.
    public struct AxisWords: Encodable {
        /// `Front/back`, `Left/right`.
        public let title: String
        public let headline: String
        /// `sums front 822 kg, back 811.5 kg`; nil (left out) when weights are hidden, as are `moment` and
        /// `equivalentKg`.
        public let sums: String?
        /// `trim -53.8 kg·m`.
        public let moment: String?
        public let whySumsDiffer: String?
        /// `level`, `slightly` or `heavy`.
        public let level: String
        public let equivalentKg: Double?

        enum CodingKeys: String, CodingKey {
            case title, headline, sums, moment, whySumsDiffer, level, equivalentKg
        }

        init(_ verdict: AxisVerdict, format: WeightFormat, showsWeights: Bool) {
            title = verdict.axis == .frontBack ? "Front/back" : "Left/right"
            headline = showsWeights ? BalanceWords.headline(verdict, format: format) : BalanceWords.direction(verdict)
            sums = showsWeights ? BalanceWords.sums(verdict, format: format) : nil
            moment = showsWeights ? BalanceWords.moment(verdict) : nil
            whySumsDiffer = showsWeights ? BalanceWords.whyTheyDiffer(verdict, format: format) : nil
            level =
                switch verdict.level {
                case .level: "level"
                case .slightly: "slightly"
                case .heavy: "heavy"
                }
            equivalentKg = showsWeights ? JSONCoding.rounded(verdict.equivalentKg) : nil
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(headline, forKey: .headline)
            try container.encodeIfPresent(sums, forKey: .sums)
            try container.encodeIfPresent(moment, forKey: .moment)
            try container.encode(whySumsDiffer, forKey: .whySumsDiffer)
            try container.encode(level, forKey: .level)
            try container.encodeIfPresent(equivalentKg, forKey: .equivalentKg)
        }
    }

    /// Nil (left out) when weights are hidden, as are `moments`.
    public let balance: BalanceDocument?
    public let moments: MomentsDocument?
    public let verdict: VerdictDocument
    /// Front/back, then left/right, worded in the club's unit.
    public let words: [AxisWords]
    /// Seats with a paddler of unknown weight (counted as 0).
    public let unknownWeightSeats: [String]
    public let rules: String
    /// Everything the crew rules find in the lineup as it would be.
    public let findings: [Finding]
    /// Findings the drop would add, and those it would clear (both empty without a drag).
    public let adds: [Finding]
    public let clears: [Finding]
    /// Everything in the boat's races that keeps the crew from racing as it would be: the rules of a race
    /// that races under its own, and everyone seated in a race they are not there for, in `show`'s words
    /// (`BoatState.problemsInRaces`), so that the page never says "all kept" while a race is broken.
    public let raceProblems: [String]
    /// True when weights are hidden; nil (left out) when they are shown.
    public let weightsHidden: Bool?

    /// The preview of `after`, a lineup of `state`'s boat (the boat as it is when they are the same); with
    /// `showsWeights` false, without any weight.
    public init(state: BoatState, after lineup: Lineup, format: WeightFormat, showsWeights: Bool = true) {
        var after = state
        after.lineup = lineup
        balance = showsWeights ? BalanceDocument(after) : nil
        moments = showsWeights ? MomentsDocument(after) : nil
        let verdict = after.verdict(format)
        self.verdict = VerdictDocument(after.verdict(), showsWeights: showsWeights)
        words = verdict.axes.map { AxisWords($0, format: format, showsWeights: showsWeights) }
        weightsHidden = showsWeights ? nil : true
        unknownWeightSeats = after.balance.unknownWeights.map(\.description)
        rules = state.rules.name
        let before = state.findings
        let found = after.findings
        findings = found.map(Finding.init)
        adds = found.filter { !before.contains($0) }.map(Finding.init)
        clears = before.filter { !found.contains($0) }.map(Finding.init)
        raceProblems = after.problemsInRaces().map(RegattaWords.problem)
    }
}
