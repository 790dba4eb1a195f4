import Foundation
import Testing

/// Hints that name a command to paste name the boat it is for, and `--listen` refuses a port given alone
/// as bad usage.
@Suite("usage and hints")
struct UsageHintTests {
    /// With two boats, a hint without `-b` would unlock the seat in the current boat, perhaps another.
    @Test func theUnlockHintNamesItsBoat() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["boat", "copy", "Sample crew", "Heat $2"]).status == 0)
        #expect(try lineup.run(["use", "Heat $2"]).status == 0)
        let locked = try lineup.run(["lock", "L2", "-b", "Sample crew"])
        #expect(locked.status == 0, "\(locked.stderr)")
        #expect(locked.stdout.contains("until `lineup unlock L2 -b \"Sample crew\"`."), "\(locked.stdout)")
        let refused = try lineup.run(["exchange", "L2", "R2", "-b", "Sample crew"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("unlock it first with `lineup unlock L2 -b \"Sample crew\"`"), "\(refused.stderr)")
        #expect(try lineup.run(["lock", "L3", "-b", "Heat $2"]).stdout.contains("`lineup unlock L3 -b 'Heat $2'`"))
        // Without -b the command pasted reaches the same boat as the one refused.
        #expect(try lineup.run(["exchange", "L3", "R3"]).stderr.contains("`lineup unlock L3`"))
    }

    @Test func aPortAloneIsBadUsage() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let result = try lineup.run(["serve", "--listen", "18090"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("--listen takes HOST:PORT"))
        #expect(result.stderr.contains("127.0.0.1:18090"))
    }

    /// The framework's own answer to a request it cannot parse carries the headers and the error document.
    @Test func aMalformedRequestIsAnsweredWithTheErrorDocument() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let server = try ServerProcess(lineup)
        defer { _ = server.stop() }
        let answer = try Self.rawExchange(port: server.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 400"), "\(answer)")
        let lowered = answer.lowercased()
        #expect(lowered.contains("x-content-type-options: nosniff"))
        #expect(lowered.contains("content-security-policy: default-src 'self'"))
        #expect(lowered.contains("content-type: application/json"))
        #expect(answer.contains("\"status\" : 400"))
    }

    /// Sends `request` on a new connection and reads until the server closes it.
    static func rawExchange(port: Int, _ request: String) throws -> String {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return "" }
        _ = request.utf8CString.withUnsafeBufferPointer { send(socket, $0.baseAddress, $0.count - 1, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}
