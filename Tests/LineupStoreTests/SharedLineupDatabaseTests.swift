import Foundation
import LineupCore
import Testing

@testable import LineupStore

/// The long-running process's database: one writer, concurrent readers, and every write one record.
@Suite("shared database")
struct SharedLineupDatabaseTests {
    @Test func concurrentExchangesAndReadsLoseNothing() async throws {
        let test = try TestDatabase(sample: true)
        let start = try test.db.state(ofBoat: .current).lineup
        let shared = try SharedLineupDatabase(at: test.path, readerCount: 3)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let pair = index % 2 == 0 ? ("L1", "R1") : ("L2", "R2")
                    _ = try await shared.write { db throws(StoreError) in try db.exchange(pair.0, pair.1, inBoat: nil) }
                }
                group.addTask {
                    let state = try await shared.read { db throws(StoreError) in try db.state(ofBoat: .current) }
                    // Readers only ever see whole lineups: everyone once.
                    #expect(state.lineup.placements.count == start.placements.count)
                }
            }
            try await group.waitForAll()
        }
        #expect(try test.db.history(ofBoat: .current).1.count == 40)
        // 20 exchanges of each pair: back where it started.
        #expect(try test.db.state(ofBoat: .current).lineup == start)
        _ = try test.db.undo(steps: 40, inBoat: .current)
        #expect(try test.db.state(ofBoat: .current).lineup == start)
    }

    @Test func openingKeepsEveryCheckOfTheCommandLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none.sqlite").path
        #expect(throws: StoreError.databaseMissing(path: missing)) { try SharedLineupDatabase(at: missing) }
        let text = folder.appendingPathComponent("notes.sqlite")
        try Data("not a database at all, just some text to fill the header".utf8).write(to: text)
        #expect(throws: StoreError.notADatabase(path: text.path)) { try SharedLineupDatabase(at: text.path) }
        #expect(
            FileManager.default.contents(atPath: text.path)
                == Data("not a database at all, just some text to fill the header".utf8))
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    /// The files a test watches, byte for byte (a missing one as nil).
    private static func contents(_ paths: [String]) -> [Data?] {
        paths.map { FileManager.default.contents(atPath: $0) }
    }

    /// `mv club.sqlite moved.sqlite; lineup init --sample` under a running server: the path names a new
    /// club, and the server, which still has the old file open, must neither change nor show that one.
    @Test func aFileReplacedUnderItIsRefusedAndNeitherFileIsWritten() async throws {
        let test = try TestDatabase(sample: true)
        let reports = Reports()
        let shared = try SharedLineupDatabase(at: test.path, readerCount: 2, onReplaced: { reports.add($0) })
        _ = try await shared.write { db throws(StoreError) in try db.exchange("L1", "R1", inBoat: nil) }
        let moved = test.folder.appendingPathComponent("moved.sqlite").path
        #expect(rename(test.path, moved) == 0)
        // The new club, made aside and put in place as `lineup init --sample` does.
        let other = try TestDatabase(sample: true)
        try other.db.close()
        try FileManager.default.copyItem(atPath: other.path, toPath: test.path)
        let watched = [moved, test.path, test.path + "-wal", moved + "-wal"]
        let before = Self.contents(watched)

        await #expect(throws: StoreError.databaseReplaced(path: test.path)) {
            try await shared.write { db throws(StoreError) in try db.exchange("L2", "R2", inBoat: nil) }
        }
        await #expect(throws: StoreError.databaseReplaced(path: test.path)) {
            try await shared.read { db throws(StoreError) in try db.state(ofBoat: .current) }
        }
        await #expect(throws: StoreError.databaseReplaced(path: test.path)) { try await shared.dataVersion() }
        #expect(shared.isReplaced)
        #expect(Self.contents(watched) == before)
        #expect(reports.messages.count == 1)
        #expect(reports.messages.first?.contains("moved, deleted or replaced") == true)
        #expect(StoreError.databaseReplaced(path: test.path).description.contains("nothing was changed"))
    }

    /// The change feed's look at the file notices a replacement by itself, while nothing is being changed.
    @Test func theChangeFeedsLookNoticesADeletedFile() async throws {
        let test = try TestDatabase(sample: true)
        let reports = Reports()
        let shared = try SharedLineupDatabase(at: test.path, readerCount: 1, onReplaced: { reports.add($0) })
        _ = try await shared.dataVersion()
        #expect(unlink(test.path) == 0)
        await #expect(throws: StoreError.databaseReplaced(path: test.path)) { try await shared.dataVersion() }
        #expect(reports.messages.count == 1)
        await #expect(throws: StoreError.databaseReplaced(path: test.path)) {
            try await shared.write { db throws(StoreError) in try db.exchange("L2", "R2", inBoat: nil) }
        }
        // Nothing made a file at the path again.
        #expect(!FileManager.default.fileExists(atPath: test.path))
        #expect(reports.messages.count == 1)
    }

    /// Any connection kept open (the editor's, `lineup edit`) looks inside each write transaction: a change
    /// is never committed into a file the path no longer names.
    @Test func aConnectionKeptOpenWritesNothingIntoAMovedFile() throws {
        let test = try TestDatabase(sample: true)
        let start = try test.db.state(ofBoat: .current).lineup
        let moved = test.folder.appendingPathComponent("moved.sqlite").path
        #expect(rename(test.path, moved) == 0)
        #expect(throws: StoreError.databaseReplaced(path: test.path)) { try test.db.exchange("L1", "R1", inBoat: nil) }
        // The editor's look for other writers says so too.
        #expect(throws: StoreError.databaseReplaced(path: test.path)) { try test.db.dataVersion() }
        #expect(rename(moved, test.path) == 0)
        // Put back, it is the same file again: nothing was written while it was away.
        #expect(try test.db.state(ofBoat: .current).lineup == start)
        #expect(try test.db.history(ofBoat: .current).1.isEmpty)
    }
}

/// What `onReplaced` was told, behind a lock.
private final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []

    var messages: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    func add(_ message: String) {
        lock.lock()
        received.append(message)
        lock.unlock()
    }
}
