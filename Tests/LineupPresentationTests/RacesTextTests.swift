import LineupCore
import Testing

@testable import LineupPresentation

@Suite("Who sits in a race they are not there for, as text")
struct RacesTextTests {
    static func time(_ minutes: Int) -> TimeOfDay {
        guard let time = TimeOfDay(minutes: minutes) else { preconditionFailure("\(minutes) is a time of day") }
        return time
    }

    static let ann = RaceProblem.notThere(
        regatta: "Cup", race: "Heat", start: Self.time(540), name: "Ann", place: .left(row: 1),
        reason: .absent)
    static let bo = RaceProblem.notThere(
        regatta: "Cup", race: "Final", start: Self.time(660), name: "Bo", place: .right(row: 2),
        reason: .leaves(Self.time(600)))
    static let annWords = "Cup: Ann sits at L1 in Heat (09:00) but is absent"
    static let boWords = "Cup: Bo sits at R2 in Final (11:00) but leaves at 10:00"

    @Test func aRuleBrokenInARaceNamesTheRaceAndItsRules() {
        let finding = RuleFinding(severity: .violation, kind: .notWomen(names: ["Al", "Bo"]))
        #expect(
            RegattaWords.problem(
                .ruleBroken(
                    regatta: "Cup", race: "Final", start: Self.time(600), rules: "women", finding: finding))
                == "Cup: Final (10:00), women rules: Al, Bo are not women, and the women's rules take women only")
    }

    @Test func aBlockOnlyWhenSomeoneIsNotThere() {
        #expect(RacesText.lines([]).isEmpty)
        #expect(RacesText.lines([Self.ann, Self.bo]) == ["Races:", "  ✗ \(Self.annWords)", "  ✗ \(Self.boWords)"])
    }

    @Test func aChangeSaysWhatItAddedAndClearedWithTheCountAfterIt() {
        #expect(RacesText.changes(before: [Self.ann], after: [Self.ann]).isEmpty)
        #expect(
            RacesText.changes(before: [Self.ann], after: [Self.ann, Self.bo]) == [
                "Races: now 2 seated in a race they are not there for", "  ✗ \(Self.boWords)",
            ])
        #expect(
            RacesText.changes(before: [Self.ann], after: [Self.bo]) == [
                "Races: still 1 seated in a race they are not there for", "  ✗ \(Self.boWords)",
                "  ✓ no longer: \(Self.annWords)",
            ])
        #expect(
            RacesText.changes(before: [Self.ann], after: []) == [
                "Races: now everyone seated is there", "  ✓ no longer: \(Self.annWords)",
            ])
    }
}
