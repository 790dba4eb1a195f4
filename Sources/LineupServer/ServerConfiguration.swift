import Foundation

/// How `lineup serve` listens and whom it lets in.
public struct ServerConfiguration: Sendable {
    /// The address and port to listen on: `127.0.0.1:8080` by default.
    public var host: String
    public var port: Int
    /// Sign-in is required: always when listening beyond this machine, or when told (`--require-sign-in`),
    /// or behind a proxy (which makes every request look local).
    public var requiresSignIn: Bool
    /// The requests come through a reverse proxy on this machine that sets `X-Forwarded-Proto`,
    /// `X-Forwarded-Host` and `X-Forwarded-For`: only then are those headers believed.
    public var trustsProxy: Bool
    /// How long a sign-in lasts, in seconds.
    public var sessionLifetime: TimeInterval
    /// Failed sign-ins allowed per client address, and per account name, within `signInWindow` seconds.
    public var signInAttempts: Int
    public var signInWindow: TimeInterval
    /// How often the database is looked at for changes made by other processes, in seconds.
    public var changePollInterval: TimeInterval
    /// The bcrypt cost of hashes the server makes (a new password).
    public var bcryptCost: UInt8
    /// Seconds a connection has to send a complete request, from its start and from the end of each answer,
    /// before it is closed (bytes trickling in do not extend it); an answer being written, such as the change
    /// feed's stream, is never cut.
    public var requestTimeout: TimeInterval
    /// How many connections and change-feed streams are held at once.
    public var limits: ConnectionLimits

    public init(
        host: String = "127.0.0.1", port: Int = 8080, requiresSignIn: Bool? = nil, trustsProxy: Bool = false,
        sessionLifetime: TimeInterval = 14 * 24 * 3600, signInAttempts: Int = 5, signInWindow: TimeInterval = 900,
        changePollInterval: TimeInterval = 0.2, bcryptCost: UInt8 = 12, requestTimeout: TimeInterval = 10,
        limits: ConnectionLimits? = nil
    ) {
        self.host = host
        self.port = port
        self.trustsProxy = trustsProxy
        self.requiresSignIn = requiresSignIn ?? (trustsProxy || !Self.isLoopback(host))
        self.sessionLifetime = sessionLifetime
        self.signInAttempts = signInAttempts
        self.signInWindow = signInWindow
        self.changePollInterval = changePollInterval
        self.bcryptCost = bcryptCost
        self.requestTimeout = requestTimeout
        self.limits =
            limits
            ?? ConnectionLimits.forDescriptorLimit(DescriptorLimit.current, databaseConnections: 6)
            ?? ConnectionLimits(connections: 16, connectionsPerClient: 16, sockets: 24, streams: 8, streamsPerClient: 4)
    }

    /// Parses `HOST:PORT`, `[IPv6]:PORT`, `HOST` (port 8080) or `:PORT` (127.0.0.1); nil when malformed.
    public static func parseListen(_ text: String) -> (host: String, port: Int)? {
        var host = text
        var port = 8080
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":"), let value = Int(rest.dropFirst()) else { return nil }
                port = value
            }
        } else if let colon = text.lastIndex(of: ":"), text.filter({ $0 == ":" }).count == 1 {
            host = String(text[..<colon])
            guard let value = Int(text[text.index(after: colon)...]) else { return nil }
            port = value
            if host.isEmpty { host = "127.0.0.1" }
        }
        // Digits alone are a port given without its host (`18090`), not a host name.
        guard !host.isEmpty, !host.allSatisfy(\.isNumber), (0...65535).contains(port),
            host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) })
        else { return nil }
        return (host, port)
    }

    /// True for an address only this machine can reach: 127.0.0.0/8, ::1 and `localhost`.
    public static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        if lowered == "localhost" || lowered == "::1" || lowered == "0:0:0:0:0:0:0:1" { return true }
        let parts = lowered.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ part in UInt8(part) != nil }) else { return false }
        return parts[0] == "127"
    }
}
