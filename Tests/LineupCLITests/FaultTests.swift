import Foundation
import Testing

/// Runs `script` with bash in the test's folder (`$LINEUP` is the binary), for redirections and pipes.
private func shell(_ lineup: LineupProcess, _ script: String, environment: [String: String] = [:]) throws
    -> LineupProcess.Result
{
    try lineup.run(
        ["-c", script], executable: URL(fileURLWithPath: "/bin/bash"),
        environment: environment.merging(["LINEUP": LineupProcess.executable.path]) { $1 })
}

/// A small filesystem of its own for one test (a tmpfs of `kilobytes`), unmounted at the end. Nil, with
/// the reason printed, where the test cannot mount one (not root).
final class SmallFilesystem {
    let path: String

    init?(kilobytes: Int, for test: String) throws {
        guard getuid() == 0 else {
            print("\(test): skipped, mounting a small filesystem needs root")
            return nil
        }
        path = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-full-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let mount = Process()
        mount.executableURL = URL(fileURLWithPath: "/bin/mount")
        mount.arguments = ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", path]
        try ProcessLaunch.run(mount)
        mount.waitUntilExit()
        guard mount.terminationStatus == 0 else {
            print("\(test): skipped, mount -t tmpfs failed (status \(mount.terminationStatus))")
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
    }

    /// Fills every free byte with a file named `filler`.
    func fill() {
        let descriptor = open(path + "/filler", O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        var byte: UInt8 = 0
        while write(descriptor, &byte, 1) > 0 {}
        close(descriptor)
    }

    func free() { unlink(path + "/filler") }

    deinit {
        let umount = Process()
        umount.executableURL = URL(fileURLWithPath: "/bin/umount")
        umount.arguments = [path]
        try? ProcessLaunch.run(umount)
        umount.waitUntilExit()
        try? FileManager.default.removeItem(atPath: path)
    }
}

@Suite("faults: write errors on standard output, a full disk, read-only files and folders")
struct FaultTests {
    static let readCommands: [[String]] = [
        ["show"], ["show", "--json"], ["list"], ["roster", "list"], ["history"], ["export"],
        ["export", "--format", "json"], ["roster", "export"], ["check"], ["config", "balance"],
        ["boat", "rules"], ["optimize", "--max-exchanges", "1"], ["diff", "Sample crew", "Sample crew"],
    ]

    @Test(arguments: [["export", "--format", "json"], ["roster", "export"], ["show"], ["history"], ["--help"]])
    func aFullStandardOutputIsAnError(_ command: [String]) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let quoted = command.map { "'\($0)'" }.joined(separator: " ")
        let result = try shell(lineup, "\"$LINEUP\" \(quoted) > /dev/full")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "error: cannot write to standard output: No space left on device\n")
    }

