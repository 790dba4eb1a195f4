import LineupCore

/// Everything a drawn chart of one boat shows, from the same figures as `show`: the seats and the bench
/// with names, weights, locks and warning marks, the balance verdict per axis with its gauge, and the crew
/// rules' findings. The SVG, HTML and text renderers draw this; none computes a figure of its own.
public struct ChartContent: Sendable {
    /// One place of the chart.
    public struct Seat: Sendable {
        public var place: Place
        /// The paddler's full name; nil for an empty seat.
        public var name: String?
        /// `61.5 kg`; nil when empty, unknown or hidden.
        public var weight: String?
        /// True when the paddler's weight is unknown (marked even when weights are hidden).
        public var weightUnknown: Bool
        public var locked: Bool
        /// Notes of the findings about this seat, naming nobody: `paddles on the left`.
        public var marks: [(note: String, severity: RuleFinding.Severity)]

        /// The seat's classes in both charts' markup: `seat`, then `empty`, `locked`, and `violation` or
        /// `warning` by its worst mark.
        var markupClasses: String {
            var classes = ["seat"]
            if name == nil { classes.append("empty") }
            if locked { classes.append("locked") }
            if marks.contains(where: { $0.severity == .violation }) {
                classes.append("violation")
            } else if !marks.isEmpty {
                classes.append("warning")
            }
            return classes.joined(separator: " ")
        }
    }

    /// The verdict on one axis, in the words of `show`.
    public struct Axis: Sendable {
        /// `Front/back`, `Left/right`.
        public var title: String
        public var headline: String
        /// `sums front 822 kg, back 811.5 kg; trim -53.8 kg·m`; nil when weights are hidden (totals and
        /// moments would give them away).
        public var detail: String?
        public var whySumsDiffer: String?
        public var verdict: AxisVerdict
        /// The gauge's words at each end: bow and stern, left and right.
        public var ends: (String, String)
        /// False when weights are hidden: the gauge then shows the verdict alone, never a figure.
        public var showsFigures: Bool = true

        /// Where the gauge's dot sits, from -1 (the first end, bow or left) to 1 (the second), full scale 20 kg.
        /// With weights hidden, only the verdict places it (level in the middle, slightly or heavy a fixed way
        /// towards the heavier end), so that no dot's place, read before and after a change, tells a weight.
        public var gaugePosition: Double {
            let towardsSecond = verdict.axis == .frontBack ? -verdict.equivalentKg : verdict.equivalentKg
            guard showsFigures else {
                let side: Double = towardsSecond > 0 ? 1 : towardsSecond < 0 ? -1 : 0
                switch verdict.level {
                case .level: return 0
                case .slightly: return side * 0.4
                case .heavy: return side * 0.85
                }
            }
            return max(-1, min(1, towardsSecond / 20))
        }
    }

    /// A finding as a chart lists it: seat findings by seat reference, not by name, so that each name
    /// appears once, in its seat.
    public struct Finding: Sendable {
        public var severity: RuleFinding.Severity
        public var text: String
    }

    public var boatName: String
    public var kind: BoatKind
    public var rulesName: String
    /// The date the chart is for, as the front end gives it: `2026-11-22`.
    public var date: String
    public var seats: [Seat]
    public var bench: [Seat]
    public var axes: [Axis]
    public var findings: [Finding]
    public var showsWeights: Bool

    /// The chart of `state`, weights in `format` (hidden when `showsWeights` is false: for sheets posted in
    /// public), dated `date`, with what the boat's own rules find; with `rules` and `findings`, what those
    /// rules found instead (a race's crew sheet, under the race's rules).
    public init(
        state: BoatState, format: WeightFormat = .kilograms, showsWeights: Bool = true, date: String,
        rules: CrewRules? = nil, findings: [RuleFinding]? = nil
    ) {
        boatName = state.boat.name
        kind = state.boat.kind
        rulesName = (rules ?? state.rules).name
        self.date = date
        self.showsWeights = showsWeights
        let findings = findings ?? state.findings
        func seat(_ place: Place) -> Seat {
            let paddler = state.paddler(at: place)
            var marks = findings.filter { $0.places.contains(place) && $0.seatNote != nil }.map {
                (note: $0.seatNote ?? "", severity: $0.severity)
            }
            // Seated ones are among the findings; on the bench an inactive paddler is marked too.
            if !place.isSeat, paddler?.isActive == false { marks.append((note: "inactive", severity: .warning)) }
            return Seat(
                place: place, name: paddler?.name,
                weight: showsWeights ? paddler?.weightKg.map(format.text) : nil,
                weightUnknown: paddler != nil && paddler?.weightKg == nil, locked: state.lineup.isLocked(place),
                marks: marks)
        }
        seats = Place.seats(of: state.boat.kind).map(seat)
        bench = state.lineup.bench.indices.map { seat(.bench(position: $0 + 1)) }
        let verdict = state.verdict(format)
        axes = verdict.axes.map { axis in
            Axis(
                title: axis.axis == .frontBack ? "Front/back" : "Left/right",
                headline: showsWeights ? BalanceWords.headline(axis, format: format) : BalanceWords.direction(axis),
                detail: showsWeights ? BalanceWords.sums(axis, format: format) + "; " + BalanceWords.moment(axis) : nil,
                whySumsDiffer: showsWeights ? BalanceWords.whyTheyDiffer(axis, format: format) : nil, verdict: axis,
                ends: axis.axis == .frontBack ? ("bow", "stern") : ("left", "right"), showsFigures: showsWeights)
        }
        self.findings = findings.map { finding in
            guard let note = finding.seatNote, !finding.places.isEmpty else {
                return Finding(severity: finding.severity, text: finding.message)
            }
            let seats = finding.places.map(\.description).joined(separator: ", ")
            return Finding(severity: finding.severity, text: "\(seats): \(note)")
        }
    }

    /// `Rules (open): all kept, 1 warning`.
    public var rulesHeadline: String {
        let broken = findings.filter { $0.severity == .violation }.count
        let warnings = findings.filter { $0.severity == .warning }.count
        var parts = [broken > 0 ? "\(broken) broken" : "all kept"]
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return "Rules (\(rulesName)): " + parts.joined(separator: ", ")
    }

    /// `standard boat · 10 rows · open rules · 2026-11-22`.
    public var subtitle: String {
        "\(kind.rawValue) boat · \(kind.rowCount) rows · \(rulesName) rules · \(date)"
    }
}
