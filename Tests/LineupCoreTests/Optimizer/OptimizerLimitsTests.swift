import LineupCore
import Testing

/// What the optimizer is allowed to propose: never a gain smaller than the tolerance on the lineup as it is,
/// and never more people changing place than the move cap, saying when the cap held back a better result.
@Suite("Optimizer limits: least gain and move cap")
struct OptimizerLimitsTests {
    let model = BalanceModel.defaults(for: .standard)

    func imbalance(_ lineup: Lineup, _ roster: [PaddlerID: Paddler]) -> Double {
        lineup.balanceMoments(weights: roster.compactMapValues(\.weightKg), model: model)
            .imbalanceKg(model, kind: lineup.kind)
    }

    /// A nearly level boat (the optimum of a random one, then one paddler a little heavier): whatever the
    /// optimizer proposes gains at least the tolerance, or nobody moves; results within the tolerance of
    /// each other count as equal, and the lineup as it is moves nobody.
    @Test(arguments: 1...10, [0.3, 0.55, 0.6, 0.7, 0.9, 1.2])
    func aProposalGainsAtLeastTheTolerance(seed: UInt64, extraKg: Double) throws {
        let (random, roster0) = try OptimizerTests.randomBoat(.standard, seed: seed, free: 8)
        let level = LineupOptimizer.optimize(
            random, roster: roster0, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions(toleranceKg: 0, seed: seed)
        ).lineup
        var roster = roster0
        let seats = Place.seats(of: .standard).filter { $0.row != nil && !level.isLocked($0) }
        let heavier = try #require(level[seats[Int(seed) % seats.count]])
        roster[heavier]?.weightKg? += extraKg
        for exhaustive in [8, 0] {
            let result = LineupOptimizer.optimize(
                level, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
                options: OptimizerOptions(toleranceKg: 0.5, seed: seed, exhaustiveUpTo: exhaustive))
            let gain = result.beforeImbalanceKg - result.afterImbalanceKg
            #expect(
                result.plan.isEmpty || gain >= 0.5 - 1e-9,
                "seed \(seed), +\(extraKg) kg, exhaustive up to \(exhaustive): gains \(gain) kg with \(result.plan.summary())"
            )
            #expect(abs(result.beforeImbalanceKg - imbalance(level, roster)) < 1e-9)
        }
    }

    /// With tolerance 0 any gain counts, as before: the best there is.
    @Test func withoutToleranceTheBestIsProposed() throws {
        let (lineup, roster) = try OptimizerTests.randomBoat(.standard, seed: 3, free: 6)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions(toleranceKg: 0))
        #expect(abs(result.afterImbalanceKg - result.bestImbalanceKg) < 1e-9)
    }

    /// A cap of two people changing place on a boat that needs many: the plan keeps to it, and the result
    /// says that a search without it found better, how many that moves and its imbalance.
    @Test(arguments: 1...4)
    func theMoveCapHoldsAndSaysWhatItHeldBack(seed: UInt64) throws {
        let (lineup, roster) = try OptimizerTests.randomBoat(.standard, seed: seed)
        let rules = CrewRules(.open, kind: .standard)
        let free = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: rules, options: OptimizerOptions(seed: seed))
        #expect(free.beyondMoveCap == nil)
        try #require(free.plan.peopleMoved > 2, "seed \(seed): \(free.plan.summary())")
        let capped = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: rules, options: OptimizerOptions(maxMoves: 2, seed: seed))
        #expect(capped.plan.peopleMoved <= 2)
        let beyond = try #require(capped.beyondMoveCap, "seed \(seed)")
        #expect(beyond.cap == 2)
        #expect(beyond.peopleMoved > 2)
        #expect(beyond.imbalanceKg < capped.afterImbalanceKg)
        // A cap the best result keeps to holds nothing back.
        let roomy = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: rules,
            options: OptimizerOptions(maxMoves: 20, seed: seed))
        #expect(roomy.beyondMoveCap == nil)
    }

    /// The default cap is one for every objective, and a small one: a coach calls each move.
    @Test func theDefaultCapIsSmall() {
        #expect((4...10).contains(OptimizerOptions.defaultMaxMoves))
    }
}
