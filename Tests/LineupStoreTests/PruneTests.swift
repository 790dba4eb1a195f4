import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

@Suite("Pruning the history")
struct PruneTests {
    /// A boat with six exchange records (ids 1…6), the newest two undone, plus a second boat with one.
    private func boatWithHistory() throws -> TestDatabase {
        let test = try TestDatabase.withBoat(paddlers: 6)
        for (first, second) in [("P1", "L1"), ("P2", "R1"), ("P3", "L2"), ("P4", "R2"), ("P5", "L3"), ("P6", "R3")] {
            try test.db.exchange(first, second, inBoat: nil)
        }
        _ = try test.db.undo(steps: 2, inBoat: .current)
        try test.db.createBoat(named: "Other", kind: .small)
        try test.db.exchange("P1", "L1", inBoat: "Other")
        return test
    }

    private func records(_ test: TestDatabase, _ boat: String = "Race") throws -> [String] {
        try test.db.history(ofBoat: .named(boat)).1.map { "\($0.id)\($0.undone ? " undone" : "")" }
    }

    @Test func keepLeavesTheNewestRecordsAndEverythingThatCanBeRedone() throws {
        let test = try boatWithHistory()
        let lineup = try test.chart("Race")
        let outcome = try test.db.pruneHistory(ofBoat: .named("Race"), keep: 2, olderThan: nil)
        #expect(outcome.removed == 2)
        #expect(outcome.remaining == 4)
        #expect(try records(test) == ["6 undone", "5 undone", "4", "3"])
        #expect(try test.chart("Race") == lineup)
        #expect(try records(test, "Other").count == 1)
        // Undo reaches back exactly as far as the kept records, and redo still works.
        #expect(throws: StoreError.notEnoughHistory(undoing: true, boat: "Race", available: 2, requested: 3)) {
            try test.db.undo(steps: 3, inBoat: .named("Race"))
        }
        #expect(try test.db.undo(steps: 2, inBoat: .named("Race")).records.count == 2)
        #expect(throws: StoreError.nothingToUndo(boat: "Race")) { try test.db.undo(inBoat: .named("Race")) }
        #expect(try test.db.redo(steps: 4, inBoat: .named("Race")).records.count == 4)
    }

    @Test func keepZeroRemovesEveryRecordThatCanBeUndone() throws {
        let test = try boatWithHistory()
        #expect(try test.db.pruneHistory(ofBoat: .named("Race"), keep: 0, olderThan: nil).removed == 4)
        #expect(try records(test) == ["6 undone", "5 undone"])
        #expect(throws: StoreError.nothingToUndo(boat: "Race")) { try test.db.undo(inBoat: .named("Race")) }
    }

    @Test func keepingMoreThanThereAreRemovesNothing() throws {
        let test = try boatWithHistory()
        #expect(try test.db.pruneHistory(ofBoat: .named("Race"), keep: 4, olderThan: nil).removed == 0)
        #expect(try test.db.pruneHistory(ofBoat: .named("Race"), keep: 100, olderThan: nil).removed == 0)
        #expect(try records(test).count == 6)
    }

    @Test func olderThanGoesByTheRecordsTime() throws {
        let test = try boatWithHistory()
        try test.rawWrite("UPDATE history SET created_at = '2026-01-01 10:00:00.000' WHERE id IN (1, 2)")
        try test.rawWrite("UPDATE history SET created_at = '2026-03-01 10:00:00.000' WHERE id IN (3, 5)")
        let now = try #require(Timestamp.date(from: "2026-03-31 10:00:00.000"))
        // 30 days before `now` is 1 March 10:00: records 1 and 2 are older; 3 is not (equal), 5 is undone.
        let dryRun = try test.db.pruneHistory(
            ofBoat: .named("Race"), keep: nil, olderThan: 30 * 86_400, now: now, dryRun: true)
        #expect(dryRun.removed == 2)
        #expect(dryRun.remaining == 4)
        #expect(try records(test).count == 6)
        #expect(
            try test.db.pruneHistory(ofBoat: .named("Race"), keep: nil, olderThan: 30 * 86_400, now: now).removed == 2)
        #expect(try records(test) == ["6 undone", "5 undone", "4", "3"])
        #expect(
            try test.db.pruneHistory(ofBoat: .named("Race"), keep: nil, olderThan: 29 * 86_400, now: now).removed == 1)
        #expect(try records(test) == ["6 undone", "5 undone", "4"])
    }

    @Test func bothRulesRemoveOnlyRecordsBeyondTheKeptOnesAndOlderThanTheAge() throws {
        let test = try boatWithHistory()
        try test.rawWrite("UPDATE history SET created_at = '2026-01-01 10:00:00.000' WHERE id <= 4")
        let now = try #require(Timestamp.date(from: "2026-03-31 10:00:00.000"))
        // All four applied records are old, but the newest three are kept.
        #expect(try test.db.pruneHistory(ofBoat: .named("Race"), keep: 3, olderThan: 86_400, now: now).removed == 1)
        #expect(try records(test) == ["6 undone", "5 undone", "4", "3", "2"])
    }

    @Test func pruningRemovesTheRecordsMovesAndLocks() throws {
        let test = try boatWithHistory()
        _ = try test.db.setLock(true, at: "L1", inBoat: "Race")
        #expect(try test.db.pruneHistory(ofBoat: .named("Race"), keep: 0, olderThan: nil).removed == 5)
        let leftovers = try test.db.read { db in
            try Int.fetchOne(
                db,
                sql: """
                    SELECT (SELECT count(*) FROM history_move WHERE history_id NOT IN (SELECT id FROM history))
                         + (SELECT count(*) FROM history_lock WHERE history_id NOT IN (SELECT id FROM history))
                    """)
        }
        #expect(leftovers == 0)
    }
}
