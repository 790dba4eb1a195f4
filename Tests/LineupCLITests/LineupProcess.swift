import Foundation
import Testing

/// Starts child processes one at a time, and only while this process has few files open.
///
/// Foundation's `Process.run()` on Linux is not safe to call from two threads at once: a full run crashed
/// (signal 11 in its `memcpy`) while two tests launched together. It also reads the names in `/proc/self/fd`
/// into a buffer that holds about 1,360 of them: a launch while more files were open (late in a full run,
/// with many in-process servers' databases open) ended the whole run the same way. So a launch waits, for at
/// most a minute, until fewer than `safeOpenFiles` are open, and fails this one test, saying why, rather than
/// crash them all; tests that open floods of connections do so in `withoutLaunches`. The children still run
/// side by side; only their launches take turns.
enum ProcessLaunch {
    private static let lock = NSLock()
    /// Well under the ~1,360 names Foundation's buffer holds.
    static let safeOpenFiles = 1_000

    struct TooManyOpenFiles: Error, CustomStringConvertible {
        let count: Int
        var description: String {
            "the test process has \(count) files open, too many for Foundation's Process.run() to launch a child safely"
        }
    }

    static func run(_ process: Process) throws {
        lock.lock()
        defer { lock.unlock() }
        let deadline = Date().addingTimeInterval(60)
        var open = openFileCount()
        while open >= safeOpenFiles {
            guard Date() < deadline else { throw TooManyOpenFiles(count: open) }
            Thread.sleep(forTimeInterval: 0.05)
            open = openFileCount()
        }
        try process.run()
    }

    /// Runs `body`, which holds many files open in this process (a flood of connections to a server), while no
    /// other test launches a child: their launches wait for it rather than find too many files open. `body`
    /// must not launch a child itself.
    static func withoutLaunches<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// How many files this process has open (the entries of `/proc/self/fd`).
    static func openFileCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }
}

