@testable import LineupCore
import Testing

@testable import LineupPresentation

/// The crew rules' findings and a regatta's conflicts as sentences: the words `check`, `show`, the editor,
/// the page and the plan print.
@Suite("Rule findings and regatta conflicts in words")
struct RulesWordsTests {
    @Test(arguments: [
        (
            RuleFinding(severity: .violation, kind: .paddlerCount(15, allowed: 16...20, rules: "idbf-mixed")),
            "15 paddlers in the rows; idbf-mixed needs 16 to 20", nil
        ),
        (
            RuleFinding(severity: .note, kind: .emptyRowSeats(empty: [.left(row: 8)], paddlers: 19, seats: 20)),
            "L8 is empty: 19 of 20 paddling (the rules allow it)", nil
        ),
        (
            RuleFinding(
                severity: .note,
                kind: .emptyRowSeats(empty: [.left(row: 10), .right(row: 10)], paddlers: 18, seats: 20)),
            "L10, R10 are empty: 18 of 20 paddling (the rules allow it)", nil
        ),
        (
            RuleFinding(severity: .violation, kind: .emptyEnd(seat: .drummer), places: [.drummer]),
            "no drummer (D is empty)", "no drummer"
        ),
        (
            RuleFinding(severity: .warning, kind: .notAble(name: "Steer", seat: .steerer), places: [.steerer]),
            "Steer is the steerer but is not marked as able to steer", "not marked able to steer"
        ),
        (
            RuleFinding(severity: .violation, kind: .notWomen(names: ["P20"]), places: [.right(row: 10)]),
            "P20 is not a woman, and the women's rules take women only", "not a woman: women's rules"
        ),
        (
            RuleFinding(severity: .violation, kind: .notWomen(names: ["Al", "Bo"])),
            "Al, Bo are not women, and the women's rules take women only", "not a woman: women's rules"
        ),
        (
            RuleFinding(
                severity: .violation,
                kind: .sexCount(.female, count: 7, allowed: 8...10, rules: "idbf-mixed", countsEnds: false)),
            "7 women among the paddlers; idbf-mixed needs 8 to 10 of each", nil
        ),
        (
            RuleFinding(
                severity: .violation,
                kind: .sexCount(.male, count: 12, allowed: 8...10, rules: "idbf-mixed", countsEnds: true)),
            "12 men in the crew; idbf-mixed needs 8 to 10 of each", nil
        ),
        (
            RuleFinding(
                severity: .violation,
                kind: .sexCount(.female, count: 1, allowed: 4...6, rules: "idbf-mixed", countsEnds: false)),
            "1 woman among the paddlers; idbf-mixed needs 4 to 6 of each", nil
        ),
        (
            RuleFinding(severity: .warning, kind: .sexNotCounted(names: ["P19"]), places: [.left(row: 10)]),
            "not counted as women or men (sex X): P19", "sex X: not counted"
        ),
        (
            RuleFinding(severity: .warning, kind: .sexUnknown(names: ["P20"]), places: [.right(row: 10)]),
            "sex unknown, so not counted: P20", "sex unknown"
        ),
        (
            RuleFinding(
                severity: .warning, kind: .wrongSide(name: "P1", side: .right, seat: .left(row: 1)),
                places: [.left(row: 1)]),
            "P1 paddles on the right but sits at L1", "paddles on the right"
        ),
        (
            RuleFinding(severity: .warning, kind: .inactive(name: "Cy", seat: .steerer), places: [.steerer]),
            "Cy is marked inactive but sits at S", "inactive"
        ),
        (
            RuleFinding(
                severity: .warning, kind: .weightUnknown(names: ["P3", "Drum"]), places: [.left(row: 2), .drummer]),
            "weight unknown, so the balance counts 0 kg for: P3 (L2), Drum (D)", "weight unknown"
        ),
    ])
    func eachFindingHasItsSentenceAndSeatNote(finding: RuleFinding, message: String, note: String?) {
        #expect(RulesWords.message(finding) == message)
        #expect(RulesWords.seatNote(finding) == note)
        #expect(finding.message == message && finding.seatNote == note)
    }

    @Test func conflictsNameWhoWhereAndHowClose() throws {
        let roster: [PaddlerID: Paddler] = [1: Paddler(id: 1, name: "Ann"), 2: Paddler(id: 2, name: "Bo")]
        let lineup = try Lineup(kind: .small, placements: [(paddler: 1, place: .drummer), (2, .left(row: 1))])
        let regatta = Regatta(
            name: "Cup", date: "2026-06-13", minimumGapMinutes: 30,
            races: [
                Regatta.Race(
                    name: "Heat", start: try TimeOfDay(parsing: "09:00"), boat: 0, rules: CrewRules(.open, kind: .small)
                ),
                Regatta.Race(
                    name: "Final", start: try TimeOfDay(parsing: "09:01"), boat: 0,
                    rules: CrewRules(.open, kind: .small)),
            ],
            boats: [Regatta.Boat(name: "Blue", lineup: lineup)], roster: roster, availability: [:])
        #expect(regatta.label(1) == "Final (09:01)")
        #expect(
            regatta.describe(
                RestConflict(
                    paddler: 1, first: 0, second: 1, firstPlace: .drummer, secondPlace: .drummer, gapMinutes: 1))
                == "Ann: drummer in Heat (09:00) and drummer in Final (09:01), 1 minute apart; the regatta needs 30")
        #expect(
            regatta.describe(AvailabilityConflict(paddler: 2, race: 0, place: .left(row: 1), reason: .absent))
                == "Bo sits at L1 in Heat (09:00) but is absent")
        #expect(
            regatta.describe(
                AvailabilityConflict(paddler: 9, race: 1, place: .steerer, reason: .arrives(TimeOfDay(minutes: 600)!)))
                == "paddler #9 sits at S in Final (09:01) but arrives at 10:00")
    }
}
