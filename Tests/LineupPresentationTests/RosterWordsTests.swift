import LineupCore
import Testing

@testable import LineupPresentation

/// A paddler's changes and values as the roster commands say them.
@Suite("Roster changes in words")
struct RosterWordsTests {
    @Test func everyChangedFieldIsNamedWithBothValuesAndTheNameFirst() {
        let before = Paddler(id: 1, name: "Ann", weightKg: 60, sex: .female, canDrum: true)
        var after = before
        after.name = "Ann Lee"
        after.weightKg = 61.5
        after.sex = nil
        after.side = .left
        after.canDrum = false
        after.canSteer = true
        after.notes = "back from injury"
        after.isActive = false
        #expect(
            RosterWords.changes(from: before, to: after) == [
                "name Ann → Ann Lee", "weight 60 kg → 61.5 kg", "sex F → unknown", "side either → left",
                "drummer yes → no", "steerer no → yes", "notes changed", "now inactive",
            ])
        #expect(RosterWords.changes(from: after, to: after).isEmpty)
        #expect(RosterWords.changes(from: after, to: before).last == "active again")
    }

    @Test func aNewPaddlerIsListedWithTheValuesSet() {
        #expect(RosterWords.added(Paddler(id: 0, name: "New One", weightKg: 70)) == "New One (weight 70 kg)")
        #expect(RosterWords.added(Paddler(id: 0, name: "Bare")) == "Bare")
        var full = Paddler(id: 0, name: "Cy", weightKg: 68.04, sex: .male, side: .right, canDrum: true)
        full.isActive = false
        #expect(RosterWords.added(full) == "Cy (weight 68.04 kg, sex M, side right, drummer, inactive)")
    }

    @Test func seatsAreListedByBoat() {
        #expect(
            RosterWords.seats([
                PaddlerSeat(boat: "Heat 1", place: .left(row: 3)), PaddlerSeat(boat: "Final", place: .drummer),
            ]) == "Heat 1: L3, Final: D")
    }
}
