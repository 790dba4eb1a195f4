import LineupCore
import LineupStore
import Testing

@testable import LineupServer

/// The plan route takes the optimizer's objective (`objective=strength`), as `lineup optimize --objective`.
@Suite("PlanObjectiveRoute")
struct PlanObjectiveRouteTests {
    @Test func thePlanTakesTheObjectiveAndRefusesABadOne() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        _ = try db.updatePaddler(named: "Edda Petrov", with: PaddlerDraft(name: "Edda Petrov", role: .rear))
        let state = try db.state(ofBoat: .current)
        let fit = SeatFit(wantedRoles: state.boat.wantedRoles)
        let expected = LineupOptimizer.optimize(
            state.lineup, roster: state.roster, model: state.balanceModel, rules: state.rules,
            options: OptimizerOptions(objective: .both), fit: fit)
        try await fixture.test { client in
            let plan = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan?objective=both")
            #expect(plan.status == .ok, "\(plan.text)")
            #expect(plan.object["objective"] as? String == "both")
            #expect(plan.object["moves"] as? [String] == expected.plan.calls)
            let why = try #require(plan.object["why"] as? [String])
            #expect(why.count == expected.plan.moves.count)
            #expect(why.contains { $0.hasSuffix("into the rear rows (rear)") }, "\(why)")
            let balance = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan")
            #expect(balance.object["objective"] as? String == "balance")
            #expect(balance.object["basis"] as? String != plan.object["basis"] as? String)

            let bad = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan?objective=fastest")
            #expect(bad.status == .unprocessableContent)
            #expect(bad.errorMessage.contains("'fastest' is not an objective; give balance, strength or both"))
            let basis = try #require(plan.object["basis"] as? String)
            let badBody = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/plan",
                json: #"{"basis": "\#(basis)", "objective": "fastest"}"#)
            #expect(badBody.status == .unprocessableContent)
            // The plan the page showed, applied with its objective.
            let applied = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/plan", json: #"{"basis": "\#(basis)", "objective": "both"}"#)
            #expect(applied.status == .ok, "\(applied.text)")
        }
        #expect(try db.state(ofBoat: .current).lineup == expected.lineup)
    }
}
