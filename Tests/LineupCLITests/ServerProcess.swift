import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `lineup serve` running as a user starts it, on a port the system chooses, until the test stops it.
final class ServerProcess: @unchecked Sendable {
    let process: Process
    let port: Int
    private let errors: Pipe
    /// Everything the server wrote to standard error up to what it says once it listens (where, and any
    /// warning).
    let banner: String

    var url: String { "http://127.0.0.1:\(port)" }

    /// Starts `lineup serve --listen LISTEN EXTRA` on `lineup`'s database and waits until it listens; with
    /// `descriptorLimit`, under `ulimit -n` of that many files (the soft limit alone when `softLimitOnly`).
    init(
        _ lineup: LineupProcess, listen: String = "127.0.0.1:0", extra: [String] = [], descriptorLimit: Int? = nil,
        softLimitOnly: Bool = false
    ) throws {
        let arguments = ["serve", "--listen", listen] + extra
        if let descriptorLimit {
            // The shell sets the limit and becomes lineup, which becomes lineup-server: one process throughout.
            process = lineup.makeProcess(
                [
                    "-c", "ulimit \(softLimitOnly ? "-S " : "")-n \(descriptorLimit) && exec \"$0\" \"$@\"",
                    LineupProcess.executable.path,
                ]
                    + arguments, executable: URL(fileURLWithPath: "/bin/sh"), environment: [:])
        } else {
            process = lineup.makeProcess(arguments, executable: LineupProcess.executable, environment: [:])
        }
        errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        var text = ""
        let deadline = Date().addingTimeInterval(20)
        let handle = errors.fileHandleForReading
        // What it says once it listens is one write, ending with a line break.
        while !(text.contains("Ctrl-C stops") && text.hasSuffix("\n")), Date() < deadline,
            process.isRunning || handle.availableData.count > 0
        {
            let data = handle.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        banner = text
        guard let range = text.range(of: #"http://127\.0\.0\.1:([0-9]+)/"#, options: .regularExpression),
            let port = Int(text[range].dropFirst("http://127.0.0.1:".count).dropLast())
        else {
            process.terminate()
            throw ServerError.didNotStart(text)
        }
        self.port = port
    }

    enum ServerError: Error {
        case didNotStart(String)
    }

    /// What the server wrote to standard error after its banner, until it ended: call after stopping it.
    func laterErrors() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Stops the server as Ctrl-C would and returns its exit status.
    func stop() -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGINT) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Sends `signal` and waits up to `seconds` for the server to end: its exit status and how long it took,
    /// or nil if it was still running then (it is killed).
    func stop(signal: Int32, within seconds: TimeInterval) -> (status: Int32, seconds: TimeInterval)? {
        let start = Date()
        kill(process.processIdentifier, signal)
        while process.isRunning, Date().timeIntervalSince(start) < seconds { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return (process.terminationStatus, Date().timeIntervalSince(start))
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A GET of `path`: status and body.
    func get(_ path: String) throws -> (status: Int, body: String) {
        try request(path, method: "GET")
    }

    /// A request of `path` at `base` (the server's loopback address when nil): status and body.
    func request(
        _ path: String, method: String, json: String? = nil, headers: [String: String] = [:], base: String? = nil
    ) throws -> (status: Int, body: String) {
        guard let url = URL(string: (base ?? self.url) + path) else { throw ServerError.didNotStart(path) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let semaphore = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Int, String) = (0, "")
        URLSession.shared.dataTask(with: request) { data, response, _ in
            result = ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data ?? Data(), as: UTF8.self))
            semaphore.signal()
        }.resume()
        semaphore.wait()
        return result
    }
}
