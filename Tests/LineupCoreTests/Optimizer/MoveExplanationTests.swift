@testable import LineupCore
import Testing

/// Every move's explanation names each reason that applies: the crew rule it keeps or mends, a row the
/// paddler may not sit in, a seat role (their own, or making room for someone else's), the trim in kg·m
/// and the strength ranking; one test per reason.
@Suite("MoveExplanation: every reason named")
struct MoveExplanationTests {
    let model = BalanceModel.defaults(for: .standard)

    /// Ten women on the left and ten men on the right of a standard boat, 70 kg each, with `bench` more
    /// (women first, then men); ids in chart order as `OptimizerObjectiveTests.evenBoat`.
    static func mixedBoat(benchWomen: Int, benchMen: Int) -> (
        placements: [(paddler: PaddlerID, place: Place)], roster: [PaddlerID: Paddler]
    ) {
        var (placements, roster) = OptimizerObjectiveTests.evenBoat(bench: benchWomen + benchMen)
        for (id, place) in placements {
            switch place {
            case .left: roster[id]?.sex = .female
            case .right: roster[id]?.sex = .male
            case .bench(let position): roster[id]?.sex = position <= benchWomen ? .female : .male
            default: roster[id]?.sex = .male
            }
        }
        return (placements, roster)
    }

    /// The lineup of `placements` with the paddlers of `changes` at their new places.
    static func lineup(_ placements: [(paddler: PaddlerID, place: Place)], moving changes: [PaddlerID: Place]) throws
        -> Lineup
    {
        try Lineup(kind: .standard, placements: placements.map { ($0.paddler, changes[$0.paddler] ?? $0.place) })
    }

    func explain(
        _ start: Lineup, _ end: Lineup, _ roster: [PaddlerID: Paddler], fit: SeatFit? = nil, rules: CrewRules? = nil
    ) -> [MoveExplanation] {
        let plan = LineupPlan(from: start, to: end, names: roster.mapValues(\.name))
        return MoveExplanation.explain(plan, from: start, to: end, roster: roster, model: model, fit: fit, rules: rules)
    }

