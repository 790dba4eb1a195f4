import Foundation
import Hummingbird
import Logging
import Testing

@testable import LineupServer

#if canImport(Glibc)
    import Glibc
#endif

/// The server as it listens (not the in-process router): connections that send nothing are closed after the
/// idle time, so they cannot use up its file descriptors, while the change feed's long answer stays open.
@Suite("connections")
struct ConnectionTests {
    @Test func idleConnectionsAreClosedButTheChangeFeedStaysOpen() async throws {
        let fixture = try ServerFixture()
        let server = LineupServer(
            database: fixture.database, configuration: ServerConfiguration(port: 0, idleTimeout: 1))
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

/// A plain TCP connection to 127.0.0.1, read without waiting.
private final class RawConnection {
    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
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

    deinit { close(descriptor) }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw POSIXError(.EIO) }
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
