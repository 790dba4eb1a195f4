import LineupCore

/// What a page needs to work out a lineup's balance figures itself, as dot products, while a paddler is
/// dragged: per seat, what one kilogram there adds to the trim and list moments and to each plain sum, the
/// equipment's fixed moment, the yardsticks that turn moments into "kg in row 1" and "kg in a middle seat",
/// and the thresholds of the verdict's levels.
///
/// Every coefficient is measured from Core's own functions (`balanceSums`, `balanceMoments`) by putting
/// one kilogram in one seat, so the page carries no second copy of the balance model: a change to the model
/// changes what it is sent. The verdict's words are not here: the server words them (`PreviewDocument`).
public struct BalanceCoefficientsDocument: Encodable {
    /// One seat's coefficients: what one kilogram there adds to each figure.
    public struct Seat: Encodable {
        public let seat: String
        public let trimKgM: Double
        public let listKgM: Double
        public let leftKg: Double
        public let rightKg: Double
        public let frontKg: Double
        public let backKg: Double
    }

    public let kind: String
    /// The seats of the boat, in chart order (the bench adds nothing).
    public let seats: [Seat]
    /// The drum's and steering oar's trim moment, there whoever sits where.
    public let equipmentTrimKgM: Double
    /// The trim divided by this is the "like N kg extra in row 1" figure (negative: in the last row).
    public let trimKgMPerEndRowKg: Double
    /// The list divided by this is the "like N kg extra on the right of a middle row" figure.
    public let listKgMPerMiddleSeatKg: Double
    /// An axis is level below this many equivalent kilograms, slightly off below the next, heavy beyond.
    public let levelBelowKg: Double
    public let slightlyBelowKg: Double
    /// The gauges' ends stand for this many equivalent kilograms.
    public let gaugeFullScaleKg: Double
    /// The unit weights are shown in, and how many kilograms one of it is.
    public let unit: String
    public let kilogramsPerUnit: Double

    public init(_ state: BoatState, format: WeightFormat) {
        let kind = state.boat.kind
        let model = state.balanceModel
        self.kind = kind.rawValue
        let empty = Lineup(kind: kind)
        let equipment = empty.balanceMoments(weights: [:], model: model)
        let probe: PaddlerID = 1
        seats = Place.seats(of: kind).map { seat in
            // A boat with one kilogram in this seat and nobody else: always a valid lineup.
            let lineup = (try? Lineup(kind: kind, placements: [(probe, seat)])) ?? empty
            let moments = lineup.balanceMoments(weights: [probe: 1], model: model)
            let sums = lineup.balanceSums(weights: [probe: 1])
            return Seat(
                seat: seat.description, trimKgM: moments.trimKgM - equipment.trimKgM,
                listKgM: moments.listKgM - equipment.listKgM, leftKg: sums.leftKg, rightKg: sums.rightKg,
                frontKg: sums.frontKg, backKg: sums.backKg)
        }
        equipmentTrimKgM = equipment.trimKgM
        // The yardsticks `BalanceMoments.trimAsEndRowKg` and `listAsMiddleSeatKg` divide by.
        trimKgMPerEndRowKg = model.endRowArm(kind: kind)
        listKgMPerMiddleSeatKg = model.middleHalfWidthM
        levelBelowKg = AxisVerdict.levelBelowKg
        slightlyBelowKg = AxisVerdict.slightlyBelowKg
        gaugeFullScaleKg = BalanceWords.gaugeFullScaleKg
        unit = format.symbol
        kilogramsPerUnit = format.kilogramsPerUnit
    }
}
