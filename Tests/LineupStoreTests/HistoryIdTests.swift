import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

/// A history record's id names one change for good: never given again once the record is deleted.
@Suite("History ids are never given again")
struct HistoryIdTests {
    private func ids(_ test: TestDatabase) throws -> [Int64] {
        try test.db.history(ofBoat: .named("Race")).1.map(\.id)
    }

    /// A new change deletes the undone records after it, and pruning deletes old ones: the next record
    /// still gets an id above every id given so far.
    @Test func deletedRecordsIdsAreNotGivenAgain() throws {
        let test = try TestDatabase.withBoat(paddlers: 6)
        for (first, second) in [("P1", "L1"), ("P2", "R1"), ("P3", "L2")] {
            try test.db.exchange(first, second, inBoat: "Race")
        }
        let given = try #require(try ids(test).max())
        _ = try test.db.undo(steps: 2, inBoat: .named("Race"))
        try test.db.exchange("P4", "R2", inBoat: "Race")
        let afterUndo = try #require(try ids(test).first)
        #expect(afterUndo > given)
        _ = try test.db.pruneHistory(ofBoat: .named("Race"), keep: 0, olderThan: nil)
        try test.db.exchange("P5", "L3", inBoat: "Race")
        #expect(try ids(test).first ?? 0 > afterUndo)
    }

    /// Making the table again for that keeps every record, its id, its moves and locks, and the indexes.
    @Test func recordsMadeBeforeTheChangeAreKeptExactly() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-history-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("club.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try LineupDatabase.migrator.migrate(queue, upTo: "0008_share_link_ids_never_reused")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO paddler (name, name_key) VALUES ('Ann', 'ann'), ('Bo', 'bo')")
            try db.execute(
                sql: """
                    INSERT INTO boat (name, name_key, kind, row_count, created_at)
                    VALUES ('Race', 'race', 'standard', 10, '2024-01-01T00:00:00Z')
                    """)
            try db.execute(
                sql: """
                    INSERT INTO history (id, boat_id, created_at, summary, undone) VALUES
                        (4, 1, '2025-05-01 10:00:00.000', 'Ann ↔ L1', 0), (9, 1, 'odd', 'L1 locked', 1);
                    INSERT INTO history_move VALUES (4, 1, 'Ann', 'bench', 1, 'left', 1);
                    INSERT INTO history_lock VALUES (9, 'left', 1, 1);
                    """)
        }
        let dump = { (db: Database) throws -> [String] in
            try ["history", "history_move", "history_lock"].flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1").map { "\(table) \($0)" }
            }
        }
        let before = try queue.read(dump)
        try queue.close()
        let db = try LineupDatabase.open(at: path, mode: .existing)
        try db.close()
        let after = try DatabaseQueue(path: path)
        defer { try? after.close() }
        try after.read { db in
            #expect(try dump(db) == before)
            let indexes = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'history' ORDER BY name")
            #expect(indexes == ["history_by_boat", "history_by_boat_newest"])
            #expect(
                try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'history'")?
                    .contains("AUTOINCREMENT") == true)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
        }
        try after.write { db in
            try db.execute(sql: "DELETE FROM history WHERE id = 9")
            try db.execute(
                sql: "INSERT INTO history (boat_id, created_at, summary) VALUES (1, '2025-05-02 10:00:00.000', 'x')")
            #expect(db.lastInsertedRowID == 10)
        }
    }
}

/// Rows naming rows that are not there, as another program writing with foreign keys off leaves them: named
/// by every command that meets them, and repaired by one.
@Suite("Broken references are named and repaired")
struct BrokenReferenceTests {
    private static let expected = "boat 'Race' seat L1 names paddler 9999, who is not in the roster"

    private func brokenBoat() throws -> TestDatabase {
        let test = try TestDatabase.withBoat(paddlers: 4)
        try test.db.exchange("P1", "L1", inBoat: "Race")
        try test.db.exchange("P2", "R1", inBoat: "Race")
        let queue = try DatabaseQueue(path: test.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "UPDATE placement SET paddler_id = 9999 WHERE section = 'left' AND position = 1")
        }
        try queue.close()
        return test
    }

    @Test func showingOrChangingTheBoatNamesTheSeat() throws {
        let test = try brokenBoat()
        let refused = StoreError.brokenReferences(path: test.path, rows: [Self.expected])
        #expect(throws: refused) { try test.db.state(ofBoat: .named("Race")) }
        #expect(throws: refused) { try test.db.exchange("P2", "P3", inBoat: "Race") }
        #expect(throws: refused) { try test.db.setLock(true, at: "R1", inBoat: "Race") }
        #expect(throws: refused) { try test.db.copyBoat(.named("Race"), to: "Copy") }
        #expect(!refused.description.contains("FOREIGN KEY"))
        #expect(try test.db.boats().map(\.boat.name) == ["Race"])
    }

    @Test func theRepairEmptiesTheSeatAndKeepsTheRest() throws {
        let test = try brokenBoat()
        #expect(try test.db.brokenReferences() == [Self.expected])
        // P1, whose place was taken over by the missing paddler's id, joins the end of the bench.
        #expect(
            try test.db.repairBrokenReferences() == [
                Self.expected, "P1 had no place in boat 'Race' and is now at the end of its bench",
            ])
        #expect(try test.chart("Race") == ["R1=P2", "B1=P3", "B2=P4", "B3=P1"])
        #expect(try test.db.brokenReferences().isEmpty)
        #expect(try test.db.repairBrokenReferences().isEmpty)
        _ = try test.db.copyBoat(.named("Race"), to: "Copy")
    }

    /// A gap left in a bench and a change of a missing boat are repaired too.
    @Test func otherBrokenRowsAreCountedAndRepaired() throws {
        let test = try TestDatabase.withBoat(paddlers: 4)
        let queue = try DatabaseQueue(path: test.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "DELETE FROM paddler WHERE name = 'P2'")
            try db.execute(
                sql: "INSERT INTO history (boat_id, created_at, summary) VALUES (77, '2025-01-01 00:00:00.000', 'x')")
        }
        try queue.close()
        let found = try test.db.brokenReferences()
        #expect(found.contains("boat 'Race' bench place B2 names paddler 2, who is not in the roster"), "\(found)")
        #expect(found.contains("changes in the history naming a boat that is not there: 1"), "\(found)")
        #expect(try test.db.repairBrokenReferences() == found)
        #expect(try test.chart("Race") == ["B1=P1", "B2=P3", "B3=P4"])
        #expect(try test.db.brokenReferences().isEmpty)
    }
}
