import Dispatch
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import LineupCore
import LineupStore

/// Signing in and out, and who is signed in.
extension LineupServer {
    func addSessionRoutes(to router: Routes) {
        router.get("api/session") { _, context in
            JSONBody.response(SessionDocument(context.requester, signInRequired: configuration.requiresSignIn))
        }
        router.post("api/session") { request, context in
            let body = try await JSONBody.decode(SignInBody.self, from: request, context: context)
            guard configuration.requiresSignIn else {
                return JSONBody.response(SessionDocument(context.requester, signInRequired: false))
            }
            let origin = RequestOrigin(request, trustsProxy: configuration.trustsProxy)
            warnIfSignInCrossedANetworkInClear(request, context, origin: origin)
            // A name no account can have is not counted by name (it would only fill the limiter's memory with up
            // to 64 KB a name); its address is.
            var keys: [SignInLimiter.Key] = [.address(clientAddress(request, context))]
            if Account.isValidName(body.name) { keys.append(.name(body.name.lowercased())) }
            let attempt: Date
            switch await limiter.begin(keys) {
            case .wait(let seconds):
                throw Self.lockedOut(seconds, account: false)
            case .attempt(let date):
                attempt = date
            }
            let name = body.name
            let attempts = configuration.signInAttempts
            let window = configuration.signInWindow
            // The account's own failures are counted in the database, so a restart or another server on the
            // same file keeps its lockout; a name that is no account is counted in memory only.
            let start: LineupDatabase.SignInStart
            do {
                start = try await write { db throws(StoreError) in
                    try db.beginSignIn(named: name, attempts: attempts, window: window)
                }
            } catch {
                await limiter.takeBack(keys, attempt: attempt)
                throw error
            }
            let found: (account: Account, passwordHash: String, failureID: Int64)?
            switch start {
            case .noSuchAccount:
                found = nil
            case .wait(let seconds):
                // Not tried: it does not count against the address as well.
                await limiter.takeBack(keys, attempt: attempt)
                throw Self.lockedOut(seconds, account: true)
            case .check(let account, let passwordHash, let failureID):
                found = (account, passwordHash, failureID)
                // An account's failures are the database's to count (so `lineup user password` ends them for
                // every server at once): not kept by name in memory as well.
                await limiter.takeBack(keys.filter { if case .name = $0 { true } else { false } }, attempt: attempt)
            }
            let hash = found?.passwordHash ?? Self.stubHash
            let password = body.password
            // bcrypt takes a quarter of a second on purpose: away from the request threads. An unknown name is
            // checked against a stand-in hash, so both answers take as long and tell nothing apart.
            let matches = await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    continuation.resume(returning: Bcrypt.verify(password, hash: hash))
                }
            }
            // bcrypt reads up to the first NUL and no more than 72 bytes, so "secret\0anything" or the first
            // 72 bytes followed by anything would pass as the password: no password lineup sets holds either.
            let passable = password.utf8.count <= 72 && !password.utf8.contains(0)
            guard let found, matches, passable else {
                throw APIError(.unauthorized, "the name or the password is wrong")
            }
            // The attempt was counted as a failure when it began; a right password takes that back.
            let account = found.account
            await limiter.takeBack(keys, attempt: attempt)
            let failureID = found.failureID
            let token = SecretToken.make()
            let digest = SecretToken.digest(token)
            let lifetime = configuration.sessionLifetime
            try await write { db throws(StoreError) in
                try db.signInSucceeded(account: account, failureID: failureID)
                try db.startSession(for: account, tokenDigest: digest, lifetime: lifetime)
            }
            var response = JSONBody.response(SessionDocument(.account(account), signInRequired: true))
            response.headers[values: .setCookie].append(
                Self.sessionCookie(token, maxAge: Int(lifetime), secure: origin.isHTTPS))
            return response
        }
        router.delete("api/session") { request, context in
            if let digest = context.sessionDigest {
                try await write { db throws(StoreError) in try db.endSession(tokenDigest: digest) }
            }
            let origin = RequestOrigin(request, trustsProxy: configuration.trustsProxy)
            var response = JSONBody.response(
                SessionDocument(
                    configuration.requiresSignIn ? .nobody : .localCoach,
                    signInRequired: configuration.requiresSignIn))
            response.headers[values: .setCookie].append(Self.sessionCookie("", maxAge: 0, secure: origin.isHTTPS))
            return response
        }
    }

    /// The answer while sign-ins are refused: how long, and, for an account's own lockout, how a coach ends it
    /// sooner (an address's or an unknown name's ends with the wait, or a restart of the server).
    static func lockedOut(_ seconds: Int, account: Bool) -> APIError {
        APIError(
            .tooManyRequests, "too many failed sign-ins; wait \(duration(seconds)) before trying again",
            hint: account
                ? "on the server's machine, `lineup user password NAME` ends that account's wait (and signs it out "
                    + "everywhere)"
                : "too many failed sign-ins came from this address; restarting lineup serve ends its wait",
            retryAfter: seconds)
    }

    /// The session cookie: only sent back to this site (SameSite=Strict), never readable by scripts
    /// (HttpOnly), and over HTTPS only when the page came over HTTPS (Secure).
    /// A wait as people say it: "40 seconds", "14 minutes".
    static func duration(_ seconds: Int) -> String {
        if seconds < 90 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let minutes = (seconds + 59) / 60
        return "\(minutes) minutes"
    }

    static func sessionCookie(_ token: String, maxAge: Int, secure: Bool) -> String {
        "\(AccessMiddleware.sessionCookieName)=\(token); Path=/; Max-Age=\(maxAge); HttpOnly; SameSite=Strict"
            + (secure ? "; Secure" : "")
    }

    /// A hash no password matches, checked when the name is unknown.
    static let stubHash = Bcrypt.hash(SecretToken.make(), cost: 12)

    /// Warns, once per run, when a sign-in's password crossed a network unencrypted: it came over plain HTTP
    /// (behind a trusted proxy, as its `X-Forwarded-Proto` says, the only time that header is believed) from a
    /// client on another machine (behind a trusted proxy, the one its `X-Forwarded-For` names last).
    func warnIfSignInCrossedANetworkInClear(
        _ request: Request, _ context: ServerRequestContext, origin: RequestOrigin
    ) {
        guard !origin.isHTTPS, let client = clientHost(request, context) else { return }
        // An IPv4 client of a socket that also takes IPv6 shows as ::ffff:a.b.c.d.
        let plain = client.lowercased().hasPrefix("::ffff:") ? String(client.dropFirst("::ffff:".count)) : client
        guard !ServerConfiguration.isLoopback(plain), plainSignInWarning.claim() else { return }
        warn(
            "warning: a sign-in came over plain HTTP from \(String(plain.prefix(64))): its password and the "
                + "session cookie crossed the network unencrypted; put a reverse proxy with HTTPS in front "
                + "(docs/reference.md, \"Behind a TLS reverse proxy\") and run lineup serve on 127.0.0.1 with "
                + "--trust-proxy (said once per run)")
    }

    /// The client's own address, unshortened: behind a trusted proxy the last one it added to
    /// `X-Forwarded-For`, else the connection's peer; nil when unknown (in-process tests).
    func clientHost(_ request: Request, _ context: ServerRequestContext) -> String? {
        if configuration.trustsProxy, let forwarded = request.headers.value(named: "x-forwarded-for"),
            let last = forwarded.split(separator: ",").last
        {
            return last.trimmingCharacters(in: .whitespaces)
        }
        return context.peerAddress
    }

    /// The client's address for counting failed sign-ins and streams (an IPv6 one by its /64, `ClientKey`):
    /// behind a trusted proxy, the last address it added.
    func clientAddress(_ request: Request, _ context: ServerRequestContext) -> String {
        clientHost(request, context).map(ClientKey.of) ?? "unknown"
    }
}

/// `{"name": "maya", "password": "…"}`.
struct SignInBody: Decodable, Sendable {
    let name: String
    let password: String
}

/// Who is signed in, and whether this server needs it.
struct SessionDocument: Encodable {
    let signInRequired: Bool
    let signedIn: Bool
    let name: String?
    let role: String?
    /// True when the requester may change lineups.
    let canChange: Bool

    enum CodingKeys: String, CodingKey {
        case signInRequired, signedIn, name, role, canChange
    }

    init(_ requester: Requester, signInRequired: Bool) {
        self.signInRequired = signInRequired
        switch requester {
        case .nobody: (signedIn, name, role) = (false, nil, nil)
        case .localCoach: (signedIn, name, role) = (false, nil, AccountRole.coach.rawValue)
        case .account(let account): (signedIn, name, role) = (true, account.name, account.role.rawValue)
        }
        canChange = requester.isCoach
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(signInRequired, forKey: .signInRequired)
        try container.encode(signedIn, forKey: .signedIn)
        try container.encode(name, forKey: .name)
        try container.encode(role, forKey: .role)
        try container.encode(canChange, forKey: .canChange)
    }
}
