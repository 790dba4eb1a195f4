import Foundation

/// Runs the built `lineup` binary as a user would, on a database in a fresh temporary folder.
final class LineupProcess: Sendable {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
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

    /// The `lineup` executable next to the test bundle.
    static let executable: URL = {
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return buildFolder.appendingPathComponent("lineup")
    }()

    /// Runs `lineup ARGUMENTS` with `$LINEUP_DB` pointing at this test's database and colours off.
    @discardableResult
    func run(
        _ arguments: [String], executable: URL = LineupProcess.executable, environment extra: [String: String] = [:]
    )
        throws -> Result
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LINEUP_DB"] = databasePath
        environment["NO_COLOR"] = "1"
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.currentDirectoryURL = folder
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Everything a user can see of the database: roster, boats, and each boat's lineup and history.
    func snapshot() throws -> String {
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
