import LineupCore
import Testing

@Suite("Moment-based balance")
struct BalanceModelTests {
    /// The figures the hand computations below use: rows 0.9 m apart, the other figures the defaults.
    static let handModel = BalanceModel(
        rowSpacingM: 0.9, drummerOffsetRows: 1, steererOffsetRows: 1.5, middleHalfWidthM: 0.5, endHalfWidthM: 0.38,
        drumKg: 14, steeringOarKg: 7)

    /// A small boat (5 rows): D 50 kg, L1 60, R1 70, L3 80, R5 90, S 75, figures of `handModel`.
    ///
    /// Longitudinal arms (row spacing 0.9 m, rows centred on the midpoint, drummer 1 spacing ahead of
    /// row 1, steerer 1.5 behind row 5): row 1 = +2 × 0.9 = +1.8 m, row 3 = 0, row 5 = -1.8 m,
    /// D = +3 × 0.9 = +2.7 m, S = -3.5 × 0.9 = -3.15 m.
    /// Trim = drum 14 × 2.7 + oar 7 × -3.15 + 50 × 2.7 + 60 × 1.8 + 70 × 1.8 + 80 × 0 + 90 × -1.8 + 75 × -3.15
    ///      = 37.8 - 22.05 + 135 + 108 + 126 + 0 - 162 - 236.25 = -13.5 kg·m (stern-heavy).
    /// Half-widths: rows 1 and 5 = 0.38 m (end), row 3 = 0.5 m (middle), row 2 = 0.38 + 0.12 × (1 - 0.5²) = 0.47 m.
    /// List = -60 × 0.38 + 70 × 0.38 - 80 × 0.5 + 90 × 0.38 = -22.8 + 26.6 - 40 + 34.2 = -2.0 kg·m (left-heavy).
    /// As kilograms: trim / 1.8 = -7.5 kg in the last row, list / 0.5 = -4 kg on the left, imbalance
    /// √(7.5² + 4²) = 8.5 kg.
    @Test func smallBoatByHand() throws {
        let lineup = try Lineup(
            kind: .small,
            placements: [
                (1, .drummer), (2, .left(row: 1)), (3, .right(row: 1)), (4, .left(row: 3)), (5, .right(row: 5)),
                (6, .steerer),
            ])
        let weights: [PaddlerID: Double] = [1: 50, 2: 60, 3: 70, 4: 80, 5: 90, 6: 75]
        let model = Self.handModel
        let moments = lineup.balanceMoments(weights: weights, model: model)
        #expect(abs(moments.trimKgM - -13.5) < 1e-9)
        #expect(abs(moments.listKgM - -2.0) < 1e-9)
        #expect(abs(moments.trimAsEndRowKg(model, kind: .small) - -7.5) < 1e-9)
        #expect(abs(moments.listAsMiddleSeatKg(model) - -4) < 1e-9)
        #expect(abs(moments.imbalanceKg(model, kind: .small) - 8.5) < 1e-9)
        #expect(abs(model.lateralArm(.right(row: 2), kind: .small) - 0.47) < 1e-12)
        #expect(moments.unknownWeights.isEmpty)
    }

    /// A standard boat: row 1 is 4.5 spacings ahead of the midpoint (+4.05 m), row 10 4.5 behind; the
    /// drummer 5.5 ahead (+4.95 m), the steerer 6 behind (-5.4 m). Row 5's half-width:
    /// 0.38 + 0.12 × (1 - (0.5 / 4.5)²) = 0.38 + 0.12 × 80/81. An empty boat has only the equipment:
    /// 14 × 4.95 + 7 × -5.4 = 69.3 - 37.8 = +31.5 kg·m.
    @Test func standardBoatArmsAndEquipment() {
        let model = Self.handModel
        #expect(abs(model.longitudinalArm(.left(row: 1), kind: .standard) - 4.05) < 1e-12)
        #expect(abs(model.longitudinalArm(.right(row: 10), kind: .standard) - -4.05) < 1e-12)
        #expect(abs(model.longitudinalArm(.drummer, kind: .standard) - 4.95) < 1e-12)
        #expect(abs(model.longitudinalArm(.steerer, kind: .standard) - -5.4) < 1e-12)
        #expect(abs(model.lateralArm(.left(row: 5), kind: .standard) - -(0.38 + 0.12 * 80 / 81)) < 1e-12)
        #expect(model.lateralArm(.drummer, kind: .standard) == 0)
        #expect(model.longitudinalArm(.bench(position: 3), kind: .standard) == 0)
        let empty = Lineup(kind: .standard).balanceMoments(weights: [:], model: model)
        #expect(abs(empty.trimKgM - 31.5) < 1e-9)
        #expect(empty.listKgM == 0)
    }

    /// Moving 10 kg from row 1 to row 10 on the same side changes the trim by 10 × 8.1 m; moving it
    /// across row 5 changes the list by 10 × 2 × half-width; unknown weights count 0 and are listed.
    @Test func movesChangeTheMomentsByWeightTimesArm() throws {
        let model = Self.handModel
        let front = try Lineup(
            kind: .standard, placements: [(1, .left(row: 1)), (2, .left(row: 5)), (3, .right(row: 2))])
        let back = try Lineup(
            kind: .standard, placements: [(1, .left(row: 10)), (2, .right(row: 5)), (3, .right(row: 2))])
        let weights: [PaddlerID: Double] = [1: 10, 2: 10]
        let a = front.balanceMoments(weights: weights, model: model)
        let b = back.balanceMoments(weights: weights, model: model)
        #expect(abs((a.trimKgM - b.trimKgM) - 10 * 8.1) < 1e-9)
        #expect(abs((b.listKgM - a.listKgM) - 10 * 2 * (0.38 + 0.12 * 80 / 81)) < 1e-9)
        #expect(a.unknownWeights == [.right(row: 2)])
    }

    @Test(arguments: BoatKind.allCases)
    func everySettingHasAKeyPathAndARangeHoldingItsDefault(kind: BoatKind) {
        for setting in BalanceSetting.allCases {
            #expect(setting.range.contains(BalanceModel.defaults(for: kind)[keyPath: setting.keyPath]), "\(setting)")
        }
    }

    /// IDBF's published bench spacing: 80 cm in the standard boat (model 1222), 87.5 cm in the small one (912);
    /// the other figures are the same estimates for both.
    @Test func defaultRowSpacingFollowsThePublishedFiguresPerKind() {
        #expect(BalanceModel.defaults(for: .standard).rowSpacingM == 0.8)
        #expect(BalanceModel.defaults(for: .small).rowSpacingM == 0.875)
        var small = BalanceModel.defaults(for: .small)
        small.rowSpacingM = 0.8
        #expect(small == BalanceModel.defaults(for: .standard))
    }
}
