/// Where each place sits relative to the boat's balance point, and what the equipment weighs: the
/// figures behind the moment-based balance. Every figure can be changed per database
/// (`lineup config balance`); the defaults and their reasoning are in docs/reference.md (Balance).
public struct BalanceModel: Hashable, Sendable {
    /// Distance from one row to the next, in metres.
    public var rowSpacingM: Double
    /// How far in front of row 1 the drummer sits, in row spacings.
    public var drummerOffsetRows: Double
    /// How far behind the last row the steerer stands, in row spacings.
    public var steererOffsetRows: Double
    /// Distance from the centre line to a paddler in the middle rows, in metres.
    public var middleHalfWidthM: Double
    /// The same in the first and last rows, where the hull is narrower.
    public var endHalfWidthM: Double
    /// The drum, at the drummer's place.
    public var drumKg: Double
    /// The steering oar, at the steerer's place.
    public var steeringOarKg: Double

    /// The default figures for a boat of `kind` (docs/reference.md says where each comes from): IDBF's standard
    /// boat spaces its rows 0.80 m apart and its small boat 0.875 m; the rest are estimates.
    public static func defaults(for kind: BoatKind) -> BalanceModel {
        BalanceModel(
            rowSpacingM: kind == .standard ? 0.8 : 0.875, drummerOffsetRows: 1.0, steererOffsetRows: 1.5,
            middleHalfWidthM: 0.5, endHalfWidthM: 0.38, drumKg: 14, steeringOarKg: 7)
    }

    public init(
        rowSpacingM: Double, drummerOffsetRows: Double, steererOffsetRows: Double, middleHalfWidthM: Double,
        endHalfWidthM: Double, drumKg: Double, steeringOarKg: Double
    ) {
        self.rowSpacingM = rowSpacingM
        self.drummerOffsetRows = drummerOffsetRows
        self.steererOffsetRows = steererOffsetRows
        self.middleHalfWidthM = middleHalfWidthM
        self.endHalfWidthM = endHalfWidthM
        self.drumKg = drumKg
        self.steeringOarKg = steeringOarKg
    }

    /// Distance of `place` in front of the boat's midpoint, in metres (negative behind it). Rows are
    /// spaced evenly around the midpoint; the drummer and steerer sit beyond the end rows. The bench is
    /// not in the boat: 0.
    public func longitudinalArm(_ place: Place, kind: BoatKind) -> Double {
        let halfSpan = Double(kind.rowCount - 1) / 2
        switch place {
        case .drummer: return (halfSpan + drummerOffsetRows) * rowSpacingM
        case .steerer: return -(halfSpan + steererOffsetRows) * rowSpacingM
        case .left(let row), .right(let row): return (halfSpan - Double(row - 1)) * rowSpacingM
        case .bench: return 0
        }
    }

    /// Distance of `place` to the right of the centre line, in metres (negative on the left): the
    /// middle half-width, narrowing along a parabola to the end half-width at the first and last rows.
    /// Drummer, steerer and bench: 0.
    public func lateralArm(_ place: Place, kind: BoatKind) -> Double {
        switch place {
        case .left(let row): return -halfWidth(row: row, kind: kind)
        case .right(let row): return halfWidth(row: row, kind: kind)
        default: return 0
        }
    }

    func halfWidth(row: Int, kind: BoatKind) -> Double {
        let halfSpan = Double(kind.rowCount - 1) / 2
        guard halfSpan > 0 else { return middleHalfWidthM }
        let fromMiddle = (halfSpan - Double(row - 1)) / halfSpan
        return endHalfWidthM + (middleHalfWidthM - endHalfWidthM) * (1 - fromMiddle * fromMiddle)
    }

    /// Why the figures cannot be used together, if they cannot: the hull must not widen towards its ends
    /// (end half-width at most the middle one). The list's words rest on it: the sums count every seat
    /// alike, and only a hull that narrows at the end rows makes "the sums lean the other way" the reason
    /// the why-line gives; a wider end would let the moments lean one way and the sums the other with no
    /// true reason to give.
    public var inconsistency: String? {
        guard endHalfWidthM > middleHalfWidthM else { return nil }
        return "\(BalanceSetting.endHalfWidthM.rawValue) (\(DecimalNumber.text(endHalfWidthM))) is more than "
            + "\(BalanceSetting.middleHalfWidthM.rawValue) (\(DecimalNumber.text(middleHalfWidthM))), but a hull "
            + "narrows towards its ends: the end rows' half-width must be at most the middle rows'"
    }

