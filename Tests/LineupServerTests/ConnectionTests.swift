import Foundation
import Hummingbird
import Logging
import Testing

@testable import LineupServer

#if canImport(Glibc)
    import Glibc
#endif

/// The server as it listens (not the in-process router): connections that send no complete request in time are
/// closed, so they cannot use up its file descriptors, while the change feed's long answer stays open; past its
/// limits a new connection takes the place of the longest-idle one, or is refused with 503.
@Suite("connections", .serialized)
struct ConnectionTests {
    @Test func idleConnectionsAreClosedButTheChangeFeedStaysOpen() async throws {
        let fixture = try ServerFixture()
        let server = LineupServer(
            database: fixture.database, configuration: ServerConfiguration(port: 0, requestTimeout: 1))
        let port = Port()
        var logger = Logger(label: "lineup-connection-tests")
        logger.logLevel = .critical
        let application = server.application(logger: logger) { port.set($0) }
        let running = Task { try await application.runService() }
        defer { running.cancel() }
        let listening = try await port.wait()

        let idle = try RawConnection(port: listening)
        let halfHead = try RawConnection(port: listening)
        try halfHead.send("GET /api/boats HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let feed = try RawConnection(port: listening)
        try feed.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")

        try await Task.sleep(for: .seconds(3))
        #expect(idle.isClosed(), "an idle connection is closed")
        #expect(halfHead.isClosed(), "a request's head left unfinished is closed")
        #expect(!feed.isClosed(), "the change feed stays open")
        // And it still tells of a change.
        try fixture.commandLine().exchange("L1", "R1", inBoat: nil)
        // Generous: on a busy machine the feed's next look at the database can be seconds away.
        var heard = ""
        for _ in 0..<300 where !heard.contains("event: change") {
            heard += feed.read()
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(heard.contains("event: change"))
    }

    /// The deadline runs from the connection's start (or its last answer) to a complete request: bytes trickling
    /// in, in the head or in the body, do not extend it.
    @Test func aRequestTrickledInByteByByteIsClosedAtTheDeadline() async throws {
        let fixture = try ServerFixture()
        let running = try await RunningServer(fixture, ServerConfiguration(port: 0, requestTimeout: 1))
        defer { running.stop() }
        let head = try RawConnection(port: running.port)
        let body = try RawConnection(port: running.port)
        try body.send("POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n")
        let answered = try RawConnection(port: running.port)
        try answered.send("GET /api/boats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for _ in 0..<15 {
            try? head.send("X")
            try? body.send("x")
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(head.isClosed(), "a head sent a byte at a time is closed")
        #expect(body.isClosed(), "a body sent a byte at a time is closed")
        // Answered, then idle past the deadline: closed as well.
        #expect(answered.isClosed())
    }

    @Test func aNewConnectionTakesThePlaceOfTheLongestIdleOrIsRefused() async throws {
        let fixture = try ServerFixture()
        let limits = ConnectionLimits(
            connections: 4, connectionsPerClient: 4, sockets: 12, streams: 2, streamsPerClient: 2)
        let running = try await RunningServer(fixture, ServerConfiguration(port: 0, requestTimeout: 30, limits: limits))
        defer { running.stop() }
        var idle: [RawConnection] = []
        for _ in 0..<4 {
            idle.append(try RawConnection(port: running.port))
            try await Task.sleep(for: .milliseconds(50))
        }
        // Idle long enough to give way.
        try await Task.sleep(for: .milliseconds(1200))
        let newcomer = try RawConnection(port: running.port)
        try newcomer.send("GET /api/boats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try await newcomer.status() == 200)
        #expect(idle[0].isClosed(), "the longest-idle connection made room")
        #expect(!idle[1].isClosed() && !idle[2].isClosed() && !idle[3].isClosed())
        idle = []
        newcomer.close()
        // Requests whose bodies are held back give way too, once past the grace: they cannot keep others out.
        try await Task.sleep(for: .milliseconds(300))
        var held: [RawConnection] = []
        for _ in 0..<4 {
            let connection = try RawConnection(port: running.port)
            try connection.send(Self.unfinishedSignIn)
            held.append(connection)
        }
        try await Task.sleep(for: .milliseconds(1600))
        let coach = try RawConnection(port: running.port)
        try coach.send("GET /api/boats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try await coach.status() == 200)
        // (Which of them was first to arrive is up to the event loops that read them.)
        #expect(held.filter { $0.isClosed() }.count == 1, "one request still arriving made room")
    }

    /// Only when every connection is busy being answered (change-feed streams here) is a new one refused, with
    /// 503 and Retry-After, and the busy ones are left alone.
    @Test func aNewConnectionIsRefusedWhenEveryConnectionIsBusy() async throws {
        let fixture = try ServerFixture()
        let limits = ConnectionLimits(
            connections: 2, connectionsPerClient: 2, sockets: 12, streams: 2, streamsPerClient: 2)
        let running = try await RunningServer(fixture, ServerConfiguration(port: 0, requestTimeout: 30, limits: limits))
        defer { running.stop() }
        var streams: [RawConnection] = []
        for _ in 0..<2 {
            let connection = try RawConnection(port: running.port)
            try connection.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
            #expect(try await connection.status() == 200)
            streams.append(connection)
        }
        try await Task.sleep(for: .milliseconds(1200))
        let refused = try RawConnection(port: running.port)
        try refused.send("GET /api/boats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let answer = try await refused.answer()
        #expect(answer.hasPrefix("HTTP/1.1 503"), "\(answer)")
        #expect(answer.lowercased().contains("retry-after: 5"))
        #expect(answer.contains(#""error" : "the server is answering as many connections as it can"#), "\(answer)")
        #expect(streams.allSatisfy { !$0.isClosed() })
    }

    /// A request still arriving behind one being answered on the same connection (pipelined) gives way once
    /// that answer is written, as a first request still arriving does: a change-feed stream holds the other
    /// place, and a coach gets in.
    @Test func aPipelinedRequestStillArrivingGivesWay() async throws {
        let fixture = try ServerFixture()
        let limits = ConnectionLimits(
            connections: 2, connectionsPerClient: 2, sockets: 12, streams: 1, streamsPerClient: 1)
        let running = try await RunningServer(fixture, ServerConfiguration(port: 0, requestTimeout: 30, limits: limits))
        defer { running.stop() }
        let stream = try RawConnection(port: running.port)
        try stream.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        #expect(try await stream.status() == 200)
        let pipelined = try RawConnection(port: running.port)
        try pipelined.send("GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + Self.unfinishedSignIn)
        #expect(try await pipelined.status() == 200)
        try await Task.sleep(for: .milliseconds(1600))
        let coach = try RawConnection(port: running.port, source: "127.0.0.2")
        try coach.send("GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try await coach.status() == 200)
        #expect(pipelined.isClosed() && !stream.isClosed())
    }

    /// An IPv6 client is counted by its /64 (it may use any address in it); IPv4, also written as IPv6, by its
    /// address.
    @Test func aClientIsItsIPv4AddressOrItsIPv6Network() {
        #expect(ClientKey.of("192.0.2.7") == "192.0.2.7")
        #expect(ClientKey.of("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(ClientKey.of("2001:db8:1:2:aaaa::1") == ClientKey.of("2001:db8:1:2:bbbb:cccc:dddd:eeee"))
        #expect(ClientKey.of("2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(ClientKey.of("2001:db8:1:3::1") != ClientKey.of("2001:db8:1:2::1"))
        #expect(ClientKey.of("::1") == "0:0:0:0::/64")
    }

    /// A flood kept up from one address, every connection newer than the grace, fills the server: a coach on
    /// another address still gets in, in the place of one of the flood's connections.
    @Test func aFloodStillArrivingCannotKeepAnotherClientOut() async throws {
        let fixture = try ServerFixture()
        let limits = ConnectionLimits(
            connections: 4, connectionsPerClient: 4, sockets: 12, streams: 2, streamsPerClient: 2)
        let running = try await RunningServer(fixture, ServerConfiguration(port: 0, requestTimeout: 30, limits: limits))
        defer { running.stop() }
        let flood = try (0..<4).map { _ in try RawConnection(port: running.port, source: "127.0.0.2") }
        // All four counted, and still within the grace of a second.
        try await Task.sleep(for: .milliseconds(400))
        let coach = try RawConnection(port: running.port)
        try coach.send("GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try await coach.status() == 200)
        #expect(flood.filter { $0.isClosed() }.count == 1)
    }

    @Test func eachClientHasItsShareOfConnectionsUnlessBehindAProxy() async throws {
        for trustsProxy in [false, true] {
            let fixture = try ServerFixture()
            let limits = ConnectionLimits(
                connections: 8, connectionsPerClient: 2, sockets: 16, streams: 4, streamsPerClient: 4)
            let running = try await RunningServer(
                fixture, ServerConfiguration(port: 0, trustsProxy: trustsProxy, requestTimeout: 30, limits: limits))
            defer { running.stop() }
            // Two connections of this client, busy being answered: change-feed streams (a request still arriving
            // would give way after a second). Behind a proxy, where the feed needs a sign-in, two requests still
            // arriving do: nothing needs to give way there.
            var busy: [RawConnection] = []
            for _ in 0..<2 {
                let connection = try RawConnection(port: running.port)
                if trustsProxy {
                    try connection.send(Self.unfinishedSignIn)
                } else {
                    try connection.send(
                        "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
                    #expect(try await connection.status() == 200)
                }
                busy.append(connection)
            }
            let third = try RawConnection(port: running.port)
            try third.send("GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            // Behind a proxy every connection is the proxy's: only the server's own limit applies.
            #expect(try await third.status() == (trustsProxy ? 200 : 503), "trusts proxy: \(trustsProxy)")
            let elsewhere = try RawConnection(port: running.port, source: "127.0.0.2")
            try elsewhere.send("GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try await elsewhere.status() == 200)
        }
    }

    @Test func changeFeedsAreLimitedInAllAndPerClient() async throws {
        let fixture = try ServerFixture()
        let limits = ConnectionLimits(
            connections: 16, connectionsPerClient: 8, sockets: 24, streams: 2, streamsPerClient: 1)
        let running = try await RunningServer(fixture, ServerConfiguration(port: 0, limits: limits))
        defer { running.stop() }
        func feed(from source: String) async throws -> (RawConnection, String) {
            let connection = try RawConnection(port: running.port, source: source)
            try connection.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return (connection, try await connection.answer())
        }
        let (first, firstAnswer) = try await feed(from: "127.0.0.1")
        #expect(firstAnswer.hasPrefix("HTTP/1.1 200"))
        let (_, again) = try await feed(from: "127.0.0.1")
        #expect(again.hasPrefix("HTTP/1.1 503"), "one client's share")
        #expect(again.lowercased().contains("retry-after: 10") && again.contains("as many change feeds open"))
        let (second, secondAnswer) = try await feed(from: "127.0.0.2")
        #expect(secondAnswer.hasPrefix("HTTP/1.1 200"))
        let (_, third) = try await feed(from: "127.0.0.3")
        #expect(third.hasPrefix("HTTP/1.1 503"), "the server's limit")
        // A stream that ends leaves room.
        first.close()
        try await Task.sleep(for: .milliseconds(500))
        let (_, afterwards) = try await feed(from: "127.0.0.3")
        #expect(afterwards.hasPrefix("HTTP/1.1 200"))
        _ = second
    }

    /// A viewer's page stops hearing of changes once its session ends (here, the account is removed), as its
    /// cookie is refused by then.
    @Test func aChangeFeedEndsWithItsSession() async throws {
        let fixture = try ServerFixture()
        try fixture.addAccount("sam", role: .viewer)
        let running = try await RunningServer(fixture, ServerConfiguration(port: 0, requiresSignIn: true))
        defer { running.stop() }
        let signIn = try RawConnection(port: running.port)
        let body = #"{"name": "sam", "password": "correct horse"}"#
        try signIn.send(
            "POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let signedIn = try await signIn.answer()
        let cookie = try #require(
            signedIn.split(separator: "\r\n").first { $0.lowercased().hasPrefix("set-cookie: ") }?
                .dropFirst("set-cookie: ".count).split(separator: ";").first)
        let feed = try RawConnection(port: running.port)
        try feed.send("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n\r\n")
        #expect(try await feed.answer().hasPrefix("HTTP/1.1 200"))
        try fixture.commandLine().removeAccount(named: "sam")
        // The stream's end (the last chunk) comes instead of the change.
        var heard = ""
        for _ in 0..<100 where !heard.contains("0\r\n\r\n") && !heard.contains("event: change") {
            heard += feed.read()
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(heard.contains("0\r\n\r\n"), "\(heard)")
        #expect(!heard.contains("event: change"))
    }

    /// A sign-in whose body is still arriving: the connection is busy.
    static let unfinishedSignIn =
        "POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"
}

/// The application running on a port of its own until `stop()`.
private final class RunningServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>

    init(_ fixture: ServerFixture, _ configuration: ServerConfiguration) async throws {
        let server = LineupServer(database: fixture.database, configuration: configuration)
        let port = Port()
        var logger = Logger(label: "lineup-connection-tests")
        logger.logLevel = .critical
        let application = server.application(logger: logger) { port.set($0) }
        task = Task { try await application.runService() }
        self.port = try await port.wait()
    }

    func stop() { task.cancel() }
}

/// The port the application chose, once it listens.
private final class Port: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int?

    func set(_ port: Int) { lock.withLock { value = port } }

    func wait() async throws -> Int {
        for _ in 0..<100 {
            if let port = lock.withLock({ value }) { return port }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw CancellationError()
    }
}

/// A plain TCP connection to 127.0.0.1 (from `source`, another loopback address, when given), read without
/// waiting.
private final class RawConnection {
    let descriptor: Int32
    private var isOpen = true

    init(port: Int, source: String? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close() }

    func close() {
        if isOpen { Glibc.close(descriptor) }
        isOpen = false
    }

    /// The head of the answer and what came with it, waiting up to 20 s.
    func answer() async throws -> String {
        var text = ""
        for _ in 0..<200 where !text.contains("\r\n\r\n") {
            text += read()
            if !text.contains("\r\n\r\n") { try await Task.sleep(for: .milliseconds(100)) }
        }
        // The body, when it is short and came at once.
        try await Task.sleep(for: .milliseconds(100))
        return text + read()
    }

    /// The answer's status code, or 0.
    func status() async throws -> Int {
        let parts = try await answer().split(separator: " ", maxSplits: 2)
        return parts.count >= 2 ? Int(parts[1]) ?? 0 : 0
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        // MSG_NOSIGNAL: a connection the server closed answers EPIPE, not a SIGPIPE that ends the test run.
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw POSIXError(.EIO)
        }
    }

    /// What has arrived, without waiting.
    func read() -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
    }

    /// True when the server closed the connection (what it sent before closing is read past).
    func isClosed() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 { return true }
            if count < 0 { return errno != EAGAIN && errno != EWOULDBLOCK }
        }
    }
}
