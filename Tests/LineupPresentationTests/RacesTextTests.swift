import LineupCore
import Testing

@testable import LineupPresentation

@Suite("Who sits in a race they are not there for, as text")
struct RacesTextTests {
    static let ann = "Cup: Ann sits at L1 in Heat (09:00) but is absent"
    static let bo = "Cup: Bo sits at R2 in Final (11:00) but leaves at 10:00"

    @Test func aBlockOnlyWhenSomeoneIsNotThere() {
        #expect(RacesText.lines([]).isEmpty)
        #expect(RacesText.lines([Self.ann, Self.bo]) == ["Races:", "  ✗ \(Self.ann)", "  ✗ \(Self.bo)"])
    }

    @Test func aChangeSaysWhatItAddedAndClearedWithTheCountAfterIt() {
        #expect(RacesText.changes(before: [Self.ann], after: [Self.ann]).isEmpty)
        #expect(
            RacesText.changes(before: [Self.ann], after: [Self.ann, Self.bo]) == [
                "Races: now 2 seated in a race they are not there for", "  ✗ \(Self.bo)",
            ])
        #expect(
            RacesText.changes(before: [Self.ann], after: [Self.bo]) == [
                "Races: still 1 seated in a race they are not there for", "  ✗ \(Self.bo)",
                "  ✓ no longer: \(Self.ann)",
            ])
        #expect(
            RacesText.changes(before: [Self.ann], after: []) == [
                "Races: now everyone seated is there", "  ✓ no longer: \(Self.ann)",
            ])
    }
}
