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

    /// A plan asked with one objective and applied with another is refused (409) for what it is: other
    /// options, the boat unchanged, with the way on; a boat changed since is named as that. Nothing is
    /// written either way. The objective is taken in any case.
    @Test func aBasisOfOtherOptionsIsRefusedAsSuch() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        _ = try db.updatePaddler(named: "Edda Petrov", with: PaddlerDraft(name: "Edda Petrov", role: .rear))
        let before = try db.state(ofBoat: .current).lineup
        try await fixture.test { client in
            let plan = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan?objective=STRENGTH")
            #expect(plan.status == .ok, "\(plan.text)")
            #expect(plan.object["objective"] as? String == "strength")
            let basis = try #require(plan.object["basis"] as? String)
            for body in [
                #"{"basis": "\#(basis)", "objective": "both"}"#,
                #"{"basis": "\#(basis)", "objective": "strength", "use_bench": true}"#,
            ] {
                let other = try await client.send(.post, "/api/boats/\(ServerFixture.sample)/plan", json: body)
                #expect(other.status == .conflict, "\(other.text)")
                #expect(other.errorMessage.contains("the plan was asked with other options (objective strength"))
                #expect(other.errorMessage.contains("has not changed"), "\(other.errorMessage)")
                #expect(!other.errorMessage.contains("another command"))
                #expect((other.object["hint"] as? String)?.contains("same options") == true)
            }
            #expect(try db.state(ofBoat: .current).lineup == before)

            _ = try db.updatePaddler(named: "Edda Petrov", with: PaddlerDraft(name: "Edda Petrov", role: .stroke))
            let changed = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/plan",
                json: #"{"basis": "\#(basis)", "objective": "strength"}"#)
            #expect(changed.status == .conflict, "\(changed.text)")
            #expect(changed.errorMessage.contains("has changed since the plan was made"), "\(changed.errorMessage)")
            #expect(try db.state(ofBoat: .current).lineup == before)

            let again = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan?objective=strength")
            let fresh = try #require(again.object["basis"] as? String)
            let applied = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/plan",
                json: #"{"basis": "\#(fresh)", "objective": "Strength"}"#)
            #expect(applied.status == .ok, "\(applied.text)")
        }
    }
}
