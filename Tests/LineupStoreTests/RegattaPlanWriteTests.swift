import Testing

@testable import LineupCore
@testable import LineupStore

/// Writing a regatta plan: with more boats than fit one 64-bit mask, refused when what the plan was made
/// from changed meanwhile, and the refusal of a proposed lineup no change can make.
@Suite("Writing a regatta plan")
struct RegattaPlanWriteTests {
    static func changes(_ plan: RegattaPlan, from state: RegattaState)
        -> [(boat: BoatChoice, original: Lineup, target: Lineup, summary: String)]
    {
        plan.changedBoats.map { index in
            (
                boat: BoatChoice.id(state.boats[index].id), original: state.regatta.boats[index].lineup,
                target: plan.regatta.boats[index].lineup, summary: "plan"
            )
        }
    }

    @Test func aPlanOfMoreThan64BoatsSeatsNobodyTwiceInABoatAndIsWritten() throws {
        let test = try TestDatabase(sample: true)
        try test.db.createRegatta(named: "Long day", date: try RegattaDay(parsing: "2026-06-01"))
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
        _ = try test.db.applyLineups(changes, madeFrom: (state.info.name, state.regatta.inputFingerprint))
        let written = try test.db.regattaState("Long day")
        #expect(written.regatta.boats.map(\.lineup) == plan.regatta.boats.map(\.lineup))
    }

    /// Each way the trial changed a plan's inputs while it was being made.
    enum InputChange: CaseIterable {
        case availability, raceTime, minimumGap, inactivePaddler
    }

    @Test(arguments: InputChange.allCases)
    func aPlanWhoseInputsChangedMeanwhileIsNotWritten(change: InputChange) throws {
        let test = try RegattaStoreTests.cup()
        let state = try test.db.regattaState("Cup")
        let plan = RegattaPlanner.plan(state.regatta, options: RegattaPlanOptions(iterations: 2_000, restarts: 1))
        let changes = Self.changes(plan, from: state)
        #expect(!changes.isEmpty)
        switch change {
        case .availability: _ = try test.db.setAvailability(.absent, of: ["Mia Xu"], at: "Cup")
        case .raceTime: _ = try test.db.moveRace("Final", of: "Cup", to: TimeOfDay(parsing: "12:00"))
        case .minimumGap: _ = try test.db.updateRegatta("Cup", minimumGapMinutes: 45)
        case .inactivePaddler:
            _ = try test.db.updatePaddler(named: "Mia Xu", with: PaddlerDraft(name: "Mia Xu", isActive: false))
        }
        #expect(throws: StoreError.regatta(.planInputsChanged(regatta: "Cup"))) {
            try test.db.applyLineups(changes, madeFrom: (state.info.name, state.regatta.inputFingerprint))
        }
        #expect(try test.db.history(ofBoat: .named("Cup: Heat")).1.isEmpty)
        #expect(try test.db.history(ofBoat: .named("Cup: Semi")).1.isEmpty)
    }

    @Test func aPlanWhoseInputsAreAsTheyWereIsWritten() throws {
        let test = try RegattaStoreTests.cup()
        let state = try test.db.regattaState("Cup")
        let plan = RegattaPlanner.plan(state.regatta, options: RegattaPlanOptions(iterations: 2_000, restarts: 1))
        _ = try test.db.applyLineups(
            Self.changes(plan, from: state), madeFrom: (state.info.name, state.regatta.inputFingerprint))
        #expect(try test.db.history(ofBoat: .named("Cup: Heat")).1.count == 1)
    }

    @Test func aProposedLineupNoChangeCanMakeIsAnInternalFaultAndWritesNothing() throws {
        let test = try TestDatabase(sample: true)
        let state = try test.db.state(ofBoat: .current)
        var target = state.lineup
        // The same paddler in two seats: no lineup can be that, so no change reproduces it.
        target.set(target[.left(row: 1)], at: .right(row: 1))
        let refusal = #expect(throws: StoreError.proposalNotReproduced(boat: "Sample crew")) {
            try test.db.applyLineup(target, replacing: state.lineup, summary: "optimize", inBoat: .current)
        }
        #expect(refusal?.description.contains("internal inconsistency") == true)
        #expect(refusal?.description.contains("database reported") == false)
        #expect(try test.db.state(ofBoat: .current).lineup == state.lineup)
        #expect(try test.db.history(ofBoat: .current).1.isEmpty)
    }
}
