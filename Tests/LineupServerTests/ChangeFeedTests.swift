import Foundation
import LineupStore
import Testing

@testable import LineupServer

/// The change feed hears every commit to the file: the server's own and another process's.
@Suite("change feed")
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
        _ = try await fixture.database.write { db throws(StoreError) in try db.undo(inBoat: nil) }
        await feed.check()
        #expect(await iterator.next() == .changed(version: 2))
        await feed.finishAll()
        #expect(await iterator.next() == nil)
    }
}
