import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

@Suite("Opening a database file")
struct OpeningTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-open-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func aFileThatIsNotADatabaseIsLeftByteForByte() throws {
        let path = try folder().appendingPathComponent("notes.sqlite").path
        let bytes = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try bytes.write(to: URL(fileURLWithPath: path))
        for mode in [LineupDatabase.OpenMode.create, .existing] {
            #expect(throws: StoreError.notADatabase(path: path)) { try LineupDatabase.open(at: path, mode: mode) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aNewerSchemaIsRefusedAndLeftByteForByte() throws {
        let test = try TestDatabase.withBoat()
        try test.rawWrite("INSERT INTO grdb_migrations (identifier) VALUES ('9999_from_the_future')")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: test.path))
        #expect(throws: StoreError.newerSchema(path: test.path, unknownMigrations: ["9999_from_the_future"])) {
            try LineupDatabase.open(at: test.path, mode: .existing)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: test.path)) == bytes)
    }

    @Test func anotherProgramsDatabaseIsRefused() throws {
        let path = try folder().appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY)") }
        try queue.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.notALineupDatabase(path: path)) { try LineupDatabase.open(at: path, mode: .create) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aMissingOrEmptyFileNeedsInit() throws {
        let base = try folder()
        let missing = base.appendingPathComponent("missing.sqlite").path
        #expect(throws: StoreError.databaseMissing(path: missing)) {
            try LineupDatabase.open(at: missing, mode: .existing)
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        let empty = base.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: StoreError.notInitialized(path: empty)) { try LineupDatabase.open(at: empty, mode: .existing) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
        _ = try LineupDatabase.open(at: empty, mode: .create)
        _ = try LineupDatabase.open(at: empty, mode: .existing)
    }

    /// SQLite deletes the log beside a file with no pages when it sets one up: an empty file with a `-wal`
    /// beside it is refused as a missing one is, and the log is kept.
    @Test func anEmptyFileWithALogBesideItIsNotSetUp() throws {
        let path = try folder().appendingPathComponent("club.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let log = Data("changes of an earlier database".utf8)
        try log.write(to: URL(fileURLWithPath: path + "-wal"))
        #expect(throws: StoreError.strayCompanion(path: path, companion: path + "-wal")) {
            try LineupDatabase.open(at: path, mode: .create)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == log)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)).isEmpty)
    }

    /// A file with views (or triggers, or virtual tables) but no tables of its own is another program's
    /// database, not an empty one to take over.
    @Test(arguments: [
        "CREATE VIEW answers AS SELECT 42 AS answer",
        "CREATE VIRTUAL TABLE places USING rtree(id, minX, maxX)",
    ])
    func aDatabaseWithoutTablesOfItsOwnIsNotTakenOver(_ sql: String) throws {
        let path = try folder().appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for mode in [LineupDatabase.OpenMode.create, .existing, .reading] {
            #expect(throws: StoreError.notALineupDatabase(path: path)) { try LineupDatabase.open(at: path, mode: mode) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func createMakesMissingFoldersAndIsIdempotent() throws {
        let path = try folder().appendingPathComponent("a/b/club.sqlite").path
        let first = try LineupDatabase.open(at: path, mode: .create)
        try first.addPaddler(.init(name: "Ann"))
        let again = try LineupDatabase.open(at: path, mode: .create)
        #expect(try again.roster().map(\.name) == ["Ann"])
    }

    @Test func aFolderIsNotADatabase() throws {
        let path = try folder().path
        #expect(throws: StoreError.self) { try LineupDatabase.open(at: path, mode: .create) }
    }

    @Test func theFileIsInWALModeWithFullSync() throws {
        let test = try TestDatabase.withBoat()
        #expect(try test.db.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        #expect(try test.db.read { try Int.fetchOne($0, sql: "PRAGMA synchronous") } == 2)
        #expect(try test.db.read { try Bool.fetchOne($0, sql: "PRAGMA foreign_keys") } == true)
    }

    @Test func readingChangesNoByteOfTheFile() throws {
        let base = try folder()
        let path = base.appendingPathComponent("club.sqlite").path
        do {
            let db = try LineupDatabase.open(at: path, mode: .create)
            try db.addPaddler(PaddlerDraft(name: "Ann"))
            try db.createBoat(named: "Race", kind: .standard)
            try db.exchange("Ann", "L1", inBoat: nil)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let db = try LineupDatabase.open(at: path, mode: .existing)
            _ = try db.state(ofBoat: .current)
            _ = try db.history(ofBoat: .current)
            _ = try db.roster()
            _ = try db.boats()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }
}

@Suite("Stored timestamps")
struct TimestampTests {
    @Test(arguments: [0.0, 1_795_316_438.949, 951_782_400.5, 4_102_444_799.999])
    func roundTripToTheMillisecond(seconds: Double) throws {
        let date = Date(timeIntervalSince1970: seconds)
        let text = Timestamp.text(from: date)
        let back = try #require(Timestamp.date(from: text))
        #expect(abs(back.timeIntervalSince1970 - seconds) < 0.001)
    }

    @Test func storedTextIsSortableUTC() {
        #expect(Timestamp.text(from: Date(timeIntervalSince1970: 951_782_400.25)) == "2000-02-29 00:00:00.250")
        #expect(DateText.iso8601(Date(timeIntervalSince1970: 951_782_400.25)) == "2000-02-29T00:00:00Z")
        #expect(Timestamp.date(from: "not a time") == nil)
    }
}
