import Foundation
import LineupStore
import Testing

@testable import LineupServer

/// The change feed hears every commit to the file: the server's own and another process's.
@Suite("change feed", .serialized)
struct ChangeFeedTests {
    @Test func aCommitByTheCommandLineReachesEverySubscriber() async throws {
        let fixture = try ServerFixture()
        let feed = fixture.server.feed
        await feed.check()
        let first = await feed.subscribe()
        let second = await feed.subscribe()
        #expect(await feed.subscriberCount == 2)
        await feed.check()
        // Nothing committed: nothing heard (a heartbeat is sent to show the next event is the change).
        await feed.sendHeartbeat()
        try fixture.commandLine().exchange("L1", "R1", inBoat: nil)
        await feed.check()
        var iterator = first.makeAsyncIterator()
        #expect(await iterator.next() == .heartbeat)
        #expect(await iterator.next() == .changed(version: 1))
        var other = second.makeAsyncIterator()
        #expect(await other.next() == .heartbeat)
        #expect(await other.next() == .changed(version: 1))
        // A write through the server's own connection is heard as well.
        _ = try await fixture.database.write { db throws(StoreError) in try db.undo(inBoat: .current) }
        await feed.check()
        #expect(await iterator.next() == .changed(version: 2))
        await feed.finishAll()
        #expect(await iterator.next() == nil)
    }

    /// A page's stream ends when the session it was opened with ends: the account removed, its password
    /// changed, the session expired or signed out; the others hear on.
    @Test func aStreamEndsWhenItsSessionEnds() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        let commandLine = try fixture.commandLine()
        let viewer = try fixture.addAccount("sam", role: .viewer)
        let coach = try fixture.addAccount("maya", role: .coach)
        let other = try fixture.addAccount("kim", role: .viewer)
        try commandLine.startSession(for: viewer, tokenDigest: SecretToken.digest("sam's"), lifetime: 3600)
        try commandLine.startSession(for: coach, tokenDigest: SecretToken.digest("maya's"), lifetime: 3600)
        try commandLine.startSession(for: other, tokenDigest: SecretToken.digest("kim's"), lifetime: 3600)
        try commandLine.startSession(
            for: other, tokenDigest: SecretToken.digest("kim's old"), lifetime: 60, now: Date().addingTimeInterval(-120)
        )
        let feed = fixture.server.feed
        await feed.check()
        let removed = try #require(await feed.subscribeWithID(client: "a", sessionDigest: SecretToken.digest("sam's")))
            .stream
        let newPassword = try #require(
            await feed.subscribeWithID(client: "b", sessionDigest: SecretToken.digest("maya's"))
        ).stream
        let expired = try #require(
            await feed.subscribeWithID(client: "c", sessionDigest: SecretToken.digest("kim's old"))
        ).stream
        let staying = try #require(await feed.subscribeWithID(client: "d", sessionDigest: SecretToken.digest("kim's")))
            .stream
        let noSignIn = try #require(await feed.subscribeWithID(client: "e", sessionDigest: nil)).stream
        await feed.sendHeartbeat()
        var expiredEvents = expired.makeAsyncIterator()
        #expect(await expiredEvents.next() == nil, "an expired session ends at the next heartbeat")
        try commandLine.removeAccount(named: "sam")
        try commandLine.setAccountPassword(named: "maya", passwordHash: "$2b$04$" + String(repeating: "x", count: 53))
        await feed.check()
        for stream in [removed, newPassword] {
            var events = stream.makeAsyncIterator()
            #expect(await events.next() == .heartbeat)
            #expect(await events.next() == nil, "no change is told once the session ended")
        }
        for stream in [staying, noSignIn] {
            var events = stream.makeAsyncIterator()
            #expect(await events.next() == .heartbeat)
            #expect(await events.next() == .changed(version: 1))
        }
        #expect(await feed.subscriberCount == 2)
    }

    @Test func streamsAreLimitedInAllAndPerClient() async throws {
        let fixture = try ServerFixture()
        let feed = ChangeFeed(database: fixture.database, streams: 3, streamsPerClient: 2)
        #expect(await feed.subscribeWithID(client: "a", sessionDigest: nil) != nil)
        let second = await feed.subscribeWithID(client: "a", sessionDigest: nil)
        #expect(second != nil)
        #expect(await feed.subscribeWithID(client: "a", sessionDigest: nil) == nil)
        #expect(await feed.subscribeWithID(client: "b", sessionDigest: nil) != nil)
        #expect(await feed.subscribeWithID(client: "c", sessionDigest: nil) == nil)
        if let second { await feed.finish(second.id) }
        #expect(await feed.subscribeWithID(client: "c", sessionDigest: nil) != nil)
    }
}
