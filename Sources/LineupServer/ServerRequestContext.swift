import Hummingbird
import LineupCore
import LineupStore
import Logging
import NIOCore

/// Who is asking, as the access check found out: the account signed in, or the coach at this machine when
/// the server needs no sign-in.
public enum Requester: Sendable, Equatable {
    case nobody
    /// The server listens on this machine only and needs no sign-in: whoever reaches it may change lineups.
    case localCoach
    case account(Account)

    /// True when the requester may change lineups.
    var isCoach: Bool {
        switch self {
        case .nobody: false
        case .localCoach: true
        case .account(let account): account.role == .coach
        }
    }
}

/// The request context of every route: Hummingbird's core storage, the client's address, and who is asking.
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer address (the proxy's, behind a proxy), as text; nil in in-process tests.
    public let peerAddress: String?
    public var requester: Requester = .nobody
    /// The digest of the session cookie's token, when one was presented and is valid.
    public var sessionDigest: String?
    /// Completed when the connection closes, so a long answer (the change feed) can end with it.
    public let connectionClosed: EventLoopFuture<Void>

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peerAddress = source.channel.remoteAddress?.ipAddress
        connectionClosed = source.channel.closeFuture
    }

    /// Change requests carry small JSON documents.
    public var maxUploadSize: Int { Self.maximumBodySize }

    /// The largest request body the server reads, in bytes.
    static let maximumBodySize = 64 * 1024
}
