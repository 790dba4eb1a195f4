import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

/// No boat gets a name a web address cannot carry (`.`, `..`: browsers fold those path segments away, so
/// the page could never name the boat); a database that already has one still works and can rename it.
@Suite("boat names a web address can carry")
struct BoatNameTests {
    @Test func dotAndDotDotAreRefusedWhereverABoatGetsAName() throws {
        let test = try TestDatabase(sample: true)
        // Full-width dots are the same names wherever names are compared.
        for name in [".", "..", " .. ", "．", "．．", "‥"] {
            #expect(throws: StoreError.self) { try test.db.createBoat(named: name, kind: .standard) }
            #expect(throws: StoreError.self) { try test.db.renameBoat(.named("Sample crew"), to: name) }
            #expect(throws: StoreError.self) { try test.db.copyBoat(.named("Sample crew"), to: name) }
        }
        #expect(try test.db.boats().map(\.boat.name) == ["Sample crew"])
        // Names with dots in them are fine.
        _ = try test.db.createBoat(named: "...", kind: .standard)
        _ = try test.db.createBoat(named: "v2.1", kind: .small)
    }

    @Test func theSchemaRefusesThemToo() throws {
        let test = try TestDatabase(sample: true)
        let queue = try DatabaseQueue(path: test.path)
        defer { try? queue.close() }
        for sql in [
            "INSERT INTO boat (name, name_key, kind, row_count, created_at) VALUES ('..', '..', 'standard', 10, '2024-01-01T00:00:00Z')",
            "UPDATE boat SET name = '.', name_key = '.'",
        ] {
            #expect(throws: DatabaseError.self) { try queue.write { try $0.execute(sql: sql) } }
        }
    }

    /// A database made before the rule keeps its `.` boat: changes reach it, and it can be renamed.
    @Test func anOlderDatabasesDotBoatStillWorksAndCanBeRenamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-dots-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("club.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try LineupDatabase.migrator.migrate(queue, upTo: "0008_share_link_ids_never_reused")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO boat (name, name_key, kind, row_count, created_at)
                    VALUES ('.', '.', 'standard', 10, '2024-01-01T00:00:00Z')
                    """)
        }
        try queue.close()
        let db = try LineupDatabase.open(at: path, mode: .existing)
        defer { try? db.close() }
        #expect(try db.state(ofBoat: .named(".")).boat.name == ".")
        _ = try db.setLock(true, at: "L1", inBoat: ".")
        #expect(try db.renameBoat(.named("."), to: "Heat A").name == "Heat A")
        #expect(try db.state(ofBoat: .named("Heat A")).lineup.isLocked(.left(row: 1)))
    }
}

/// The store's boat calls take a `BoatChoice`: how the front end named the boat decides how it is found.
@Suite("Boats named by a choice")
struct BoatChoiceTests {
    @Test func deletingMatchesANameWholeHoweverItIsGiven() throws {
        let test = try TestDatabase(sample: true)
        for choice in [BoatChoice.named("sample"), .wholeName("sample")] {
            #expect(
                throws: StoreError.lineup(.wholeNameNeeded("sample", owner: .boat, candidates: ["Sample crew"]))
            ) { try test.db.deleteBoat(choice) }
        }
        #expect(try test.db.boats().count == 1)
        #expect(try test.db.deleteBoat(.named("SAMPLE CREW")).name == "Sample crew")
        #expect(try test.db.boats().isEmpty)
    }

    @Test func aBoatChosenByIdIsFollowedThroughARename() throws {
        let test = try TestDatabase(sample: true)
        let boat = try test.db.boat(.named("sample"))
        _ = try test.db.renameBoat(.id(boat.id), to: "Final B")
        try test.db.createBoat(named: "Sample crew", kind: .small)
        #expect(try test.db.boat(.id(boat.id)).name == "Final B")
        #expect(try test.db.copyBoat(.id(boat.id), to: "Copy").kind == boat.kind)
        _ = try test.db.deleteBoat(.id(boat.id))
        #expect(throws: StoreError.boatRemoved) { try test.db.boat(.id(boat.id)) }
        #expect(try test.db.boats().map(\.boat.name).sorted() == ["Copy", "Sample crew"])
    }

    @Test func theCurrentBoatIsTheOneInUseOrTheOnlyOne() throws {
        let test = try TestDatabase(sample: true)
        #expect(try test.db.boat(.current).name == "Sample crew")
        try test.db.createBoat(named: "Second", kind: .small)
        #expect(throws: StoreError.self) { try test.db.boat(.current) }
        _ = try test.db.useBoat(.named("sec"))
        #expect(try test.db.boat(.current).name == "Second")
        #expect(try test.db.history(ofBoat: .current).0.name == "Second")
    }
}

/// Regattas and paddlers are segments of the API's paths too (`/api/regattas/{regatta}`,
/// `/api/roster/{paddler}`): a `.` or `..` among them could never be reached from the page.
@Suite("regatta and paddler names a web address can carry")
struct RegattaAndPaddlerNameTests {
    @Test func dotAndDotDotAreRefusedForRegattasAndPaddlers() throws {
        let test = try TestDatabase(sample: true)
        let day = try RegattaDay(parsing: "2026-06-13")
        _ = try test.db.createRegatta(named: "Cup", date: day)
        let someone = try #require(try test.db.roster().first).name
        for name in [".", "..", "．", "‥"] {
            #expect(throws: StoreError.self) { try test.db.createRegatta(named: name, date: day) }
            #expect(throws: StoreError.self) { try test.db.updateRegatta("Cup", newName: name) }
            #expect(throws: StoreError.self) { try test.db.addPaddler(PaddlerDraft(name: name)) }
            #expect(throws: StoreError.self) {
                try test.db.changePaddler(named: someone, with: PaddlerDraft(name: name), renaming: true)
            }
        }
        #expect(try test.db.regattas().map(\.name) == ["Cup"])
        #expect(try test.db.roster().contains { $0.name == someone })
        // Names with dots in them are fine.
        _ = try test.db.createRegatta(named: "Cup 2.0", date: day)
        _ = try test.db.addPaddler(PaddlerDraft(name: "J. R."))
    }
}
