import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import LineupStore
import Logging
import Testing

@testable import LineupServer

/// Who may do what: loopback without sign-in, sign-in everywhere else, viewers read only, every change from
/// the server's own page, sign-ins limited.
@Suite("access", .serialized)
struct AccessTests {
    static let boat = "/api/boats/\(ServerFixture.sample)"
    static let exchange = #"{"first": "L1", "second": "R1"}"#

    @Test func listeningBeyondThisMachineNeedsSignIn() async throws {
        #expect(ServerConfiguration(host: "127.0.0.1").requiresSignIn == false)
        #expect(ServerConfiguration(host: "::1").requiresSignIn == false)
        #expect(ServerConfiguration(host: "localhost").requiresSignIn == false)
        #expect(ServerConfiguration(host: "0.0.0.0").requiresSignIn)
        #expect(ServerConfiguration(host: "192.168.1.20").requiresSignIn)
        #expect(ServerConfiguration(host: "127.0.0.1", trustsProxy: true).requiresSignIn)
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try await fixture.test { client in
            for path in ["/api/boats", Self.boat, "\(Self.boat)/history", "/api/roster", "/api/events"] {
                let response = try await client.send(.get, path)
                #expect(response.status == .unauthorized, "\(path)")
                #expect(response.errorMessage == "sign in to use this server")
            }
            let change = try await client.send(.post, "\(Self.boat)/exchange", json: Self.exchange)
            #expect(change.status == .unauthorized)
            let session = try await client.send(.get, "/api/session")
            #expect(session.object["sign_in_required"] as? Bool == true)
            #expect(session.object["signed_in"] as? Bool == false)
            // The page itself loads, to show the sign-in form.
            #expect(try await client.send(.get, "/").status == .ok)
        }
        #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
    }