/// Runs the built `lineup` binary as a user would, on a database in a fresh temporary folder.
final class LineupProcess: Sendable {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// The process's own peak resident memory in KiB (measured by `runMeasuringMemory` only).
        var peakMemoryKiB = 0
    }

    let folder: URL
    var databasePath: String { folder.appendingPathComponent("club.sqlite").path }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("lineup-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The `lineup` executable: `$LINEUP_EXECUTABLE` when set (CI runs the suite against the release build
    /// it ships), else the one next to the test bundle.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment["LINEUP_EXECUTABLE"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return buildFolder.appendingPathComponent("lineup")
    }()

    /// Runs `lineup ARGUMENTS` with `$LINEUP_DB` pointing at this test's database and colours off.
    @discardableResult
    func run(
        _ arguments: [String], executable: URL = LineupProcess.executable, environment extra: [String: String] = [:],
        unsetting: [String] = [], input: String? = nil
    )
        throws -> Result
    {
        let process = makeProcess(arguments, executable: executable, environment: extra, unsetting: unsetting)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        try ProcessLaunch.run(process)
        if let inputPipe, let input {
            Self.writeIgnoringAClosedReader(Data(input.utf8), to: inputPipe.fileHandleForWriting)
            try inputPipe.fileHandleForWriting.close()
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Writes `data` to a child's standard input. A child that refused its arguments exits without reading it
    /// and closes the pipe: that is its answer for the test to check, and must not end the whole test run by
    /// SIGPIPE (it did, when such a child exited before the write). SIGPIPE is held on this thread for the
    /// write, and one the write raised is taken from the pending signals before it is let through again.
    static func writeIgnoringAClosedReader(_ data: Data, to handle: FileHandle) {
        var pipeSignal = sigset_t()
        var previous = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                var immediately = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&pipeSignal, nil, &immediately)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        try? handle.write(contentsOf: data)
    }

    /// A process for `executable ARGUMENTS` in the test's folder, with `$LINEUP_DB` pointing at the test's
    /// database, colours off, and `extra` in its environment.
    func makeProcess(
        _ arguments: [String], executable: URL, environment extra: [String: String], unsetting: [String] = []
    ) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LINEUP_DB"] = databasePath
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        for key in unsetting { environment[key] = nil }
        process.environment = environment
        process.currentDirectoryURL = folder
        return process
    }

    /// Starts `lineup ARGUMENTS` without waiting for it, output discarded: for tests that kill it.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Process {
        let process = makeProcess(arguments, executable: Self.executable, environment: extra)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        return process
    }

    /// Runs `lineup` with `arguments`, and measures its own peak resident memory. Not from this process's
    /// `wait4`: a child spawned here starts in this process's memory (posix_spawn shares it until exec), and
    /// Linux keeps that high-water mark through the exec, so the test runner's own peak (hundreds of MB in a
    /// full run) would be counted. A small Python process forks and runs lineup, and reports its child's peak.
    func runMeasuringMemory(_ arguments: [String]) throws -> Result {
        let report = folder.appendingPathComponent("peak-\(UUID().uuidString)").path
        let script = """
            import os, sys
            pid = os.fork()
            if pid == 0:
                os.execv(sys.argv[2], sys.argv[2:])
            _, status, usage = os.wait4(pid, 0)
            open(sys.argv[1], "w").write(str(usage.ru_maxrss))
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        var result = try run(
            ["python3", "-c", script, report, Self.executable.path] + arguments,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        result.peakMemoryKiB = Int((try? String(contentsOfFile: report, encoding: .utf8)) ?? "") ?? 0
        return result
    }

    /// Runs `lineup` with arguments given as raw bytes, which need not be valid UTF-8 (Foundation's
    /// `Process` only takes strings). Returns the exit status and both outputs. `environment` sets
    /// variables to raw bytes (which need not be UTF-8 either); `unsetting` removes variables.
    func runRaw(
        _ arguments: [[UInt8]], environment extra: [String: [UInt8]] = [:], unsetting: [String] = []
    ) throws -> Result {
        let errorFile = folder.appendingPathComponent("raw-stderr-\(UUID().uuidString)").path
        let outputFile = folder.appendingPathComponent("raw-stdout-\(UUID().uuidString)").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let path = Self.executable.path
        let cArguments = ([Array(path.utf8)] + arguments).map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return Optional(pointer)
        }
        defer { for pointer in cArguments { pointer?.deallocate() } }
        let inherited = ProcessInfo.processInfo.environment.merging(["LINEUP_DB": databasePath, "NO_COLOR": "1"]) {
            $1
        }.filter { extra[$0.key] == nil && !unsetting.contains($0.key) }
        let variables = inherited.map { Array("\($0)=\($1)".utf8) } + extra.map { Array("\($0)=".utf8) + $1 }
        let environment = variables.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return Optional(pointer)
        }
        defer { for pointer in environment { pointer?.deallocate() } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, cArguments + [nil], environment + [nil])
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let stderr = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        let stdout = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errorFile)
        try? FileManager.default.removeItem(atPath: outputFile)
        return Result(
            status: (status >> 8) & 0xFF, stdout: stdout, stderr: stderr)
    }

    /// Everything a user can see of the database (this test's, or the one at `databasePath`): roster,
    /// boats, and each boat's lineup and history.
    func snapshot(databasePath: String? = nil) throws -> String {
        let environment = ["LINEUP_DB": databasePath ?? self.databasePath]
        func run(_ arguments: [String]) throws -> Result { try self.run(arguments, environment: environment) }
        var parts = [try run(["roster", "list", "--json"]).stdout, try run(["boat", "list", "--json"]).stdout]
        let boats = try JSONSerialization.jsonObject(with: Data(parts[1].utf8)) as? [[String: Any]] ?? []
        for boat in boats {
            let name = boat["name"] as? String ?? ""
            parts.append(try run(["show", "--json", "-b", name]).stdout)
            parts.append(
                try run(["history", "--json", "-b", name]).stdout.replacingOccurrences(
                    of: #""time" : "[^"]*""#, with: "", options: .regularExpression))
        }
        return parts.joined(separator: "\n")
    }

    /// Writes `text` to a file in the test's folder and returns its path.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}

extension LineupProcess {
    /// A fresh database holding the sample club (`lineup init --sample`).
    static func sampleClub() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        return lineup
    }
}

/// `text` read as a JSON object (a command's `--json` output).
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}
