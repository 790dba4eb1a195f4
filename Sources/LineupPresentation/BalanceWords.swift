import LineupCore

/// The words of the balance verdict, the same in every front end: `show`, the commands that change a
/// lineup, `optimize`, `diff`, `check`, the editor and the charts.
public enum BalanceWords {
    /// `stern-heavy: like 59 kg extra in the last row`, `slightly right-heavy: …`, `level`.
    public static func headline(_ verdict: AxisVerdict, format: WeightFormat = .kilograms) -> String {
        let rough = figure(verdict, format: format)
        let like = "like \(rough) extra \(yardstick(verdict))"
        switch verdict.level {
        case .level:
            // The same rounding as the figure printed, so that it never reads "like 0 kg extra".
            return rough == format.rough(0) ? "level" : "level: \(like)"
        case .slightly:
            return "slightly \(verdict.heavierEnd?.heavy ?? ""): \(like)"
        case .heavy:
            return "\(verdict.heavierEnd?.heavy ?? ""): \(like)"
        }
    }

    /// The verdict's equivalent in whole units (`format.rough`), but to a tenth, rounded down, where the whole
    /// number would reach the top of the verdict's band: "slightly" is under 8 kg, so 7.6 kg reads `7.6 kg`,
    /// never `8 kg`.
    static func figure(_ verdict: AxisVerdict, format: WeightFormat) -> String {
        let kilograms = abs(verdict.equivalentKg)
        let top: Double? =
            switch verdict.level {
            case .level: AxisVerdict.levelBelowKg
            case .slightly: AxisVerdict.slightlyBelowKg
            case .heavy: nil
            }
        let whole = (kilograms / format.kilogramsPerUnit).rounded()
        guard let top, whole * format.kilogramsPerUnit >= top else { return format.rough(kilograms) }
        let tenth = (kilograms / format.kilogramsPerUnit * 10).rounded(.down) / 10
        return PaddlerRules.formatWeight(tenth) + " " + format.symbol
    }

    /// The verdict's word alone, without figures: `stern-heavy`, `slightly bow-heavy`, `level` (for sheets
    /// posted without weights).
    public static func direction(_ verdict: AxisVerdict) -> String {
        guard let end = verdict.heavierEnd else { return "level" }
        return (verdict.level == .slightly ? "slightly " : "") + end.heavy
    }

    /// A table cell: `stern-heavy, 59 kg`, `slightly bow-heavy, 5 kg`, `level`.
    public static func short(_ verdict: AxisVerdict, format: WeightFormat = .kilograms) -> String {
        guard let end = verdict.heavierEnd else { return "level" }
        let prefix = verdict.level == .slightly ? "slightly " : ""
        return "\(prefix)\(end.heavy), \(figure(verdict, format: format))"
    }

    /// Where the equivalent weight would sit: `in row 1`, `on the left of a middle row`.
    static func yardstick(_ verdict: AxisVerdict) -> String {
        switch verdict.axis {
        case .frontBack: verdict.equivalentKg >= 0 ? "in row 1" : "in the last row"
        case .leftRight: "on the \(verdict.equivalentKg >= 0 ? "right" : "left") of a middle row"
        }
    }

    /// `sums front 743 kg, back 811.5 kg`.
    public static func sums(_ verdict: AxisVerdict, format: WeightFormat = .kilograms) -> String {
        let (first, second) = verdict.axis == .frontBack ? ("front", "back") : ("left", "right")
        return "sums \(first) \(format.text(verdict.firstSumKg)), \(second) \(format.text(verdict.secondSumKg))"
    }

    /// `trim -238.3 kg·m`.
    public static func moment(_ verdict: AxisVerdict) -> String {
        "\(verdict.axis == .frontBack ? "trim" : "list") \(signed(verdict.momentKgM)) kg·m"
    }

    /// Why the sums lean another way than the headline, when they do; nil otherwise.
    public static func whyTheyDiffer(_ verdict: AxisVerdict, format: WeightFormat = .kilograms) -> String? {
        guard verdict.sumsDisagree, let sumsEnd = verdict.sumsHeavierEnd else { return nil }
        let lean = "the sums lean \(sumsEnd.rawValue) by \(format.text(verdict.sumsDifferenceKg))"
        switch verdict.axis {
        case .frontBack:
            return "\(lean): they count every row alike; the moments weigh the end rows, drum and oar more"
        case .leftRight:
            return "\(lean): they count every seat alike; the hull narrows at the end rows"
        }
    }

    /// The one-figure imbalance the optimizer makes small: `3.2 kg`.
    public static func imbalance(_ kilograms: Double, format: WeightFormat = .kilograms) -> String {
        format.text(kilograms)
    }

    /// A moment with its sign, one decimal: `+52.4`, `-3.1`, `0.0`.
    public static func signed(_ value: Double) -> String {
        // Beyond this, tenths no longer fit a whole number (and no boat's moment comes near it).
        guard value.isFinite, abs(value) < 1e15 else { return value > 0 ? "+" + String(value) : String(value) }
        let tenths = Int64((value * 10).rounded())
        let text = "\(abs(tenths) / 10).\(abs(tenths) % 10)"
        return tenths > 0 ? "+" + text : tenths < 0 ? "-" + text : text
    }

    /// The equivalent kilograms a gauge's end stands for.
    public static let gaugeFullScaleKg = 20.0

    /// A level gauge, `[····|····]` with `●` off the middle towards the heavier end: bow and left to the
    /// left, stern and right to the right; the ends stand for `fullScaleKg` equivalent kilograms or more.
    public static func gauge(_ verdict: AxisVerdict, halfWidth: Int = 5, fullScaleKg: Double = gaugeFullScaleKg)
        -> String
    {
        // Bow is drawn on the left of the trim gauge, so a bow-heavy (positive) trim points left.
        let towardsRight = verdict.axis == .frontBack ? -verdict.equivalentKg : verdict.equivalentKg
        let scaled = (towardsRight / fullScaleKg * Double(halfWidth)).rounded()
        let offset = scaled.isNaN ? 0 : Int(max(Double(-halfWidth), min(Double(halfWidth), scaled)))
        var slots = Array(repeating: "·", count: 2 * halfWidth + 1)
        slots[halfWidth] = "|"
        slots[halfWidth + offset] = "●"
        return "[" + slots.joined() + "]"
    }
}
