/// How level a boat sits: one verdict per axis, judged from the moments, with the plain sums beside it.
///
/// The moments are the truer figure (a seat counts by its lever arm, the drum and the oar included), so
/// they give the headline; the sums are what coaches read first, so they are kept, and when they lean the
/// other way the verdict says so rather than leaving two contradicting words side by side.
public struct BalanceVerdict: Hashable, Sendable {
    /// Front/back (trim) first, then left/right (list).
    public var trim: AxisVerdict
    public var list: AxisVerdict

    /// The verdict on `lineup` with `weights` under `model`.
    public init(lineup: Lineup, weights: [PaddlerID: Double], model: BalanceModel) {
        self.init(
            sums: lineup.balanceSums(weights: weights), moments: lineup.balanceMoments(weights: weights, model: model),
            model: model, kind: lineup.kind)
    }

    /// The verdict from figures already computed.
    public init(sums: BalanceSums, moments: BalanceMoments, model: BalanceModel, kind: BoatKind) {
        trim = AxisVerdict(
            axis: .frontBack, equivalentKg: moments.trimAsEndRowKg(model, kind: kind), momentKgM: moments.trimKgM,
            firstSumKg: sums.frontKg, secondSumKg: sums.backKg)
        list = AxisVerdict(
            axis: .leftRight, equivalentKg: moments.listAsMiddleSeatKg(model), momentKgM: moments.listKgM,
            firstSumKg: sums.leftKg, secondSumKg: sums.rightKg)
    }

    /// Both axes, front/back first.
    public var axes: [AxisVerdict] { [trim, list] }
}

/// The verdict on one axis.
public struct AxisVerdict: Hashable, Sendable {
    /// The two directions a boat can lean.
    public enum Axis: String, Hashable, Sendable {
        /// Trim: bow against stern.
        case frontBack = "front/back"
        /// List: left against right.
        case leftRight = "left/right"
    }

    /// Where the weight sits too much.
    public enum End: String, Hashable, Sendable {
        case bow, stern, left, right

        /// `bow-heavy`, `left-heavy`.
        public var heavy: String { rawValue + "-heavy" }
    }

    /// How far from level, in the equivalent kilograms at the yardstick seat.
    public enum Level: Hashable, Sendable, Comparable {
        /// Under `BalanceVerdict.levelBelowKg`.
        case level
        /// Under `BalanceVerdict.slightlyBelowKg`.
        case slightly
        /// Beyond: worth a change.
        case heavy
    }

    public var axis: Axis
    /// The moment as kilograms at the yardstick seat: row 1 (negative: the last row) for the trim, the right
    /// of a middle row (negative: the left) for the list.
    public var equivalentKg: Double
    /// The moment itself, in kilogram-metres (bow-heavy or right-heavy positive).
    public var momentKgM: Double
    /// The plain sums: front and back, or left and right.
    public var firstSumKg: Double
    public var secondSumKg: Double

    /// Below this many equivalent kilograms an axis is level.
    public static let levelBelowKg = 2.0
    /// Below this many it is slightly off; beyond, plainly heavy.
    public static let slightlyBelowKg = 8.0

    public init(axis: Axis, equivalentKg: Double, momentKgM: Double, firstSumKg: Double, secondSumKg: Double) {
        self.axis = axis
        self.equivalentKg = equivalentKg
        self.momentKgM = momentKgM
        self.firstSumKg = firstSumKg
        self.secondSumKg = secondSumKg
    }

    /// How far from level the moments put the boat.
    public var level: Level {
        let size = abs(equivalentKg)
        return size < Self.levelBelowKg ? .level : size < Self.slightlyBelowKg ? .slightly : .heavy
    }

    /// The heavier end by the moments; nil when level.
    public var heavierEnd: End? {
        level == .level ? nil : end(positive: equivalentKg > 0)
    }

    /// The heavier end by the plain sums; nil when they differ by less than the level threshold.
    public var sumsHeavierEnd: End? {
        let difference = axis == .frontBack ? firstSumKg - secondSumKg : secondSumKg - firstSumKg
        return abs(difference) < Self.levelBelowKg ? nil : end(positive: difference > 0)
    }

    /// The sums' difference, heavier minus lighter (never negative).
    public var sumsDifferenceKg: Double { abs(firstSumKg - secondSumKg) }

    /// True when the sums lean towards an end the moments do not: the case a coach must have explained.
    public var sumsDisagree: Bool { sumsHeavierEnd != nil && sumsHeavierEnd != heavierEnd }

    private func end(positive: Bool) -> End {
        switch axis {
        case .frontBack: positive ? .bow : .stern
        case .leftRight: positive ? .right : .left
        }
    }
}
