import Foundation
import GRDB
import Testing

/// The database holds password hashes, session digests and paddlers' notes: it is private to its owner
/// whatever the umask, and so are the folders made for it and every copy of it.
@Suite("The database, its folders and its copies are private to their owner")
struct FileModeTests {
    static func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o7777
    }

    /// `lineup ARGUMENTS` run under `umask MASK` (quoted for the shell by the caller).
    static func run(_ lineup: LineupProcess, umask mask: String, _ arguments: String) throws -> LineupProcess.Result {
        try lineup.run(
            ["-c", "umask \(mask); '\(LineupProcess.executable.path)' \(arguments)"],
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test(arguments: ["022", "000"])
    func aNewDatabaseAndItsFoldersAreOwnersOnly(umask mask: String) throws {
        let lineup = try LineupProcess()
        let path = lineup.folder.path + "/new/deeper/club.sqlite"
        let result = try Self.run(lineup, umask: mask, "--db '\(path)' init --sample")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.mode(path) == 0o600)
        #expect(Self.mode(lineup.folder.path + "/new") == 0o700)
        #expect(Self.mode(lineup.folder.path + "/new/deeper") == 0o700)
        // The log and index SQLite makes while a connection is open take the file's mode, whatever the umask.
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "UPDATE paddler SET notes = 'x' WHERE id = (SELECT min(id) FROM paddler)")
            #expect(Self.mode(path + "-wal") == 0o600)
            #expect(Self.mode(path + "-shm") == 0o600)
        }
        try queue.close()
    }

    @Test(arguments: ["022", "000"])
    func aBackupIsNoMoreOpenThanTheDatabase(umask mask: String) throws {
        let lineup = try LineupProcess()
        #expect(try Self.run(lineup, umask: mask, "init --sample").status == 0)
        #expect(Self.mode(lineup.databasePath) == 0o600)
        let backup = try Self.run(lineup, umask: mask, "backup copy.sqlite")
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(Self.mode(lineup.folder.path + "/copy.sqlite") == 0o600)
        // An existing, more open file replaced by the copy is narrowed to the database's mode.
        _ = FileManager.default.createFile(atPath: lineup.folder.path + "/open.sqlite", contents: Data("old".utf8))
        chmod(lineup.folder.path + "/open.sqlite", 0o666)
        #expect(try Self.run(lineup, umask: mask, "backup open.sqlite").status == 0)
        #expect(Self.mode(lineup.folder.path + "/open.sqlite") == 0o600)
        // A database its owner shared with the group gives a copy shared the same way, no more.
        chmod(lineup.databasePath, 0o640)
        #expect(try Self.run(lineup, umask: mask, "backup group.sqlite").status == 0)
        #expect(Self.mode(lineup.folder.path + "/group.sqlite") == 0o640)
    }
}
