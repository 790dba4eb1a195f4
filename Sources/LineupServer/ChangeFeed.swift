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
    private let streamLimit: Int
    private let streamLimitPerClient: Int
    private var subscribers: [UUID: Subscriber] = [:]
    private var lastVersion: Int?
    private var changes = 0

    /// One page's stream, whom it is for, and the session it was opened with (nil without sign-in).
    private struct Subscriber {
        let continuation: AsyncStream<Event>.Continuation
        let client: String
        let sessionDigest: String?
    }

    /// At most `streams` streams are open at once, `streamsPerClient` of them for one client.
    public init(database: SharedLineupDatabase, streams: Int = .max, streamsPerClient: Int = .max) {
        self.database = database
        streamLimit = streams
        streamLimitPerClient = streamsPerClient
    }

    /// A stream of events for one page; it ends when the page goes away or the server stops.
    public func subscribe() -> AsyncStream<Event> {
        add(client: "", sessionDigest: nil).stream
    }

    /// A stream of events and its id, for `finish(_:)`, for `client` signed in with the session of
    /// `sessionDigest`; the stream ends when that session does. Nil when the server, or this client, has as many
    /// streams open as it may.
    func subscribeWithID(client: String, sessionDigest: String?) -> (id: UUID, stream: AsyncStream<Event>)? {
        guard subscribers.count < streamLimit,
            subscribers.values.lazy.filter({ $0.client == client }).count < streamLimitPerClient
        else { return nil }
        return add(client: client, sessionDigest: sessionDigest)
    }

    private func add(client: String, sessionDigest: String?) -> (id: UUID, stream: AsyncStream<Event>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(4))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        subscribers[id] = Subscriber(continuation: continuation, client: client, sessionDigest: sessionDigest)
        return (id, stream)
    }

    /// Ends one page's stream.
    func finish(_ id: UUID) {
        subscribers.removeValue(forKey: id)?.continuation.finish()
    }

    /// How many pages are listening.
    public var subscriberCount: Int { subscribers.count }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    /// Looks at `data_version` and tells every page when it moved.
    public func check() async {
        let version: Int
        do {
            version = try await database.dataVersion()
        } catch {
            // The file was replaced: every page reads again, once, and so shows the refusal it now gets.
            guard case .databaseReplaced = error, lastVersion != nil else { return }
            lastVersion = nil
            changes += 1
            broadcast(.changed(version: changes))
            return
        }
        defer { lastVersion = version }
        guard let last = lastVersion, last != version else { return }
        changes += 1
        // A sign-out, a removed account or a new password is a commit too: those pages hear nothing more.
        await endStreamsWhoseSessionEnded()
        broadcast(.changed(version: changes))
    }

    func sendHeartbeat() async {
        // Sessions also end by expiring, which commits nothing.
        await endStreamsWhoseSessionEnded()
        broadcast(.heartbeat)
    }

    /// Tells every open page.
    private func broadcast(_ event: Event) {
        for subscriber in subscribers.values { subscriber.continuation.yield(event) }
    }

    /// Ends the streams opened with a session that has ended since (signed out, account removed, password
    /// changed, expired), as the session's cookie is refused by then.
    private func endStreamsWhoseSessionEnded() async {
        let digests = Set(subscribers.values.compactMap(\.sessionDigest))
        guard !digests.isEmpty else { return }
        let valid = try? await database.read { db throws(StoreError) in
            var valid = Set<String>()
            for digest in digests where try db.account(forSessionDigest: digest) != nil { valid.insert(digest) }
            return valid
        }
        // A database that cannot be read now ends nobody's stream.
        guard let valid else { return }
        for (id, subscriber) in subscribers {
            if let digest = subscriber.sessionDigest, !valid.contains(digest) { finish(id) }
        }
    }

    /// Ends every page's stream (the server is stopping).
    func finishAll() {
        for subscriber in subscribers.values { subscriber.continuation.finish() }
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
