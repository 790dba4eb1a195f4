import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

@Suite("Matching a write-ahead log to its database file")
struct WriteAheadLogTests {
    /// The stamp in a database file's header (`user_version`, bytes 60 to 63).
    private func stamp(ofFileAt path: String) throws -> UInt32 {
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(64))
        return UInt32(header[60]) << 24 | UInt32(header[61]) << 16 | UInt32(header[62]) << 8 | UInt32(header[63])
    }

    @Test func everyChangeStampsTheHeaderChainingFromTheLastStamp() throws {
        let test = try TestDatabase.withBoat()
        let reader = try DatabaseQueue(path: test.path)
        try reader.inDatabase { db in
            // A reader from before the changes keeps them in the log, as a killed command would leave them.
            try db.execute(sql: "BEGIN")
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM paddler")
            let fileStamp = try stamp(ofFileAt: test.path)
            try test.db.exchange("P1", "L1", inBoat: nil)
            try test.db.exchange("P2", "R1", inBoat: nil)
            let log = try #require(WriteAheadLog(path: test.path + "-wal"))
            #expect(log.headerStamps.count >= 2)
            #expect(log.headerStamps.first.map { $0 >> 16 } == fileStamp & 0xFFFF)
            for (earlier, later) in zip(log.headerStamps, log.headerStamps.dropFirst()) where earlier != later {
                #expect(later >> 16 == earlier & 0xFFFF)
            }
            #expect(log.belongs(toFileWithStamp: fileStamp))
            for stamp in log.headerStamps { #expect(log.belongs(toFileWithStamp: stamp)) }
            // Another file: its stamp is neither in the log nor the one the log started from.
            let first = try #require(log.headerStamps.first)
            let other = 0xABCD_0000 | ((first >> 16) ^ 1)
            try #require(!log.headerStamps.contains(other))
            #expect(!log.belongs(toFileWithStamp: other))
            try db.execute(sql: "COMMIT")
        }
        try reader.close()
    }

    @Test func aLogOfAnotherProgramOrGarbageIsNotJudged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let garbage = folder.appendingPathComponent("garbage-wal").path
        try Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: URL(fileURLWithPath: garbage))
        #expect(WriteAheadLog(path: garbage) == nil)
        #expect(!WriteAheadLog.isInUse(sharedMemoryPath: folder.appendingPathComponent("none-shm").path))
    }
}

@Suite("Tidying a log and index nobody uses")
struct CompanionTidyingTests {
    /// A command's empty log and index are removed when it closes, but never while another connection
    /// has the database open: that connection would go on writing into a log no other process can see.
    /// A connection of this process counts too (its locks are invisible to `F_GETLK`).
    @Test func companionsInUseByAnotherConnectionStay() throws {
        let test = try TestDatabase.withBoat()
        try test.db.close()
        for suffix in ["-wal", "-shm"] { unlink(test.path + suffix) }
        var first: LineupDatabase? = try LineupDatabase.open(at: test.path, mode: .existing)
        _ = try first?.boats()
        let second = try DatabaseQueue(path: test.path)
        try second.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM paddler") }
        try #require(FileManager.default.fileExists(atPath: test.path + "-shm"))
        first = nil
        #expect(FileManager.default.fileExists(atPath: test.path + "-wal"))
        #expect(FileManager.default.fileExists(atPath: test.path + "-shm"))
        try second.close()
        _ = first
    }

    @Test func emptyCompanionsOfAClosedDatabaseAreRemoved() throws {
        let test = try TestDatabase.withBoat()
        try test.db.close()
        for suffix in ["-wal", "-shm"] {
            #expect(FileManager.default.createFile(atPath: test.path + suffix, contents: Data()))
        }
        WriteAheadLog.removeIfEmptyAndUnused(companionsOfDatabaseAt: test.path)
        #expect(!FileManager.default.fileExists(atPath: test.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: test.path + "-shm"))
    }
}