    /// The lever arm of the first row, the yardstick for "like N kg extra in row 1".
    public func endRowArm(kind: BoatKind) -> Double { longitudinalArm(.left(row: 1), kind: kind) }
}

/// The boat's trim and list as moments about its midpoint and centre line, in kilogram-metres.
public struct BalanceMoments: Equatable, Sendable {
    /// Positive when the bow is heavier.
    public var trimKgM: Double
    /// Positive when the right side is heavier.
    public var listKgM: Double
    /// Occupied seats whose paddler has no known weight (counted as 0), in chart order.
    public var unknownWeights: [Place]

    /// The trim as the extra kilograms in row 1 (or, negative, in the last row) that would cause it.
    public func trimAsEndRowKg(_ model: BalanceModel, kind: BoatKind) -> Double {
        trimKgM / model.endRowArm(kind: kind)
    }

    /// The list as the extra kilograms on the right of a middle row (negative: the left) that would cause it.
    public func listAsMiddleSeatKg(_ model: BalanceModel) -> Double { listKgM / model.middleHalfWidthM }

    /// How far from level, as one figure in kilograms: the two equivalents above combined
    /// (root of the sum of squares). The optimizer makes this as small as it can.
    public func imbalanceKg(_ model: BalanceModel, kind: BoatKind) -> Double {
        let trim = trimAsEndRowKg(model, kind: kind)
        let list = listAsMiddleSeatKg(model)
        return (trim * trim + list * list).squareRoot()
    }
}

extension Lineup {
    /// The moments of the seated crew and the equipment under `model`.
    public func balanceMoments(weights: [PaddlerID: Double], model: BalanceModel) -> BalanceMoments {
        var moments = BalanceMoments(
            trimKgM: model.drumKg * model.longitudinalArm(.drummer, kind: kind)
                + model.steeringOarKg * model.longitudinalArm(.steerer, kind: kind),
            listKgM: 0, unknownWeights: [])
        for seat in Place.seats(of: kind) {
            guard let paddler = self[seat] else { continue }
            guard let weight = weights[paddler] else {
                moments.unknownWeights.append(seat)
                continue
            }
            moments.trimKgM += weight * model.longitudinalArm(seat, kind: kind)
            moments.listKgM += weight * model.lateralArm(seat, kind: kind)
        }
        return moments
    }
}

/// One figure of the balance model, by the name `lineup config balance` uses for it.
public enum BalanceSetting: String, CaseIterable, Sendable {
    case rowSpacingM = "row-spacing-m"
    case drummerOffsetRows = "drummer-offset-rows"
    case steererOffsetRows = "steerer-offset-rows"
    case middleHalfWidthM = "middle-half-width-m"
    case endHalfWidthM = "end-half-width-m"
    case drumKg = "drum-kg"
    case steeringOarKg = "steering-oar-kg"

    /// The figure in the model.
    public var keyPath: WritableKeyPath<BalanceModel, Double> {
        switch self {
        case .rowSpacingM: \.rowSpacingM
        case .drummerOffsetRows: \.drummerOffsetRows
        case .steererOffsetRows: \.steererOffsetRows
        case .middleHalfWidthM: \.middleHalfWidthM
        case .endHalfWidthM: \.endHalfWidthM
        case .drumKg: \.drumKg
        case .steeringOarKg: \.steeringOarKg
        }
    }

    /// The values that make sense for it.
    public var range: ClosedRange<Double> {
        switch self {
        case .rowSpacingM: 0.3...2
        case .drummerOffsetRows, .steererOffsetRows: 0...5
        case .middleHalfWidthM, .endHalfWidthM: 0.1...1.5
        case .drumKg, .steeringOarKg: 0...50
        }
    }

    /// What it means, for help and `config balance` output.
    public var meaning: String {
        switch self {
        case .rowSpacingM: "metres from one row to the next"
        case .drummerOffsetRows: "row spacings from row 1 forward to the drummer"
        case .steererOffsetRows: "row spacings from the last row back to the steerer"
        case .middleHalfWidthM: "metres from the centre line to a paddler in the middle rows"
        case .endHalfWidthM: "the same in the first and last rows"
        case .drumKg: "kilograms of the drum, at the bow"
        case .steeringOarKg: "kilograms of the steering oar, at the stern"
        }
    }
}
