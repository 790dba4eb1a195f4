import Testing

@testable import LineupCore
@testable import LineupStore

/// Writing a regatta plan: with more boats than fit one 64-bit mask, and the refusal of a proposed lineup
/// no change can make.
@Suite("Writing a regatta plan")
struct RegattaPlanWriteTests {
    static func changes(_ plan: RegattaPlan, from state: RegattaState)
        -> [(boat: String, original: Lineup, target: Lineup, summary: String)]
    {
        plan.changedBoats.map { index in
            (
                boat: state.boats[index].name, original: state.regatta.boats[index].lineup,
                target: plan.regatta.boats[index].lineup, summary: "plan"
            )
        }
    }

    @Test func aPlanOfMoreThan64BoatsSeatsNobodyTwiceInABoatAndIsWritten() throws {
        let test = try TestDatabase(sample: true)
        try test.db.createRegatta(named: "Long day", date: "2026-06-01")
        for race in 0..<66 {
            let minutes = 360 + race * 10
            let time = "\(minutes < 600 ? "0" : "")\(minutes / 60):\(minutes % 60 / 10)0"
            _ = try test.db.addRace("R\(race)", to: "Long day", start: TimeOfDay(parsing: time), boat: .new(.small))
        }
        let state = try test.db.regattaState("Long day")
        #expect(state.boats.count == 66)
        let plan = RegattaPlanner.plan(state.regatta, options: RegattaPlanOptions(iterations: 60_000, restarts: 1))
        for boat in plan.regatta.boats {
            let people = boat.lineup.placements.map(\.paddler)
            #expect(Set(people).count == people.count, "\(boat.name) has someone twice")
        }
        let changes = Self.changes(plan, from: state)
        #expect(changes.count == 66)
        _ = try test.db.applyLineups(changes)
        let written = try test.db.regattaState("Long day")
        #expect(written.regatta.boats.map(\.lineup) == plan.regatta.boats.map(\.lineup))
    }

    @Test func aProposedLineupNoChangeCanMakeIsAnInternalFaultAndWritesNothing() throws {
        let test = try TestDatabase(sample: true)
        let state = try test.db.state(ofBoat: nil)
        var target = state.lineup
        // The same paddler in two seats: no lineup can be that, so no change reproduces it.
        target.set(target[.left(row: 1)], at: .right(row: 1))
        let refusal = #expect(throws: StoreError.proposalNotReproduced(boat: "Sample crew")) {
            try test.db.applyLineup(target, replacing: state.lineup, summary: "optimize", inBoat: nil)
        }
        #expect(refusal?.description.contains("internal inconsistency") == true)
        #expect(refusal?.description.contains("database reported") == false)
        #expect(try test.db.state(ofBoat: nil).lineup == state.lineup)
        #expect(try test.db.history(ofBoat: nil).1.isEmpty)
    }
}
