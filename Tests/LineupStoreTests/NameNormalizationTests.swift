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
        #expect(try db.state(ofBoat: .named("me\u{301}lange")).boat.name == "M\u{E9}lange")
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

    /// A file at migration 0008 whose names were keyed by lower-casing, with look-alikes side by side.
    static func databaseKeyedByLowerCasing() throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-lowercased-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("club.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try LineupDatabase.migrator.migrate(queue, upTo: "0008_share_link_ids_never_reused")
        try queue.write { db in
            for (name, weight) in [
                ("Ada Lindqvist", 60.0), ("Ada\u{A0}Lindqvist", 61.0), ("Jan Strauß", 62.0), ("JAN STRAUSS", 63.0),
                ("Bea\u{A0}Marangoni", 64.0), ("\u{3164}\u{3164}X", 65.0), ("Ada\u{200B} Lindqvist", 66.0),
                ("Νίκος", 67.0),
            ] {
                try db.execute(
                    sql: "INSERT INTO paddler (name, name_key, weight_kg) VALUES (?, ?, ?)",
                    arguments: [name, name.lowercased(), weight])
            }
            try db.execute(
                sql: """
                    INSERT INTO boat (name, name_key, kind, row_count, created_at)
                    VALUES (?, ?, 'standard', 10, '2024-01-01T00:00:00Z')
                    """, arguments: ["Race\u{2003}Crew", "race\u{2003}crew"])
            for (id, name) in [(1, "Spring\u{A0}Cup"), (2, "SPRING CUP"), (3, "Autumn Cup")] {
                try db.execute(
                    sql:
                        "INSERT INTO regatta (id, name, name_key, date, created_at) VALUES (?, ?, ?, '2025-06-01', '')",
                    arguments: [id, name, name.lowercased()])
            }
            for (regatta, name) in [(1, "Straße"), (1, "STRASSE"), (3, "Straße")] {
                try db.execute(
                    sql:
                        "INSERT INTO race (regatta_id, name, name_key, start_minute, boat_id) VALUES (?, ?, ?, 600, 1)",
                    arguments: [regatta, name, name.lowercased()])
            }
        }
        try queue.close()
        return (folder, path)
    }

    /// Migration 0011: keys by NFKC and full case folding, plain spaces, look-alikes kept apart by a
    /// suffix on their visible part, and names today's rules refuse kept, found and renamed.
    @Test func keysAreRecomputedByCaseFoldingAndLookAlikesAreKeptApart() throws {
        let (folder, path) = try Self.databaseKeyedByLowerCasing()
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = try LineupDatabase.open(at: path, mode: .existing)
        let names = Dictionary(uniqueKeysWithValues: try db.roster().map { ($0.weightKg ?? 0, $0.name) })
        // The name already stored under its new key keeps it; the look-alikes are told apart by what shows.
        #expect(names[60] == "Ada Lindqvist")
        #expect(names[61] == "Ada Lindqvist (2)")
        #expect(names[66] == "Ada Lindqvist (3)")
        #expect(names[63] == "JAN STRAUSS")
        #expect(names[62] == "Jan Strauß (2)")
        #expect(names[64] == "Bea Marangoni")
        // Kept as it is (today's rules would refuse it), under a key without the invisible characters.
        #expect(names[65] == "\u{3164}\u{3164}X")
        #expect(try db.boats().map(\.boat.name) == ["Race Crew"])
        #expect(try db.regattas().map(\.name).sorted() == ["Autumn Cup", "SPRING CUP", "Spring Cup (2)"])
        let springRaces = try db.races(of: "Spring Cup (2)").1.map(\.name).sorted()
        #expect(springRaces == ["STRASSE", "Straße (2)"])
        #expect(try db.races(of: "Autumn Cup").1.map(\.name) == ["Straße"])
        let rows = try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT name, name_key FROM paddler UNION ALL SELECT name, name_key FROM boat
                    UNION ALL SELECT name, name_key FROM regatta UNION ALL SELECT name, name_key FROM race
                    """)
        }
        for row in rows {
            #expect(Array((row["name_key"] as String).utf8) == Array(PaddlerRules.nameKey(row["name"]).utf8))
        }
        // Found as typed, in capitals, with a no-break space; a kept invisible name by what shows of it.
        #expect(try db.updatePaddler(named: "jan strauß", with: PaddlerDraft(name: ""), renaming: false).weightKg == 63)
        #expect(try db.updatePaddler(named: "ΝΊΚΟΣ", with: PaddlerDraft(name: ""), renaming: false).weightKg == 67)
        #expect(try db.updatePaddler(named: "x", with: PaddlerDraft(name: ""), renaming: false).weightKg == 65)
        #expect(try db.updatePaddler(named: "x", with: PaddlerDraft(name: "Xia Wu")).name == "Xia Wu")
        #expect(try db.state(ofBoat: .named("race\u{A0}crew")).boat.name == "Race Crew")
    }

    @Test func theSchemaRefusesInvisibleCharactersAndOtherSpacesFromAnyProgram() throws {
        let test = try TestDatabase.withBoat(paddlers: 2)
        for sql in [
            "UPDATE paddler SET name = 'P' || char(160) || '1', name_key = 'p 1' WHERE id = 1",
            "UPDATE paddler SET name = 'P' || char(8203) || '1', name_key = 'p1x' WHERE id = 1",
            "INSERT INTO paddler (name, name_key) VALUES (char(12644) || 'X', 'x')",
            "INSERT INTO paddler (name, name_key) VALUES (char(57344), 'pua')",
            "INSERT INTO paddler (name, name_key) VALUES ('A' || char(10240) || 'B', 'ab')",
            "UPDATE boat SET name = 'Race' || char(12288) || 'Crew', name_key = 'race crew'",
            "INSERT INTO regatta (name, name_key, date, created_at) VALUES ('Cup' || char(173), 'cup', '2025-01-01', '')",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") {
                try DatabaseQueue(path: test.path).write { try $0.execute(sql: sql) }
            }
        }
        // An emoji sequence with its joiner and variation selector is a name the schema takes.
        try DatabaseQueue(path: test.path).write {
            try $0.execute(sql: "INSERT INTO paddler (name, name_key) VALUES (?, ?)", arguments: ["🏳️‍🌈 Pat", "pat"])
        }
    }
}
