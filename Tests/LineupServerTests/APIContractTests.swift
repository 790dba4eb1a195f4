import Foundation
import HTTPTypes
import HummingbirdTesting
import LineupCore
import LineupStore
import Testing

@testable import LineupServer

/// A change through the API names its boat by the whole name: never a boat whose name merely starts the
/// same, as the command line and the reads allow.
@Suite("changes name their boat whole", .serialized)
struct ChangeBoatNameTests {
    @Test func aChangeNeverLandsOnABoatWhoseNameOnlyStartsTheSame() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        _ = try db.renameBoat(.named("Sample crew"), to: "Final B")
        try db.createBoat(named: "Heat", kind: .standard)
        try await fixture.test { client in
            let cases = [
                ("/api/boats/Final/lock", #"{"seat": "D", "expected": "Dana Okafor"}"#),
                ("/api/boats/fin/exchange", #"{"first": "L1", "second": "R1"}"#),
                ("/api/boats/Final/unlock", #"{"seat": "D", "expected": "Dana Okafor"}"#),
                (
                    "/api/boats/fin/drop",
                    #"{"origin": "L1", "target": "R1", "expected": {"origin": "Ada Lindqvist", "target": "Bea Marangoni"}}"#
                ),
                ("/api/boats/Final/undo", "{}"),
                ("/api/boats/Final/redo", "{}"),
                ("/api/boats/fin/plan", #"{"basis": "\#(String(repeating: "0", count: 64))"}"#),
            ]
            for (path, body) in cases {
                let response = try await client.send(.post, path, json: body)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.errorMessage.contains("no boat named"), "\(path): \(response.errorMessage)")
            }
            // Reads stay forgiving, as `-b` is.
            #expect(try await client.send(.get, "/api/boats/fin").status == .ok)
            // The whole name, in any case, is the boat.
            let whole = try await client.send(
                .post, "/api/boats/final%20b/lock", json: #"{"seat": "D", "expected": "Dana Okafor"}"#)
            #expect(whole.status == .ok)
        }
        #expect(try db.history(ofBoat: .named("Final B")).1.map(\.summary) == ["lock D (Dana Okafor)"])
        #expect(try db.history(ofBoat: .named("Heat")).1.isEmpty)
    }

    /// Lock and unlock carry whom the page showed in the seat, as drops do: when someone else sits there
    /// now, nothing changes and the answer says who.
    /// Paddlers in a change's body are named whole (in any case), as boats are: a part of a name, which the
    /// command line takes, could name someone else once the roster changes.
    @Test func aChangeNamesPaddlersWhole() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let part = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/exchange", json: #"{"first": "jo", "second": "kit"}"#)
            #expect(part.status == .conflict, "\(part.text)")
            #expect(part.errorMessage.contains("Jo Underhill"), "\(part.text)")
            let preview = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/preview?origin=jo&target=kit")
            #expect(preview.status == .conflict, "\(preview.text)")
            #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
            let whole = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/exchange",
                json: #"{"first": "jo underhill", "second": "Kit Valdés"}"#)
            #expect(whole.status == .ok, "\(whole.text)")
        }
    }

    @Test func aLockIsRefusedWhenTheSeatChangedSinceThePageShowedIt() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.exchange("L1", "R1", inBoat: nil)
        let before = try db.history(ofBoat: .current).1.count
        try await fixture.test { client in
            for path in ["lock", "unlock"] {
                let stale = try await client.send(
                    .post, "\(ChangeRouteTests.boat)/\(path)", json: #"{"seat": "L1", "expected": "Ada Lindqvist"}"#)
                #expect(stale.status == .conflict, "\(path)")
                #expect(
                    stale.errorMessage.contains("L1 is now Bea Marangoni, not Ada Lindqvist"), "\(stale.errorMessage)")
            }
            let missing = try await client.send(.post, "\(ChangeRouteTests.boat)/lock", json: #"{"seat": "L1"}"#)
            #expect(missing.status == .unprocessableContent)
            #expect(missing.errorMessage.contains("lacks \"expected\""))
            let empty = try await client.send(
                .post, "\(ChangeRouteTests.boat)/lock", json: #"{"seat": "L1", "expected": null}"#)
            #expect(empty.status == .conflict)
            let current = try await client.send(
                .post, "\(ChangeRouteTests.boat)/lock", json: #"{"seat": "L1", "expected": "Bea Marangoni"}"#)
            #expect(current.status == .ok)
        }
        #expect(try db.history(ofBoat: .current).1.count == before + 1)
    }
}

/// Every answer, the framework's own refusals included, carries the security headers and the JSON error
/// document; a method a route does not take is 405 with `Allow`.
@Suite("error answers", .serialized)
struct ErrorAnswerTests {
    static func expectDocument(
        _ response: TestResponse, _ status: HTTPResponse.Status, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8", sourceLocation: sourceLocation)
        #expect(response.headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
        #expect(
            response.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true,
            sourceLocation: sourceLocation)
        #expect(response.object["status"] as? Int == Int(status.code), sourceLocation: sourceLocation)
        #expect(!response.errorMessage.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func theFrameworksRefusalsAreDocumentsWithTheHeaders() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            Self.expectDocument(try await client.send(.get, "/no/such/page"), .notFound)
            Self.expectDocument(try await client.send(.get, "/api/boats/\(ServerFixture.sample)/nothing"), .notFound)
            let large = try await client.send(
                .post, "\(ChangeRouteTests.boat)/lock", json: String(repeating: " ", count: 70_000) + "{}")
            Self.expectDocument(large, .contentTooLarge)
            #expect(large.errorMessage.contains("64 KB"))
        }
    }

    @Test func aMethodARouteDoesNotTakeIs405WithAllow() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let trace = try await client.send(.trace, "/api/boats")
            Self.expectDocument(trace, .methodNotAllowed)
            #expect(trace.headers[.allow] == "GET")
            let put = try await client.send(.put, "\(ChangeRouteTests.boat)/plan", json: "{}")
            Self.expectDocument(put, .methodNotAllowed)
            #expect(put.headers[.allow] == "GET, POST")
            let delete = try await client.send(.delete, "\(ChangeRouteTests.boat)/lock")
            #expect(delete.headers[.allow] == "POST")
            #expect(try await client.send(.options, "/api/session").headers[.allow] == "GET, POST, DELETE")
        }
    }

    /// An empty segment where a path names a boat or a regatta names nothing: the address is no route's, as
    /// any unknown path under the API is, whatever the path would be with the segment left out.
    @Test func anEmptySegmentIsNoRoute() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for (method, path) in [
                (HTTPRequest.Method.post, "/api/regattas//attend"), (.post, "/api/regattas//share"),
                (.post, "/api/boats//exchange"), (.post, "/api/boats//lock"), (.get, "/api/boats//history"),
                (.get, "/api/regattas//plan"), (.delete, "/api/shares//"),
            ] {
                let response = try await client.send(method, path, json: method == .get ? nil : "{}")
                Self.expectDocument(response, .notFound)
                #expect(response.headers[.allow] == nil, "\(method) \(path)")
                #expect(response.errorMessage.contains("no page or API route"), "\(method) \(path): \(response.text)")
            }
        }
    }

    /// JSON allows no comma before a closing brace or bracket; the decoder would take one, so the API refuses
    /// such a body (a comma inside a string is text, not one).
    @Test func aBodyWithATrailingCommaIsRefused() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for body in [#"{"first": "L1", "second": "R1",}"#, #"{"first": "L1", "second": "R1" , \#n }"#] {
                let response = try await client.send(.post, "\(ChangeRouteTests.boat)/exchange", json: body)
                Self.expectDocument(response, .unprocessableContent)
                #expect(response.errorMessage.contains("comma before a closing"), "\(body)")
            }
            #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
            #expect(DuplicateKeys.hasTrailingComma(in: Array(#"{"a": ",}", "b": [1, 2]}"#.utf8)) == false)
            #expect(DuplicateKeys.hasTrailingComma(in: Array(#"{"a": "\",}"}"#.utf8)) == false)
            #expect(DuplicateKeys.hasTrailingComma(in: Array(#"[1, 2,]"#.utf8)))
        }
    }

    @Test func aBodyGivingAKeyTwiceIsRefused() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let bodies = [
                ("lock", #"{"seat": "D", "seat": "L1", "expected": null}"#, "seat"),
                ("exchange", #"{"first": "L1", "second": "R1", "second": "R2"}"#, "second"),
                ("exchange", #"{"first": "L1", "\u0066irst": "L2", "second": "R1"}"#, "first"),
                ("plan", #"{"basis": "x", "use_bench": true, "useBench": false}"#, "useBench"),
                (
                    "drop",
                    #"{"origin": "L1", "target": "R1", "expected": {"origin": "Ada Lindqvist", "origin": null, "target": "Bea Marangoni"}}"#,
                    "origin"
                ),
            ]
            for (path, body, key) in bodies {
                let response = try await client.send(.post, "\(ChangeRouteTests.boat)/\(path)", json: body)
                Self.expectDocument(response, .unprocessableContent)
                #expect(
                    response.errorMessage == "the request's JSON gives \"\(key)\" twice; give each key once", "\(body)")
            }
            // The same key in different objects, or "_" beside "", is no duplicate.
            let nested = try await client.send(
                .post, "\(ChangeRouteTests.boat)/drop",
                json:
                    #"{"origin": "L1", "target": "L1", "_": 1, "": 2, "expected": {"origin": "Ada Lindqvist", "target": "Ada Lindqvist"}}"#
            )
            #expect(nested.status == .ok, "\(nested.errorMessage)")
        }
        #expect(try fixture.commandLine().history(ofBoat: .current).1.isEmpty)
    }

    /// A basis that is not one the server hands out is bad input (422); a well-formed one that no longer
    /// holds is a conflict (409).
    @Test func aPlansBasisIsCheckedForFormThenForFreshness() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for basis in ["x", String(repeating: "G", count: 64), String(repeating: "0", count: 65)] {
                let bad = try await client.send(
                    .post, "\(ChangeRouteTests.boat)/plan", json: #"{"basis": "\#(basis)"}"#)
                Self.expectDocument(bad, .unprocessableContent)
            }
            let stale = try await client.send(
                .post, "\(ChangeRouteTests.boat)/plan", json: #"{"basis": "\#(String(repeating: "0", count: 64))"}"#)
            Self.expectDocument(stale, .conflict)
            let limit = try await client.send(
                .post, "\(ChangeRouteTests.boat)/plan",
                json: #"{"basis": "\#(String(repeating: "0", count: 64))", "max_exchanges": 0}"#)
            Self.expectDocument(limit, .unprocessableContent)
        }
    }
}
