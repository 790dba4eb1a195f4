import LineupCore

extension BalanceVerdict {
    /// The verdict every front end shows for `lineup`: the moments of the weights as recorded, the sums of
    /// the weights as `format` shows them (so that printed totals add up), as `BoatState.verdict` gives it.
    public init(lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, format: WeightFormat) {
        self.init(
            sums: lineup.balanceSums(weights: format.shownWeights(roster)),
            moments: lineup.balanceMoments(weights: roster.compactMapValues(\.weightKg), model: model),
            model: model, kind: lineup.kind)
    }
}

/// The balance verdict for a full-screen view where lines are scarce: per axis the words of `BalanceText`
/// (headline, sums with the moment, why they differ), with the axis's gauge in the place of the sums
/// line's indent. The gauge runs as the title above it reads: front (or left) on the left.
public struct BalancePanel {
    public var verdict: BalanceVerdict
    public var format: WeightFormat

    /// One axis: two lines, and why the sums lean another way when they do.
    public struct AxisLines: Hashable, Sendable {
        /// `Front/back  stern-heavy: like 59 kg extra in the last row`.
        public var headline: String
        /// `[····|··●·] sums front 743 kg, back 811.5 kg; trim -238.3 kg·m`.
        public var figures: String
        /// Why the sums lean another way, to be shown under the figures (indented by `titleColumns`);
        /// nil when they agree.
        public var why: String?
    }

    /// The title column: `Front/back  ` and the gauge both take this many columns.
    public static let titleColumns = 12

    public init(verdict: BalanceVerdict, format: WeightFormat = .kilograms) {
        self.verdict = verdict
        self.format = format
    }

    /// Front/back first, then left/right.
    public var axes: [AxisLines] {
        verdict.axes.map { axis in
            AxisLines(
                headline: TextLayout.pad(axis.axis == .frontBack ? "Front/back" : "Left/right", Self.titleColumns)
                    + BalanceWords.headline(axis, format: format),
                figures: TextLayout.pad(BalanceWords.gauge(axis, halfWidth: 4), Self.titleColumns)
                    + BalanceWords.sums(axis, format: format) + "; " + BalanceWords.moment(axis),
                why: BalanceWords.whyTheyDiffer(axis, format: format))
        }
    }
}
