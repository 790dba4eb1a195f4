import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import LineupCore
import LineupPresentation
import LineupStore
import Testing

@testable import LineupServer

/// Every change is one store call and one history record, shared with the command line, with the command
/// line's messages and fitting statuses when refused.
@Suite("change routes", .serialized)
struct ChangeRouteTests {
    static let boat = "/api/boats/\(ServerFixture.sample)"

    @Test func anExchangeIsOneRecordTheCommandLineUndoes() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        let before = try db.state(ofBoat: .current).lineup
        let response = try await fixture.test { client in
            try await client.send(.post, "\(Self.boat)/exchange", json: #"{"first": "L2", "second": "Fay Quintero"}"#)
        }
        #expect(response.status == .ok)
        #expect(
            response.object["message"] as? String
                == "Exchanged L2 Gwen Rasmussen ⇄ R9 Fay Quintero in \"Sample crew\".")
        #expect((response.object["records"] as? [[String: Any]])?.count == 1)
        let lineup = try #require(response.object["lineup"] as? [String: Any])
        let expected = try JSONSerialization.jsonObject(
            with: Data(try JSONCoding.encode(LineupDocument(try db.state(ofBoat: .current))).utf8))
        #expect(NSDictionary(dictionary: lineup).isEqual(to: expected as? [String: Any] ?? [:]))
        #expect(try db.history(ofBoat: .current).1.count == 1)
        // The command line undoes what the browser did.
        let undone = try db.undo(inBoat: .current)
        #expect(undone.records.first?.summary == "L2 Gwen Rasmussen ⇄ R9 Fay Quintero")
        #expect(try db.state(ofBoat: .current).lineup == before)
    }

    @Test func refusedExchangesSayWhyWithFittingStatuses() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.setLock(true, at: "L1", inBoat: nil)
        let version = try db.history(ofBoat: .current).1.count
        try await fixture.test { client in
            let cases: [(String, HTTPResponse.Status, String)] = [
                (#"{"first": "L11", "second": "R1"}"#, .notFound, "there is no seat L11"),
                (#"{"first": "L1", "second": "R1"}"#, .conflict, "seat L1 (Ada Lindqvist) is locked"),
                (#"{"first": "Nobody Atall", "second": "R1"}"#, .notFound, "no paddler named 'Nobody Atall'"),
                (#"{"first": "L2"}"#, .unprocessableContent, "the request's JSON lacks \"second\""),
                (#"{"first": 3, "second": "R1"}"#, .unprocessableContent, "wrong kind of value for \"first\""),
                ("not json", .unprocessableContent, "not the JSON document"),
                ("[]", .unprocessableContent, "the request's body must be a JSON object"),
                ("null", .unprocessableContent, "the request's body must be a JSON object"),
            ]
            for (body, status, message) in cases {
                let response = try await client.send(.post, "\(Self.boat)/exchange", json: body)
                #expect(response.status == status, "\(body)")
                #expect(response.errorMessage.contains(message), "\(body): \(response.errorMessage)")
                #expect(response.object["status"] as? Int == Int(status.code))
            }
            let unknown = try await client.send(
                .post, "/api/boats/Nowhere/exchange", json: #"{"first": "L2", "second": "R2"}"#)
            #expect(unknown.status == .notFound)
            let form = try await client.send(
                .post, "\(Self.boat)/exchange", json: "first=L2&second=R2",
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(form.status == .unsupportedMediaType)
            // The media type exactly: look-alikes are refused, a charset parameter is fine.
            for type in ["application/jsonx", "application/json-patch+json", "text/plain;application/json"] {
                let alike = try await client.send(
                    .post, "\(Self.boat)/exchange", json: #"{"first": "L2", "second": "L2"}"#,
                    headers: [.contentType: type])
                #expect(alike.status == .unsupportedMediaType, "\(type)")
            }
            let charset = try await client.send(
                .post, "\(Self.boat)/exchange", json: #"{"first": "L2", "second": "L2"}"#,
                headers: [.contentType: "application/json; charset=utf-8"])
            #expect(charset.status != .unsupportedMediaType)
        }
        #expect(try db.history(ofBoat: .current).1.count == version)
    }

    /// A drag released on the page: one record, two paddlers moved, exactly what `lineup exchange` writes;
    /// refused, with who is where, when another coach moved either paddler meanwhile.
    @Test func aDropIsOneExchangeAndRefusedWhenTheSeatsChangedMeanwhile() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            let drop =
                #"{"origin": "L1", "target": "R3", "expected": {"origin": "Ada Lindqvist", "target": "Iris Thorne"}}"#
            let response = try await client.send(.post, "\(Self.boat)/drop", json: drop)
            #expect(response.status == .ok)
            #expect(
                response.object["message"] as? String
                    == "Exchanged L1 Ada Lindqvist ⇄ R3 Iris Thorne in \"Sample crew\".")
            let state = try db.state(ofBoat: .current)
            #expect(state.paddler(at: .left(row: 1))?.name == "Iris Thorne")
            #expect(state.paddler(at: .right(row: 3))?.name == "Ada Lindqvist")
            #expect(try db.history(ofBoat: .current).1.count == 1)
            // Another coach (here the command line) moves Iris meanwhile; the page still shows her at L1.
            try db.exchange("L1", "B1", inBoat: nil)
            let stale =
                #"{"origin": "L1", "target": "L2", "expected": {"origin": "Iris Thorne", "target": "Gwen Rasmussen"}}"#
            let refused = try await client.send(.post, "\(Self.boat)/drop", json: stale)
            #expect(refused.status == .conflict)
            #expect(
                refused.errorMessage
                    == "cannot drop \"L1 → L2\": the boat has changed since (L1 is now Alex Moreau, not Iris Thorne); "
                    + "nothing was changed")
            #expect(refused.object["details"] as? [String] == ["L1 is now Alex Moreau, not Iris Thorne"])
            #expect(try db.history(ofBoat: .current).1.count == 2)
            // To the end of the bench ("B"), an empty place: one record, the bench closes up behind nobody.
            let bench = try db.state(ofBoat: .current).lineup.bench.count
            let toBench = #"{"origin": "R3", "target": "B", "expected": {"origin": "Ada Lindqvist", "target": null}}"#
            let sent = try await client.send(.post, "\(Self.boat)/drop", json: toBench)
            #expect(sent.status == .ok, "\(sent.text)")
            #expect(try db.state(ofBoat: .current).lineup.bench.count == bench + 1)
            let dropHome =
                #"{"origin": "L2", "target": "L2", "expected": {"origin": "Gwen Rasmussen", "target": "Gwen Rasmussen"}}"#
            let home = try await client.send(.post, "\(Self.boat)/drop", json: dropHome)
            #expect(home.status == .ok)
            #expect((home.object["records"] as? [Any])?.isEmpty == true)
            try db.setLock(true, at: "L2", inBoat: nil)
            let ontoLock =
                #"{"origin": "L3", "target": "L2", "expected": {"origin": "Quinn Castellano", "target": "Gwen Rasmussen"}}"#
            let locked = try await client.send(.post, "\(Self.boat)/drop", json: ontoLock)
            #expect(locked.status == .conflict)
            #expect(locked.errorMessage.hasPrefix("seat L2 (Gwen Rasmussen) is locked"))
        }
    }

    /// A NUL in the path's boat name (`Sample%00crew`) names no boat: SQLite would read the text only up to
    /// it and reach "Sample". A drop must say whom the page showed at both places, even as null.
    @Test func aNameCutShortOrADropWithoutItsOccupantsReachesNothing() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        _ = try db.createBoat(named: "Sample", kind: .standard)
        let before = try db.state(ofBoat: .named("Sample")).lineup
        try await fixture.test { client in
            for route in ["exchange", "undo"] {
                let body = route == "exchange" ? #"{"first": "B1", "second": "L1"}"# : "{}"
                let response = try await client.send(.post, "/api/boats/Sample%00crew/\(route)", json: body)
                #expect(response.status == .notFound, "\(route): \(response.text)")
            }
            let withoutTarget = #"{"origin": "L1", "target": "R3", "expected": {"origin": "Ada Lindqvist"}}"#
            let refused = try await client.send(.post, "\(Self.boat)/drop", json: withoutTarget)
            #expect(refused.status == .unprocessableContent, "\(refused.text)")
            #expect(refused.errorMessage.contains("expected.target"), "\(refused.errorMessage)")
            let long = String(repeating: "x", count: 60_000)
            let stale = #"{"origin": "L1", "target": "R3", "expected": {"origin": "\#(long)", "target": null}}"#
            let answer = try await client.send(.post, "\(Self.boat)/drop", json: stale)
            #expect(answer.status == .conflict)
            #expect(answer.text.utf8.count < 2_000, "the refusal does not echo 60 KB back")
        }
        #expect(try db.state(ofBoat: .named("Sample")).lineup == before)
        #expect(try db.history(ofBoat: .named("Sample crew")).1.isEmpty)
    }

    @Test func undoRedoAndLocksShareTheCommandLinesHistory() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.exchange("L1", "R1", inBoat: nil)
        try await fixture.test { client in
            let undo = try await client.send(.post, "\(Self.boat)/undo", json: "{}")
            #expect(undo.status == .ok)
            #expect(
                undo.object["message"] as? String == "Undid L1 Ada Lindqvist ⇄ R1 Bea Marangoni in \"Sample crew\".")
            let nothing = try await client.send(.post, "\(Self.boat)/undo", json: "{}")
            #expect(nothing.status == .conflict)
            #expect(nothing.errorMessage == "nothing to undo in boat 'Sample crew'")
            // The command line redoes what the browser undid.
            #expect(try db.redo(inBoat: .current).records.count == 1)
            let steps = try await client.send(.post, "\(Self.boat)/undo", json: #"{"steps": 0}"#)
            #expect(steps.status == .unprocessableContent)
            let tooMany = try await client.send(.post, "\(Self.boat)/undo", json: #"{"steps": 5}"#)
            #expect(tooMany.status == .conflict)
            #expect(tooMany.errorMessage.contains("has 1 change that can be undone, not 5"))
            let lock = try await client.send(
                .post, "\(Self.boat)/lock", json: #"{"seat": "D", "expected": "Dana Okafor"}"#)
            #expect(lock.status == .ok)
            #expect(
                lock.object["message"] as? String
                    == "Locked D (Dana Okafor) in \"Sample crew\": nobody moves in or out of it until it is unlocked.")
            let again = try await client.send(
                .post, "\(Self.boat)/lock", json: #"{"seat": "D", "expected": "Dana Okafor"}"#)
            #expect((again.object["records"] as? [Any])?.isEmpty == true)
            let bench = try await client.send(.post, "\(Self.boat)/lock", json: #"{"seat": "B1", "expected": null}"#)
            #expect(bench.status == .conflict)
            let unlock = try await client.send(
                .post, "\(Self.boat)/unlock", json: #"{"seat": "D", "expected": "Dana Okafor"}"#)
            #expect(unlock.status == .ok)
            let redo = try await client.send(.post, "\(Self.boat)/redo", json: "{}")
            #expect(redo.status == .conflict)
        }
        let summaries = try db.history(ofBoat: .current).1.map(\.summary)
        #expect(summaries == ["unlock D (Dana Okafor)", "lock D (Dana Okafor)", "L1 Ada Lindqvist ⇄ R1 Bea Marangoni"])
    }

    /// An undo (or redo) names the record the page showed as next: when the command line made (or undid) a
    /// change meanwhile, nothing is undone and the answer says which change is next now.
    @Test func anUndoOfAChangeThePageDidNotShowIsRefused() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        let shown = try #require(try db.exchange("L5", "R5", inBoat: nil).record)
        let other = try #require(try db.exchange("L9", "R9", inBoat: nil).record)
        try await fixture.test { client in
            let stale = try await client.send(.post, "\(Self.boat)/undo", json: #"{"expected": \#(shown.id)}"#)
            #expect(stale.status == .conflict)
            #expect(stale.errorMessage.hasPrefix("cannot undo \"L9 Jo Underhill ⇄ R9 Fay Quintero\""))
            #expect(stale.errorMessage.contains("it is #\(other.id), not #\(shown.id)"))
            #expect(try db.history(ofBoat: .current).1.allSatisfy { !$0.undone })
            let fresh = try await client.send(.post, "\(Self.boat)/undo", json: #"{"expected": \#(other.id)}"#)
            #expect(fresh.status == .ok)
            // Redo likewise: the next to redo is the oldest undone record.
            _ = try db.undo(inBoat: .current)
            let staleRedo = try await client.send(.post, "\(Self.boat)/redo", json: #"{"expected": \#(other.id)}"#)
            #expect(staleRedo.status == .conflict)
            let redo = try await client.send(.post, "\(Self.boat)/redo", json: #"{"expected": \#(shown.id)}"#)
            #expect(redo.status == .ok)
        }
    }

    @Test func thePlanIsAppliedAsOneRecordOnlyWhileItsBasisHolds() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            let plan = try await client.send(.get, "\(Self.boat)/plan")
            let basis = try #require(plan.object["basis"] as? String)
            let moves = try #require(plan.object["moves"] as? [String])
            #expect(!moves.isEmpty)
            let stale = try await client.send(
                .post, "\(Self.boat)/plan", json: #"{"basis": "\#(String(repeating: "0", count: 64))"}"#)
            #expect(stale.status == .conflict)
            #expect(stale.errorMessage.contains("has changed since the plan was made"))
            let applied = try await client.send(.post, "\(Self.boat)/plan", json: #"{"basis": "\#(basis)"}"#)
            #expect(applied.status == .ok, "\(applied.text)")
            let after = try #require(plan.object["lineup"] as? [String: Any])
            #expect(
                (applied.object["lineup"] as? [String: Any])?["seats"] as? NSArray == after["seats"] as? NSArray)
            // Applied once: the same basis no longer holds.
            let twice = try await client.send(.post, "\(Self.boat)/plan", json: #"{"basis": "\#(basis)"}"#)
            #expect(twice.status == .conflict)
        }
        let history = try db.history(ofBoat: .current).1
        #expect(history.count == 1)
        #expect(history[0].summary.hasPrefix("optimize: "))
    }

    /// Another process holding the write lock past the busy timeout: 503 with Retry-After, nothing changed.
    /// A request that changes nothing (a seat exchanged with itself, a lock already on, the same availability
    /// again) commits nothing: `data_version`, which the change feed watches, does not move, so no open page
    /// reloads, and no record is added; a change after them moves it. (The file's bytes are checked against a
    /// real `lineup serve` in `ServeCommandTests`.)
    @Test func aRequestThatChangesNothingCommitsNothing() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.setLock(true, at: "L1", inBoat: nil)
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try db.setAvailability(.absent, of: ["Ada Lindqvist"], at: "Cup")
        let records = try db.history(ofBoat: .current).1.count
        try await fixture.test { client in
            let version = try await fixture.database.dataVersion()
            for (uri, body) in Self.changesThatChangeNothing {
                let response = try await client.send(.post, uri, json: body)
                #expect(response.status == .ok, "\(uri): \(response.text)")
                #expect(try await fixture.database.dataVersion() == version, "\(uri)")
            }
            #expect(try db.history(ofBoat: .current).1.count == records)
            let change = try await client.send(
                .post, "/api/regattas/Cup/attend", json: #"{"paddlers": ["Ada Lindqvist"], "from": "10:00"}"#)
            #expect(change.status == .ok, "\(change.text)")
            #expect(try await fixture.database.dataVersion() != version)
        }
    }

    /// Requests that change nothing, once the sample club has L1 locked and Ada Lindqvist absent from "Cup".
    static let changesThatChangeNothing = [
        ("\(boat)/exchange", #"{"first": "L7", "second": "L7"}"#),
        ("\(boat)/lock", #"{"seat": "L1", "expected": "Ada Lindqvist"}"#),
        ("/api/regattas/Cup/attend", #"{"paddlers": ["Ada Lindqvist"], "absent": true}"#),
    ]

    @Test func aBusyDatabaseIs503() async throws {
        let fixture = try ServerFixture(busyTimeout: 0.2)
        let holder = try DatabaseQueue(path: fixture.path)
        let locked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        // Another process's long write: the lock is held on a thread of its own until the request is answered.
        DispatchQueue.global().async {
            try? holder.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.signal()
                release.wait()
                try db.execute(sql: "ROLLBACK")
            }
        }
        locked.wait()
        let response = try await fixture.test { client in
            try await client.send(.post, "\(Self.boat)/exchange", json: #"{"first": "L1", "second": "R1"}"#)
        }
        release.signal()
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers[.retryAfter] == "1")
        #expect(response.errorMessage.hasPrefix("the database is busy"))
        #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
    }
}
