import Foundation
import LineupStore
import Logging
import ServiceLifecycle

/// Tells open pages that the database changed: it looks at SQLite's `data_version` several times a second
/// (and at once after each of the server's own writes), so a change by another browser or by the command line
/// reaches every page within a second.
public actor ChangeFeed {
    /// What a page hears.
    public enum Event: Sendable, Equatable {
        /// Something was committed to the database; `version` only ever changes.
        case changed(version: Int)
        /// Nothing happened for a while: keeps the connection (and any proxy between) from timing out.
        case heartbeat
    }

    private let database: SharedLineupDatabase
    private var subscribers: [UUID: AsyncStream<Event>.Continuation] = [:]
    private var lastVersion: Int?
    private var changes = 0

    public init(database: SharedLineupDatabase) {
        self.database = database
    }

    /// A stream of events for one page; it ends when the page goes away or the server stops.
    public func subscribe() -> AsyncStream<Event> {
        subscribeWithID().stream
    }

    /// A stream of events and its id, for `finish(_:)`.
    func subscribeWithID() -> (id: UUID, stream: AsyncStream<Event>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(4))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        subscribers[id] = continuation
        return (id, stream)
    }

    /// Ends one page's stream.
    func finish(_ id: UUID) {
        subscribers.removeValue(forKey: id)?.finish()
    }

    /// How many pages are listening.
    public var subscriberCount: Int { subscribers.count }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    /// Looks at `data_version` and tells every page when it moved.
    public func check() async {
        guard let version = try? await database.dataVersion() else { return }
        defer { lastVersion = version }
        guard let last = lastVersion, last != version else { return }
        changes += 1
        for continuation in subscribers.values { continuation.yield(.changed(version: changes)) }
    }

    func sendHeartbeat() {
        for continuation in subscribers.values { continuation.yield(.heartbeat) }
    }

    /// Ends every page's stream (the server is stopping).
    func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }
}

/// Runs the feed's polling for as long as the server runs.
struct ChangeFeedService: Service {
    let feed: ChangeFeed
    let interval: TimeInterval
    /// Seconds between heartbeats.
    let heartbeatInterval: TimeInterval = 15

    func run() async throws {
        await feed.check()
        await cancelWhenGracefulShutdown {
            var sinceHeartbeat: TimeInterval = 0
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int(interval * 1000)))
                await feed.check()
                sinceHeartbeat += interval
                if sinceHeartbeat >= heartbeatInterval {
                    sinceHeartbeat = 0
                    await feed.sendHeartbeat()
                }
            }
        }
        await feed.finishAll()
    }
}
