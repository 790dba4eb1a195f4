import Testing

@testable import LineupCore

@Suite("Balance sums")
struct BalanceTests {
    @Test func standardBoatSplitsRowsFiveAndFive() throws {
        // D 50, L1 60, R1 70, L5 80, R6 90, L10 100, S 40; bench 200 never counts.
        let lineup = try Lineup(
            kind: .standard,
            placements: [
                (1, .drummer), (2, .left(row: 1)), (3, .right(row: 1)), (4, .left(row: 5)), (5, .right(row: 6)),
                (6, .left(row: 10)), (7, .steerer), (8, .bench(position: 1)),
            ])
        let weights: [PaddlerID: Double] = [1: 50, 2: 60, 3: 70, 4: 80, 5: 90, 6: 100, 7: 40, 8: 200]
        let sums = lineup.balanceSums(weights: weights)
        #expect(sums.leftKg == 60 + 80 + 100)
        #expect(sums.rightKg == 70 + 90)
        #expect(sums.frontKg == 50 + 60 + 70 + 80)
        #expect(sums.backKg == 90 + 100 + 40)
        #expect(sums.unknownWeights.isEmpty)
    }

    @Test func smallBoatMiddleRowCountsHalfToEach() throws {
        let lineup = try Lineup(
            kind: .small, placements: [(1, .left(row: 3)), (2, .right(row: 2)), (3, .right(row: 4))])
        let sums = lineup.balanceSums(weights: [1: 80, 2: 70, 3: 60])
        #expect(sums.frontKg == 40 + 70)
        #expect(sums.backKg == 40 + 60)
        #expect(sums.leftKg == 80)
        #expect(sums.rightKg == 130)
    }

    @Test func unknownWeightsCountZeroAndAreListed() throws {
        let lineup = try Lineup(kind: .standard, placements: [(1, .left(row: 4)), (2, .drummer), (3, .right(row: 4))])
        let sums = lineup.balanceSums(weights: [3: 75])
        #expect(sums.unknownWeights == [.drummer, .left(row: 4)])
        #expect(sums.rightMinusLeftKg == 75)
        #expect(sums.frontKg == 75)
    }
}
