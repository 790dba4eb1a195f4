import LineupCore
import Testing

@testable import LineupPresentation

@Suite("The optimizer's plan as text")
struct PlanTextTests {
    func lineup(_ placements: [(PaddlerID, Place)]) throws -> Lineup {
        try Lineup(kind: .standard, placements: placements.map { (paddler: $0.0, place: $0.1) })
    }

    /// Names of different widths (a wide character counts two columns) and places of two and three
    /// characters: the arrows line up, and every column is apart from the next.
    @Test func movesAreAlignedInColumns() throws {
        let start = try lineup([(1, .left(row: 3)), (2, .right(row: 10)), (3, .bench(position: 1)), (4, .left(row: 9))])
        let end = try lineup([(1, .right(row: 10)), (2, .left(row: 9)), (4, .bench(position: 1)), (3, .left(row: 3))])
        let plan = LineupPlan(from: start, to: end, names: [1: "Ann", 2: "Zhōu 周杰", 3: "Bartholomew Lee", 4: "Cy"])
        let lines = PlanText.moves(plan)
        #expect(lines.count == 4)
        let arrows = lines.map { line in TextLayout.width(String(line.prefix { $0 != "→" })) }
        #expect(Set(arrows).count == 1, "\(lines)")
        #expect(lines.allSatisfy { $0.contains("  → ") })
        #expect(lines[0].hasPrefix("  1.  Cy "))
        #expect(lines.contains { $0.hasSuffix("→ bench") })
        #expect(lines.contains { $0.contains("Bartholomew Lee  B1   → L3") })
    }

    /// A name that reached the database before names were checked still prints as one harmless line.
    @Test func namesArePrintedSafely() throws {
        let start = try lineup([(1, .left(row: 1)), (2, .right(row: 1))])
        let end = try lineup([(1, .right(row: 1)), (2, .left(row: 1))])
        let plan = LineupPlan(from: start, to: end, names: [1: "Ann\u{1B}]0;owned\u{07}", 2: "Bo\u{202E}oB"])
        let text = PlanText.moves(plan).joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
        #expect(text.contains("Ann␛]0;owned␇"))
        #expect(TerminalText.isSafe(text) || text.contains("\u{2069}"))
        #expect(text.split(separator: "\n").count == 2)
    }

    @Test func countsSayPeopleAndExchanges() throws {
        let start = try lineup([(1, .left(row: 1)), (2, .right(row: 1)), (3, .left(row: 2))])
        let end = try lineup([(2, .left(row: 1)), (3, .right(row: 1)), (1, .left(row: 2))])
        let plan = LineupPlan(from: start, to: end, names: [1: "Ann", 2: "Bo", 3: "Cy"])
        #expect(
            PlanText.counts(plan)
                == "3 people change place (3 moves above); called as pairwise exchanges, that is 2 exchanges.")
    }

    @Test func seatsLeftEmptyOrFilledAreNamed() throws {
        let start = try lineup([(1, .right(row: 2)), (2, .left(row: 5))])
        let end = try lineup([(1, .right(row: 1)), (2, .left(row: 5))])
        #expect(PlanText.emptySeats(before: start, after: end) == "The moves leave R2 empty and fill R1.")
        #expect(PlanText.emptySeats(before: start, after: start) == nil)
    }
}