    /// `lineup roster export | head -1` ends quietly as coreutils do (SIGPIPE), with or without SIGPIPE
    /// ignored by the shell that started it.
    @Test(arguments: [false, true])
    func aClosedPipeEndsQuietly(parentIgnoresSIGPIPE: Bool) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        // A roster long enough that its CSV does not fit in the pipe's buffer.
        let rows = (1...3000).map { "Member \($0),\(50 + $0 % 60),F,left,,,\(String(repeating: "n", count: 40))\n" }
        let file = try lineup.file("big.csv", Array(("name,weight,sex,side,drum,steer,notes\n" + rows.joined()).utf8))
        #expect(try lineup.run(["roster", "import", file]).status == 0)
        let trap = parentIgnoresSIGPIPE ? "trap '' PIPE; " : ""
        let result = try shell(lineup, "\(trap)\"$LINEUP\" roster export | head -1; echo \"status ${PIPESTATUS[0]}\"")
        #expect(
            result.stdout
                == "name,weight_kg,sex,side,can_drum,can_steer,notes,status,role,rows,prefer_rows,injured_until\r\n"
                + "status 141\n")
        #expect(result.stderr == "", "\(result.stderr)")
    }

    /// `lineup regatta plan --apply | head -1`: the reader is gone before the plan is written. The plan is
    /// written all the same (the command is not killed halfway by SIGPIPE), and since what it printed about
    /// the change was lost, it says so with status 74 rather than ending silently.
    @Test func aChangeSavedWhileTheReaderIsGoneIsReported() throws {
        let lineup = try RegattaCommandTests.raceDay()
        let plan = lineup.makeProcess(
            ["regatta", "plan", RegattaCommandTests.regatta, "--min-races", "2", "--apply", "--time-limit", "3600"],
            executable: LineupProcess.executable, environment: [:])
        // A pipe whose reading end is closed before the command starts: its first write fails with EPIPE.
        let output = Pipe()
        try output.fileHandleForReading.close()
        let errors = Pipe()
        plan.standardOutput = output.fileHandleForWriting
        plan.standardError = errors
        plan.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(plan)
        try output.fileHandleForWriting.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        plan.waitUntilExit()
        #expect(plan.terminationReason == .exit)
        #expect(plan.terminationStatus == 74, "\(stderr)")
        #expect(stderr.contains("cannot write to standard output: Broken pipe; the change WAS saved"), "\(stderr)")
        let check = try lineup.run(["check", "--regatta", RegattaCommandTests.regatta, "--json"])
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// A closed standard output is reported when something is printed to it, and no file the command
    /// opens takes its place: neither the database nor an output file receives what was printed.
    @Test func aClosedStandardOutputIsReportedAndNothingIsWrittenElsewhere() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let exchange = try shell(lineup, "\"$LINEUP\" exchange L1 R1 >&-")
        // The exchange was saved before its output failed: status 74, and the message says so.
        #expect(exchange.status == 74)
        #expect(
            exchange.stderr.hasPrefix(
                "error: cannot write to standard output: Bad file descriptor; the change WAS saved"))
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 1)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath).isEmpty)
        let output = lineup.folder.appendingPathComponent("roster.csv").path
        let export = try shell(lineup, "\"$LINEUP\" roster export --output '\(output)' >&- 2>&-")
        #expect(export.status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == (try lineup.run(["roster", "export"])).stdout)
    }

    @Test func aFullDiskSaysSoChangesNothingAndStillReads() throws {
        guard let disk = try SmallFilesystem(kilobytes: 1024, for: "aFullDiskSaysSoChangesNothingAndStillReads")
        else { return }
        let lineup = try LineupProcess()
        let database = disk.path + "/club.sqlite"
        try BadInputTests.template().write(to: URL(fileURLWithPath: database))
        let environment = ["LINEUP_DB": database]
        let expected = try readOutputs(lineup, environment)
        disk.fill()
        let before = BadInputTests.snapshot(URL(fileURLWithPath: disk.path))
        for command in [["exchange", "L1", "R1"], ["roster", "add", "Zed"], ["boat", "create", "Second"], ["undo"]] {
            let result = try lineup.run(command, environment: environment)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: the disk is full"), "\(command): \(result.stderr)")
            #expect(BadInputTests.snapshot(URL(fileURLWithPath: disk.path)) == before, "\(command) changed a file")
        }
        #expect(try readOutputs(lineup, environment) == expected, "a read command failed on the full disk")
        #expect(BadInputTests.snapshot(URL(fileURLWithPath: disk.path)) == before, "reading changed a file")
        let export = try lineup.run(["export", "--output", disk.path + "/lineup.csv"], environment: environment)
        #expect(export.status == 1)
        #expect(export.stderr.contains("the disk is full"), "\(export.stderr)")
        let listing = try shell(lineup, "\"$LINEUP\" roster list > '\(disk.path)/roster.txt'", environment: environment)
        #expect(listing.status == 1)
        #expect(listing.stderr == "error: cannot write to standard output: No space left on device\n")
        disk.free()
        #expect(try lineup.run(["exchange", "L1", "R1"], environment: environment).status == 0)
        #expect(try DatabaseChecks.problems(at: database).isEmpty)
    }

    /// Every read command's output, in order.
    private func readOutputs(_ lineup: LineupProcess, _ environment: [String: String]) throws -> [String] {
        try Self.readCommands.map { command in
            let result = try lineup.run(command, environment: environment)
            return "\(command): \(result.status) \(result.stdout) \(result.stderr)"
        }
    }

    /// As an unprivileged user (root runs the commands through setpriv as nobody): a database file that is
    /// read-only, then a folder that is read-only, can be read by every read command, which leave no file
    /// behind; and after the file is made writable again, writes work.
    @Test(arguments: ["file", "folder"])
    func readOnlyDatabasesCanBeReadAndLeaveNothingThatBlocksWrites(_ what: String) throws {
        let lineup = try LineupProcess()
        let folder = lineup.folder.appendingPathComponent("club").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = folder + "/club.sqlite"
        try BadInputTests.template().write(to: URL(fileURLWithPath: database))
        var wrapper: [String] = []
        if getuid() == 0 {
            wrapper = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
            chown(folder, 65534, 65534)
            chown(database, 65534, 65534)
            chmod(lineup.folder.path, 0o755)
        }
        func run(_ command: [String]) throws -> LineupProcess.Result {
            guard let executable = wrapper.first else {
                return try lineup.run(command, environment: ["LINEUP_DB": database])
            }
            return try lineup.run(
                Array(wrapper.dropFirst()) + [LineupProcess.executable.path] + command,
                executable: URL(fileURLWithPath: executable), environment: ["LINEUP_DB": database])
        }
        let backups = lineup.folder.appendingPathComponent("backups").path
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        if getuid() == 0 { chown(backups, 65534, 65534) }
        let expected = try Self.readCommands.map { try run($0) }
        if what == "file" { chmod(database, 0o444) } else { chmod(folder, 0o555) }
        defer { chmod(folder, 0o755) }
        let before = BadInputTests.snapshot(URL(fileURLWithPath: folder))
        for (command, output) in zip(Self.readCommands, expected) {
            let result = try run(command)
            #expect(result.stderr == output.stderr, "\(command)")
            #expect(result.status == output.status, "\(command)")
            #expect(result.stdout == output.stdout, "\(command)")
        }
        let backup = try run(["backup", backups + "/backup.sqlite"])
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(BadInputTests.snapshot(URL(fileURLWithPath: folder)) == before, "reading left or changed a file")
        chmod(database, 0o644)
        chmod(folder, 0o755)
        let write = try run(["exchange", "L1", "R1"])
        #expect(write.status == 0, "\(write.stderr)")
    }

    /// A read-only log index left by an earlier version after reading a read-only file blocked every
    /// later write; a write now gives it its owner's write permission back.
    @Test func aReadOnlyIndexLeftBehindNoLongerBlocksWrites() throws {
        guard getuid() == 0 else {
            print("aReadOnlyIndexLeftBehindNoLongerBlocksWrites: skipped, needs root to run as another user")
            return
        }
        let lineup = try LineupProcess()
        let folder = lineup.folder.appendingPathComponent("club").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let database = folder + "/club.sqlite"
        try BadInputTests.template().write(to: URL(fileURLWithPath: database))
        try Data().write(to: URL(fileURLWithPath: database + "-wal"))
        try Data().write(to: URL(fileURLWithPath: database + "-shm"))
        for path in [folder, database, database + "-wal", database + "-shm"] { chown(path, 65534, 65534) }
        chmod(database + "-wal", 0o444)
        chmod(database + "-shm", 0o444)
        chmod(lineup.folder.path, 0o755)
        let result = try lineup.run(
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", LineupProcess.executable.path, "exchange", "L1",
                "R1",
            ],
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"), environment: ["LINEUP_DB": database])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
