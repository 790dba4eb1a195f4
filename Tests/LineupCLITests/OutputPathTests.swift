import Foundation
import Testing

/// One way of naming the database (or a file beside it) as an output.
struct OutputOntoDatabase: Sendable, CustomTestStringConvertible {
    let label: String
    /// The `--output` (or backup file) argument; `{folder}` is the test's folder.
    let output: String
    /// `$LINEUP_DB` for the command (relative to the folder, where the command runs), else the absolute path.
    var database: String? = nil
    /// Set up in the folder before the command runs: a link, a hard link.
    var setUp: @Sendable (_ folder: String) throws -> Void = { _ in }

    var testDescription: String { label }
}

@Suite("--output and backup never write over the database, and write files as cat would")
struct OutputPathTests {
    static let spellings: [OutputOntoDatabase] = [
        OutputOntoDatabase(label: "relative name", output: "club.sqlite"),
        OutputOntoDatabase(label: "./name", output: "./club.sqlite"),
        OutputOntoDatabase(label: "absolute path", output: "{folder}/club.sqlite"),
        OutputOntoDatabase(label: "through ..", output: "sub/../club.sqlite") { folder in
            try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        },
        OutputOntoDatabase(label: "double slashes", output: "{folder}//club.sqlite"),
        OutputOntoDatabase(label: "symbolic link", output: "link.sqlite") { folder in
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/link.sqlite", withDestinationPath: "club.sqlite")
        },
        OutputOntoDatabase(label: "link to a link", output: "link2.sqlite") { folder in
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/link1.sqlite", withDestinationPath: "club.sqlite")
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/link2.sqlite", withDestinationPath: folder + "/link1.sqlite")
        },
        OutputOntoDatabase(label: "linked folder", output: "alias/club.sqlite") { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/alias", withDestinationPath: folder)
        },
        OutputOntoDatabase(label: "hard link", output: "hard.sqlite") { folder in
            try FileManager.default.linkItem(atPath: folder + "/club.sqlite", toPath: folder + "/hard.sqlite")
        },
        OutputOntoDatabase(label: "/proc/self/cwd", output: "/proc/self/cwd/club.sqlite"),
        OutputOntoDatabase(label: "the log, not there yet", output: "club.sqlite-wal"),
        OutputOntoDatabase(label: "the index, not there yet", output: "club.sqlite-shm"),
        OutputOntoDatabase(label: "the journal, not there yet", output: "./club.sqlite-journal"),
        OutputOntoDatabase(label: "a link to the log", output: "wal-link") { folder in
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/wal-link", withDestinationPath: "club.sqlite-wal")
        },
        // Another connection that opened the database by a hard link keeps its log beside that name.
        OutputOntoDatabase(label: "the log of a hard link", output: "hard.sqlite-wal") { folder in
            try FileManager.default.linkItem(atPath: folder + "/club.sqlite", toPath: folder + "/hard.sqlite")
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/hard.sqlite-wal"))
        },
        OutputOntoDatabase(
            label: "the journal of a hard link elsewhere, not there yet", output: "sub/hard.sqlite-journal"
        ) {
            folder in
            try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
            try FileManager.default.linkItem(atPath: folder + "/club.sqlite", toPath: folder + "/sub/hard.sqlite")
        },
        OutputOntoDatabase(label: "a link to the log of a hard link", output: "wal-link") { folder in
            try FileManager.default.linkItem(atPath: folder + "/club.sqlite", toPath: folder + "/hard.sqlite")
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/wal-link", withDestinationPath: "hard.sqlite-wal")
        },
        OutputOntoDatabase(label: "LINEUP_DB relative", output: "{folder}/club.sqlite", database: "club.sqlite"),
        OutputOntoDatabase(label: "LINEUP_DB through a link", output: "club.sqlite", database: "db-link") { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/db-link", withDestinationPath: "club.sqlite")
        },
    ]

    static let commands: [[String]] = [
        ["export", "--output"], ["export", "--format", "json", "--output"], ["roster", "export", "--output"],
        ["backup"],
    ]

