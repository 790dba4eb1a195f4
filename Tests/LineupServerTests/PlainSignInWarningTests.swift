import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LineupStore
import Synchronization
import Testing

@testable import LineupServer

/// A sign-in whose password crossed a network unencrypted is told to whoever runs the server, once a run.
@Suite("plain HTTP sign-in warning", .serialized)
struct PlainSignInWarningTests {
    /// What the server said, in order.
    final class Said: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    static let signIn = #"{"name": "maya", "password": "correct horse"}"#

    /// Headers a trusted proxy adds for a client at `address` that reached it over `proto`.
    static func proxied(_ proto: String, from address: String) throws -> HTTPFields {
        var headers: HTTPFields = [:]
        headers[try #require(HTTPField.Name("X-Forwarded-Proto"))] = proto
        headers[try #require(HTTPField.Name("X-Forwarded-For"))] = address
        headers[try #require(HTTPField.Name("X-Forwarded-Host"))] = "localhost"
        return headers
    }

    /// A server on the fixture's database that tells `said` what it warns of.
    static func server(_ fixture: ServerFixture, _ said: Said) -> LineupServer {
        LineupServer(database: fixture.database, configuration: fixture.server.configuration) { said.append($0) }
    }

    /// Behind a trusted proxy (the only time its headers are believed, as for the cookie's Secure): HTTPS
    /// says nothing, nor a client on this machine; plain HTTP from another machine warns, once, whether the
    /// password was right or not.
    @Test func aSignInOverPlainHTTPFromAnotherMachineWarnsOnce() async throws {
        let fixture = try ServerFixture(trustsProxy: true)
        try fixture.addAccount("maya", role: .coach)
        let said = Said()
        try await fixture.test(server: Self.server(fixture, said)) { client in
            func signIn(_ proto: String, from address: String, json: String = Self.signIn) async throws -> TestResponse
            {
                try await client.send(
                    .post, "/api/session", json: json, origin: "\(proto)://localhost",
                    headers: try Self.proxied(proto, from: address))
            }
            let secure = try await signIn("https", from: "192.168.1.7")
            #expect(secure.status == .ok)
            let local = try await signIn("http", from: "127.0.0.1")
            #expect(local.status == .ok)
            #expect(said.all.isEmpty)
            let wrong = #"{"name": "maya", "password": "wrong horse"}"#
            let plain = try await signIn("http", from: "192.168.1.7", json: wrong)
            #expect(plain.status == .unauthorized)
            #expect(said.all.count == 1)
            #expect(said.all.first?.hasPrefix("warning: a sign-in came over plain HTTP from 192.168.1.7") == true)
            #expect(said.all.first?.contains("reverse proxy with HTTPS") == true)
            for _ in 0..<2 {
                let again = try await signIn("http", from: "10.0.0.9")
                #expect(again.status == .ok)
            }
            #expect(said.all.count == 1)
        }
    }

    /// Without `--trust-proxy` a client's `X-Forwarded-Proto: https` is not believed (the request is refused
    /// as proxied where the server has no sign-in, and never counts as HTTPS).
    @Test func anUntrustedForwardedProtoIsNotBelieved() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("maya", role: .coach)
        let said = Said()
        try await fixture.test(server: Self.server(fixture, said)) { client in
            let response = try await client.send(
                .post, "/api/session", json: Self.signIn, headers: try Self.proxied("https", from: "192.168.1.7"))
            #expect(response.status == .ok)
            // Secure is set only for HTTPS a trusted proxy reports: not here.
            #expect(response.headers[.setCookie]?.contains("Secure") == false)
        }
        // In process the peer is unknown, so nothing is said here; `ServeCommandTests` signs in from another
        // address of this machine to a real server.
        #expect(said.all.isEmpty)
    }
}
