import Foundation
import GRDB
import LineupCore
import Testing

@Suite("a log left by a killed command, backup and restore")
struct BackupRestoreTests {
    /// The files a killed command leaves: `club.sqlite` as it was before three exchanges, and beside it a
    /// `-wal` (and `-shm`) holding the exchanges, committed by lineup itself. Made by holding a read
    /// transaction open while the exchanges run (so no checkpoint can copy them into the file), and
    /// copying the three files meanwhile, as they would be on disk at a SIGKILL.
    static func killedState(in lineup: LineupProcess) throws -> (database: String, lineupAfter: String) {
        let live = lineup.folder.appendingPathComponent("live")
        try FileManager.default.createDirectory(at: live, withIntermediateDirectories: true)
        let livePath = live.appendingPathComponent("club.sqlite").path
        try BadInputTests.template().write(to: URL(fileURLWithPath: livePath))
        let queue = try DatabaseQueue(path: livePath)
        var lineupAfter = ""
        try queue.inDatabase { db in
            try db.execute(sql: "BEGIN")
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM paddler")
            for (first, second) in [("L1", "R1"), ("L2", "R2"), ("L3", "B1")] {
                let result = try lineup.run(["exchange", first, second], environment: ["LINEUP_DB": livePath])
                #expect(result.status == 0, "\(result.stderr)")
            }
            lineupAfter = try lineup.run(["show", "--json"], environment: ["LINEUP_DB": livePath]).stdout
            for suffix in ["", "-wal", "-shm"] {
                try FileManager.default.copyItem(atPath: livePath + suffix, toPath: lineup.databasePath + suffix)
            }
            try db.execute(sql: "COMMIT")
        }
        try queue.close()
        try FileManager.default.removeItem(at: live)
        #expect((try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath + "-wal"))).count > 4096)
        return (lineup.databasePath, lineupAfter)
    }

