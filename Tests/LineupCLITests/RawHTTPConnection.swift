import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a server on 127.0.0.1, for sending requests by hand and reading what comes back
/// with a deadline: many of them can be held open at once, as a flood would.
final class RawHTTPConnection {
    let descriptor: Int32

    /// Connects to `port` (waiting at most `timeout` seconds), from `source` when given (another loopback
    /// address, as another client).
    init(port: Int, source: String? = nil, timeout: TimeInterval = 10) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        if let source {
            var local = Self.address(source, port: 0)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                close(descriptor)
                throw POSIXError(.EADDRNOTAVAIL)
            }
        }
        var sendTimeout = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        var address = Self.address("127.0.0.1", port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit { close(descriptor) }

    private static func address(_ text: String, port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr(text)
        return address
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        // MSG_NOSIGNAL: a connection the server closed answers EPIPE, not a SIGPIPE that ends the test run.
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw POSIXError(.EIO)
        }
    }

    /// What arrives until `until` says it is enough, the server closes the connection, or `timeout` seconds
    /// pass; `closed` tells whether the server closed it.
    func read(timeout: TimeInterval, until enough: (String) -> Bool = { _ in false }) -> (
        text: String, closed: Bool
    ) {
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while !enough(text) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { break }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 1) * 1000) + 1) > 0 else { continue }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { return (text, true) }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        return (text, false)
    }

    /// The answer's head (status line and fields), or what came before the connection closed or the time ran
    /// out.
    func readHead(timeout: TimeInterval) -> String {
        read(timeout: timeout) { $0.contains("\r\n\r\n") }.text
    }

    /// The status code of an answer's head, or 0.
    static func status(of head: String) -> Int {
        let parts = head.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 && head.hasPrefix("HTTP/1.1") ? Int(parts[1]) ?? 0 : 0
    }
}
