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
}