    /// A different valid lineup database: the sample club with other changes, made in its own folder.
    static func otherDatabase(_ lineup: LineupProcess) throws -> Data {
        let other = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: other.databasePath))
        for command in [["roster", "add", "Zed"], ["exchange", "L5", "R5"], ["boat", "create", "Other"]] {
            #expect(try other.run(command).status == 0)
        }
        return try Data(contentsOf: URL(fileURLWithPath: other.databasePath))
    }

    @Test func aLogLeftByAKilledCommandIsRecoveredAndReadingWritesNothing() throws {
        let lineup = try LineupProcess()
        let (database, lineupAfter) = try Self.killedState(in: lineup)
        let before = BadInputTests.snapshot(lineup.folder).filter { !$0.key.hasSuffix("-shm") }
        for command in FaultTests.readCommands {
            let result = try lineup.run(command)
            #expect(!result.stderr.hasPrefix("error:"), "\(command): \(result.stderr)")
        }
        #expect(try lineup.run(["show", "--json"]).stdout == lineupAfter)
        // The index is SQLite's to rebuild; the file and its log are not a reader's to change.
        #expect(BadInputTests.snapshot(lineup.folder).filter { !$0.key.hasSuffix("-shm") } == before)
        #expect(try lineup.run(["exchange", "L4", "R4"]).status == 0)
        #expect(try DatabaseChecks.historyCount(at: database) == 4)
        #expect(try DatabaseChecks.problems(at: database).isEmpty)
    }

    /// The finding: with a log left by a killed command, copying another valid database over the file
    /// and running `show` shrank the file, deleted the log and printed "it was left untouched".
    @Test(arguments: [
        ["show"], ["export"], ["history"], ["roster", "list"], ["exchange", "L1", "R1"], ["roster", "add", "Zed"],
        ["undo"], ["backup", "copy.sqlite"],
    ])
    func aDatabaseCopiedOverALeftLogIsNeverMixedWithIt(_ command: [String]) throws {
        let lineup = try LineupProcess()
        let (database, _) = try Self.killedState(in: lineup)
        try Self.otherDatabase(lineup).write(to: URL(fileURLWithPath: database))
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.run(command)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("holds changes that do not belong to"), "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "a file changed")
    }

    @Test func backupIsOneConsistentFileWhileCommandsRun() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let writers = try (0..<2).map { _ in
            try lineup.start(["exchange", "L1", "R1"], environment: ["LINEUP_BUSY_TIMEOUT": "30"])
        }
        var backups: [String] = []
        for index in 0..<6 {
            let path = lineup.folder.appendingPathComponent("backup-\(index).sqlite").path
            let result = try lineup.run(["backup", path])
            #expect(result.status == 0, "\(result.stderr)")
            backups.append(path)
            let more = try lineup.run(["exchange", "L\(index % 10 + 1)", "R\(index % 10 + 1)"])
            #expect(more.status == 0, "\(more.stderr)")
        }
        for writer in writers { writer.waitUntilExit() }
        for path in backups {
            for suffix in ["-wal", "-shm", "-journal"] {
                #expect(!FileManager.default.fileExists(atPath: path + suffix), "\(path)\(suffix)")
            }
            #expect(try DatabaseChecks.problems(at: path).isEmpty)
            let show = try lineup.run(["show"], environment: ["LINEUP_DB": path])
            #expect(show.status == 0, "\(show.stderr)")
        }
        // Each backup holds the history up to when it was taken, and a later one at least as much.
        let counts = try backups.map { try DatabaseChecks.historyCount(at: $0) }
        #expect(counts == counts.sorted())
    }

    @Test func restoreBringsBackTheBackupAndKeepsTheCurrentDatabase() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        #expect(try lineup.run(["exchange", "L1", "R1"]).status == 0)
        let backup = lineup.folder.appendingPathComponent("monday.sqlite").path
        #expect(try lineup.run(["backup", backup]).status == 0)
        let atBackup = try lineup.snapshot()
        #expect(try lineup.run(["exchange", "L2", "R2"]).status == 0)
        #expect(try lineup.run(["roster", "add", "Late Comer"]).status == 0)
        let beforeRestore = try lineup.snapshot()
        let result = try lineup.run(["restore", backup])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lineup.snapshot() == atBackup)
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path).first {
                $0.hasPrefix("club.sqlite.before-restore-")
            })
        #expect(result.stdout.contains(kept))
        #expect(try lineup.run(["show"], environment: ["LINEUP_DB": lineup.folder.path + "/" + kept]).status == 0)
        #expect(
            try lineup.snapshot(databasePath: lineup.folder.path + "/" + kept) == beforeRestore,
            "the kept copy is not the database as it was")
        for suffix in ["-wal", "-shm"] {
            #expect(!FileManager.default.fileExists(atPath: lineup.databasePath + suffix))
        }
        #expect(try DatabaseChecks.problems(at: lineup.databasePath).isEmpty)
    }

    /// Restore while other commands write: they wait for it and then work on the restored database, which
    /// stays whole; every change they reported is either in the kept copy or made after the restore.
    @Test func restoreWhileOtherCommandsRun() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let backup = lineup.folder.appendingPathComponent("backup.sqlite").path
        #expect(try lineup.run(["backup", backup]).status == 0)
        let writers = try (0..<3).map { index in
            try lineup.start(
                ["roster", "add", "Writer \(index)"], environment: ["LINEUP_BUSY_TIMEOUT": "30"])
        }
        let readers = try (0..<3).map { _ in try lineup.start(["show"], environment: ["LINEUP_BUSY_TIMEOUT": "30"]) }
        let result = try lineup.run(["restore", backup], environment: ["LINEUP_BUSY_TIMEOUT": "30"])
        #expect(result.status == 0, "\(result.stderr)")
        for process in writers + readers {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        #expect(try DatabaseChecks.problems(at: lineup.databasePath).isEmpty)
        let kept = try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path).filter {
            $0.hasPrefix("club.sqlite.before-restore-")
        }
        #expect(kept.count == 1)
        for index in 0..<3 {
            let inCurrent = try DatabaseChecks.paddlerCount(at: lineup.databasePath, namePrefix: "Writer \(index)")
            let inKept = try DatabaseChecks.paddlerCount(
                at: lineup.folder.path + "/" + (kept.first ?? ""), namePrefix: "Writer \(index)")
            #expect(inCurrent + inKept >= 1, "Writer \(index)'s paddler was lost")
        }
    }

    @Test func restoreOverALeftLogThatIsNotTheFilesKeepsBoth() throws {
        let lineup = try LineupProcess()
        let (database, _) = try Self.killedState(in: lineup)
        let other = try Self.otherDatabase(lineup)
        try other.write(to: URL(fileURLWithPath: database))
        let log = try Data(contentsOf: URL(fileURLWithPath: database + "-wal"))
        let backup = lineup.folder.appendingPathComponent("backup.sqlite").path
        try BadInputTests.template().write(to: URL(fileURLWithPath: backup))
        let result = try lineup.run(["restore", backup])
        #expect(result.status == 0, "\(result.stderr)")
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path).first {
                $0.hasPrefix("club.sqlite.before-restore-") && !$0.hasSuffix(".wal") && !$0.hasSuffix(".shm")
            })
        #expect(try Data(contentsOf: lineup.folder.appendingPathComponent(kept)) == other)
        #expect(try Data(contentsOf: lineup.folder.appendingPathComponent(kept + ".wal")) == log)
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        #expect(try lineup.run(["show"]).status == 0)
        #expect(try DatabaseChecks.problems(at: database).isEmpty)
    }

    static let badSources: [(label: String, fixture: DatabaseFixture?, message: String)] = [
        ("random bytes", .randomBytes, "is not a SQLite database"),
        ("truncated", .truncated, "damaged or incomplete"),
        ("newer schema", .newerSchema, "newer version of lineup"),
        ("empty file", .emptyFile, "is an empty database"),
        ("another program's", .otherProgram, "of another program"),
        ("the database itself", nil, "is the database itself"),
    ]

    @Test(arguments: badSources.indices)
    func restoreRefusesWhatIsNotAGoodBackup(_ index: Int) throws {
        let (label, fixture, message) = Self.badSources[index]
        let lineup = try LineupProcess()
        var source = lineup.databasePath
        if let fixture {
            let staging = try LineupProcess()
            let (path, _) = try BadInputTests.prepare(fixture, in: staging)
            source = lineup.folder.appendingPathComponent("source.sqlite").path
            try FileManager.default.copyItem(atPath: path, toPath: source)
        }
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.run(["restore", source])
        #expect(result.status == 1, "\(label): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(label): \(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "\(label): a file changed")
    }

    /// A database on a terminal would be binary noise whose names could act on it: refused, nothing written.
    @Test func backupToATerminalIsRefused() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let command = "LINEUP_DB='\(lineup.databasePath)' '\(LineupProcess.executable.path)' backup -; echo status $?"
        // `script` gives the command a terminal as its standard output.
        let result = try lineup.run(
            ["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(result.stdout.contains("standard output is a terminal"), "\(result.stdout)")
        #expect(result.stdout.contains("status 64"))
        #expect(!result.stdout.contains("SQLite format 3"))
    }

    /// `other`'s database as `lineup backup` writes it: one file in rollback-journal mode.
    static func backupBytes(of database: Data, in lineup: LineupProcess) throws -> Data {
        let source = lineup.folder.appendingPathComponent("backup-source.sqlite").path
        let copy = lineup.folder.appendingPathComponent("backup-copy.sqlite").path
        try database.write(to: URL(fileURLWithPath: source))
        let result = try lineup.run(["backup", copy], environment: ["LINEUP_DB": source])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: copy))
        for path in [source, copy] { try FileManager.default.removeItem(atPath: path) }
        #expect(bytes.count > 100 && bytes[18] == 1, "a backup is in rollback-journal mode")
        return bytes
    }

    /// SQLite reads a `-wal` beside a file whatever its header says: a backup (rollback mode) copied over
    /// the database where a killed command's log was waiting was read mixed with that log by `show`.
    @Test(arguments: [["show"], ["roster", "list"], ["export"], ["exchange", "L1", "R1"], ["backup", "copy.sqlite"]])
    func aStaleLogBesideARollbackModeFileIsRefused(_ command: [String]) throws {
        let lineup = try LineupProcess()
        let (database, _) = try BackupRestoreTests.killedState(in: lineup)
        let backup = try Self.backupBytes(of: try BackupRestoreTests.otherDatabase(lineup), in: lineup)
        try backup.write(to: URL(fileURLWithPath: database))
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.run(command)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("holds changes that do not belong to"), "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "a file changed")
    }

    /// The same for the file `lineup restore` reads: a backup with another database's log beside it.
    @Test func restoreRefusesASourceWithAStaleLogBesideIt() throws {
        let staging = try LineupProcess()
        let (stale, _) = try BackupRestoreTests.killedState(in: staging)
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let source = lineup.folder.appendingPathComponent("backup.sqlite").path
        try Self.backupBytes(of: try BackupRestoreTests.otherDatabase(lineup), in: lineup)
            .write(to: URL(fileURLWithPath: source))
        try FileManager.default.copyItem(atPath: stale + "-wal", toPath: source + "-wal")
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.run(["restore", source])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("backup.sqlite-wal holds changes that do not belong to"), "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "a file changed")
    }

    /// A backup or restore killed at any moment leaves no partial or temporary file in the user's folder:
    /// the copy is made in memory and written unnamed, and named only once complete.
    @Test func aKilledBackupOrRestoreLeavesNothingBehind() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        // Big enough that a backup takes a while.
        let queue = try DatabaseQueue(path: lineup.databasePath)
        try queue.write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
                    INSERT INTO paddler (name, name_key, notes) SELECT 'Member ' || i, 'member ' || i,
                        hex(randomblob(400)) FROM n
                    """)
        }
        try queue.close()
        let backup = lineup.folder.appendingPathComponent("copy.sqlite").path
        #expect(try lineup.run(["backup", backup]).status == 0)
        let allowed = ["club.sqlite", "club.sqlite-wal", "club.sqlite-shm", "copy.sqlite"]
        for delay in stride(from: 0, through: 400, by: 25) {
            for command in [["backup", "out.sqlite"], ["restore", backup]] {
                let process = try lineup.start(command)
                usleep(useconds_t(delay * 1000))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                let left = try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path).filter {
                    !allowed.contains($0) && !($0 == "out.sqlite" && command[0] == "backup")
                        && !$0.hasPrefix("club.sqlite.before-restore-")
                }
                #expect(left.isEmpty, "\(command) killed after \(delay) ms left \(left)")
                for kept in try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path)
                where kept == "out.sqlite" || kept.hasPrefix("club.sqlite.before-restore-") {
                    let path = lineup.folder.appendingPathComponent(kept).path
                    #expect(try DatabaseChecks.problems(at: path).isEmpty, "\(kept) after \(delay) ms")
                    try FileManager.default.removeItem(atPath: path)
                }
            }
        }
        #expect(try DatabaseChecks.problems(at: lineup.databasePath).isEmpty)
    }

    /// A command that is just opening the database (it holds SQLite's shared lock on the file, but has not
    /// yet mapped the index) must not have the log and index removed under it by a command that is
    /// closing: it would go on writing into a log with no name while the next command made a new one.
    /// Here a child process holds that shared lock, as such a command would, while `show` runs.
    @Test func aLogAnotherCommandIsOpeningIsNotRemovedUnderIt() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let path = try #require(strdup(lineup.databasePath))
        defer { free(path) }
        var ready: [Int32] = [0, 0]
        #expect(pipe(&ready) == 0)
        let child = fork()
        if child == 0 {
            // Only async-signal-safe calls in the child: open, fcntl, write, pause.
            let descriptor = open(path, O_RDONLY)
            var lock = flock()
            lock.l_type = Int16(F_RDLCK)
            lock.l_whence = Int16(SEEK_SET)
            lock.l_start = 0x4000_0002
            lock.l_len = 510
            var byte: UInt8 = fcntl(descriptor, F_SETLK, &lock) == 0 ? 1 : 0
            _ = write(ready[1], &byte, 1)
            while true { pause() }
        }
        defer {
            kill(child, SIGKILL)
            var status: Int32 = 0
            waitpid(child, &status, 0)
            close(ready[0])
            close(ready[1])
        }
        var locked: UInt8 = 0
        #expect(read(ready[0], &locked, 1) == 1 && locked == 1)
        let result = try lineup.run(["show"])
        #expect(result.status == 0, "\(result.stderr)")
        for suffix in ["-wal", "-shm"] {
            #expect(FileManager.default.fileExists(atPath: lineup.databasePath + suffix), "\(suffix) was removed")
        }
    }

    /// A backup of another page size is converted on the way (outside the user's folder) and restored.
    @Test func aBackupOfAnotherPageSizeIsRestored() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let source = lineup.folder.appendingPathComponent("big-pages.sqlite").path
        try BackupRestoreTests.otherDatabase(lineup).write(to: URL(fileURLWithPath: source))
        let queue = try DatabaseQueue(path: source)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA page_size = 16384")
            try db.execute(sql: "VACUUM")
        }
        try queue.close()
        let expected = try lineup.snapshot(databasePath: source)
        let result = try lineup.run(["restore", source])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try lineup.snapshot() == expected)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath).isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path)
        #expect(
            names.allSatisfy { $0.hasPrefix("club.sqlite") || $0.hasPrefix("big-pages.sqlite") }, "\(names)")
    }

    /// What is wrong with the file to restore from says what to do about it, in that file's terms.
    @Test(arguments: [
        ("missing", "check the path of the backup"), ("random", "restore from a file `lineup backup` wrote"),
        ("empty", "restore from a file `lineup backup` wrote"), ("truncated", "restore from another backup"),
    ])
    func restoreSourceErrorsSayWhatToDo(_ kind: String, hint: String) throws {
        let lineup = try LineupProcess()
        let template = try BadInputTests.template()
        try template.write(to: URL(fileURLWithPath: lineup.databasePath))
        let source = lineup.folder.appendingPathComponent("source.sqlite")
        switch kind {
        case "random": try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: source)
        case "empty": try Data().write(to: source)
        case "truncated": try template.prefix(template.count / 2).write(to: source)
        default: break
        }
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.run(["restore", source.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("; \(hint)\n"), "\(result.stderr)")
        #expect(!result.stderr.contains("--db"), "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before)
    }

    /// A file at --db that is not a lineup database is the user's: a restore refuses it, byte for byte as it
    /// was and nothing made beside it, and says to restore into a new path, where the same backup restores.
    @Test(arguments: [
        "text", "picture", "random bytes", "fake header", "real header over other bytes", "empty file",
        "another program's",
    ])
    func restoreRefusesToReplaceAFileThatIsNotALineupDatabase(_ kind: String) throws {
        let lineup = try LineupProcess()
        let backup = lineup.folder.appendingPathComponent("backup.sqlite").path
        try BadInputTests.template().write(to: URL(fileURLWithPath: backup))
        let target = lineup.folder.appendingPathComponent("thesis.txt")
        var random = SeededRandomGenerator(seed: 7)
        let noise = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) })
        switch kind {
        case "text": try Data("Chapter 1\nA boat that sits level goes faster.\n".utf8).write(to: target)
        case "picture": try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + noise).write(to: target)
        case "random bytes": try noise.write(to: target)
        case "fake header": try (Data("SQLite format 3\0".utf8) + noise).write(to: target)
        case "real header over other bytes": try (BadInputTests.template().prefix(100) + noise).write(to: target)
        case "empty file": try Data().write(to: target)
        default:
            let queue = try DatabaseQueue(path: target.path)
            try queue.write { try $0.execute(sql: "CREATE TABLE chapters (id INTEGER PRIMARY KEY, title TEXT)") }
            try queue.close()
        }
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.run(["restore", backup, "--db", target.path])
        #expect(result.status == 1, "\(kind): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(target.path) is "), "\(kind): \(result.stderr)")
        #expect(result.stderr.contains("left untouched"), "\(kind): \(result.stderr)")
        if kind != "another program's" {
            #expect(
                result.stderr.hasSuffix(
                    "; to restore the backup, give --db a path where no file is yet, or move that file away first\n"),
                "\(kind): \(result.stderr)")
        }
        if kind == "empty file" { #expect(result.stderr.contains("is an empty file"), "\(result.stderr)") }
        #expect(BadInputTests.snapshot(lineup.folder) == before, "\(kind): a file changed or was made")
        let fresh = lineup.folder.appendingPathComponent("restored.sqlite").path
        let restored = try lineup.run(["restore", backup, "--db", fresh])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try lineup.snapshot(databasePath: fresh) == (try lineup.snapshot(databasePath: backup)))
    }

    /// A lineup database too damaged to open is what a restore is for: it is still replaced, and kept aside as
    /// it was.
    @Test func restoreReplacesADamagedLineupDatabaseAndKeepsIt() throws {
        let lineup = try LineupProcess()
        let template = try BadInputTests.template()
        let damaged = template.prefix(template.count / 2)
        try damaged.write(to: URL(fileURLWithPath: lineup.databasePath))
        let backup = lineup.folder.appendingPathComponent("backup.sqlite").path
        try template.write(to: URL(fileURLWithPath: backup))
        let result = try lineup.run(["restore", backup])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("could not be read as a database; it is kept, as it was"), "\(result.stdout)")
        let kept = try #require(
            try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path).first {
                $0.hasPrefix("club.sqlite.before-restore-")
            })
        #expect(try Data(contentsOf: lineup.folder.appendingPathComponent(kept)) == damaged)
        #expect(try lineup.run(["show"]).status == 0)
    }
}
