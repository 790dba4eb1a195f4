import LineupCore
import LineupReferences
import Testing

/// The optimizer against an exact reference written apart from it (`ExactBalanceReference`, branch and
/// bound): the reference is first checked against every arrangement tried, then the optimizer (tolerance
/// 0) must reach the reference's proven optimum on constrained standard boats, and on full boats its
/// imbalance must sit at or above the reference's proven floor, and the reference must not find better.
@Suite("The optimizer against the exact balance reference")
struct ExactBalanceReferenceTests {
    let model = BalanceModel.defaults(for: .standard)

    /// The reference's best seating judged by `Lineup.balanceMoments`, the product's own arithmetic.
    func imbalance(of answer: ExactBalanceReference.Answer, _ lineup: Lineup, _ roster: [PaddlerID: Paddler]) throws
        -> Double
    {
        var placements = lineup.placements.filter { placement in answer.seating[placement.place] == nil }
        let seated = Set(answer.seating.values.compactMap { $0 })
        placements.removeAll { seated.contains($0.paddler) }
        for (place, paddler) in answer.seating { if let paddler { placements.append((paddler, place)) } }
        var benchPosition = 0
        placements = placements.map { placement in
            guard case .bench = placement.place else { return placement }
            benchPosition += 1
            return (placement.paddler, .bench(position: benchPosition))
        }
        let placed = Set(placements.map(\.paddler))
        for (paddler, _) in lineup.placements where !placed.contains(paddler) {
            benchPosition += 1
            placements.append((paddler, .bench(position: benchPosition)))
        }
        let result = try Lineup(kind: lineup.kind, placements: placements, lockedSeats: lineup.lockedSeats)
        return result.balanceMoments(weights: roster.compactMapValues(\.weightKg), model: model)
            .imbalanceKg(model, kind: lineup.kind)
    }

    /// The reference finds the least imbalance of every arrangement tried one by one (seven or eight free
    /// seats, some sided paddlers, some empty seats).
    @Test(arguments: 1...4)
    func theReferenceAgreesWithEveryArrangementTried(seed: UInt64) throws {
        let (lineup, roster) = try OptimizerTests.randomBoat(
            .standard, seed: seed, free: 7 + Int(seed % 2), sides: Int(seed % 4) * 2, empty: Int(seed % 3))
        let rules = CrewRules(.open, kind: .standard)
        let answer = ExactBalanceReference(lineup: lineup, roster: roster, model: model, rules: rules, useBench: false)
            .solve()
        let best = try OptimizerTests().exhaustiveBest(lineup, roster)
        #expect(answer.isComplete)
        #expect(abs(answer.imbalanceKg - best) < 1e-9, "seed \(seed): \(answer.imbalanceKg) against \(best)")
        #expect(abs(try imbalance(of: answer, lineup, roster) - answer.imbalanceKg) < 1e-9)
        #expect(answer.rootLowerBoundKg <= best + 1e-9)
    }

    /// A standard boat whose optimum is far from level, so that the reference can prove it: two heavy
    /// paddlers locked in the front rows, `free` seats to rearrange, `sided` paddlers kept to a side (the
    /// heavier ones on the left), `empty` seats (a short crew), and a bench of `bench`.
    static func constrainedBoat(seed: UInt64, free: Int, sided: Int, empty: Int, bench: Int, women: Bool = false)
        throws -> (Lineup, [PaddlerID: Paddler])
    {
        let (lineup, roster0) = try OptimizerTests.randomBoat(
            .standard, seed: seed, free: free, bench: bench, empty: empty)
        var roster = roster0
        var random = SeededRandomGenerator(seed: seed &+ 500)
        for id in roster.keys { if women { roster[id]?.sex = .female } }
        // Heavy outliers in the locked front seats: the boat leans forward whatever the search does.
        let lockedFront = lineup.lockedSeats.sorted().filter { ($0.row ?? 10) <= 3 }.prefix(2)
        for seat in lockedFront { if let id = lineup[seat] { roster[id]?.weightKg = 120 } }
        let seatedFree = Place.seats(of: .standard).filter { $0.row != nil && !lineup.isLocked($0) }
            .compactMap { seat in lineup[seat].map { (seat, $0) } }
        for (seat, id) in seatedFree.shuffled(using: &random).prefix(sided) {
            let onLeft = if case .left = seat { true } else { false }
            roster[id]?.side = onLeft ? .left : .right
            roster[id]?.weightKg = onLeft ? 95 + Double(Int.random(in: 0...10, using: &random)) : 55
        }
        return (lineup, roster)
    }

