import LineupCore
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

    /// A crew of eleven men and nine women made legal by a man out and a woman in: both moves say they
    /// bring the crew within the rules.
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
                == [.crewRule(rules: "idbf-mixed", sex: .female, count: 10, allowed: 8...10, mended: true)])
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
}
