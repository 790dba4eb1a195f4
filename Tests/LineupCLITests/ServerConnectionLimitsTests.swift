import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `lineup serve` under a flood of connections, started with a lowered descriptor limit (`ulimit -n`): it holds
/// what its descriptors allow, refuses the rest with 503 and `Retry-After`, keeps a coach able to sign in, and
/// still stops on SIGTERM within seconds, leaving the database to the command line.
@Suite("lineup serve's connection limits")
struct ServerConnectionLimitsTests {
    @Test(arguments: [256, 1024])
    func aFloodOfChangeFeedsIsRefusedPastTheLimitsAndTheServerStillStops(descriptorLimit: Int) throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let server = try ServerProcess(lineup, descriptorLimit: descriptorLimit)
        // Over a thousand sockets in this process: no other test may launch a child meanwhile (`ProcessLaunch`).
        try ProcessLaunch.withoutLaunches {
            let flood = try Self.openChangeFeeds(descriptorLimit + 100, port: server.port)
            let heads = Self.heads(of: flood, within: 30)
            let statuses = heads.map(RawHTTPConnection.status(of:))
            let streams = statuses.filter { $0 == 200 }.count
            let refused = statuses.filter { $0 == 503 }.count
            // Every connection was answered: a stream, or a refusal; none left hanging or dropped.
            #expect(
                streams + refused == flood.count, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
            #expect(streams >= 1 && refused >= 1)
            if let index = statuses.firstIndex(of: 503) {
                #expect(heads[index].lowercased().contains("retry-after: "), "\(heads[index])")
                #expect(heads[index].lowercased().contains("content-type: application/json"))
                let body = flood[index].read(timeout: 5) { $0.contains("}") }.text
                #expect((heads[index] + body).contains(#""error""#), "\(body)")
            }
            // It answers while the flood is held.
            #expect(try server.get("/api/boats").status == 200)
        }
        // And after.
        #expect(try server.get("/api/boats").status == 200)
        // Held again: SIGTERM still stops it, and the command line has the database to itself.
        let stopped = try ProcessLaunch.withoutLaunches {
            let flood = try Self.openChangeFeeds(descriptorLimit + 100, port: server.port)
            _ = Self.heads(of: flood, within: 30)
            return server.stop(signal: SIGTERM, within: 5)
        }
        #expect(stopped?.status == 0, "still running 5 s after SIGTERM, or failed: \(String(describing: stopped))")
        #expect(try lineup.run(["show"]).status == 0)
        let exchange = try lineup.run(["exchange", "L1", "R1"])
        #expect(exchange.status == 0, "\(exchange.stderr)")
    }

    /// Idle connections from several clients, more than the server may hold, and a slow one trickling its
    /// request: the coach still signs in, every time.
    @Test func idleConnectionsDoNotLockACoachOut() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(
            try lineup.run(["user", "add", "maya", "--role", "coach", "--password-stdin"], input: "correct horse\n")
                .status == 0)
        let server = try ServerProcess(lineup, extra: ["--require-sign-in"], descriptorLimit: 256)
        try ProcessLaunch.withoutLaunches {
            var flood: [RawHTTPConnection] = []
            for index in 0..<400 {
                flood.append(try RawHTTPConnection(port: server.port, source: "127.0.0.\(2 + index % 4)"))
            }
            let slow = try RawHTTPConnection(port: server.port, source: "127.0.0.6")
            try slow.send("POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 60\r\n\r\n{")
            // Long enough for the flood to count as idle.
            Thread.sleep(forTimeInterval: 1.5)
            for _ in 0..<3 {
                let answer = try Self.signIn(port: server.port, name: "maya", password: "correct horse")
                #expect(RawHTTPConnection.status(of: answer) == 200, "\(answer)")
                #expect(answer.contains("lineup_session="))
            }
            let stopped = server.stop(signal: SIGTERM, within: 5)
            #expect(
                stopped?.status == 0, "still running 5 s after SIGTERM, or failed: \(String(describing: stopped))")
        }
        #expect(try lineup.run(["show"]).status == 0)
    }

    /// A soft descriptor limit below the hard one is raised at start: 120 streams from 12 clients (10 each) are
    /// more than a limit of 256 holds (82), not more than the hard limit's.
    @Test func theSoftDescriptorLimitIsRaisedToTheHardOne() throws {
        var hard = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &hard)
        guard hard.rlim_max >= 1024 else { return }
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let server = try ServerProcess(lineup, descriptorLimit: 256, softLimitOnly: true)
        let statuses = try ProcessLaunch.withoutLaunches {
            let streams = try Self.openChangeFeeds(120, port: server.port) { "127.0.0.\(10 + $0 % 12)" }
            return Self.heads(of: streams, within: 30).map(RawHTTPConnection.status(of:))
        }
        #expect(statuses.allSatisfy { $0 == 200 }, "\(Dictionary(grouping: statuses, by: { $0 }).mapValues(\.count))")
        #expect(server.stop(signal: SIGTERM, within: 5)?.status == 0)
    }

    /// `count` connections, each asking for the change feed (from `source(index)`, another loopback address).
    static func openChangeFeeds(_ count: Int, port: Int, source: (Int) -> String? = { _ in nil }) throws
        -> [RawHTTPConnection]
    {
        try (0..<count).map { index in
            let connection = try RawHTTPConnection(port: port, source: source(index))
            try connection.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            return connection
        }
    }

    /// The head of each connection's answer, all read within `seconds` in all ("" when none came).
    static func heads(of connections: [RawHTTPConnection], within seconds: TimeInterval) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        return connections.map { $0.readHead(timeout: max(0.05, deadline.timeIntervalSinceNow)) }
    }

    /// A sign-in on a connection of its own: the answer's head, or what came before it closed.
    static func signIn(port: Int, name: String, password: String) throws -> String {
        let connection = try RawHTTPConnection(port: port)
        let body = #"{"name": "\#(name)", "password": "\#(password)"}"#
        try connection.send(
            "POST /api/session HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
        return connection.readHead(timeout: 30)
    }
}
