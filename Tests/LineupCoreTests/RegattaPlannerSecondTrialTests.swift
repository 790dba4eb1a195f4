import LineupCore
import Testing

/// What a new coach's trial of the planner found: `--keep-seated` moved seated paddlers.
@Suite("The regatta planner: a new coach's trial")
struct RegattaPlannerSecondTrialTests {
    typealias Trial = RegattaPlannerTrialTests

    /// A mixed race at 10:00 in a standard boat, already seated by hand and bow-heavy: the 20 heaviest of
    /// 12 women and 12 men (10 of each) in the rows from the front, heaviest first, a woman drumming and a
    /// man steering, two on the bench.
    static func seatedRace(availability: [PaddlerID: Availability] = [:]) throws -> Regatta {
        let roster = Trial.roster(women: 12, men: 12, seed: 3)
        var regatta = try Trial.regatta(
            roster, races: [("Mixed 200", "10:00", .idbfMixed, .standard)], availability: availability)
        let byWeight = { (ids: [PaddlerID]) in
            ids.sorted { (roster[$0]?.weightKg ?? 0, $0) > (roster[$1]?.weightKg ?? 0, $1) }
        }
        let women = byWeight(roster.keys.filter { roster[$0]?.sex == .female })
        let men = byWeight(roster.keys.filter { roster[$0]?.sex == .male })
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
        let paddlers = byWeight(Array(women.prefix(10)) + Array(men.prefix(10)))
        var placements = zip(paddlers, rowSeats).map { (paddler: $0, place: $1) }
        placements += [(women[10], .drummer), (men[10], .steerer)]
        placements += [(women[11], .bench(position: 1)), (men[11], .bench(position: 2))]
        regatta.boats[0].lineup = try Lineup(kind: .standard, placements: placements)
        return regatta
    }

    static let keepingSeated = RegattaPlanOptions(keepsSeated: true)

    @Test func keepSeatedLeavesAFullBoatExactlyAsItIs() throws {
        let regatta = try Self.seatedRace()
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        #expect(plan.changedBoats.isEmpty)
        #expect(plan.regatta.boats[0].lineup == regatta.boats[0].lineup)
    }

    @Test func keepSeatedOnlyFillsTheEmptySeats() throws {
        var regatta = try Self.seatedRace()
        var lineup = regatta.boats[0].lineup
        let leaving = try [#require(lineup[.left(row: 3)]), #require(lineup[.right(row: 3)])]
        for id in leaving {
            lineup.remove(id)
            lineup.appendToBench(id)
        }
        regatta.boats[0].lineup = lineup
        let planned = RegattaPlanner.plan(regatta, options: Self.keepingSeated).regatta.boats[0].lineup
        for seat in Place.seats(of: .standard) where lineup[seat] != nil {
            #expect(planned[seat] == lineup[seat], "\(seat) moved")
        }
        #expect(planned[.left(row: 3)] != nil && planned[.right(row: 3)] != nil)
    }

    @Test func keepSeatedDoesNotKeepSomeoneWhoIsNotThereAndSaysSo() throws {
        let seated = try Self.seatedRace()
        let lineup = seated.boats[0].lineup
        let away = try #require(lineup[.left(row: 2)])
        let regatta = try Self.seatedRace(availability: [away: .window(from: nil, until: TimeOfDay(parsing: "09:45"))])
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        let planned = plan.regatta.boats[0].lineup
        #expect(planned.place(of: away)?.isSeat != true)
        #expect(planned[.left(row: 2)] != nil)
        for seat in Place.seats(of: .standard) where seat != .left(row: 2) {
            #expect(planned[seat] == lineup[seat], "\(seat) moved")
        }
        #expect(!plan.unmet.contains { $0.contains("locked seat") }, "\(plan.unmet)")
        let name = try #require(regatta.roster[away]?.name)
        #expect(
            plan.notes.contains {
                $0.contains("--keep-seated keeps only those there") && $0.contains("\(name) (L2) leaves at 09:45")
            }, "\(plan.notes)")
    }
}