    @Test func aCoachSignsInChangesAndSignsOut() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("maya", role: .coach)
        try await fixture.test { client in
            let wrong = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "wrong one"}"#)
            #expect(wrong.status == .unauthorized)
            #expect(wrong.headers[.setCookie] == nil)
            let signIn = try await client.send(
                .post, "/api/session", json: #"{"name": "MAYA", "password": "correct horse"}"#)
            #expect(signIn.status == .ok)
            let cookie = try #require(signIn.headers[.setCookie])
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure"))
            let token = try #require(cookie.split(separator: ";").first.map(String.init))
            #expect(signIn.object["name"] as? String == "maya" && signIn.object["can_change"] as? Bool == true)
            let headers: HTTPFields = [.cookie: token]
            #expect(try await client.send(.get, Self.boat, headers: headers).status == .ok)
            let change = try await client.send(.post, "\(Self.boat)/exchange", json: Self.exchange, headers: headers)
            #expect(change.status == .ok)
            let signOut = try await client.send(.delete, "/api/session", headers: headers)
            #expect(signOut.status == .ok)
            #expect(signOut.headers[.setCookie]?.contains("Max-Age=0") == true)
            // The session is gone from the database: the old cookie signs nobody in.
            #expect(try await client.send(.get, Self.boat, headers: headers).status == .unauthorized)
        }
        #expect(try fixture.commandLine().history(ofBoat: .current).1.count == 1)
    }

    @Test func aViewerReadsButCannotChange() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("sam", role: .viewer)
        try await fixture.test { client in
            let signIn = try await client.send(
                .post, "/api/session", json: #"{"name": "sam", "password": "correct horse"}"#)
            let token = try #require(signIn.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let headers: HTTPFields = [.cookie: token]
            #expect(signIn.object["can_change"] as? Bool == false)
            #expect(try await client.send(.get, Self.boat, headers: headers).status == .ok)
            #expect(try await client.send(.get, "\(Self.boat)/plan", headers: headers).status == .ok)
            let changes = [
                ("exchange", Self.exchange), ("undo", "{}"), ("redo", "{}"), ("lock", #"{"seat": "D"}"#),
                ("unlock", #"{"seat": "D"}"#), ("plan", #"{"basis": "x"}"#),
                (
                    "drop",
                    #"{"origin": "L1", "target": "R1", "expected": {"origin": "Ada Lindqvist", "target": "Bea Marangoni"}}"#
                ),
            ]
            for (path, body) in changes {
                let response = try await client.send(.post, "\(Self.boat)/\(path)", json: body, headers: headers)
                #expect(response.status == .forbidden, "\(path)")
                #expect(response.errorMessage.hasPrefix("this account is a viewer's"), "\(path)")
            }
        }
        #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
    }

    /// A change must come from the server's own page: another site's Origin, or a browser's cross-site mark,
    /// is refused; a client without either (curl) may go on.
    @Test func crossSiteChangesAreRefused() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let evil = try await client.send(
                .post, "\(Self.boat)/exchange", json: Self.exchange, origin: "http://evil.example")
            #expect(evil.status == .forbidden)
            #expect(evil.errorMessage.contains("came from http://evil.example, not http://localhost"))
            let marked = try await client.send(
                .post, "\(Self.boat)/exchange", json: Self.exchange, origin: nil,
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            #expect(marked.status == .forbidden)
            let signIn = try await client.send(
                .post, "/api/session", json: #"{"name": "x", "password": "y"}"#, origin: "http://evil.example")
            #expect(signIn.status == .forbidden)
            #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
            let curl = try await client.send(.post, "\(Self.boat)/exchange", json: Self.exchange, origin: nil)
            #expect(curl.status == .ok)
            let own = try await client.send(.post, "\(Self.boat)/undo", json: "{}")
            #expect(own.status == .ok)
        }
    }

    @Test func failedSignInsAreLimited() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("maya", role: .coach)
        try await fixture.test { client in
            for _ in 0..<3 {
                let wrong = try await client.send(
                    .post, "/api/session", json: #"{"name": "maya", "password": "guess guess"}"#)
                #expect(wrong.status == .unauthorized)
            }
            // Even the right password waits now.
            let limited = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "correct horse"}"#)
            #expect(limited.status == .tooManyRequests)
            // Until the oldest failure leaves the 15-minute window (less the time this test took to get here).
            let retryAfter = Int(limited.headers[.retryAfter] ?? "") ?? 0
            #expect(retryAfter > 0 && retryAfter <= 900)
            #expect(limited.headers[.setCookie] == nil)
            // An unknown name is answered as a wrong password, and counted too.
            let unknown = try await client.send(
                .post, "/api/session", json: #"{"name": "nobody", "password": "guess guess"}"#)
            #expect(unknown.status == .unauthorized, "\(unknown.text)")
        }
    }

    /// An account's failed sign-ins are kept in the database: a server started again on the file (its memory
    /// new) still refuses the locked account, and so does a second server beside it.
    @Test func anAccountsLockoutOutlivesARestart() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0", trustsProxy: true)
        try fixture.addAccount("maya", role: .coach)
        try await fixture.test { client in
            for index in 0..<3 {
                // From a different address each time: the account's own count locks it.
                let wrong = try await client.send(
                    .post, "/api/session", json: #"{"name": "maya", "password": "guess guess"}"#,
                    headers: [.init("X-Forwarded-For")!: "203.0.113.\(index)"])
                #expect(wrong.status == .unauthorized)
            }
        }
        let restarted = LineupServer(
            database: fixture.database,
            configuration: ServerConfiguration(host: "0.0.0.0", port: 0, trustsProxy: true, signInAttempts: 3))
        try await fixture.test(server: restarted) { client in
            let right = try await client.send(
                .post, "/api/session", json: #"{"name": "MAYA", "password": "correct horse"}"#,
                headers: [.init("X-Forwarded-For")!: "198.51.100.7"])
            #expect(right.status == .tooManyRequests, "\(right.text)")
            #expect(right.headers[.setCookie] == nil)
        }
        // Setting a new password ends the lockout, on the server that counted the failures too: the coach who
        // reset it signs in.
        try fixture.commandLine().setAccountPassword(named: "maya", passwordHash: Bcrypt.hash("new horse", cost: 4))
        try await fixture.test { client in
            let right = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "new horse"}"#,
                headers: [.init("X-Forwarded-For")!: "198.51.100.7"])
            #expect(right.status == .ok, "\(right.text)")
        }
    }

    /// A sign-in that succeeds forgets its account's failures, so a coach's occasional typos never add up to a
    /// lockout; while locked, the answer says how a coach ends the wait.
    @Test func aSignInThatSucceedsForgetsTheAccountsFailures() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("maya", role: .coach)
        try await fixture.test { client in
            for _ in 0..<3 {
                for _ in 0..<2 {
                    let wrong = try await client.send(
                        .post, "/api/session", json: #"{"name": "maya", "password": "guess guess"}"#)
                    #expect(wrong.status == .unauthorized)
                }
                let right = try await client.send(
                    .post, "/api/session", json: #"{"name": "maya", "password": "correct horse"}"#)
                #expect(right.status == .ok, "\(right.text)")
            }
            for _ in 0..<3 {
                _ = try await client.send(.post, "/api/session", json: #"{"name": "maya", "password": "guess guess"}"#)
            }
            let locked = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "correct horse"}"#)
            #expect(locked.status == .tooManyRequests)
            #expect((locked.object["hint"] as? String)?.contains("lineup user password NAME") == true, "\(locked.text)")
        }
    }

    /// One address may fail more often than one account (four times as often), so that a club whose phones
    /// share an address is not locked out by one paddler mistyping a name; past that, it waits too.
    @Test func anAddressMayFailMoreOftenThanAnAccount() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("maya", role: .coach)
        try await fixture.test { client in
            for index in 0..<11 {
                let wrong = try await client.send(
                    .post, "/api/session", json: #"{"name": "nobody\#(index)", "password": "guess guess"}"#)
                #expect(wrong.status == .unauthorized, "\(index)")
            }
            let right = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "correct horse"}"#)
            #expect(right.status == .ok, "\(right.text)")
            _ = try await client.send(.post, "/api/session", json: #"{"name": "nobody", "password": "guess guess"}"#)
            let past = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "correct horse"}"#)
            #expect(past.status == .tooManyRequests, "\(past.text)")
            // An address's wait is not an account's: no password change ends it.
            let hint = past.object["hint"] as? String ?? ""
            #expect(hint.contains("this address") && !hint.contains("user password"), "\(past.text)")
        }
    }

    /// A name no account can have (too long, not ASCII) is counted by its address only: kept by name, 10,000
    /// of them up to 64 KB each would fill the server's memory.
    @Test func aNameNoAccountCanHaveIsNotKeptByTheLimiter() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try await fixture.test { client in
            for name in [String(repeating: "x", count: 60_000), "Zoë", "a b"] {
                let wrong = try await client.send(
                    .post, "/api/session", json: #"{"name": "\#(name)", "password": "guess guess"}"#)
                #expect(wrong.status == .unauthorized)
            }
        }
        #expect(await fixture.server.limiter.keptKeys == 1)
    }

    /// A flood of failed sign-ins from made-up names and addresses never makes the limiter forget a locked key
    /// (it used to clear every key at 10,000); it forgets the least recent unlocked ones, within its capacity.
    @Test func aFloodOfKeysNeverUnlocksALockedOne() async throws {
        let limiter = SignInLimiter(attempts: 3, addressAttempts: 3, window: 900, capacity: 100)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        for second in 0..<3 {
            guard
                case .attempt = await limiter.begin([.address("10.0.0.1"), .name("maya")], now: start + Double(second))
            else { Issue.record("refused before the limit"); return }
        }
        for index in 0..<6_800 {
            _ = await limiter.begin(
                [.address("172.16.\(index / 256).\(index % 256)"), .name("x\(index)")], now: start + 10)
        }
        #expect(await limiter.keptKeys <= 100)
        #expect(await limiter.begin([.address("10.9.9.9"), .name("maya")], now: start + 20) != .attempt(start + 20))
        #expect(await limiter.begin([.address("10.0.0.1"), .name("other")], now: start + 20) != .attempt(start + 20))
        // Out of the window, the lockout ends as usual.
        #expect(await limiter.begin([.address("10.0.0.1"), .name("maya")], now: start + 905) == .attempt(start + 905))
    }

    /// bcrypt reads a password up to its first NUL and no further than 72 bytes: neither lets a longer text
    /// through as the password.
    @Test func aPasswordIsComparedWholeAtSignIn() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        let long = String(repeating: "p", count: 72)
        try fixture.addAccount("maya", role: .coach, password: "newpass123")
        try fixture.addAccount("long", role: .coach, password: long)
        try await fixture.test { client in
            let nul = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "newpass123\u0000anything"}"#)
            #expect(nul.status == .unauthorized, "\(nul.text)")
            let longer = try await client.send(
                .post, "/api/session", json: #"{"name": "long", "password": "\#(long)more"}"#)
            #expect(longer.status == .unauthorized, "\(longer.text)")
            let right = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "newpass123"}"#)
            #expect(right.status == .ok, "\(right.text)")
        }
    }

    /// Guesses sent all at once, each waiting for its password check, count before any is checked: no more
    /// than the limit get an answer to their password, and a right one among them is refused too.
    @Test func guessesSentAtOnceCannotPassTheLimitTogether() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("maya", role: .coach)
        let statuses = try await fixture.test { client in
            try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<12 {
                    let password = index == 11 ? "correct horse" : "guess \(index) guess"
                    group.addTask {
                        try await client.send(
                            .post, "/api/session", json: #"{"name": "maya", "password": "\#(password)"}"#
                        ).status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        #expect(statuses.filter { $0 == .unauthorized || $0 == .ok }.count <= 3)
        #expect(statuses.filter { $0 == .tooManyRequests }.count >= 9)
        #expect(LineupServer.duration(818) == "14 minutes" && LineupServer.duration(40) == "40 seconds")
    }

    /// A server without sign-in refuses what a reverse proxy passes on: it trusts this machine alone.
    @Test func aServerWithoutSignInRefusesProxiedRequests() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for header in ["X-Forwarded-For", "Forwarded", "X-Real-IP"] {
                let headers: HTTPFields = [HTTPField.Name(header)!: "for=203.0.113.9"]
                let read = try await client.send(.get, "/api/boats", headers: headers)
                #expect(read.status == .forbidden, "\(header)")
                #expect(read.errorMessage.contains("came through a proxy (\(header))"))
                let change = try await client.send(
                    .post, "/api/boats/\(ServerFixture.sample)/exchange", json: #"{"first": "L1", "second": "R1"}"#,
                    headers: headers)
                #expect(change.status == .forbidden, "\(header)")
            }
            #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
            #expect(try await client.send(.get, "/api/boats").status == .ok)
        }
    }

    /// Any header a proxy, load balancer or CDN adds, even empty, says the request was passed on: refused
    /// without sign-in (a read and a change), as the README promises.
    @Test(arguments: [
        ("Via", "1.1 proxy"), ("Via", ""), ("X-Forwarded-For", ""), ("X-Forwarded-Server", "proxy.example.org"),
        ("X-Forwarded-Port", "443"), ("X-Forwarded-Ssl", "on"), ("x-forwarded-anything", "1"),
        ("Forwarded", ""), ("X-Real-IP", "203.0.113.9"), ("X-Client-IP", "203.0.113.9"),
        ("CF-Connecting-IP", "203.0.113.9"), ("True-Client-IP", "203.0.113.9"),
        ("X-Cluster-Client-IP", "203.0.113.9"), ("Fastly-Client-IP", "203.0.113.9"),
        ("Client-IP", "203.0.113.9"), ("X-Original-Forwarded-For", "203.0.113.9"),
    ])
    func everySignOfAProxyIsRefusedWithoutSignIn(header: String, value: String) async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let headers: HTTPFields = [HTTPField.Name(header)!: value]
            let read = try await client.send(.get, "/api/boats", headers: headers)
            #expect(read.status == .forbidden)
            #expect(read.errorMessage.lowercased().contains("came through a proxy (\(header.lowercased()))"))
            let change = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/exchange", json: #"{"first": "L1", "second": "R1"}"#,
                headers: headers)
            #expect(change.status == .forbidden)
            #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
            #expect(try await client.send(.get, "/api/boats").status == .ok)
        }
    }

    /// Behind a TLS proxy (trusted), the cookie is Secure and the page's origin is the proxy's.
    @Test func behindATrustedProxyTheCookieIsSecure() async throws {
        let fixture = try ServerFixture(listen: "127.0.0.1", trustsProxy: true)
        try fixture.addAccount("maya", role: .coach)
        try await fixture.test { client in
            let proxied: HTTPFields = [
                HTTPField.Name("X-Forwarded-Proto")!: "https", HTTPField.Name("X-Forwarded-Host")!: "club.example.org",
                HTTPField.Name("X-Forwarded-For")!: "203.0.113.9",
            ]
            let signIn = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "correct horse"}"#,
                origin: "https://club.example.org", headers: proxied)
            #expect(signIn.status == .ok)
            #expect(signIn.headers[.setCookie]?.hasSuffix("; Secure") == true)
            let direct = try await client.send(
                .post, "/api/session", json: #"{"name": "maya", "password": "correct horse"}"#,
                origin: "http://localhost", headers: proxied)
            #expect(direct.status == .forbidden)
        }
    }

    @Test func everyAnswerCarriesTheSecurityHeaders() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for path in ["/", Self.boat, "/api/boats/Nowhere"] {
                let response = try await client.send(.get, path)
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(path)")
                #expect(response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true, "\(path)")
            }
        }
    }
}
