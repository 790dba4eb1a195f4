import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

/// Migration 0005 on a database written before names had one normal form: it still opens, every name is
/// NFC under a recomputed key, names that became equal are kept apart, and nothing stops working.
@Suite("existing databases: names normalized, nothing made unusable")
struct NameNormalizationTests {
    static let nfc = "Jos\u{E9} Garc\u{ED}a"
    static let nfd = "Jose\u{301} Garci\u{301}a"

    /// A file at migration 0004 with rows as an older lineup (or another program) wrote them.
    static func legacyDatabase() throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-legacy-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("club.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try LineupDatabase.migrator.migrate(
            queue, upTo: "0004_active_paddlers_weights_to_hundredths_and_club_settings")
        try queue.write { db in
            // The old key: trimmed and lower-cased, byte for byte, without normalization.
            for (name, weight) in [
                (nfc, 70.0), (nfd, 71.0), ("Ann  Lee", 60.0), ("Ann Lee", 61.0), ("Bad\u{202E}Name", 80.0),
                ("Maya Chen", 62.0),
            ] {
                try db.execute(
                    sql: "INSERT INTO paddler (name, name_key, weight_kg, notes) VALUES (?, ?, ?, ?)",
                    arguments: [name, name.lowercased(), weight, name == "Maya Chen" ? "\u{1B}]0;x\u{7}" : ""])
            }
            try db.execute(
                sql: """
                    INSERT INTO boat (name, name_key, kind, row_count, created_at)
                    VALUES (?, ?, 'standard', 10, '2024-01-01T00:00:00Z'), (?, ?, 'standard', 10, '2024-01-01T00:00:00Z')
                    """, arguments: ["M\u{E9}lange", "m\u{E9}lange", "Me\u{301}lange", "me\u{301}lange"])
        }
        try queue.close()
        return (folder, path)
    }

    @Test func everyNameIsNFCUnderItsNewKeyAndDuplicatesAreKeptApart() throws {
        let (folder, path) = try Self.legacyDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try LineupDatabase.open(at: path, mode: .existing)
        let roster = try db.roster()
        let names = roster.map(\.name)
        #expect(names.allSatisfy { Array($0.utf8) == Array($0.normalizedNFC.utf8) })
        // The precomposed one was already under its key and keeps the name; the decomposed one is told apart.
        #expect(roster.first { $0.weightKg == 70 }?.name == Self.nfc)
        #expect(roster.first { $0.weightKg == 71 }?.name == Self.nfc + " (2)")
        #expect(roster.first { $0.weightKg == 61 }?.name == "Ann Lee")
        #expect(roster.first { $0.weightKg == 60 }?.name == "Ann  Lee (2)")
        let boats = try db.boats().map(\.boat.name).sorted()
        #expect(boats == ["M\u{E9}lange", "M\u{E9}lange (2)"])
        let keys = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "SELECT name, name_key FROM paddler UNION ALL SELECT name, name_key FROM boat")
        }
        for row in keys {
            #expect(Array((row["name_key"] as String).utf8) == Array(PaddlerRules.nameKey(row["name"]).utf8))
        }
    }

    @Test func legacyNamesStayUsable() throws {
        let (folder, path) = try Self.legacyDatabase()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try LineupDatabase.open(at: path, mode: .existing)
        // Typed in either spelling, the name finds the paddler who kept it.
        #expect(try db.updatePaddler(named: Self.nfd, with: PaddlerDraft(name: ""), renaming: false).weightKg == 70)
        #expect(try db.state(ofBoat: "me\u{301}lange").boat.name == "M\u{E9}lange")
        // A name today's rules refuse can still be found (by its start), updated and renamed.
        let bad = try db.updatePaddler(named: "bad", with: PaddlerDraft(name: "", weightKg: 81), renaming: false)
        #expect(bad.name == "Bad\u{202E}Name" && bad.weightKg == 81)
        #expect(try db.updatePaddler(named: "bad", with: PaddlerDraft(name: "Bad Name")).name == "Bad Name")
        // A boat holds everyone, and exchanges by name work.
        try db.createBoat(named: "Race", kind: .standard)
        let outcome = try db.exchange("maya", "L1", inBoat: "Race")
        #expect(outcome.state.paddler(at: .left(row: 1))?.name == "Maya Chen")
        // Notes with control characters written before are kept as they are (and shown safely).
        #expect(try db.roster().first { $0.name == "Maya Chen" }?.notes == "\u{1B}]0;x\u{7}")
    }

    @Test func theSchemaRefusesUnprintableNamesFromAnyProgram() throws {
        let test = try TestDatabase.withBoat(paddlers: 2)
        for sql in [
            "UPDATE paddler SET name = 'P' || char(27) || '1', name_key = 'px' WHERE id = 1",
            "UPDATE paddler SET name = 'P' || char(8238) || '1', name_key = 'px' WHERE id = 1",
            "INSERT INTO paddler (name, name_key) VALUES ('A' || char(8232) || 'B', 'ab')",
            "INSERT INTO paddler (name, name_key) VALUES (char(65279) || 'Ann', 'ann')",
            "UPDATE boat SET name = 'Race' || char(155), name_key = 'racex'",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") {
                try DatabaseQueue(path: test.path).write { try $0.execute(sql: sql) }
            }
        }
        // Updating another field of a row keeps working, whatever its name.
        try DatabaseQueue(path: test.path).write {
            try $0.execute(sql: "UPDATE paddler SET name = name, weight_kg = 70")
        }
    }
}
