import Foundation
import GRDB
import Testing

/// What a second adversarial trial found: a stale log beside a file in rollback mode, standard streams
/// onto the database before the command line is read, output that failed after a change was saved,
/// stored values out of range, environment bytes that are not UTF-8, leftovers of a killed backup, and
/// restore errors without a way on.
@Suite("second adversarial trial")
struct SecondTrialTests {
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

    /// Standard output or error onto the database is refused before the arguments are read, so not even
    /// help, the version or a usage error is written into it.
    @Test(arguments: [
        "--help >> club.sqlite", "--version >> club.sqlite", "frobnicate 2>> club.sqlite",
        "exchange L1 R1 --oops 2>> club.sqlite", "roster list 1<> club.sqlite", "show >> club.sqlite 2>&1",
        "export --db club.sqlite >> club.sqlite",
    ])
    func standardStreamsOntoTheDatabaseAreRefusedBeforeAnythingIsRead(_ command: String) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let before = BadInputTests.snapshot(lineup.folder)
        let other = lineup.folder.appendingPathComponent("other.sqlite").path
        // The last case names the database with --db while LINEUP_DB points elsewhere.
        let environment = command.contains("--db") ? ["LINEUP_DB": other] : [:]
        let result = try lineup.run(
            ["-c", "'\(LineupProcess.executable.path)' \(command)"], executable: URL(fileURLWithPath: "/bin/sh"),
            environment: environment)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "the database changed")
    }

    /// `lineup roster export > club.sqlite`: the shell has emptied the file before lineup starts; lineup
    /// must not then write its output there, nor set up a new database in it.
    @Test func anOutputRedirectedOverTheDatabaseIsNotWrittenThere() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(
            ["-c", "'\(LineupProcess.executable.path)' roster export > club.sqlite"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("standard output is the database file"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)).isEmpty)
    }

    /// A change saved before its output could not be written is not reported as a failure: rerunning an
    /// exchange would swap the pair back.
    @Test func aChangeSavedBeforeItsOutputFailedSaysItWasSaved() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(
            ["-c", "'\(LineupProcess.executable.path)' exchange L1 R1 > /dev/full"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: cannot write to standard output: No space left on device"))
        #expect(result.stderr.contains("the change WAS saved"), "\(result.stderr)")
        #expect(result.stderr.contains("`lineup undo`"), "\(result.stderr)")
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 1)
        // A read command saved nothing, so its failure is an ordinary one.
        let show = try lineup.run(
            ["-c", "'\(LineupProcess.executable.path)' show > /dev/full"], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(show.status == 1)
        #expect(!show.stderr.contains("saved"), "\(show.stderr)")
    }

    /// Values another program stored with the schema's checks off (`PRAGMA ignore_check_constraints`), on
    /// the sample club after one exchange: an infinite-looking weight once crashed `show` with SIGILL.
    static let outOfRange: [(sql: String, message: String, commands: [[String]])] = [
        ("UPDATE paddler SET weight_kg = 1e308 WHERE id = (SELECT min(id) FROM paddler)", "the weight of paddler", all),
        ("UPDATE paddler SET weight_kg = -70.0 WHERE id = (SELECT min(id) FROM paddler)", "the weight of paddler", all),
        ("UPDATE paddler SET side = 'up' WHERE id = (SELECT min(id) FROM paddler)", "the side of paddler", all),
        ("UPDATE paddler SET can_drum = 7 WHERE id = (SELECT min(id) FROM paddler)", "can drum", all),
        ("UPDATE boat SET row_count = 100000", "the rows of boat", all),
        ("UPDATE boat SET row_count = -3", "the rows of boat", all),
        ("UPDATE placement SET position = -3 WHERE section = 'left' AND position = 2", "the position of a place", all),
        ("UPDATE history_move SET to_position = 4000000000", "the position of a place", [["undo"]]),
        ("UPDATE history_move SET to_position = 99 WHERE to_section <> 'bench'", "99", [["undo"]]),
        ("UPDATE history_move SET from_position = -1", "the position of a place", [["undo"]]),
        ("INSERT OR REPLACE INTO balance_setting_of_kind VALUES ('standard', 'drum-kg', 1e308)", "drum-kg", all),
        ("INSERT OR REPLACE INTO club_setting VALUES ('weight-unit', 'stone')", "the weight unit", all),
    ]

    static let all = [["show"], ["exchange", "L2", "R2"], ["undo"]]

    @Test(arguments: outOfRange.indices)
    func storedValuesOutOfRangeAreReportedNotTrusted(_ index: Int) throws {
        let (sql, message, commands) = Self.outOfRange[index]
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        #expect(try lineup.run(["exchange", "L1", "R1"]).status == 0)
        let queue = try DatabaseQueue(path: lineup.databasePath)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
        try queue.close()
        let before = BadInputTests.snapshot(lineup.folder).filter { !$0.key.hasSuffix("-shm") }
        for command in commands {
            let result = try lineup.run(command)
            #expect(result.status == 1, "\(sql), \(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(sql), \(command): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(sql), \(command): \(result.stderr)")
            #expect(!result.stderr.contains("Backtrace"), "\(sql), \(command): \(result.stderr)")
        }
        #expect(BadInputTests.snapshot(lineup.folder).filter { !$0.key.hasSuffix("-shm") } == before)
    }

    /// Foundation reads environment bytes that are not UTF-8 as U+FFFD, which named another file: a
    /// write then created a second database there.
    @Test(arguments: ["LINEUP_DB", "XDG_DATA_HOME", "HOME"])
    func environmentBytesThatAreNotUTF8AreBadUsage(_ variable: String) throws {
        let lineup = try LineupProcess()
        let value = Array((lineup.folder.path + "/caf").utf8) + [0xE9] + Array(".sqlite".utf8)
        let unsetting = ["LINEUP_DB", "XDG_DATA_HOME", "HOME"].filter { $0 != variable }
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.runRaw(
            [Array("roster".utf8), Array("add".utf8), Array("Zed".utf8)], environment: [variable: value],
            unsetting: unsetting)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(variable) is not valid UTF-8 text"), "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "a file was created")
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
}