    /// (seed, free seats, sided paddlers, empty seats, bench, women's rules): rosters whose optimum the
    /// reference proves within its budget (47,143, 13,477 and 112,735 nodes).
    static let constrained: [(UInt64, Int, Int, Int, Int, Bool)] = [
        (2, 12, 8, 2, 0, false), (4, 14, 10, 2, 0, false), (6, 16, 12, 4, 0, false),
    ]

    @Test(arguments: constrained)
    func theOptimizerReachesTheProvenOptimumOfConstrainedBoats(
        setup: (seed: UInt64, free: Int, sided: Int, empty: Int, bench: Int, women: Bool)
    ) throws {
        let (lineup, roster) = try Self.constrainedBoat(
            seed: setup.seed, free: setup.free, sided: setup.sided, empty: setup.empty, bench: setup.bench,
            women: setup.women)
        let rules = CrewRules(setup.women ? .women : .open, kind: .standard)
        let useBench = setup.bench > 0
        let answer = ExactBalanceReference(
            lineup: lineup, roster: roster, model: model, rules: rules, useBench: useBench
        ).solve(nodeBudget: 150_000)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: rules,
            options: OptimizerOptions(useBench: useBench, toleranceKg: 0))
        try #require(answer.isComplete, "seed \(setup.seed): the reference did not finish")
        #expect(answer.imbalanceKg > 1, "seed \(setup.seed): a near-level optimum is not a constrained one")
        #expect(abs(try imbalance(of: answer, lineup, roster) - answer.imbalanceKg) < 1e-9)
        #expect(
            abs(result.afterImbalanceKg - answer.imbalanceKg) < 1e-6,
            "seed \(setup.seed): optimizer \(result.afterImbalanceKg) against the optimum \(answer.imbalanceKg)")
    }

    /// Full standard boats with a bench of eight: the optimum is too close to level to prove by search, but
    /// the reference's root bound is a proven floor, and the optimizer's imbalance is never below it (which
    /// would disprove the bound). The reference's own best within its budget, checked with the product's
    /// arithmetic, can beat the optimizer: on seed 2 it finds 0.00074 kg where the optimizer stops at
    /// 0.00519 kg (bench/RESULTS.md). The gap is held to what was measured, a few grams.
    @Test(arguments: 1...2)
    func theGapOnFullBoatsIsBoundedByTheProvenFloor(seed: UInt64) throws {
        let (lineup, roster) = try OptimizerTests.randomBoat(.standard, seed: seed, sides: 4, bench: 8)
        let rules = CrewRules(.open, kind: .standard)
        let answer = ExactBalanceReference(lineup: lineup, roster: roster, model: model, rules: rules, useBench: true)
            .solve(nodeBudget: 20_000)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: rules,
            options: OptimizerOptions(useBench: true, toleranceKg: 0))
        #expect(result.afterImbalanceKg >= answer.rootLowerBoundKg - 1e-9)
        #expect(abs(try imbalance(of: answer, lineup, roster) - answer.imbalanceKg) < 1e-9)
        #expect(
            result.afterImbalanceKg - answer.imbalanceKg <= 0.005,
            "seed \(seed): optimizer \(result.afterImbalanceKg) against the reference's \(answer.imbalanceKg)")
    }
}
