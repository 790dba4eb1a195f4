import HTTPTypes
import LineupCore
import Testing

@testable import LineupServer

/// A query parameter is read once (`Request.queryValue`): given twice it is refused (422) naming it, as a JSON
/// body's repeated key is, rather than one value taken and the other dropped.
@Suite("QueryParameters")
struct QueryParameterTests {
    @Test func aParameterGivenTwiceIsRefusedNamingIt() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        let boat = "/api/boats/\(ServerFixture.sample)"
        try await fixture.test { client in
            for (path, name) in [
                ("\(boat)/plan?objective=both&objective=balance", "objective"),
                ("\(boat)/plan?max_moves=2&use_bench=true&max_moves=3", "max_moves"),
                ("\(boat)/history?limit=1&limit=1", "limit"),
                ("\(boat)/chart.svg?weights=false&weights=true", "weights"),
                ("\(boat)/preview?origin=L1&target=R1&target=R2", "target"),
                ("/api/regattas/Cup/plan?max_races=2&max_races=3", "max_races"),
                ("/api/regattas/Cup/plan?maybe=allow&maybe=avoid", "maybe"),
                ("/api/shares?boat=a&boat=b", "boat"),
            ] {
                let response = try await client.send(.get, path)
                #expect(response.status == .unprocessableContent, "\(path): \(response.text)")
                #expect(
                    response.errorMessage.hasPrefix("\(name) is given 2 times in the query: give it once"),
                    "\(path): \(response.text)")
            }
            // Once each, the same parameters are read.
            let plan = try await client.send(.get, "\(boat)/plan?objective=both&max_moves=2")
            #expect(plan.status == .ok, "\(plan.text)")
            #expect(plan.object["objective"] as? String == "both")
        }
    }

    /// A parameter's name is percent-decoded as its value is: `w%65ights` is `weights`, and given beside
    /// `weights` it is the same parameter given twice.
    @Test func aNameIsPercentDecodedAsItsValueIs() async throws {
        let fixture = try ServerFixture()
        let chart = "/api/boats/\(ServerFixture.sample)/chart.svg"
        try await fixture.test { client in
            let plain = try await client.send(.get, "\(chart)?weights=false")
            let encoded = try await client.send(.get, "\(chart)?w%65ights=false")
            let weighed = try await client.send(.get, chart)
            #expect(plain.status == .ok && encoded.status == .ok, "\(encoded.text)")
            #expect(encoded.text == plain.text)
            #expect(encoded.text != weighed.text, "weights=false leaves the weights off")
            let twice = try await client.send(.get, "\(chart)?weights=1&w%65ights=0")
            #expect(twice.status == .unprocessableContent)
            #expect(
                twice.errorMessage.hasPrefix("weights is given 2 times in the query: give it once"), "\(twice.text)")
        }
    }

    /// `+` in a query is a space, as a browser's form sends it; `%2B` is a plus.
    @Test func aPlusInAQueryIsASpace() async throws {
        let fixture = try ServerFixture()
        try fixture.commandLine().createRegatta(named: "Spring Cup", date: try RegattaDay(parsing: "2026-06-13"))
        let boat = "/api/boats/\(ServerFixture.sample)"
        try await fixture.test { client in
            let shares = try await client.send(.get, "/api/shares?regatta=Spring+Cup")
            #expect(shares.status == .ok, "\(shares.text)")
            let plus = try await client.send(.get, "/api/shares?regatta=Spring%2BCup")
            #expect(plus.status == .notFound, "\(plus.text)")
            let preview = try await client.send(.get, "\(boat)/preview?origin=Ada+Lindqvist&target=R1")
            #expect(preview.status == .ok, "\(preview.text)")
        }
    }

    /// An API route refuses a query parameter it does not take (422), naming it and those it takes; the pages
    /// and files ignore one (a link comes back from a chat with a tracking parameter added).
    @Test func aParameterTheRouteDoesNotTakeIsRefusedNamingIt() async throws {
        let fixture = try ServerFixture()
        let boat = "/api/boats/\(ServerFixture.sample)"
        try await fixture.test { client in
            for (method, path, named) in [
                (
                    HTTPRequest.Method.get, "/api/boats?colour=red",
                    "colour is not a query parameter of this route: "
                        + "this route takes no query parameters"
                ),
                (.get, "\(boat)/check?verbose", "verbose is not a query parameter of this route"),
                (
                    .get, "\(boat)/plan?use_bench=true&use%5Fbenches=true",
                    "use_benches is not a query parameter of "
                        + "this route: this route takes use_bench, max_moves, max_exchanges, objective"
                ),
                (.get, "\(boat)/history?limit=2&since=1", "since is not a query parameter"),
                (.post, "\(boat)/undo?force=true", "force is not a query parameter"),
                (.get, "/api/regattas?year=2026", "year is not a query parameter"),
            ] {
                let response = try await client.send(method, path, json: method == .post ? "{}" : nil)
                #expect(response.status == .unprocessableContent, "\(path): \(response.text)")
                #expect(response.errorMessage.hasPrefix(named), "\(path): \(response.text)")
            }
            #expect(try await client.send(.get, "/?utm_source=chat").status == .ok)
            #expect(try await client.send(.get, "/static/app.js?v=2").status == .ok)
            #expect(
                try await client.send(.get, "/share/\(String(repeating: "a", count: 43))?fbclid=x").status == .notFound)
        }
    }

    /// The query parameters each API route takes are those the OpenAPI document lists for it, no more, no fewer.
    @Test func theRoutesTakeTheQueryParametersTheDocumentLists() async throws {
        let fixture = try ServerFixture()
        let response = try await fixture.test { client in try await client.send(.get, "/openapi.json") }
        let paths = try #require(response.object["paths"] as? [String: [String: Any]])
        let taken = fixture.server.routeQueryParameters()
        #expect(taken.count > 30, "every API route is listed")
        for (route, names) in taken {
            let parts = route.split(separator: " ", maxSplits: 1).map(String.init)
            let operation = try #require(paths[parts[1]]?[parts[0].lowercased()] as? [String: Any], "\(route)")
            let documented = (operation["parameters"] as? [[String: Any]] ?? []).filter {
                $0["in"] as? String == "query"
            }
            .compactMap { $0["name"] as? String }
            #expect(Set(documented) == Set(names), "\(route)")
        }
    }

    /// A boolean parameter takes what the OpenAPI document lists: `true` or `false` (the regatta plan's also
    /// `1` or `0`); anything else is refused (422) naming it and what it takes.
    @Test func aBooleanTakesOnlyWhatTheDocumentLists() async throws {
        let fixture = try ServerFixture()
        try fixture.commandLine().createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        let boat = "/api/boats/\(ServerFixture.sample)"
        try await fixture.test { client in
            for (path, message) in [
                ("\(boat)/plan?use_bench=1", "use_bench must be true or false, not '1'"),
                ("\(boat)/plan?use_bench=yes", "use_bench must be true or false, not 'yes'"),
                ("\(boat)/plan?use_bench=0", "use_bench must be true or false, not '0'"),
                ("\(boat)/chart.svg?weights=1", "weights must be true or false, not '1'"),
                ("/api/regattas/Cup/plan?keep_seated=yes", "keep_seated must be true, false, 1 or 0, not 'yes'"),
                ("/api/regattas/Cup/plan?sides_required=on", "sides_required must be true, false, 1 or 0, not 'on'"),
            ] {
                let response = try await client.send(.get, path)
                #expect(response.status == .unprocessableContent, "\(path): \(response.text)")
                #expect(response.errorMessage.hasPrefix(message), "\(path): \(response.text)")
            }
            for path in ["\(boat)/plan?use_bench=true", "\(boat)/plan?use_bench=false"] {
                let response = try await client.send(.get, path)
                #expect(response.status == .ok, "\(path): \(response.text)")
            }
            let digits = try await client.send(.get, "/api/regattas/Cup/plan?keep_seated=0")
            #expect(!digits.errorMessage.contains("keep_seated"), "\(digits.text)")
        }
    }
}
