import LineupCore
import LineupReferences
import Testing

/// The optimizer's `strength` objective against an exact reference written apart from it
/// (`SeatFitReference`: the fit cost from `SeatFit`'s documented rule, least total by the Hungarian
/// algorithm): with tolerance 0 the optimizer's seat fit must be the least any allowed lineup has.
@Suite("The optimizer's strength objective against the seat-fit reference")
struct SeatFitReferenceTests {
    /// A roster of `randomBoat` with what the fit cost reads: seat roles, preferred rows for some, allowed
    /// rows for a few, and a strength ranking of part of the crew on each side.
    static func fitBoat(_ kind: BoatKind, seed: UInt64, free: Int? = nil, sides: Int, bench: Int) throws -> (
        Lineup, [PaddlerID: Paddler], StrengthPlaces
    ) {
        let (lineup, roster0) = try OptimizerTests.randomBoat(kind, seed: seed, free: free, sides: sides, bench: bench)
        var roster = roster0
        var random = SeededRandomGenerator(seed: seed &+ 900)
        let rows = kind.rowCount
        for id in roster.keys.sorted() {
            roster[id]?.role = SeatRole.allCases.randomElement(using: &random) ?? .any
            if Int.random(in: 0..<3, using: &random) == 0 {
                let first = Int.random(in: 1...rows, using: &random)
                roster[id]?.preferredRows = RowSet(first...min(rows, first + Int.random(in: 0...3, using: &random)))
            }
            // Allowed rows only for a few, and never a row the paddler sits outside of now.
            if Int.random(in: 0..<6, using: &random) == 0, let row = lineup.place(of: id)?.row {
                roster[id]?.rows = RowSet(max(1, row - 2)...min(rows, row + 2))
            }
        }
        let ids = roster.keys.sorted()
        let left = Array(ids.shuffled(using: &random).prefix(ids.count / 2))
        let right = Array(ids.shuffled(using: &random).prefix(ids.count / 3))
        return (lineup, roster, StrengthPlaces(left: left, right: right))
    }

    /// The reference's cost and the product's (`SeatFit`) agree on every paddler and row seat: two
    /// independent readings of the same documented rule.
    @Test(arguments: [BoatKind.small, .standard])
    func theReferenceCostsEverySeatAsSeatFitDoes(kind: BoatKind) throws {
        let (_, roster, strength) = try Self.fitBoat(kind, seed: 11, sides: 4, bench: 4)
        let fit = SeatFit(wantedRoles: .defaults(for: kind), strength: strength)
        let reference = SeatFitReference(wantedRoles: .defaults(for: kind), strength: strength)
        for paddler in roster.values {
            for row in 1...kind.rowCount {
                #expect(
                    reference.cost(of: paddler, row: row, side: .left) == fit.cost(of: paddler, at: .left(row: row)))
                #expect(
                    reference.cost(of: paddler, row: row, side: .right) == fit.cost(of: paddler, at: .right(row: row)))
            }
        }
    }

    /// (boat, seed, free seats (nil: all), sided paddlers, bench).
    static let rosters: [(BoatKind, UInt64, Int?, Int, Int)] = {
        var rosters: [(BoatKind, UInt64, Int?, Int, Int)] = []
        for seed in 1...6 {
            let bench = seed % 2 == 0 ? 3 : 0
            rosters.append((.small, UInt64(seed), nil, 2, bench))
        }
        for seed in 1...6 {
            let free: Int? = seed % 3 == 0 ? 12 : nil
            let bench = seed % 2 == 0 ? 6 : 0
            rosters.append((.standard, UInt64(20 + seed), free, 4, bench))
        }
        return rosters
    }()

    @Test(arguments: rosters)
    func theOptimizerReachesTheLeastSeatFit(setup: (kind: BoatKind, seed: UInt64, free: Int?, sides: Int, bench: Int))
        throws
    {
        let (lineup, roster, strength) = try Self.fitBoat(
            setup.kind, seed: setup.seed, free: setup.free, sides: setup.sides, bench: setup.bench)
        let rules = CrewRules(.open, kind: setup.kind)
        let useBench = setup.bench > 0
        let reference = SeatFitReference(wantedRoles: .defaults(for: setup.kind), strength: strength)
        let least = try #require(reference.least(lineup: lineup, roster: roster, rules: rules, useBench: useBench))
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: .defaults(for: setup.kind), rules: rules,
            options: OptimizerOptions(useBench: useBench, toleranceKg: 0, objective: .strength),
            fit: SeatFit(wantedRoles: .defaults(for: setup.kind), strength: strength))
        // The reference's own reading of the optimizer's lineup, and the reference's seating is one the
        // optimizer may reach (no worse than the least it reports).
        let optimizerFit = reference.cost(of: result.lineup, roster: roster)
        #expect(abs(optimizerFit - result.afterFitKg) < 1e-9)
        #expect(
            abs(optimizerFit - least.costKg) < 1e-9,
            "\(setup.kind) seed \(setup.seed): optimizer \(optimizerFit) against the least \(least.costKg)")
        #expect(least.costKg <= reference.cost(of: lineup, roster: roster) + 1e-9)
    }
}
