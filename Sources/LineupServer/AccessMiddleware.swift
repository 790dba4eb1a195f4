import Foundation
import HTTPTypes
import Hummingbird
import LineupStore

/// Decides, before any route runs, whether a request may go on, and who is asking:
///
/// - Without sign-in (listening on this machine only), the `Host` must name this machine, so a web page
///   elsewhere cannot reach the server through a name it controls (DNS rebinding); whoever gets through is
///   the local coach.
/// - With sign-in, the session cookie names the account.
/// - Every change (any method but GET and HEAD) must come from the server's own page: its `Origin`, or failing
///   that its `Sec-Fetch-Site`, must say so, and a change with a body must be JSON, which a form on another
///   site cannot send. Requests without either header (`curl`, scripts) are not a browser's and may go on;
///   with sign-in they still need the cookie, which the browser sends only to this site (SameSite=Strict).
struct AccessMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    let configuration: ServerConfiguration
    let database: SharedLineupDatabase

    func handle(
        _ request: Request, context: ServerRequestContext,
        next: (Request, ServerRequestContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        let origin = RequestOrigin(request, trustsProxy: configuration.trustsProxy)
        // A proxy's headers on a server without sign-in: a reverse proxy is passing on requests from anywhere
        // to a server that trusts this machine alone (a proxy left as its defaults sends Host 127.0.0.1).
        if !configuration.requiresSignIn, let header = Self.proxyHeader(request) {
            throw APIError(
                .forbidden,
                "this request came through a proxy (\(header)), and a server without sign-in answers this machine only",
                hint: "behind a reverse proxy, start it with --trust-proxy, which requires sign-in")
        }
        if !configuration.requiresSignIn, !ServerConfiguration.isLoopback(origin.hostWithoutPort) {
            throw APIError(
                .misdirectedRequest,
                "this server answers to this machine's own names only (127.0.0.1, localhost), not '\(origin.hostWithoutPort)'",
                hint: "to reach it from other machines, start it with --listen and sign-in")
        }
        if request.method != .get, request.method != .head {
            try checkSameOrigin(request, origin: origin)
        }
        if configuration.requiresSignIn {
            if let token = Self.sessionToken(request), SecretToken.isWellFormed(token) {
                let digest = SecretToken.digest(token)
                let account = try await database.read { db throws(StoreError) in
                    try db.account(forSessionDigest: digest)
                }
                if let account {
                    context.requester = .account(account)
                    context.sessionDigest = digest
                }
            }
        } else {
            context.requester = .localCoach
        }
        return try await next(request, context)
    }

    private func checkSameOrigin(_ request: Request, origin: RequestOrigin) throws {
        if let sent = request.headers[.origin] {
            guard sent == origin.origin else {
                throw APIError.crossSite("it came from \(sent), not \(origin.origin)")
            }
        } else if let site = request.headers.value(named: "sec-fetch-site"), site != "same-origin", site != "none" {
            throw APIError.crossSite("the browser marked it \(site)")
        }
        let hasBody =
            (request.headers[.contentLength].map { $0 != "0" } ?? false) || request.headers[.transferEncoding] != nil
        if hasBody {
            let type = request.headers[.contentType]?.lowercased() ?? ""
            // The media type exactly (parameters such as charset aside): not application/jsonx, nor
            // application/json-patch+json.
            let mediaType = type.split(separator: ";", maxSplits: 1).first.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard mediaType == "application/json" else {
                throw APIError(
                    .unsupportedMediaType, "changes take a JSON body (Content-Type: application/json), not '\(type)'")
            }
        }
    }

    /// The name of the first header in the request that a proxy adds (even with an empty value), if any.
    ///
    /// A proxy that adds none of these (nginx's bare `proxy_pass`, `ssh -R`, `socat`) cannot be told from a
    /// client on this machine: docs/reference.md says to start the server with `--trust-proxy` or
    /// `--require-sign-in` whenever anything forwards to it.
    static func proxyHeader(_ request: Request) -> String? {
        request.headers.first { isProxyHeader($0.name.canonicalName) }?.name.rawName
    }

    /// Whether a header (named in lowercase) is one that proxies, load balancers and CDNs add.
    static func isProxyHeader(_ canonicalName: String) -> Bool {
        canonicalName.hasPrefix("x-forwarded-") || proxyHeaderNames.contains(canonicalName)
    }

    /// The headers besides `X-Forwarded-*` that say a request was passed on (lowercase).
    static let proxyHeaderNames: Set<String> = [
        "forwarded", "via", "x-real-ip", "x-client-ip", "client-ip", "cf-connecting-ip", "true-client-ip",
        "x-cluster-client-ip", "fastly-client-ip", "x-proxyuser-ip", "x-original-forwarded-for",
        "x-envoy-external-address", "x-original-host", "x-original-url",
    ]

    /// The session cookie's value, if the request carries one.
    static func sessionToken(_ request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == sessionCookieName {
                    return String(parts[1]).trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    static let sessionCookieName = "lineup_session"
}

/// Where a request says it is going: the scheme and host its page was loaded from, behind a trusted proxy as
/// the proxy reports them.
struct RequestOrigin {
    let scheme: String
    /// `club.example.org`, `127.0.0.1:8080`.
    let host: String

    init(_ request: Request, trustsProxy: Bool) {
        let direct = request.head.authority ?? ""
        if trustsProxy {
            scheme = Self.firstValue(request.headers.value(named: "x-forwarded-proto"))?.lowercased() ?? "http"
            host = Self.firstValue(request.headers.value(named: "x-forwarded-host")) ?? direct
        } else {
            scheme = "http"
            host = direct
        }
    }

    /// `https://club.example.org`.
    var origin: String { "\(scheme)://\(host)" }
    var isHTTPS: Bool { scheme == "https" }

    /// The host without its port: `127.0.0.1`, `::1`, `localhost`.
    var hostWithoutPort: String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            return String(host[host.index(after: host.startIndex)..<close])
        }
        if let colon = host.lastIndex(of: ":"), host.filter({ $0 == ":" }).count == 1 { return String(host[..<colon]) }
        return host
    }

    private static func firstValue(_ header: String?) -> String? {
        header?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

extension HTTPFields {
    /// The values of the fields named `canonicalName` (lowercase), joined by commas; nil when there is none.
    func value(named canonicalName: String) -> String? {
        let values = filter { $0.name.canonicalName == canonicalName }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }
}

extension ServerRequestContext {
    /// Throws unless someone is signed in (or no sign-in is needed).
    func requireViewer() throws {
        if requester == .nobody { throw APIError.signInRequired }
    }

    /// Throws unless the requester may change lineups.
    func requireCoach() throws {
        try requireViewer()
        if !requester.isCoach { throw APIError.coachesOnly }
    }
}