    /// A woman out for a woman from the bench under idbf-mixed: both moves name the rule and the count it
    /// keeps; under open rules, no rule is named.
    @Test func aTradeWithTheBenchNamesTheMixedRuleItKeeps() throws {
        let (placements, roster) = Self.mixedBoat(benchWomen: 1, benchMen: 0)
        let start = try Lineup(kind: .standard, placements: placements)
        let out = try OptimizerObjectiveTests.id(at: .left(row: 3), placements)
        let into = try OptimizerObjectiveTests.id(at: .bench(position: 1), placements)
        let end = try Self.lineup(placements, moving: [into: .left(row: 3), out: .bench(position: 1)])
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let explanations = explain(start, end, roster, rules: rules)
        #expect(explanations.count == 2)
        let kept = MoveExplanation.Reason.crewRule(
            rules: "idbf-mixed", sex: .female, count: 10, allowed: 8...10, mended: false)
        for explanation in explanations { #expect(explanation.reasons.contains(kept), "\(explanation)") }
        let open = explain(start, end, roster, rules: CrewRules(.open, kind: .standard))
        #expect(open.allSatisfy { $0.reasons.isEmpty })
    }

    /// A crew of eleven men and nine women made legal by a man out and a woman in: the man's move says it
    /// brings the crew within the rules (the men's count was outside them), the woman's that it keeps them
    /// (nine women were allowed already).
    @Test func aTradeThatMendsTheMixedRuleSaysSo() throws {
        var (placements, roster) = Self.mixedBoat(benchWomen: 1, benchMen: 0)
        let switched = try OptimizerObjectiveTests.id(at: .left(row: 5), placements)
        roster[switched]?.sex = .male
        let start = try Lineup(kind: .standard, placements: placements)
        let woman = try OptimizerObjectiveTests.id(at: .bench(position: 1), placements)
        let end = try Self.lineup(placements, moving: [woman: .left(row: 5), switched: .bench(position: 1)])
        let explanations = explain(start, end, roster, rules: CrewRules(.idbfMixed, kind: .standard))
        let byPaddler = Dictionary(uniqueKeysWithValues: explanations.map { ($0.move.paddler, $0.reasons) })
        #expect(
            byPaddler[woman]
                == [.crewRule(rules: "idbf-mixed", sex: .female, count: 10, allowed: 8...10, mended: false)])
        #expect(
            byPaddler[switched] == [
                .crewRule(rules: "idbf-mixed", sex: .male, count: 10, allowed: 8...10, mended: true)
            ])
    }

    /// A paddler moved out of a row they may not sit in says so, with every objective (no seat fit).
    @Test func aMoveOutOfABarredRowSaysSo() throws {
        var (placements, roster) = OptimizerObjectiveTests.evenBoat()
        let barred = try OptimizerObjectiveTests.id(at: .left(row: 1), placements)
        let other = try OptimizerObjectiveTests.id(at: .left(row: 6), placements)
        roster[barred]?.rows = RowSet(2...10)
        let start = try Lineup(kind: .standard, placements: placements)
        let end = try Self.lineup(placements, moving: [other: .left(row: 1), barred: .left(row: 6)])
        let explanations = explain(start, end, roster)
        let reasons = try #require(explanations.first { $0.move.paddler == barred }?.reasons)
        #expect(reasons == [.outOfBarredRow(1)])
        #expect(explanations.first { $0.move.paddler == other }?.reasons == [])
    }

    /// A stroke paddler brought into the stroke rows says so, and the paddler whose seat they take says
    /// they make room for them.
    @Test func aMoveForARoleNamesItOnBothSides() throws {
        var (placements, roster) = OptimizerObjectiveTests.evenBoat()
        let pacer = try OptimizerObjectiveTests.id(at: .left(row: 6), placements)
        let front = try OptimizerObjectiveTests.id(at: .left(row: 1), placements)
        roster[pacer]?.role = .stroke
        let start = try Lineup(kind: .standard, placements: placements)
        let end = try Self.lineup(placements, moving: [pacer: .left(row: 1), front: .left(row: 6)])
        let fit = SeatFit(wantedRoles: .defaults(for: .standard))
        let explanations = explain(start, end, roster, fit: fit)
        let byPaddler = Dictionary(uniqueKeysWithValues: explanations.map { ($0.move.paddler, $0.reasons) })
        #expect(byPaddler[pacer]?.contains(.intoRoleRows(.stroke)) == true)
        let room = MoveExplanation.Reason.makesRoomForRole(name: "L6", role: .stroke)
        #expect(byPaddler[front]?.contains(room) == true, "\(byPaddler[front] ?? [])")
        // With balance (no seat fit) roles are no reason.
        #expect(explain(start, end, roster).allSatisfy { $0.reasons.isEmpty })
    }

    @Test func aMoveNamesItsTrimInKilogramMetres() throws {
        var (placements, roster) = OptimizerObjectiveTests.evenBoat()
        let heavy = try OptimizerObjectiveTests.id(at: .left(row: 1), placements)
        let light = try OptimizerObjectiveTests.id(at: .left(row: 10), placements)
        roster[heavy]?.weightKg = 90
        let start = try Lineup(kind: .standard, placements: placements)
        let end = try Self.lineup(placements, moving: [light: .left(row: 1), heavy: .left(row: 10)])
        let explanation = try #require(explain(start, end, roster).first { $0.move.paddler == heavy })
        let arm =
            model.longitudinalArm(.left(row: 10), kind: .standard)
            - model.longitudinalArm(.left(row: 1), kind: .standard)
        #expect(abs(explanation.trimKgM - 90 * arm) < 1e-9)
    }

    /// A move onto the other side names the paddler's place on that side's strength ranking.
    @Test func aMoveNamesTheStrengthRanking() throws {
        let (placements, roster) = OptimizerObjectiveTests.evenBoat()
        let left = try OptimizerObjectiveTests.id(at: .left(row: 4), placements)
        let right = try OptimizerObjectiveTests.id(at: .right(row: 4), placements)
        let start = try Lineup(kind: .standard, placements: placements)
        let end = try Self.lineup(placements, moving: [right: .left(row: 4), left: .right(row: 4)])
        let fit = SeatFit(
            wantedRoles: .defaults(for: .standard), strength: StrengthPlaces(left: [right], right: [left]))
        let explanations = explain(start, end, roster, fit: fit)
        let reasons = try #require(explanations.first { $0.move.paddler == right }?.reasons)
        #expect(reasons.contains(.ranked(side: .left, place: 1, replacing: nil)))
    }

    /// The optimizer's own plans: with the bench under idbf-mixed, every move into or out of the boat names
    /// the rule, whatever the objective.
    @Test(arguments: OptimizerObjective.allCases)
    func theOptimizersTradesWithTheBenchNameTheRule(objective: OptimizerObjective) throws {
        var (placements, roster) = Self.mixedBoat(benchWomen: 3, benchMen: 3)
        // Heavy paddlers forward on the left, light ones on the bench: trades with the bench level the boat.
        for row in 1...3 { roster[try OptimizerObjectiveTests.id(at: .left(row: row), placements)]?.weightKg = 95 }
        for position in 1...6 {
            roster[try OptimizerObjectiveTests.id(at: .bench(position: position), placements)]?.weightKg = 55
        }
        let start = try Lineup(kind: .standard, placements: placements)
        let result = LineupOptimizer.optimize(
            start, roster: roster, model: model, rules: CrewRules(.idbfMixed, kind: .standard),
            options: OptimizerOptions(useBench: true, objective: objective))
        let trades = result.explanations.filter { $0.move.from.row == nil || $0.move.to.row == nil }
        #expect(!trades.isEmpty, "\(result.plan.summary())")
        for trade in trades {
            #expect(
                trade.reasons.contains { if case .crewRule = $0 { true } else { false } },
                "\(objective): \(trade)")
        }
    }

    /// Eleven men and nine women, a woman on the bench, a level boat: with the bench the optimizer brings the
    /// crew within the idbf-mixed rules (a man out, the woman in), whatever the objective and however the
    /// trade moves the balance, and both moves say so; without the bench nobody leaves the boat.
    @Test(arguments: OptimizerObjective.allCases)
    func withTheBenchTheOptimizerBringsTheCrewWithinTheRules(objective: OptimizerObjective) throws {
        var (placements, roster) = Self.mixedBoat(benchWomen: 1, benchMen: 1)
        let switched = try OptimizerObjectiveTests.id(at: .left(row: 5), placements)
        roster[switched]?.sex = .male
        let woman = try OptimizerObjectiveTests.id(at: .bench(position: 1), placements)
        roster[woman]?.weightKg = 95
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let start = try Lineup(kind: .standard, placements: placements)
        let broken = { (lineup: Lineup) in
            lineup.check(rules, roster: roster).filter { $0.severity == .violation }.count
        }
        #expect(broken(start) == 1)
        let result = LineupOptimizer.optimize(
            start, roster: roster, model: model, rules: rules,
            options: OptimizerOptions(useBench: true, objective: objective))
        #expect(broken(result.lineup) == 0, "\(objective): \(result.plan.summary())")
        #expect(result.lineup.place(of: woman)?.row != nil)
        let trades = result.explanations.filter { $0.move.from.row == nil || $0.move.to.row == nil }
        #expect(trades.count == 2, "\(result.plan.summary())")
        // The man who leaves brings the men's count within the rules; the woman who comes in keeps theirs.
        for trade in trades {
            let mended = trade.move.paddler == switched || roster[trade.move.paddler ?? 0]?.sex == .male
            #expect(
                trade.reasons.contains { reason in
                    if case .crewRule(_, _, _, _, let said) = reason { said == mended } else { false }
                }, "\(objective): \(trade)")
        }
        // A move cap too small for a trade (two people) leaves the crew as it is, still outside the rules.
        let capped = LineupOptimizer.optimize(
            start, roster: roster, model: model, rules: rules,
            options: OptimizerOptions(maxMoves: 1, useBench: true, objective: objective))
        #expect(capped.lineup.place(of: woman) == .bench(position: 1))
        let without = LineupOptimizer.optimize(
            start, roster: roster, model: model, rules: rules, options: OptimizerOptions(objective: objective))
        #expect(without.lineup.place(of: woman) == .bench(position: 1))
    }

    /// A crew the bench cannot bring within the rules (only men on it) names no rule it does not keep: a trade
    /// of a man for a man says nothing of "keeping" rules the crew still breaks.
    @Test func aTradeInACrewStillOutsideTheRulesNamesNoRule() throws {
        var (placements, roster) = Self.mixedBoat(benchWomen: 0, benchMen: 1)
        let switched = try OptimizerObjectiveTests.id(at: .left(row: 5), placements)
        roster[switched]?.sex = .male
        let start = try Lineup(kind: .standard, placements: placements)
        let man = try OptimizerObjectiveTests.id(at: .bench(position: 1), placements)
        let end = try Self.lineup(placements, moving: [man: .left(row: 5), switched: .bench(position: 1)])
        let explanations = explain(start, end, roster, rules: CrewRules(.idbfMixed, kind: .standard))
        #expect(explanations.count == 2)
        #expect(explanations.allSatisfy { $0.reasons.isEmpty }, "\(explanations)")
    }

    /// A women's crew with a man at R10 and light men on the bench who would level it: with the bench the
    /// optimizer never brings another man in; with a woman on the bench too, the man leaves for her.
    @Test(arguments: OptimizerObjective.allCases)
    func aWomensCrewNeverTakesAnotherManFromTheBench(objective: OptimizerObjective) throws {
        for womanOnTheBench in [false, true] {
            var (placements, roster) = Self.mixedBoat(benchWomen: womanOnTheBench ? 1 : 0, benchMen: 2)
            for (id, place) in placements where place.row != nil { roster[id]?.sex = .female }
            let man = try OptimizerObjectiveTests.id(at: .right(row: 10), placements)
            roster[man]?.sex = .male
            // Heavy women in front: the light men on the bench would level the boat.
            for row in 1...3 {
                roster[try OptimizerObjectiveTests.id(at: .left(row: row), placements)]?.weightKg = 95
            }
            for (id, place) in placements where !place.isSeat && roster[id]?.sex == .male { roster[id]?.weightKg = 50 }
            let rules = CrewRules(.women, kind: .standard)
            let start = try Lineup(kind: .standard, placements: placements)
            let result = LineupOptimizer.optimize(
                start, roster: roster, model: model, rules: rules,
                options: OptimizerOptions(useBench: true, objective: objective))
            let men = Place.seats(of: .standard).filter { $0.row != nil }.compactMap { result.lineup[$0] }.filter {
                roster[$0]?.sex == .male
            }
            // No man from the bench sits in the rows: not even one for the man seated.
            #expect(men == (womanOnTheBench ? [] : [man]), "\(objective): \(result.plan.summary())")
        }
    }

    /// Twelve men and eight women under idbf-mixed, two women and a man on the bench: two trades bring the
    /// crew within the rules (each brings it nearer: 12 men, then 11, then 10).
    @Test func twoTradesBringAMixedCrewWithinTheRules() throws {
        var (placements, roster) = Self.mixedBoat(benchWomen: 2, benchMen: 1)
        for row in [4, 7] { roster[try OptimizerObjectiveTests.id(at: .left(row: row), placements)]?.sex = .male }
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let start = try Lineup(kind: .standard, placements: placements)
        #expect(CrewRuleMending.distance(of: start, roster: roster, rules: rules) == 2)
        let result = LineupOptimizer.optimize(
            start, roster: roster, model: model, rules: rules, options: OptimizerOptions(useBench: true))
        #expect(CrewRuleMending.distance(of: result.lineup, roster: roster, rules: rules) == 0)
        #expect(result.lineup.check(rules, roster: roster).allSatisfy { $0.severity != .violation })
        // A cap of two people changing place allows one trade: nearer the rules, not within them.
        let capped = LineupOptimizer.optimize(
            start, roster: roster, model: model, rules: rules,
            options: OptimizerOptions(maxMoves: 2, useBench: true))
        #expect(CrewRuleMending.distance(of: capped.lineup, roster: roster, rules: rules) == 1)
    }

    /// Eleven men: two on the left (L5, L6), nine in the locked right seats and a woman of either side at R2,
    /// the one open right seat. The only woman on the bench paddles on the right: she takes R2, whose paddler
    /// crosses to a left man's seat, and he goes to the bench: three people, two exchanges, the crew within
    /// the rules. Held to one exchange, the crew stays as far from them.
    @Test func aTradeThroughAnotherSeatBringsTheCrewWithinTheRules() throws {
        var (placements, roster) = Self.mixedBoat(benchWomen: 1, benchMen: 0)
        for row in [5, 6] { roster[try OptimizerObjectiveTests.id(at: .left(row: row), placements)]?.sex = .male }
        let crossing = try OptimizerObjectiveTests.id(at: .right(row: 2), placements)
        roster[crossing]?.sex = .female
        let woman = try OptimizerObjectiveTests.id(at: .bench(position: 1), placements)
        roster[woman]?.side = .right
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let locked = Set((1...10).filter { $0 != 2 }.map { Place.right(row: $0) })
        let start = try Lineup(kind: .standard, placements: placements, lockedSeats: locked)
        #expect(CrewRuleMending.distance(of: start, roster: roster, rules: rules) == 1)
        let result = LineupOptimizer.optimize(
            start, roster: roster, model: model, rules: rules, options: OptimizerOptions(useBench: true))
        #expect(
            CrewRuleMending.distance(of: result.lineup, roster: roster, rules: rules) == 0, "\(result.plan.summary())")
        #expect(result.lineup.place(of: woman) == .right(row: 2))
        #expect(result.lineup.place(of: crossing)?.isLeft == true)
        let one = LineupOptimizer.optimize(
            start, roster: roster, model: model, rules: rules,
            options: OptimizerOptions(maxExchanges: 1, useBench: true))
        #expect(CrewRuleMending.distance(of: one.lineup, roster: roster, rules: rules) == 1)
    }
}
