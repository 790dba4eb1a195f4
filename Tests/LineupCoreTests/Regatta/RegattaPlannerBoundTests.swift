import LineupCore
import Testing

/// The planner's bound and the fingerprint of a plan, and the optimizer's option that keeps a crew seated
/// from the front.
@Suite("The regatta planner: bound, fingerprint, crews kept at the front")
struct RegattaPlannerBoundTests {
    typealias Fixture = RegattaPlannerSeatingTests

    @Test func theOptimizerKeepsACrewSeatedFromTheFrontThere() throws {
        // 12 paddlers in rows 1-6, heavy at the front: levelling would move weight back into empty rows.
        var placements: [(paddler: PaddlerID, place: Place)] = []
        var roster: [PaddlerID: Paddler] = [:]
        for index in 0..<12 {
            let id = PaddlerID(index + 1)
            roster[id] = Paddler(id: id, name: "P\(id)", weightKg: index < 4 ? 100 : 55)
            placements.append((id, index % 2 == 0 ? .left(row: index / 2 + 1) : .right(row: index / 2 + 1)))
        }
        let lineup = try Lineup(kind: .standard, placements: placements)
        let rules = CrewRules(.open, kind: .standard)
        let free = LineupOptimizer.optimize(
            lineup, roster: roster, model: .defaults(for: .standard), rules: rules,
            options: OptimizerOptions(toleranceKg: 0))
        let kept = LineupOptimizer.optimize(
            lineup, roster: roster, model: .defaults(for: .standard), rules: rules,
            options: OptimizerOptions(toleranceKg: 0, keepsCrewAtFront: true))
        #expect(!Fixture.isFilledFromTheFront(free.lineup), "without the option the optimizer opens gaps")
        #expect(Fixture.isFilledFromTheFront(kept.lineup))
        #expect(Set(Fixture.paddlers(kept.lineup)) == Set(Fixture.paddlers(lineup)))
        #expect(kept.afterImbalanceKg <= kept.beforeImbalanceKg)
    }

    // MARK: - The bound

    @Test func aSearchStoppedEarlyIsMadeAgainExactlyFromItsWork() throws {
        var roster = Fixture.roster(women: 14, men: 14)
        for id in roster.keys { roster[id]?.canDrum = id % 7 == 0 }
        let regatta = try Fixture.regatta(
            roster,
            races: [
                ("Mixed 200", "09:00", .idbfMixed, .standard), ("Women 200", "09:20", .women, .small),
                ("Open 500", "10:00", .open, .standard),
            ])
        var calls = 0
        let stopped = RegattaPlanner.plan(regatta) { _ in
            calls += 1
            return calls < 5
        }
        #expect(stopped.stoppedEarly && stopped.method == .localSearch)
        let again = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(stopsAtWork: stopped.work))
        #expect(again.fingerprint == stopped.fingerprint && again.regatta.boats == stopped.regatta.boats)
        let whole = RegattaPlanner.plan(regatta)
        #expect(!whole.stoppedEarly && whole.work > stopped.work)
        #expect(RegattaPlanner.plan(regatta).fingerprint == whole.fingerprint)
    }

    @Test func theFingerprintChangesWithTheData() throws {
        let roster = Fixture.roster(women: 8, men: 8)
        let regatta = try Fixture.regatta(roster, races: [("Open 200", "10:00", .open, .small)])
        let plan = RegattaPlanner.plan(regatta)
        var changed = regatta
        changed.availability[3] = .absent
        #expect(RegattaPlanner.plan(changed).fingerprint != plan.fingerprint)
        var heavier = regatta
        heavier.roster[5]?.weightKg = 99
        #expect(RegattaPlanner.plan(heavier).fingerprint != plan.fingerprint)
        #expect(
            RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: 2)).fingerprint != plan.fingerprint)
    }
}
