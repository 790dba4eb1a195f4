import LineupCore
import Testing

/// What the plan says of an end seat locked empty.
@Suite("The regatta planner: an end seat locked empty")
struct RegattaPlannerLockedSeatTests {
    @Test func aDrummerSeatLockedEmptyIsGivenAsTheCause() throws {
        var regatta = try RegattaPlannerSeatingTests.regatta(
            RegattaPlannerSeatingTests.roster(women: 8, men: 8), races: [("Heat", "10:00", .open, .small)])
        let lineup = regatta.boats[0].lineup
        regatta.boats[0].lineup = try Lineup(
            kind: lineup.kind, placements: lineup.placements, lockedSeats: [.drummer])
        let plan = RegattaPlanner.plan(regatta)
        #expect(plan.regatta.boats[0].lineup[.drummer] == nil)
        let drummerLines = plan.unmet.filter { $0.contains("no drummer") }
        #expect(drummerLines.count == 1)
        #expect(drummerLines.allSatisfy { $0.contains("the drummer's seat is locked empty") })
        #expect(!plan.unmet.contains { $0.contains("could still join") })
    }
}
