import LineupCore
import LineupReferences
import Testing

/// The regatta planner against an exact reference written apart from it (`RegattaReference`: every plan of
/// a small regatta tried, each scored by the documented rules): the planner's plan must have the least score
/// there is, whether its complete search or its local search makes it.
@Suite("The regatta planner against the exact regatta reference")
struct RegattaReferenceTests {
    /// A small regatta: `boats` small boats with everyone on the bench, one race each (two boats also race a
    /// final), starts that put some races at the same time or too close, crew rules of 1–3 paddlers with a
    /// random sex rule, and a few paddlers absent or there only part of the day.
    static func smallRegatta(
        seed: UInt64, boats boatCount: Int, people: Int, everyoneDrumsAndSteers: Bool = false, lenient: Bool = false
    )
        throws -> (Regatta, Int?, Int?)
    {
        var random = SeededRandomGenerator(seed: seed)
        var roster: [PaddlerID: Paddler] = [:]
        let ids = (1...people).map { PaddlerID($0) }
        for id in ids {
            let sexes: [Sex?] = [.female, .female, .male, .male, nil]
            let sides: [SidePreference] = [.either, .either, .left, .right]
            var paddler = Paddler(
                id: id, name: "P\(id)",
                weightKg: Int.random(in: 0..<8, using: &random) == 0
                    ? nil : Double(Int.random(in: 100...200, using: &random)) / 2,
                sex: sexes.randomElement(using: &random) ?? nil, side: sides.randomElement(using: &random) ?? .either)
            paddler.canDrum = Int.random(in: 0..<3, using: &random) == 0 || everyoneDrumsAndSteers
            paddler.canSteer = Int.random(in: 0..<3, using: &random) == 0 || everyoneDrumsAndSteers
            roster[id] = paddler
        }
        var availability: [PaddlerID: Availability] = [:]
        let shuffled = ids.shuffled(using: &random)
        if Bool.random(using: &random) { availability[shuffled[0]] = .absent }
        availability[shuffled[1]] = .window(from: TimeOfDay(minutes: 9 * 60 + 30), until: nil)
        let starts = [9 * 60, 9 * 60, 9 * 60 + 20, 10 * 60, 12 * 60]
        var boats: [Regatta.Boat] = []
        var races: [Regatta.Race] = []
        for index in 0..<boatCount {
            let inBoat = ids.filter { _ in Int.random(in: 0..<6, using: &random) != 0 }
            let placements = inBoat.enumerated().map { ($0.element, Place.bench(position: $0.offset + 1)) }
            boats.append(
                Regatta.Boat(name: "Boat \(index + 1)", lineup: try Lineup(kind: .small, placements: placements)))
            let lowest = lenient ? 1 : Int.random(in: 1...2, using: &random)
            let sexRules: [CrewRules.SexRule] = lenient ? [.any] : [.any, .womenOnly, .mixed(each: 1...2)]
            let rules = CrewRules(
                name: "tiny \(index)", paddlers: lowest...Int.random(in: lowest...3, using: &random),
                sex: sexRules.randomElement(using: &random) ?? .any,
                countsDrummerAndSteerer: Bool.random(using: &random), sidesAreRules: Bool.random(using: &random),
                capabilityIsRule: Bool.random(using: &random))
            let start = starts.randomElement(using: &random) ?? 9 * 60
            races.append(
                Regatta.Race(
                    name: "Race \(index + 1)", start: try #require(TimeOfDay(minutes: start)), boat: index,
                    rules: rules))
            if boatCount == 2 && index == 0 {
                races.append(
                    Regatta.Race(
                        name: "Final", start: try #require(TimeOfDay(minutes: start + 180)), boat: index, rules: rules))
            }
        }
        let regatta = Regatta(
            name: "Small", date: "2026-06-01", races: races, boats: boats, roster: roster, availability: availability)
        let limits: [Int?] = [nil, 1, 2]
        let minimum = limits.randomElement(using: &random) ?? nil
        let maximum = limits.randomElement(using: &random) ?? nil
        return (regatta, minimum, lenient ? nil : maximum)
    }

    /// (seed, boats, people): two boats of five or six people, three of four.
    static let regattas: [(UInt64, Int, Int)] = (1...10).map { ($0, 2, 5 + Int($0 % 2)) } + (11...14).map { ($0, 3, 4) }

    /// The plans of both searches for `regatta`, with the method's name.
    static func plans(_ regatta: Regatta, _ minimum: Int?, _ maximum: Int?) -> [(String, RegattaPlan)] {
        [("complete search", 5_000), ("local search", 0)].map { method, limit in
            let options = RegattaPlanOptions(
                minimumRaces: minimum, maximumRaces: maximum, balances: false, exhaustiveCrewLimit: limit)
            return (method, RegattaPlanner.plan(regatta, options: options))
        }
    }

    /// Where some plan keeps every rule, the planner's plan has the least score there is, whichever search
    /// makes it; where none does, the reference is never worse, and it can be better: the planner leaves a
    /// drummer's or steerer's seat empty (a broken rule) where moving a row paddler there scores better by
    /// `PlanScore`'s order (bench/RESULTS.md). Either way the reference reads each plan as the planner scores it.
    @Test(arguments: regattas.flatMap { [($0.0, $0.1, $0.2, false), ($0.0, $0.1, $0.2, true)] })
    func thePlannerReachesTheLeastScoreWhereTheRulesCanBeKept(
        setup: (seed: UInt64, boats: Int, people: Int, lenient: Bool)
    ) throws {
        let (regatta, minimum, maximum) = try Self.smallRegatta(
            seed: setup.seed, boats: setup.boats, people: setup.people,
            everyoneDrumsAndSteers: setup.lenient, lenient: setup.lenient)
        let reference = try #require(RegattaReference(regatta: regatta, minimumRaces: minimum, maximumRaces: maximum))
        let best = try #require(reference.solve())
        #expect(reference.score(best.crews) == best.score)
        for (method, plan) in Self.plans(regatta, minimum, maximum) {
            #expect(
                reference.score(reference.crews(of: plan.regatta)) == plan.score,
                "seed \(setup.seed), \(method): the reference scores the plan differently")
            #expect(!(plan.score < best.score), "seed \(setup.seed), \(method): the planner beats the reference")
            guard best.score.brokenRules == 0 else { continue }
            #expect(
                plan.score == best.score,
                "seed \(setup.seed), \(method): planner \(plan.score) against the least \(best.score)")
        }
    }
}
