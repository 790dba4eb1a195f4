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

    /// With one bench paddler, the plan brings them in and sends the heavy paddler out: nobody the plan
    /// leaves on the bench may take the inactive paddler's seat, so none is suggested (never the paddler the
    /// plan has just benched).
    @Test func thePaddlerThePlanBenchesIsNeverSuggested() throws {
        let (lineup, roster, heavy, inactive, _) = try setup(bench: 1)
        let result = optimize(lineup, roster)
        #expect(result.plan.moves.contains { $0.paddler == heavy && !$0.to.isSeat }, "\(result.plan.summary())")
        let seat = try #require(result.inactiveSeated.first { $0.paddler == inactive })
        #expect(seat.replacement == nil, "\(String(describing: seat.replacement))")
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
