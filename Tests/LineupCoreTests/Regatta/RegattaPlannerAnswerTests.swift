import Testing

@testable import LineupCore

/// The planner with the paddlers' own answers: "out" (for the day or one race) and injured paddlers are never
/// seated, "maybe" is avoided or allowed as asked and always named, and an answer changes what a plan's code
/// was made from.
@Suite("The regatta planner with paddlers' answers")
struct RegattaPlannerAnswerTests {
    typealias Fixture = RegattaPlannerSeatingTests

    /// Two open races in standard boats, 09:00 and 11:00, and 30 paddlers (15 women, 15 men).
    static func day(answers: RegattaAnswers = RegattaAnswers(), availability: [PaddlerID: Availability] = [:])
        throws -> Regatta
    {
        var regatta = try Fixture.regatta(
            Fixture.roster(women: 15, men: 15, seed: 5),
            races: [("Heat", "09:00", .open, .standard), ("2 km", "11:00", .open, .standard)],
            availability: availability)
        regatta.answers = answers
        // Everyone can drum and steer, so only the answers decide.
        for id in regatta.roster.keys {
            regatta.roster[id]?.canDrum = true
            regatta.roster[id]?.canSteer = true
        }
        return regatta
    }

    static func seated(_ plan: RegattaPlan, race: Int) -> Set<PaddlerID> {
        Set(plan.regatta.crew(of: race).map(\.paddler))
    }

    @Test func nobodyOutOrInjuredIsSeated() throws {
        let ids = try Self.day().roster.keys.sorted()
        var answers = RegattaAnswers()
        for id in ids.prefix(4) { answers.raceOuts[id] = ["2 km": .paddler] }
        answers.answeredByPaddler = Set(ids[4...5])
        var regatta = try Self.day(
            answers: answers, availability: [ids[4]: .absent, ids[5]: .absent])
        regatta.roster[ids[6]]?.injuredUntil = try RegattaDay(parsing: "2026-06-20")
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(iterations: 20_000, restarts: 1))
        let heat = Self.seated(plan, race: 0)
        let final = Self.seated(plan, race: 1)
        #expect(final.isDisjoint(with: ids.prefix(4)))
        #expect(heat.isDisjoint(with: ids[4...6]) && final.isDisjoint(with: ids[4...6]))
        #expect(plan.regatta.availabilityConflicts().isEmpty)
        // Out of the 2 km only: they may race the heat.
        #expect(ids.prefix(4).allSatisfy { regatta.isAvailable($0, for: 0) })
        #expect(regatta.absence(of: ids[0], for: 1) == .outOfRace(.paddler))
        #expect(regatta.absence(of: ids[4], for: 0) == .answeredOut)
        #expect(regatta.absence(of: ids[6], for: 0) == .injured(until: try RegattaDay(parsing: "2026-06-20")))
    }

    /// Ten answered maybe for the heat: with 30 paddlers, 22 places and a minimum gap no crew breaks, avoiding
    /// them seats only as many as the heat needs beyond those who answered in; allowing them seats them freely.
    /// Either way the plan names each maybe it seats.
    @Test func maybesAreAvoidedUnlessAllowedAndAlwaysNamed() throws {
        let ids = try Self.day().roster.keys.sorted()
        var answers = RegattaAnswers()
        let maybes = Set(ids.suffix(10))
        for id in maybes { answers.maybes[id] = ["Heat"] }
        let regatta = try Self.day(answers: answers)
        let avoided = RegattaPlanner.plan(
            regatta, options: RegattaPlanOptions(iterations: 20_000, restarts: 1, maybes: .avoid))
        let inHeat = Self.seated(avoided, race: 0)
        // 20 answered in (or not at all): the heat's 22 places take them all and exactly 2 maybes.
        #expect(inHeat.count == 22)
        #expect(inHeat.intersection(maybes).count == 2, "\(inHeat.intersection(maybes).count) maybes seated")
        let named = avoided.notes.flatMap { finding -> [String] in
            if case .seatedOnMaybe(let races, let names, let avoidedFlag) = finding, races == [0], avoidedFlag {
                return names
            }
            return []
        }
        #expect(Set(named) == Set(inHeat.intersection(maybes).compactMap { regatta.roster[$0]?.name }))
        // Allowed, maybes count like anyone: the 2 km's shared races decide, and whoever sits is named.
        let allowed = RegattaPlanner.plan(
            regatta, options: RegattaPlanOptions(iterations: 20_000, restarts: 1, maybes: .allow))
        let allowedMaybes = Self.seated(allowed, race: 0).intersection(maybes)
        #expect(allowed.score.maybeSeats == 0)
        #expect(avoided.score.maybeSeats == 2)
        let allowedNamed = allowed.notes.flatMap { finding -> [String] in
            if case .seatedOnMaybe(_, let names, false) = finding { return names }
            return []
        }
        #expect(Set(allowedNamed) == Set(allowedMaybes.compactMap { regatta.roster[$0]?.name }))
        // The option is part of what a plan's code was made from.
        #expect(avoided.fingerprint != allowed.fingerprint)
    }

    @Test func answersArePartOfThePlansInputs() throws {
        let plain = try Self.day()
        var answers = RegattaAnswers()
        answers.maybes[1] = ["Heat"]
        let withMaybe = try Self.day(answers: answers)
        #expect(plain.inputFingerprint != withMaybe.inputFingerprint)
        answers = RegattaAnswers(raceOuts: [1: ["Heat": .paddler]])
        #expect(try Self.day(answers: answers).inputFingerprint != plain.inputFingerprint)
        var injured = plain
        injured.roster[1]?.injuredUntil = try RegattaDay(parsing: "2026-06-13")
        #expect(injured.inputFingerprint != plain.inputFingerprint)
    }
}
