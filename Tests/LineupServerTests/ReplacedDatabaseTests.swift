import Foundation
import HummingbirdTesting
import LineupStore
import Testing

@testable import LineupServer

/// A server whose database file was moved, deleted or replaced while it ran: it still has the old file open,
/// so it answers every request with the error that says so, and writes nothing anywhere.
@Suite("replaced database file", .serialized)
struct ReplacedDatabaseTests {
    /// `mv club.sqlite moved.sqlite; lineup init --sample` under the server, then a change from the page.
    @Test func aChangeAfterTheFileWasReplacedIsRefusedAndWritesNothing() async throws {
        let fixture = try ServerFixture()
        let moved = fixture.folder.appendingPathComponent("moved.sqlite").path
        #expect(rename(fixture.path, moved) == 0)
        let aside = fixture.folder.appendingPathComponent("new.sqlite").path
        let made = try LineupDatabase.open(at: aside, mode: .create)
        try made.loadSample()
        try made.close()
        #expect(rename(aside, fixture.path) == 0)
        let watched = [moved, fixture.path, fixture.path + "-wal"]
        let before = watched.map { FileManager.default.contents(atPath: $0) }
        try await fixture.test { client in
            let change = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/exchange", json: #"{"first": "L1", "second": "R1"}"#)
            #expect(change.status == .serviceUnavailable)
            #expect(change.errorMessage.contains("was moved, deleted or replaced"), "\(change.errorMessage)")
            #expect((change.object["hint"] as? String)?.contains("restart") == true)
            #expect(change.object["status"] as? Int == 503)
            // What the old file holds is no longer the club's: not shown as if it were.
            let read = try await client.send(.get, "/api/boats/\(ServerFixture.sample)")
            #expect(read.status == .serviceUnavailable)
        }
        #expect(watched.map { FileManager.default.contents(atPath: $0) } == before)
        #expect(fixture.database.isReplaced)
    }

    /// The file deleted rather than replaced: refused the same way, and no file appears at the path.
    @Test func aChangeAfterTheFileWasDeletedIsRefused() async throws {
        let fixture = try ServerFixture()
        #expect(unlink(fixture.path) == 0)
        try await fixture.test { client in
            let change = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/exchange", json: #"{"first": "L1", "second": "R1"}"#)
            #expect(change.status == .serviceUnavailable)
            #expect(change.errorMessage.contains("was moved, deleted or replaced"), "\(change.errorMessage)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path))
    }

    /// The change feed's look at the file notices it with nobody changing anything, and tells open pages
    /// once, so that they read again and show the refusal.
    @Test func theChangeFeedTellsOpenPagesOnce() async throws {
        let fixture = try ServerFixture()
        let feed = fixture.server.feed
        await feed.check()
        let page = await feed.subscribe()
        #expect(unlink(fixture.path) == 0)
        await feed.check()
        #expect(fixture.database.isReplaced)
        await feed.check()
        await feed.sendHeartbeat()
        await feed.finishAll()
        var heard: [ChangeFeed.Event] = []
        for await event in page { heard.append(event) }
        // Once: not again on the next look.
        #expect(heard == [.changed(version: 1), .heartbeat])
    }
}
