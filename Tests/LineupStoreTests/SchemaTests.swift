import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

/// The schema itself refuses what would break an invariant, whatever program writes to the file.
@Suite("Schema guards the invariants")
struct SchemaTests {
    @Test(arguments: [
        "INSERT INTO placement (boat_id, paddler_id, section, position) VALUES (1, 1, 'left', 1)",
        "UPDATE placement SET section = 'left', position = 11 WHERE paddler_id = 1",
        "UPDATE placement SET section = 'left', position = 1 WHERE paddler_id IN (1, 2)",
        "UPDATE placement SET section = 'drummer', position = 2 WHERE paddler_id = 1",
        "UPDATE placement SET section = 'roof', position = 1 WHERE paddler_id = 1",
        "DELETE FROM placement WHERE paddler_id = 1",
        "UPDATE paddler SET weight_kg = 0 WHERE id = 1",
        "UPDATE paddler SET weight_kg = 300 WHERE id = 1",
        "UPDATE paddler SET sex = 'Q' WHERE id = 1",
        "UPDATE paddler SET side = 'up' WHERE id = 1",
        "UPDATE paddler SET name = ' P1' WHERE id = 1",
        "UPDATE paddler SET name_key = 'p2' WHERE id = 1",
        "INSERT INTO seat_lock (boat_id, section, position) VALUES (1, 'bench', 1)",
        "INSERT INTO boat (name, name_key, kind, row_count, created_at) VALUES ('X', 'x', 'small', 10, 'now')",
        "INSERT INTO history (boat_id, created_at, summary) VALUES (99, 'now', 'x')",
        // Dates and times from any program: lineup's own form, real moments, the regatta years lineup takes.
        "INSERT INTO history (boat_id, created_at, summary) VALUES (1, 'now', 'x')",
        "INSERT INTO history (boat_id, created_at, summary) VALUES (1, '2026-02-30 10:00:00.000', 'x')",
        "UPDATE boat SET created_at = '2026-11-22T14:05:09Z'",
        "INSERT INTO regatta (name, name_key, date, created_at) VALUES ('Cup', 'cup', '0000-01-01', '2026-11-22 14:05:09.123')",
        "INSERT INTO regatta (name, name_key, date, created_at) VALUES ('Cup', 'cup', '2201-01-01', '2026-11-22 14:05:09.123')",
        "INSERT INTO regatta (name, name_key, date, created_at) VALUES ('Cup', 'cup', '2026-06-13', '2026-06-13')",
    ])
    func refusesWritesThatBreakAnInvariant(sql: String) throws {
        let test = try TestDatabase.withBoat(paddlers: 3)
        let before = try test.chart()
        #expect(throws: DatabaseError.self) {
            let queue = try DatabaseQueue(path: test.path)
            try queue.write { db in
                try db.execute(sql: "PRAGMA foreign_keys = ON")
                try db.execute(sql: sql)
            }
        }
        #expect(try test.chart() == before)
    }

    private static let time = "2026-11-22 14:05:09.123"

    /// The same writes with well-formed dates and times are taken.
    @Test func takesDatesAndTimesInLineupsForm() throws {
        let test = try TestDatabase.withBoat(paddlers: 3)
        try test.rawWrite(
            """
            INSERT INTO history (boat_id, created_at, summary) VALUES (1, '\(Self.time)', 'x');
            UPDATE boat SET created_at = '2024-02-29 23:59:59.999';
            INSERT INTO regatta (name, name_key, date, created_at) VALUES ('Cup', 'cup', '2200-12-31', '\(Self.time)');
            UPDATE regatta SET date = '1900-01-01';
            """)
    }

    @Test func newPaddlerJoinsTheEndOfEveryBench() throws {
        let test = try TestDatabase.withBoat(paddlers: 2)
        try test.db.createBoat(named: "Other", kind: .small)
        try test.db.addPaddler(PaddlerDraft(name: "Aaron"))
        try test.db.createBoat(named: "Third", kind: .small)
        #expect(try test.chart("Third") == ["B1=Aaron", "B2=P1", "B3=P2"])
        #expect(try test.chart("Race") == ["B1=P1", "B2=P2", "B3=Aaron"])
        #expect(try test.chart("Other") == ["B1=P1", "B2=P2", "B3=Aaron"])
    }
}
