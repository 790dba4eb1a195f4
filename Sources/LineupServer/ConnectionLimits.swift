#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many connections and change-feed streams the server holds, worked out from the file descriptors the
/// process may open: each connection is one descriptor, and a process that runs out of them fails in places
/// it cannot recover from (accepting, SQLite opening its log, libdispatch reading `/proc`), so the
/// connections get what is left after a reserve for the database and the process itself.
public struct ConnectionLimits: Sendable, Equatable {
    /// Connections served at once; past this, a new one takes the place of the longest-idle one, or is
    /// answered 503.
    public var connections: Int
    /// Connections served at once from one client address (not applied behind a proxy, where every
    /// connection comes from the proxy).
    public var connectionsPerClient: Int
    /// Sockets open at once, refused ones included: the server stops accepting at this many, so the
    /// descriptors never run out.
    public var sockets: Int
    /// Change-feed streams open at once, and from one client (its address, or the proxy's
    /// `X-Forwarded-For`).
    public var streams: Int
    public var streamsPerClient: Int

    public init(connections: Int, connectionsPerClient: Int, sockets: Int, streams: Int, streamsPerClient: Int) {
        self.connections = connections
        self.connectionsPerClient = connectionsPerClient
        self.sockets = sockets
        self.streams = streams
        self.streamsPerClient = streamsPerClient
    }

    /// The most connections held however many descriptors there are: each costs memory as well.
    public static let connectionCeiling = 10_000

    /// Descriptors kept for the process's own needs whatever the limit (standard streams, the event loops'
    /// epoll, eventfd and timerfd descriptors, libdispatch reading `/proc`, SQLite's temporary files).
    static let processReserve = 64

    /// The limits for a process that may open `descriptorLimit` files and holds `databaseConnections`
    /// connections to the database (each has the database and its `-wal` open; all share one `-shm`); nil
    /// when too few descriptors are left to serve anyone.
    public static func forDescriptorLimit(_ descriptorLimit: Int, databaseConnections: Int) -> ConnectionLimits? {
        let reserve = 2 * databaseConnections + 2 + max(processReserve, descriptorLimit / 16)
        // NIO accepts up to four connections in one go before it looks at the limit again.
        let sockets = min(descriptorLimit - reserve - 4, connectionCeiling + connectionCeiling / 16)
        // Room beyond the connections served, to answer the ones refused rather than leave them waiting.
        let connections = min(sockets - max(8, sockets / 16), connectionCeiling)
        guard connections >= 16 else { return nil }
        let streams = connections / 2
        return ConnectionLimits(
            connections: connections, connectionsPerClient: max(16, connections / 4), sockets: sockets,
            streams: streams, streamsPerClient: max(4, streams / 8))
    }

    /// The smallest descriptor limit the server starts with.
    public static func smallestDescriptorLimit(databaseConnections: Int) -> Int {
        var limit = 16
        while forDescriptorLimit(limit, databaseConnections: databaseConnections) == nil { limit += 16 }
        return limit
    }
}

/// The process's limit on open files (`ulimit -n`).
public enum DescriptorLimit {
    /// The soft limit now in force.
    public static var current: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: limit.rlim_cur)
    }

    /// Raises the soft limit to the hard one (as far as 65,536, more than the server uses), which any process
    /// may do, and returns the limit then in force.
    @discardableResult
    public static func raiseToHardLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return current }
        let wanted = min(limit.rlim_max, rlim_t(65_536))
        if limit.rlim_cur < wanted {
            limit.rlim_cur = wanted
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return current
    }
}
