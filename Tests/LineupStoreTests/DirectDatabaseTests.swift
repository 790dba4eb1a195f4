import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

/// `DirectDatabase` (SQLite's C API, for the command line's frequent commands) against `LineupDatabase`
/// (GRDB): the same checks and errors at opening, the same outcomes and the same file afterwards.
@Suite("The direct connection does what the GRDB one does")
struct DirectDatabaseTests {
    /// A folder with the sample club saved (closed, so no log is left), removed at the end.
    final class Club {
        let folder: URL
        let template: String

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-direct-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            template = folder.appendingPathComponent("template.sqlite").path
            let db = try LineupDatabase.open(at: template, mode: .create)
            try db.loadSample()
            try db.createBoat(named: "Small", kind: .small)
            // The boat races, and some of its crew are not there for every race: each state carries that.
            try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
            _ = try db.addRace(
                "Heat", to: "Cup", start: TimeOfDay(parsing: "09:00"), boat: .existing(.named("Sample crew")))
            _ = try db.addRace(
                "Final", to: "Cup", start: TimeOfDay(parsing: "11:00"), boat: .existing(.named("Sample crew")))
            _ = try db.setAvailability(.absent, of: ["Mia Xu"], at: "Cup")
            _ = try db.setAvailability(
                .window(from: nil, until: try TimeOfDay(parsing: "10:00")), of: ["Ada Lindqvist"], at: "Cup")
            // Commands without --boat take the current boat, as a coach's club has one.
            _ = try db.useBoat(.named("Sample crew"))
            try db.close()
        }

        deinit {
            try? FileManager.default.removeItem(at: folder)
        }

