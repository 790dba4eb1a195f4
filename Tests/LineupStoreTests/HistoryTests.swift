import Foundation
import GRDB
import LineupCore
import PropertyBased
import Testing

@testable import LineupStore

@Suite("Exchanges and the undo history")
struct HistoryTests {
    private func seated() throws -> TestDatabase {
        let test = try TestDatabase.withBoat(paddlers: 6)
        // Seat P1 at L1 and P2 at R1 (one record each), leaving P3…P6 on the bench.
        try test.db.exchange("P1", "L1", inBoat: nil)
        try test.db.exchange("P2", "R1", inBoat: nil)
        return test
    }

    private func historyCount(_ test: TestDatabase) throws -> Int {
        try test.db.history(ofBoat: .current).1.count
    }

    @Test func exchangeWritesOneRecordAndMovesOnlyTwo() throws {
        let test = try seated()
        #expect(try test.chart() == ["L1=P1", "R1=P2", "B1=P3", "B2=P4", "B3=P5", "B4=P6"])
        let outcome = try test.db.exchange("L1", "b3", inBoat: "race")
        #expect(outcome.record?.summary == "L1 P1 ⇄ B3 P5")
        #expect(try test.chart() == ["L1=P5", "R1=P2", "B1=P3", "B2=P4", "B3=P1", "B4=P6"])
        #expect(try historyCount(test) == 3)
    }

