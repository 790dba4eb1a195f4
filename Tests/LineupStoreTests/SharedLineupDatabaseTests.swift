import Foundation
import LineupCore
import Testing

@testable import LineupStore

/// The long-running process's database: one writer, concurrent readers, and every write one record.
@Suite("shared database")
struct SharedLineupDatabaseTests {
    @Test func concurrentExchangesAndReadsLoseNothing() async throws {
        let test = try TestDatabase(sample: true)
        let start = try test.db.state(ofBoat: nil).lineup
        let shared = try SharedLineupDatabase(at: test.path, readerCount: 3)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    let pair = index % 2 == 0 ? ("L1", "R1") : ("L2", "R2")
                    _ = try await shared.write { db throws(StoreError) in try db.exchange(pair.0, pair.1, inBoat: nil) }
                }
                group.addTask {
                    let state = try await shared.read { db throws(StoreError) in try db.state(ofBoat: nil) }
                    // Readers only ever see whole lineups: everyone once.
                    #expect(state.lineup.placements.count == start.placements.count)
                }
            }
            try await group.waitForAll()
        }
        #expect(try test.db.history(ofBoat: nil).1.count == 40)
        // 20 exchanges of each pair: back where it started.
        #expect(try test.db.state(ofBoat: nil).lineup == start)
        _ = try test.db.undo(steps: 40, inBoat: nil)
        #expect(try test.db.state(ofBoat: nil).lineup == start)
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
}
