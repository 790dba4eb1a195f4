import LineupCore
import Testing

/// The bench paddler suggested for an inactive paddler's seat is worked out on the proposed lineup: one
/// the plan leaves on the bench, with the imbalance of the proposed boat before and after substituting;
/// when there is none, the coach is told to substitute first.
@Suite("InactiveSeat: suggestions on the proposed lineup")
struct InactiveSeatTests {
    let model = BalanceModel.defaults(for: .standard)

    /// A 100 kg paddler at L1 of an even 70 kg boat, an inactive paddler at R10, and `bench` 70 kg paddlers:
    /// the optimizer with the bench sends the heavy one to the bench for a bench paddler.
    func setup(bench: Int) throws -> (
        lineup: Lineup, roster: [PaddlerID: Paddler], heavy: PaddlerID, inactive: PaddlerID,
        placements: [(paddler: PaddlerID, place: Place)]
    ) {
        var (placements, roster) = OptimizerObjectiveTests.evenBoat(bench: bench)
        let heavy = try OptimizerObjectiveTests.id(at: .left(row: 1), placements)
        let inactive = try OptimizerObjectiveTests.id(at: .right(row: 10), placements)
        roster[heavy]?.weightKg = 100
        roster[inactive]?.isActive = false
        return (try Lineup(kind: .standard, placements: placements), roster, heavy, inactive, placements)
    }

    func optimize(_ lineup: Lineup, _ roster: [PaddlerID: Paddler]) -> OptimizerResult {
        LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions(useBench: true))
    }

    /// With one bench paddler, they are kept for the inactive paddler's seat (the boat is levelled with them
    /// in it), so the plan never brings them in elsewhere nor benches the heavy paddler for them.
    @Test func theOnlyBenchPaddlerIsKeptForTheInactiveSeat() throws {
        let (lineup, roster, heavy, inactive, _) = try setup(bench: 1)
        let result = optimize(lineup, roster)
        #expect(!result.plan.moves.contains { $0.paddler == heavy && !$0.to.isSeat }, "\(result.plan.summary())")
        let seat = try #require(result.inactiveSeated.first { $0.paddler == inactive })
        #expect(seat.replacement?.paddler == lineup.bench.first)
        #expect(result.scope.benchReserved == 1)
        #expect(result.scope.benchConsidered == 0)
    }

    /// An inactive 110 kg paddler seated in a random boat: the boat is levelled as it will race, with the
    /// suggested bench paddler in her seat, so making the suggestion leaves it within the tolerance of the
    /// best found (levelling with her weight and then substituting undid the levelling).
    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func theBoatIsLevelledWithTheReplacementInTheSeat(seed: UInt64) throws {
        let (lineup, roster0) = try OptimizerTests.randomBoat(.standard, seed: seed, bench: 3)
        var roster = roster0
        let inactive = try #require(lineup[.right(row: 5)])
        roster[inactive]?.isActive = false
        roster[inactive]?.weightKg = 110
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions(useBench: seed % 2 == 0, seed: seed))
        let seat = try #require(result.inactiveSeated.first { $0.paddler == inactive })
        let replacement = try #require(seat.replacement)
        #expect(!result.plan.moves.contains { $0.paddler == replacement.paddler })
        #expect(replacement.imbalanceKg <= result.bestImbalanceKg + 0.5 + 1e-9, "seed \(seed)")
        #expect(replacement.imbalanceKg < 1.5, "seed \(seed): \(seat.imbalanceKg) → \(replacement.imbalanceKg)")
    }

    /// With nobody on the bench, the boat is levelled without the inactive paddler's weight: as it would race
    /// short.
    @Test func withoutAReplacementTheBoatIsLevelledWithoutHerWeight() throws {
        let (lineup, roster0) = try OptimizerTests.randomBoat(.standard, seed: 7)
        var roster = roster0
        let inactive = try #require(lineup[.right(row: 5)])
        roster[inactive]?.isActive = false
        roster[inactive]?.weightKg = 110
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions())
        let seat = try #require(result.inactiveSeated.first { $0.paddler == inactive })
        #expect(seat.replacement == nil)
        var short = result.lineup
        short.remove(inactive)
        let weights = roster.compactMapValues(\.weightKg)
        let imbalance = short.balanceMoments(weights: weights, model: model).imbalanceKg(model, kind: .standard)
        #expect(abs(imbalance - result.bestImbalanceKg) <= 0.5 + 1e-9)
        #expect(imbalance < 1.5)
    }

    /// With two bench paddlers, the one the plan leaves on the bench is suggested, and the figures are those
    /// of the proposed boat, then of the proposed boat with them in the seat.
    @Test func theSuggestionIsFreeAfterTheMovesWithTheProposedBoatsFigures() throws {
        let (lineup, roster, _, inactive, _) = try setup(bench: 2)
        let result = optimize(lineup, roster)
        let moving = Set(result.plan.moves.compactMap(\.paddler))
        let seat = try #require(result.inactiveSeated.first { $0.paddler == inactive })
        let replacement = try #require(seat.replacement)
        #expect(!moving.contains(replacement.paddler))
        #expect(result.lineup.bench.contains(replacement.paddler))
        #expect(result.lineup[replacement.benchPlace] == replacement.paddler)
        let weights = roster.compactMapValues(\.weightKg)
        func imbalance(_ lineup: Lineup) -> Double {
            lineup.balanceMoments(weights: weights, model: model).imbalanceKg(model, kind: .standard)
        }
        #expect(abs(seat.imbalanceKg - imbalance(result.lineup)) < 1e-9)
        #expect(abs(seat.imbalanceKg - result.afterImbalanceKg) < 1e-9)
        let substituted = try Lineup(
            kind: .standard,
            placements: result.lineup.placements.map { entry in
                entry.paddler == replacement.paddler
                    ? (replacement.paddler, seat.seat)
                    : entry.paddler == inactive ? (inactive, replacement.benchPlace) : entry
            })
        #expect(abs(replacement.imbalanceKg - imbalance(substituted)) < 1e-9)
    }
}
