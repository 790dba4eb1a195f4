import LineupCore
import LineupPresentation
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

    /// The page's plan for a boat that races: someone seated who is absent for the race is never moved and is
    /// named as not there, and nobody absent on the bench is brought in; the basis changes with who is there.
    @Test func thePlanOfARacingBoatNeverMovesOrBringsInSomeoneAway() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try db.addRace(
            "Heat", to: "Cup", start: try TimeOfDay(parsing: "09:00"), boat: .existing(.named("Sample crew")))
        let state = try db.state(ofBoat: .current)
        let seated = try #require(state.lineup[.right(row: 5)])
        let name = try #require(state.roster[seated]?.name)
        let away = [name] + state.lineup.bench.prefix(3).compactMap { state.roster[$0]?.name }
        try await fixture.test { client in
            let before = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan?use_bench=true")
            _ = try db.setAvailability(.absent, of: away, at: "Cup")
            let plan = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan?use_bench=true")
            #expect(plan.status == .ok, "\(plan.text)")
            #expect(plan.object["basis"] as? String != before.object["basis"] as? String)
            let moves = try #require(plan.object["moves"] as? [String])
            #expect(moves.allSatisfy { move in !away.contains { move.contains($0) } }, "\(moves)")
            let inactive = try #require(plan.object["inactive"] as? [String])
            #expect(
                inactive.contains { $0.hasPrefix("\(name) (R5) is not there for Heat (09:00) (absent)") }, "\(inactive)"
            )
        }
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

    /// The page caps the people who change place, as `lineup optimize --max-moves` does (not exchanges), says
    /// when the cap held a better plan back (how to lift it on the page), and with `strength` says the seat
    /// fit as the command line prints it. A plan asked with one cap and applied with another is refused.
    @Test func thePlanCapsPeopleMovedAndSaysItsSeatFit() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        _ = try db.updatePaddler(named: "Edda Petrov", with: PaddlerDraft(name: "Edda Petrov", role: .rear))
        let state = try db.state(ofBoat: .current)
        let fit = SeatFit(wantedRoles: state.boat.wantedRoles)
        let free = LineupOptimizer.optimize(
            state.lineup, roster: state.roster, model: state.balanceModel, rules: state.rules,
            options: OptimizerOptions(maxMoves: OptimizerOptions.defaultMaxMoves, objective: .strength), fit: fit)
        let capped = LineupOptimizer.optimize(
            state.lineup, roster: state.roster, model: state.balanceModel, rules: state.rules,
            options: OptimizerOptions(maxMoves: 1, objective: .strength), fit: fit)
        try #require(free.plan.peopleMoved > 1, "the sample boat needs a plan that moves more than one person")
        try await fixture.test { client in
            let path = "/api/boats/\(ServerFixture.sample)/plan"
            let whole = try await client.send(.get, path + "?objective=strength")
            #expect(whole.object["people_moved"] as? Int == free.plan.peopleMoved)
            #expect(
                whole.object["fit"] as? String
                    == OptimizeWords.fit(
                        before: free.beforeFitKg, after: free.afterFitKg, moves: true))
            let plan = try await client.send(.get, path + "?objective=strength&max_moves=1")
            #expect(plan.status == .ok, "\(plan.text)")
            #expect(plan.object["moves"] as? [String] == capped.plan.calls)
            #expect(plan.object["people_moved"] as? Int == capped.plan.peopleMoved)
            if capped.beyondMoveCap != nil {
                let note = try #require(plan.object["move_cap"] as? String)
                #expect(note.contains("“at most") && !note.contains("--max-moves"), "\(note)")
            }
            let balance = try await client.send(.get, path)
            #expect(balance.object["fit"] == nil)

            let bad = try await client.send(.get, path + "?max_moves=0")
            #expect(bad.status == .unprocessableContent)
            #expect(bad.errorMessage.contains("max_moves must be a whole number from 1 to 100"))
            let basis = try #require(plan.object["basis"] as? String)
            let other = try await client.send(
                .post, path, json: #"{"basis": "\#(basis)", "objective": "strength", "max_moves": 3}"#)
            #expect(other.status == .conflict, "\(other.text)")
            #expect(other.errorMessage.contains("at most 1 person moves"), "\(other.errorMessage)")
            #expect(try db.state(ofBoat: .current).lineup == state.lineup)
            let applied = try await client.send(
                .post, path, json: #"{"basis": "\#(basis)", "objective": "strength", "max_moves": 1}"#)
            #expect(applied.status == .ok, "\(applied.text)")
        }
        #expect(try db.state(ofBoat: .current).lineup == capped.lineup)
    }
}