    /// The one exchange every front end makes: with whom the front end showed at the two places, it
    /// exchanges them while they still hold them, and otherwise changes nothing and says who is there now.
    @Test func anExchangeWithWhomTheFrontEndShowedIsRefusedOnceEitherPlaceChanged() throws {
        let test = try seated()
        let shown = ExchangePlaces(
            first: .left(row: 1), second: .right(row: 1), expected: .init(first: "p1", second: "P2"))
        let outcome = try test.db.exchange(inBoat: .current) { _ in shown }
        #expect(outcome.record?.summary == "L1 P1 ⇄ R1 P2")
        let before = try test.chart()
        #expect(
            throws: StoreError.historyConflict(
                action: "drop", summary: "L1 → R1", details: ["L1 is now P2, not p1", "R1 is now P1, not P2"])
        ) { try test.db.exchange(inBoat: .current) { _ in shown } }
        let emptied = ExchangePlaces(
            first: .left(row: 2), second: .bench(position: 1), expected: .init(first: nil, second: "P4"))
        #expect(throws: StoreError.self) { try test.db.exchange(inBoat: .current) { _ in emptied } }
        #expect(try test.chart() == before)
        #expect(try historyCount(test) == 3)
    }

    /// A boat named whole is found by its whole name only; the command line's word or start of a name is not.
    @Test func aBoatChosenByItsWholeNameIsFoundByNothingLess() throws {
        let test = try seated()
        let places = { (state: BoatState) throws(LineupError) in try ExchangePlaces("L1", "R1", on: state) }
        #expect(throws: StoreError.self) { try test.db.exchange(inBoat: .wholeName("Rac"), places) }
        #expect(try test.db.exchange(inBoat: .named("Rac"), places).record != nil)
        #expect(try test.db.exchange(inBoat: .wholeName("RACE"), places).record != nil)
    }

    /// A front end that stays on one boat (the editor) names it by id: a rename does not lose it, and a new
    /// boat given its old name is not it. It undoes only the record it showed as next.
    @Test func aBoatChosenByIdIsFollowedAndOnlyTheRecordShownIsUndone() throws {
        let test = try seated()
        let id = try test.db.state(ofBoat: .current).boat.id
        let shown = try test.db.nextHistorySteps(ofBoat: .id(id))
        #expect(shown.redo == nil)
        let newest = try #require(shown.undo)
        _ = try test.db.renameBoat(.named("Race"), to: "Heat")
        _ = try test.db.createBoat(named: "Race", kind: .standard)
        // Another command's change, which the front end has not shown.
        try test.db.exchange("L1", "R1", inBoat: "Heat")
        #expect(throws: StoreError.self) { try test.db.undo(inBoat: .id(id), expectedFirst: newest) }
        let next = try #require(try test.db.nextHistorySteps(ofBoat: .id(id)).undo)
        #expect(try test.db.undo(inBoat: .id(id), expectedFirst: next).records.map(\.id) == [next])
        #expect(try test.db.nextHistorySteps(ofBoat: .id(id)) == (undo: newest, redo: next))
        _ = try test.db.deleteBoat(.wholeName("Heat"))
        #expect(throws: StoreError.boatRemoved) { try test.db.state(ofBoat: .id(id)) }
    }

    @Test func undoAndRedoAcrossSeparateOpens() throws {
        let test = try seated()
        let start = try test.chart()
        try test.db.exchange("R1", "B", inBoat: nil)
        let after = try test.chart()
        let reopened = try LineupDatabase.open(at: test.path, mode: .existing)
        let undone = try reopened.undo(inBoat: .current)
        #expect(undone.records.map(\.summary) == ["R1 P2 → bench B5"])
        #expect(try test.chart() == start)
        let third = try LineupDatabase.open(at: test.path, mode: .existing)
        _ = try third.redo(inBoat: .current)
        #expect(try test.chart() == after)
    }

    @Test func newChangeDiscardsWhatCouldBeRedone() throws {
        let test = try seated()
        _ = try test.db.undo(inBoat: .current)
        #expect(try test.db.history(ofBoat: .current).1.map(\.undone) == [true, false])
        try test.db.exchange("P3", "R2", inBoat: nil)
        #expect(try test.db.history(ofBoat: .current).1.map(\.undone) == [false, false])
        #expect(throws: StoreError.nothingToRedo(boat: "Race")) { try test.db.redo(inBoat: .current) }
    }

    @Test func nothingToUndoIsAnError() throws {
        let test = try TestDatabase.withBoat()
        #expect(throws: StoreError.nothingToUndo(boat: "Race")) { try test.db.undo(inBoat: .current) }
    }

    @Test func stepsUndoSeveralAndRefuseMoreThanTheHistoryHolds() throws {
        let test = try seated()
        let before = try test.chart()
        // All or none: five steps of a two-record history undo nothing and say how many there are.
        #expect(throws: StoreError.notEnoughHistory(undoing: true, boat: "Race", available: 2, requested: 5)) {
            try test.db.undo(steps: 5, inBoat: .current)
        }
        #expect(try test.chart() == before)
        let outcome = try test.db.undo(steps: 2, inBoat: .current)
        #expect(outcome.records.map(\.summary) == ["B1 P2 → R1", "B1 P1 → L1"])
        #expect(try test.chart() == ["B1=P1", "B2=P2", "B3=P3", "B4=P4", "B5=P5", "B6=P6"])
        #expect(throws: StoreError.notEnoughHistory(undoing: false, boat: "Race", available: 2, requested: 3)) {
            try test.db.redo(steps: 3, inBoat: .current)
        }
        _ = try test.db.redo(steps: 2, inBoat: .current)
        #expect(try test.chart() == ["L1=P1", "R1=P2", "B1=P3", "B2=P4", "B3=P5", "B4=P6"])
    }

    @Test func releaseAtTheOriginOrTwoEmptySeatsRecordsNothing() throws {
        let test = try seated()
        #expect(try test.db.exchange("L1", "P1", inBoat: nil).record == nil)
        #expect(try test.db.exchange("L5", "R7", inBoat: nil).record == nil)
        #expect(try historyCount(test) == 2)
    }

    @Test func undoRefusesWhenAPaddlerWasMovedOutsideTheHistory() throws {
        let test = try seated()
        try test.db.exchange("L1", "R1", inBoat: nil)
        // Another program moves P2 from L1 to L9 behind lineup's back.
        try test.rawWrite("UPDATE placement SET position = 9 WHERE section = 'left' AND position = 1")
        #expect(
            throws: StoreError.historyConflict(
                action: "undo", summary: "L1 P1 ⇄ R1 P2", details: ["P2 is at L9, not at L1"])
        ) { try test.db.undo(inBoat: .current) }
        #expect(try test.chart() == ["R1=P1", "L9=P2", "B1=P3", "B2=P4", "B3=P5", "B4=P6"])
        #expect(try test.db.history(ofBoat: .current).1.map(\.undone) == [false, false, false])
    }

    @Test func undoRefusesWhenAPaddlerLeftTheRoster() throws {
        let test = try seated()
        _ = try test.db.removePaddler(named: "P2", force: true)
        #expect(
            throws: StoreError.historyConflict(
                action: "undo", summary: "B1 P2 → R1", details: ["P2 has left the roster"])
        ) { try test.db.undo(inBoat: .current) }
    }

    @Test func stepsAreAllOrNothing() throws {
        let test = try seated()
        try test.rawWrite("UPDATE placement SET position = 5 WHERE section = 'left' AND position = 1")
        #expect(throws: StoreError.self) { try test.db.undo(steps: 2, inBoat: .current) }
        #expect(try test.chart() == ["R1=P2", "L5=P1", "B1=P3", "B2=P4", "B3=P5", "B4=P6"])
        #expect(try test.db.history(ofBoat: .current).1.allSatisfy { !$0.undone })
    }

    @Test func locksAreRecordedAndUndoable() throws {
        let test = try seated()
        let locked = try test.db.setLock(true, at: "P1", inBoat: nil)
        #expect(locked.record?.summary == "lock L1 (P1)")
        #expect(throws: StoreError.lineup(.lockedSeat(.left(row: 1), occupant: "P1"))) {
            try test.db.exchange("L1", "R1", inBoat: nil)
        }
        #expect(throws: StoreError.lineup(.lockedSeat(.left(row: 1), occupant: "P1"))) {
            try test.db.exchange("B1", "L1", inBoat: nil)
        }
        #expect(try test.db.setLock(true, at: "L1", inBoat: nil).record == nil)
        #expect(throws: StoreError.lineup(.benchCannotBeLocked("B1"))) {
            try test.db.setLock(true, at: "B1", inBoat: nil)
        }
        _ = try test.db.undo(inBoat: .current)
        try test.db.exchange("L1", "R1", inBoat: nil)
        #expect(try test.chart().prefix(2) == ["L1=P2", "R1=P1"])
    }

    @Test func errorsLeaveTheDatabaseAsItWas() throws {
        let test = try seated()
        let before = try test.chart()
        let history = try test.db.history(ofBoat: .current).1
        for (first, second) in [("L11", "L1"), ("L1", "B9"), ("Nobody", "L1"), ("L0", "R1"), ("", "R1")] {
            #expect(throws: StoreError.self) { try test.db.exchange(first, second, inBoat: nil) }
        }
        #expect(throws: StoreError.self) { try test.db.exchange("L1", "R1", inBoat: "No such boat") }
        #expect(try test.chart() == before)
        #expect(try test.db.history(ofBoat: .current).1 == history)
    }

    @Test func historyIsPerBoat() throws {
        let test = try seated()
        try test.db.createBoat(named: "Other", kind: .small)
        #expect(throws: StoreError.boatNotChosen(available: ["Other", "Race"])) {
            try test.db.history(ofBoat: .current)
        }
        #expect(try test.db.history(ofBoat: .named("Other")).1.isEmpty)
        _ = try test.db.useBoat(.named("Other"))
        #expect(throws: StoreError.nothingToUndo(boat: "Other")) { try test.db.undo(inBoat: .current) }
        #expect(try test.db.history(ofBoat: .named("Race")).1.count == 2)
    }

    @Test func randomExchangesThenUndoingEverythingRestoresTheStart() async throws {
        await propertyCheck(count: 15, input: Gen.int(in: 0...10_000).array(of: 2...24)) { picks in
            do {
                let test = try TestDatabase.withBoat(paddlers: 8, kind: .small)
                let places = ["D", "S", "B", "B1", "B3", "L1", "R1", "L3", "R5", "L5", "P2", "P7"]
                try test.db.exchange("B1", "L2", inBoat: nil)
                let start = try test.chart()
                var recorded = 0
                for pair in stride(from: 0, to: picks.count - 1, by: 2) {
                    let outcome = try test.db.exchange(
                        places[picks[pair] % places.count], places[picks[pair + 1] % places.count], inBoat: nil)
                    if outcome.record != nil { recorded += 1 }
                    let state = try test.db.state(ofBoat: .current)
                    #expect(state.lineup.placements.count == 8)
                }
                if recorded > 0 { _ = try test.db.undo(steps: recorded, inBoat: .current) }
                #expect(try test.chart() == start)
            } catch {
                Issue.record("unexpected error: \(error)")
            }
        }
    }
}