        /// A copy of the sample club named `name`.
        func copy(_ name: String) throws -> String {
            let path = folder.appendingPathComponent(name).path
            try FileManager.default.copyItem(atPath: template, toPath: path)
            return path
        }
    }

    /// One step of a session, run the same way on either connection.
    enum Step: CustomStringConvertible {
        case exchange(String, String, boat: String?)
        case lock(String, Bool, boat: String?)
        case undo(Int, boat: String?)
        case redo(Int, boat: String?)
        case show(boat: String?)

        var description: String {
            switch self {
            case .exchange(let first, let second, let boat): "exchange \(first) \(second) \(boat ?? "")"
            case .lock(let place, let locked, let boat): "\(locked ? "lock" : "unlock") \(place) \(boat ?? "")"
            case .undo(let steps, let boat): "undo \(steps) \(boat ?? "")"
            case .redo(let steps, let boat): "redo \(steps) \(boat ?? "")"
            case .show(let boat): "show \(boat ?? "")"
            }
        }

        /// What the step returned, in words that do not depend on the time: the records, the change and
        /// the boat's lineup afterwards, or the error.
        func run(on store: any LineupChangeStore) -> String {
            do throws(StoreError) {
                switch self {
                case .exchange(let first, let second, let boat):
                    return Self.words(try store.exchange(first, second, inBoat: boat))
                case .lock(let place, let locked, let boat):
                    return Self.words(try store.setLock(locked, at: place, inBoat: boat))
                case .undo(let steps, let boat):
                    return Self.words(try store.undo(steps: steps, inBoat: BoatChoice(boat), expectedFirst: nil))
                case .redo(let steps, let boat):
                    return Self.words(try store.redo(steps: steps, inBoat: BoatChoice(boat), expectedFirst: nil))
                case .show(let boat):
                    return Self.words(try store.state(ofBoat: BoatChoice(boat)))
                }
            } catch {
                return "error: \(error)"
            }
        }

        static func words(_ outcome: ChangeOutcome) -> String {
            "\(outcome.record.map { "#\($0.id) \($0.summary)" } ?? "no record") \(outcome.change) \(words(outcome.state))"
        }

        static func words(_ outcome: HistoryStepOutcome) -> String {
            outcome.records.map { "#\($0.id) \($0.summary) \($0.undone)" }.joined(separator: ", ")
                + words(outcome.state)
        }

        static func words(_ state: BoatState) -> String {
            "\(state.boat) \(state.lineup.placements.map { "\($0.place)=\($0.paddler)" }) "
                + "locks \(state.lineup.lockedSeats.map(\.description).sorted()) \(state.weightUnit) "
                + "\(state.roster.count) paddlers \(state.balanceModel) \(state.unavailableInRaces()) "
                + state.regattaEntries.map { entry in
                    "\(entry.regatta) \(entry.races.map { "\($0.name) \($0.start)" }) "
                        + "\(entry.availability.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })"
                }.joined(separator: "; ")
        }
    }

    static let session: [Step] = [
        .show(boat: nil), .exchange("L1", "R1", boat: nil), .exchange("Mia Xu", "L3", boat: nil),
        .exchange("L3", "B", boat: "sample crew"), .exchange("L2", "L2", boat: nil), .exchange("L0", "R1", boat: nil),
        .exchange("X1", "L1", boat: nil), .exchange("L6", "R1", boat: "Small"), .exchange("Nope", "L1", boat: "Nope"),
        .lock("D", true, boat: nil), .lock("D", true, boat: nil), .exchange("D", "S", boat: nil),
        .lock("B1", true, boat: nil), .undo(1, boat: nil), .undo(2, boat: nil), .redo(1, boat: nil),
        .undo(99, boat: nil), .redo(99, boat: nil), .redo(2, boat: nil), .undo(1, boat: "Small"),
        .lock("Dana", false, boat: nil), .show(boat: "Small"), .show(boat: "s"),
    ]

    /// The history of every boat, without times.
    func history(_ path: String) throws -> [String] {
        let db = try LineupDatabase.open(at: path, mode: .reading)
        let boats = ["Sample crew", "Small"]
        return try boats.flatMap { boat in
            try db.history(ofBoat: .named(boat)).1.map { "\(boat) #\($0.id) \($0.summary) \($0.undone)" }
        }
    }

    @Test func aSessionGivesTheSameOutcomesAndTheSameDatabase() throws {
        let club = try Club()
        let viaGRDB = try club.copy("grdb.sqlite")
        let direct = try club.copy("direct.sqlite")
        for step in Self.session {
            let expected = step.run(on: try LineupDatabase.open(at: viaGRDB, mode: .existing))
            let mode: LineupDatabase.OpenMode = if case .show = step { .reading } else { .existing }
            let opened = try #require(try DirectDatabase.open(at: direct, mode: mode), "\(step)")
            #expect(step.run(on: opened) == expected, "\(step)")
        }
        #expect(try history(direct) == history(viaGRDB))
        #expect(try history(direct).count >= 5)
        for boat in ["Sample crew", "Small"] {
            let grdb = try LineupDatabase.open(at: viaGRDB, mode: .reading)
            let other = try LineupDatabase.open(at: direct, mode: .reading)
            #expect(
                Step.words(try other.state(ofBoat: BoatChoice(boat)))
                    == Step.words(try grdb.state(ofBoat: BoatChoice(boat))))
        }
        let racing = try LineupDatabase.open(at: viaGRDB, mode: .reading).state(ofBoat: .named("Sample crew"))
        #expect(racing.regattaEntries.map(\.races.count) == [2])
        #expect(racing.regattaEntries.first?.availability.count == 2)
    }

    @Test func changesRunWithFullSyncAndForeignKeys() throws {
        let club = try Club()
        let db = try #require(try DirectDatabase.open(at: try club.copy("club.sqlite"), mode: .existing))
        #expect(try db.connection.rows("PRAGMA synchronous").first?.integer("synchronous") == 2)
        #expect(try db.connection.rows("PRAGMA foreign_keys").first?.integer("foreign_keys") == 1)
        #expect(try db.connection.rows("PRAGMA journal_mode").first?.text("journal_mode") == "wal")
    }

    @Test func everyChangeStampsTheFile() throws {
        let club = try Club()
        let path = try club.copy("club.sqlite")
        func stamp() throws -> Int64 {
            let queue = try DatabaseQueue(path: path)
            defer { try? queue.close() }
            return try queue.read { try Int64.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
        }
        let before = try stamp()
        _ = try #require(try DirectDatabase.open(at: path, mode: .existing)).exchange("L1", "R1", inBoat: nil)
        let after = try stamp()
        #expect(after != before)
        #expect(UInt32(truncatingIfNeeded: after) >> 16 == UInt32(truncatingIfNeeded: before) & 0xFFFF)
    }

    @Test func readingChangesNoByteAndLeavesNoLog() throws {
        let club = try Club()
        let path = try club.copy("club.sqlite")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let db = try #require(try DirectDatabase.open(at: path, mode: .reading))
            _ = try db.state(ofBoat: .current)
            #expect(throws: StoreError.self) { try db.exchange("L1", "R1", inBoat: nil) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    }

    @Test func aRefusedChangeWritesNothing() throws {
        let club = try Club()
        let path = try club.copy("club.sqlite")
        let db = try #require(try DirectDatabase.open(at: path, mode: .existing))
        _ = try db.setLock(true, at: "L1", inBoat: nil)
        let before = try history(path)
        #expect(throws: StoreError.lineup(.lockedSeat(.left(row: 1), occupant: "Ada Lindqvist"))) {
            try db.exchange("L1", "R1", inBoat: nil)
        }
        #expect(try history(path) == before)
    }

    /// Files that are not a usable lineup database: both ways of opening refuse them with the same error
    /// and leave them byte for byte.
    @Test(arguments: ["random bytes", "empty", "missing", "newer schema", "other program", "folder", "journal"])
    func theSameFilesAreRefusedTheSameWay(fixture: String) throws {
        let club = try Club()
        let path = club.folder.appendingPathComponent("club.sqlite").path
        switch fixture {
        case "random bytes":
            try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        case "empty": try Data().write(to: URL(fileURLWithPath: path))
        case "missing": break
        case "newer schema":
            _ = try club.copy("club.sqlite")
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('9999_from_the_future')") }
            try queue.close()
        case "other program":
            let queue = try DatabaseQueue(path: path)
            // The journal mode cannot change inside a transaction.
            try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = WAL") }
            try queue.write { try $0.execute(sql: "CREATE TABLE invoices (id INTEGER)") }
            try queue.close()
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        default:
            _ = try club.copy("club.sqlite")
            try Data([0xD9, 0xD5, 0x05, 0xF9] + [UInt8](repeating: 7, count: 508))
                .write(to: URL(fileURLWithPath: path + "-journal"))
        }
        for mode in [LineupDatabase.OpenMode.existing, .reading] {
            let before = try? Data(contentsOf: URL(fileURLWithPath: path))
            var expected: StoreError?
            do { _ = try LineupDatabase.open(at: path, mode: mode) } catch { expected = error }
            var direct: StoreError?
            do { _ = try DirectDatabase.open(at: path, mode: mode) } catch { direct = error }
            #expect(expected != nil)
            #expect(direct == expected, "\(mode)")
            #expect((try? Data(contentsOf: URL(fileURLWithPath: path))) == before)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    /// What only GRDB's path does (switching a file to WAL, migrating an older schema) is left to it.
    @Test func filesThatNeedMoreAreLeftToLineupDatabase() throws {
        let club = try Club()
        let rollback = try club.copy("rollback.sqlite")
        let queue = try DatabaseQueue(path: rollback)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()
        #expect(try DirectDatabase.open(at: rollback, mode: .existing) == nil)
        #expect(try DirectDatabase.open(at: rollback, mode: .reading) == nil)

        let older = try club.copy("older.sqlite")
        let oldQueue = try DatabaseQueue(path: older)
        let newest = try #require(LineupDatabase.migrationIdentifiers.last)
        try oldQueue.write {
            try $0.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [newest])
        }
        try oldQueue.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: older))
        #expect(try DirectDatabase.open(at: older, mode: .existing) == nil)
        #expect(try DirectDatabase.open(at: older, mode: .reading) == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: older)) == bytes)
        #expect(try DirectDatabase.open(at: club.copy("club.sqlite"), mode: .create) == nil)
    }
}