    @Test(arguments: spellings, commands)
    func writingOntoTheDatabaseIsRefused(_ spelling: OutputOntoDatabase, command: [String]) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let folder = lineup.folder.path
        try spelling.setUp(folder)
        let before = BadInputTests.snapshot(lineup.folder)
        let output = spelling.output.replacingOccurrences(of: "{folder}", with: folder)
        let result = try lineup.run(
            command + [output], environment: ["LINEUP_DB": spelling.database ?? lineup.databasePath])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains("would destroy it"), "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "a file in the folder changed")
    }

    @Test(arguments: [">>", "1>>", "2>>"])
    func standardStreamsOntoTheDatabaseAreRefused(_ redirection: String) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let before = BadInputTests.snapshot(lineup.folder)
        let command = "'\(LineupProcess.executable.path)' export \(redirection) club.sqlite"
        let result = try lineup.run(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1)
        #expect(BadInputTests.snapshot(lineup.folder) == before, "the database changed")
    }

    /// The log beside a hard link of the database is the log of a connection that opened that name: a
    /// command given the other name must not print into it.
    @Test(arguments: [">>", "2>>", "1<>"])
    func standardStreamsOntoTheLogOfAHardLinkAreRefused(_ redirection: String) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let folder = lineup.folder.path
        try FileManager.default.linkItem(atPath: folder + "/club.sqlite", toPath: folder + "/hard.sqlite")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/hard.sqlite-wal"))
        let before = BadInputTests.snapshot(lineup.folder)
        let command = "'\(LineupProcess.executable.path)' export \(redirection) hard.sqlite-wal"
        let result = try lineup.run(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 1)
        #expect(BadInputTests.snapshot(lineup.folder) == before, "the log beside the hard link changed")
    }

    @Test func aFileWithADatabaseLogBesideItIsNotReplaced() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let other = lineup.folder.appendingPathComponent("other.sqlite").path
        try BadInputTests.template().write(to: URL(fileURLWithPath: other))
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: other + "-wal"))
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.run(["backup", other])
        #expect(result.status == 1)
        #expect(result.stderr.contains("looks like a database in use"), "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before)
    }

    /// A character device, made with mknod in the test's folder (never under /dev): written through, and
    /// still a device afterwards.
    @Test func aDeviceIsWrittenThroughAndStaysADevice() throws {
        guard getuid() == 0 else {
            print("aDeviceIsWrittenThroughAndStaysADevice: skipped, mknod needs root")
            return
        }
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let device = lineup.folder.appendingPathComponent("null").path
        // Major 1, minor 3: the null device.
        #expect(mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) == 0)
        for command in [["export", "--output"], ["roster", "export", "--output"], ["backup"]] {
            let result = try lineup.run(command + [device])
            #expect(result.status == 0, "\(result.stderr)")
            var status = stat()
            #expect(lstat(device, &status) == 0)
            #expect(status.st_mode & S_IFMT == S_IFCHR, "the device node was replaced")
        }
    }

    @Test func aFIFOIsWrittenThroughAndStaysAFIFO() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let fifo = lineup.folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let received = ReceivedBytes()
        let reader = Thread {
            received.data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            received.done.signal()
        }
        reader.start()
        let result = try lineup.run(["export", "--output", fifo])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(received.done.wait(timeout: .now() + 10) == .success)
        #expect(String(decoding: received.data, as: UTF8.self) == (try lineup.run(["export"])).stdout)
        var status = stat()
        #expect(lstat(fifo, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFIFO, "the FIFO was replaced")
    }

    final class ReceivedBytes: @unchecked Sendable {
        var data = Data()
        let done = DispatchSemaphore(value: 0)
    }

    @Test func aLinkIsFollowedAndItsTargetReplacedKeepingItsMode() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let target = lineup.folder.appendingPathComponent("private.csv").path
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o600)
        let link = lineup.folder.appendingPathComponent("latest.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "private.csv")
        let result = try lineup.run(["roster", "export", "--output", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "private.csv")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == (try lineup.run(["roster", "export"])).stdout)
        var status = stat()
        #expect(stat(target, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600, "the roster (with health notes) became readable by others")
    }

    @Test func aNewFileGetsTheUmasksMode() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        for mask in [0o077, 0o027, 0o022] {
            let file = lineup.folder.appendingPathComponent("roster-\(mask).csv").path
            let command =
                "umask \(String(mask, radix: 8)) && '\(LineupProcess.executable.path)' roster export --output '\(file)'"
            let result = try lineup.run(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 0, "\(result.stderr)")
            var status = stat()
            #expect(stat(file, &status) == 0)
            #expect(Int(status.st_mode & 0o777) == 0o666 & ~mask)
        }
    }

    @Test func aDanglingLinkCreatesItsTarget() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let link = lineup.folder.appendingPathComponent("out.csv").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "made.csv")
        let result = try lineup.run(["export", "--output", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "made.csv")
        #expect(FileManager.default.fileExists(atPath: lineup.folder.appendingPathComponent("made.csv").path))
    }

    @Test func dashIsStandardOutput() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(["export", "--output", "-"])
        #expect(result.status == 0)
        #expect(result.stdout == (try lineup.run(["export"])).stdout)
        #expect(!FileManager.default.fileExists(atPath: lineup.folder.appendingPathComponent("-").path))
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
}
