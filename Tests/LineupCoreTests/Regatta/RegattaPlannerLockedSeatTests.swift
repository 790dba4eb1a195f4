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
        // The lock is the cause: the drummer's seat is neither missing from a short crew nor filled by
        // someone who could still join.
        #expect(plan.unmet.contains(.endLockedEmpty(races: [0], end: .drummer)), "\(plan.unmet)")
        for finding in plan.unmet {
            if case .crewShort(_, let missing, _) = finding { #expect(!missing.contains(.noDrummer)) }
        }
        #expect(!plan.unmet.contains { if case .crewShort = $0 { true } else { false } }, "\(plan.unmet)")
    }
}
