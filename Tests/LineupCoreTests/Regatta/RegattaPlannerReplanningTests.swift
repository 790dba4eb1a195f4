@testable import LineupCore
import Testing

/// The planner with crews already seated: `--keep-seated` keeps them, planning again right after writing a
/// plan changes nothing, and the explanations agree with the plan.
@Suite("The regatta planner: seated crews, planning again, explanations")
struct RegattaPlannerReplanningTests {
    typealias Fixture = RegattaPlannerSeatingTests

    /// A mixed race at 10:00 in a standard boat, already seated by hand and bow-heavy: the 20 heaviest of
    /// 12 women and 12 men (10 of each) in the rows from the front, heaviest first, a woman drumming and a
    /// man steering, two on the bench.
    static func seatedRace(availability: [PaddlerID: Availability] = [:]) throws -> Regatta {
        let roster = Fixture.roster(women: 12, men: 12, seed: 3)
        var regatta = try Fixture.regatta(
            roster, races: [("Mixed 200", "10:00", .idbfMixed, .standard)], availability: availability)
        let byWeight = { (ids: [PaddlerID]) in
            ids.sorted { (roster[$0]?.weightKg ?? 0, $0) > (roster[$1]?.weightKg ?? 0, $1) }
        }
        let women = byWeight(roster.keys.filter { roster[$0]?.sex == .female })
        let men = byWeight(roster.keys.filter { roster[$0]?.sex == .male })
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
        let paddlers = byWeight(Array(women.prefix(10)) + Array(men.prefix(10)))
        var placements = zip(paddlers, rowSeats).map { (paddler: $0, place: $1) }
        placements += [(women[10], .drummer), (men[10], .steerer)]
        placements += [(women[11], .bench(position: 1)), (men[11], .bench(position: 2))]
        regatta.boats[0].lineup = try Lineup(kind: .standard, placements: placements)
        return regatta
    }

    static let keepingSeated = RegattaPlanOptions(keepsSeated: true)

    @Test func keepSeatedLeavesAFullBoatExactlyAsItIs() throws {
        let regatta = try Self.seatedRace()
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        #expect(plan.changedBoats.isEmpty)
        #expect(plan.regatta.boats[0].lineup == regatta.boats[0].lineup)
    }

    @Test func keepSeatedOnlyFillsTheEmptySeats() throws {
        var regatta = try Self.seatedRace()
        var lineup = regatta.boats[0].lineup
        let leaving = try [#require(lineup[.left(row: 3)]), #require(lineup[.right(row: 3)])]
        for id in leaving {
            lineup.remove(id)
            lineup.appendToBench(id)
        }
        regatta.boats[0].lineup = lineup
        let planned = RegattaPlanner.plan(regatta, options: Self.keepingSeated).regatta.boats[0].lineup
        for seat in Place.seats(of: .standard) where lineup[seat] != nil {
            #expect(planned[seat] == lineup[seat], "\(seat) moved")
        }
        #expect(planned[.left(row: 3)] != nil && planned[.right(row: 3)] != nil)
    }

    @Test func keepSeatedDoesNotKeepSomeoneWhoIsNotThereAndSaysSo() throws {
        let seated = try Self.seatedRace()
        let lineup = seated.boats[0].lineup
        let away = try #require(lineup[.left(row: 2)])
        let regatta = try Self.seatedRace(availability: [away: .window(from: nil, until: TimeOfDay(parsing: "09:45"))])
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        let planned = plan.regatta.boats[0].lineup
        #expect(planned.place(of: away)?.isSeat != true)
        #expect(planned[.left(row: 2)] != nil)
        for seat in Place.seats(of: .standard) where seat != .left(row: 2) {
            #expect(planned[seat] == lineup[seat], "\(seat) moved")
        }
        #expect(
            !plan.unmet.contains { if case .lockedSeatUnavailable = $0 { true } else { false } }, "\(plan.unmet)")
        let name = try #require(regatta.roster[away]?.name)
        let notKept = plan.notes.flatMap { finding -> [PlanFinding.NotKept] in
            if case .seatsNotKept(_, let people) = finding { people } else { [] }
        }
        #expect(notKept.map(\.name) == [name], "\(plan.notes)")
        let leaves = try TimeOfDay(parsing: "09:45")
        #expect(notKept.first?.place == .left(row: 2) && notKept.first?.reason == .leaves(leaves))
    }

    /// Someone seated who is now inactive (injured, say) is not kept, and the plan says they are inactive,
    /// not absent.
    @Test func keepSeatedSaysAnInactivePaddlerIsInactive() throws {
        var regatta = try Self.seatedRace()
        let injured = try #require(regatta.boats[0].lineup[.right(row: 5)])
        regatta.roster[injured]?.isActive = false
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        let notKept = plan.notes.flatMap { finding -> [PlanFinding.NotKept] in
            if case .seatsNotKept(_, let people) = finding { people } else { [] }
        }
        #expect(notKept.map(\.reason) == [.inactive], "\(plan.notes)")
        #expect(plan.regatta.boats[0].lineup.place(of: injured)?.isSeat != true)
    }

    /// Kept seats leave holes apart (L1 and R9 here): a paddler who paddles on the right only fills the hole on
    /// the right, however far back it is, rather than staying on the bench for want of a right seat in front.
    @Test func keepSeatedFillsAHoleAtTheBackOnTheSideABenchPaddlerNeeds() throws {
        let seated = try Self.seatedRace()
        let lineup = seated.boats[0].lineup
        let front = try #require(lineup[.left(row: 1)])
        let back = try #require(lineup[.right(row: 9)])
        let bench = lineup.bench
        let sex = seated.roster[back]?.sex
        let filler = try #require(bench.first { seated.roster[$0]?.sex == sex })
        let gone = Availability.window(from: nil, until: try TimeOfDay(parsing: "09:00"))
        var away: [PaddlerID: Availability] = [front: gone, back: gone]
        for other in bench where other != filler { away[other] = gone }
        var regatta = try Self.seatedRace(availability: away)
        regatta.roster[filler]?.side = .right
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        let planned = plan.regatta.boats[0].lineup
        // The bench paddler who paddles on the right is seated on the right, and the stroke seat is not left
        // empty: a paddler from the back moves up and the crew is one short at the back. Moving a paddler
        // from the back to the front makes the boat plainly bow-heavier, so one exchange may level it
        // again; never more than that.
        let fillerSeat = try #require(planned.place(of: filler))
        #expect(fillerSeat.isSeat && !fillerSeat.isLeft, "\(fillerSeat)")
        #expect(planned[.left(row: 1)] != nil, "L1 left empty")
        #expect(planned[.left(row: 10)] == nil || planned[.right(row: 10)] == nil)
        let changes = seated.crewChanges(to: plan.regatta, boats: [0])
        #expect(changes.first?.moved.count ?? 0 <= 2 * PlanningModel.keptCrewExchangesForBalance + 1, "\(changes)")
        #expect(!plan.unmet.contains { if case .sidesShort = $0 { true } else { false } }, "\(plan.unmet)")
    }

    /// Keeping seated crews, a newcomer who paddles only on the left while the open seats are on the right
    /// takes the left seat of a kept paddler of either side, who crosses to the open right seat: the boat is
    /// full, nobody sits on a side they do not paddle, and only that one kept paddler moves.
    @Test func keepSeatedCrossesAKeptPaddlerOfEitherSideToSeatASidedNewcomer() throws {
        let seated = try Self.seatedRace()
        let lineup = seated.boats[0].lineup
        let gone = try #require(lineup[.right(row: 5)])
        let bench = lineup.bench
        let sex = seated.roster[gone]?.sex
        let filler = try #require(bench.first { seated.roster[$0]?.sex == sex })
        let away = Availability.window(from: nil, until: try TimeOfDay(parsing: "09:00"))
        var availability: [PaddlerID: Availability] = [gone: away]
        for other in bench where other != filler { availability[other] = away }
        var regatta = try Self.seatedRace(availability: availability)
        regatta.roster[filler]?.side = .left
        for id in lineup.placements.map(\.paddler) where id != filler { regatta.roster[id]?.side = .either }
        // All three of one weight, so the crossing changes no balance and nobody else needs to move.
        let partner = try #require(lineup[.left(row: 5)])
        let weight = regatta.roster[gone]?.weightKg
        regatta.roster[filler]?.weightKg = weight
        regatta.roster[partner]?.weightKg = weight
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        let planned = plan.regatta.boats[0].lineup
        let fillerSeat = try #require(planned.place(of: filler))
        #expect(fillerSeat.isLeft, "\(fillerSeat)")
        #expect(Place.seats(of: .standard).allSatisfy { planned[$0] != nil }, "a seat left empty")
        let keptMoved = lineup.placements.filter { $0.place.isSeat && $0.paddler != gone }.filter {
            planned.place(of: $0.paddler) != $0.place
        }
        #expect(keptMoved.count == 1, "\(keptMoved)")
        #expect(!plan.unmet.contains { if case .sidesShort = $0 { true } else { false } }, "\(plan.unmet)")
    }

    /// The steerer is gone and the only one able to steer paddles at L4. Kept in an unlocked seat, she moves to
    /// the helm (the plan says why, and fills her seat); in a locked seat she stays, and the plan says so,
    /// naming her and her seat, rather than that nobody able to steer is there.
    @Test(arguments: [false, true])
    func keepSeatedMovesTheAbleSteererFromARowSeatUnlessLocked(locked: Bool) throws {
        let seated = try Self.seatedRace()
        let lineup = seated.boats[0].lineup
        let steerer = try #require(lineup[.steerer])
        let able = try #require(lineup[.left(row: 4)])
        var regatta = try Self.seatedRace(availability: [
            steerer: .window(from: nil, until: try TimeOfDay(parsing: "09:00"))
        ])
        for id in regatta.roster.keys { regatta.roster[id]?.canSteer = id == able }
        if locked { regatta.boats[0].lineup.setLocked(true, seat: .left(row: 4)) }
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        let causes = (plan.unmet + plan.notes).compactMap { finding -> PlanFinding.AbleCause? in
            if case .endNotAble(_, _, .steerer, let cause) = finding { cause } else { nil }
        }
        let name = try #require(regatta.roster[able]?.name)
        let planned = plan.regatta.boats[0].lineup
        if locked {
            #expect(
                causes == [.keptInRows(races: [0], kept: [.init(name: name, place: .left(row: 4), isLocked: true)])],
                "\(plan.unmet) \(plan.notes)")
            #expect(planned[.left(row: 4)] == able)
        } else {
            #expect(causes.isEmpty, "\(plan.unmet) \(plan.notes)")
            #expect(planned[.steerer] == able)
            #expect(planned[.left(row: 4)] != nil)
        }
    }

    // MARK: - Planning again

    /// The larger regatta of the trials: 28 people, six races in three crew kinds, few able to drum or steer.
    static func larger(seed: UInt64) throws -> Regatta {
        var roster = Fixture.roster(women: 14, men: 14, seed: seed)
        for id in roster.keys { roster[id]?.canDrum = id % 7 == 0 }
        for id in roster.keys { roster[id]?.canSteer = id % 7 == 3 }
        return try Fixture.regatta(
            roster,
            races: [
                ("Mixed 200", "09:00", .idbfMixed, .standard), ("Women 200", "09:20", .women, .small),
                ("Open 500", "10:00", .open, .standard), ("Mixed 500", "10:40", .idbfMixed, .standard),
                ("Women 500", "11:30", .women, .small), ("Open 2000", "14:00", .open, .standard),
            ])
    }

    /// The score of the boats as they are, by the planner's order.
    static func startScore(_ regatta: Regatta, _ options: RegattaPlanOptions) -> PlanScore {
        let model = PlanningModel(regatta: regatta, options: options)
        return model.score(model.currentChoices())
    }

    @Test(arguments: 1...4)
    func planningAgainRightAfterWritingAPlanChangesNothing(seed: UInt64) throws {
        var regatta = try Self.larger(seed: seed)
        let options = RegattaPlanOptions(minimumRaces: 2, seed: seed)
        regatta.boats = RegattaPlanner.plan(regatta, options: options).regatta.boats
        let again = RegattaPlanner.plan(regatta, options: options)
        #expect(again.changedBoats.isEmpty, "seed \(seed): \(again.changedBoats)")
        #expect(again.regatta.boats == regatta.boats)
    }

    @Test(arguments: 1...8)
    func aSmallRegattaPlannedAgainAfterWritingIsLeftAsItIs(seed: UInt64) throws {
        var (regatta, options) = try RegattaPlannerTests.instance(seed: seed, people: 7, boats: 3)
        regatta.boats = RegattaPlanner.plan(regatta, options: options).regatta.boats
        #expect(RegattaPlanner.plan(regatta, options: options).changedBoats.isEmpty, "seed \(seed)")
    }

    @Test(arguments: 1...6)
    func thePlanIsNeverWorseThanTheBoatsAsTheyAre(seed: UInt64) throws {
        // Boats seated by one plan, then planned with other options and seeds, and one paddler gone: by the
        // planner's own order the proposal is at least as good as leaving the boats as they are.
        var regatta = try Self.larger(seed: seed)
        regatta.boats = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed)).regatta.boats
        for options in [
            RegattaPlanOptions(minimumRaces: 2, seed: seed + 1), RegattaPlanOptions(maximumRaces: 3, seed: seed + 2),
            RegattaPlanOptions(seed: seed + 3, iterations: 2_000, restarts: 1),
        ] {
            let plan = RegattaPlanner.plan(regatta, options: options)
            #expect(!(Self.startScore(regatta, options) < plan.score), "seed \(seed), \(options)")
        }
        regatta.availability[PaddlerID(seed)] = .absent
        let options = RegattaPlanOptions(seed: seed)
        #expect(!(Self.startScore(regatta, options) < RegattaPlanner.plan(regatta, options: options).score))
    }

    // MARK: - Explanations that agree with the plan

    /// A final copied from its heat 20 minutes after it: keeping seated crews keeps the heat's crew in the
    /// heat, the race first, and fills the final's seats with others, saying why, rather than keep the same
    /// people in both and break the regatta's gap.
    @Test func keepSeatedReleasesACopiedCrewTooSoonAfterItsHeat() throws {
        let roster = Fixture.roster(women: 0, men: 24)
        var regatta = try Fixture.regatta(
            roster, races: [("Heat", "09:00", .open, .small), ("Final", "09:20", .open, .small)])
        let rowSeats = Place.seats(of: .small).filter { $0.row != nil }
        let crew = Array(1...12).map { PaddlerID($0) }
        for boat in 0..<2 {
            var placements = [(paddler: crew[0], place: Place.drummer), (crew[1], .steerer)]
            placements += zip(crew.dropFirst(2), rowSeats).map { (paddler: $0, place: $1) }
            let benched = roster.keys.sorted().filter { !crew.contains($0) }
            placements += benched.enumerated().map { (paddler: $0.element, place: .bench(position: $0.offset + 1)) }
            regatta.boats[boat].lineup = try Lineup(kind: .small, placements: placements)
        }
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        #expect(plan.regatta.boats[0].lineup == regatta.boats[0].lineup, "the heat's crew moved")
        let final = plan.regatta.boats[1].lineup
        let finalCrew = Place.seats(of: .small).compactMap { final[$0] }
        #expect(finalCrew.count == 12)
        #expect(Set(finalCrew).isDisjoint(with: crew), "\(finalCrew)")
        #expect(!plan.unmet.contains { if case .restConflict = $0 { true } else { false } }, "\(plan.unmet)")
        let released = plan.notes.flatMap { finding -> [PlanFinding.ReleasedForRest] in
            if case .seatsReleasedForRest(let races, let people) = finding, races == [1] { people } else { [] }
        }
        #expect(released.count == 12 && released.allSatisfy { $0.race == 0 }, "\(plan.notes)")
    }

    @Test func aPlanProvenBestNeverSuggestsAnotherSeed() throws {
        // Two small boats 20 minutes apart, both seated, M12 in both, locked in both: the complete search
        // considers every plan, and the reason given for M12's short rest says so.
        let roster = Fixture.roster(women: 0, men: 24)
        var regatta = try Fixture.regatta(
            roster, races: [("Heat 1", "09:00", .open, .small), ("Heat 2", "09:20", .open, .small)])
        let rowSeats = Place.seats(of: .small).filter { $0.row != nil }
        let crews: [[PaddlerID]] = [Array(1...12), [13, 14, 12] + Array(15...23)]
        for (boat, crew) in crews.enumerated() {
            var placements = [(paddler: crew[0], place: Place.drummer), (crew[1], .steerer)]
            placements += zip(crew.dropFirst(2), rowSeats).map { (paddler: $0, place: $1) }
            let benched = roster.keys.sorted().filter { !crew.contains($0) }
            placements += benched.enumerated().map { (paddler: $0.element, place: .bench(position: $0.offset + 1)) }
            regatta.boats[boat].lineup = try Lineup(kind: .small, placements: placements)
            let seat = try #require(regatta.boats[boat].lineup.place(of: 12))
            regatta.boats[boat].lineup.setLocked(true, seat: seat)
        }
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true))
        // `PlanWords` says a cause of `.noWayFound` in a plan proven best without suggesting another seed.
        #expect(plan.isProvenBest && plan.options.keepsSeated)
        let causes = plan.unmet.compactMap { finding -> PlanFinding.RestCause?? in
            if case .restConflict(let conflict, let cause) = finding, conflict.paddler == 12, conflict.first == 0 {
                cause
            } else {
                nil
            }
        }
        #expect(causes == [.noWayFound], "\(plan.unmet)")
    }

    @Test func aWomensCrewShortIsNotExplainedByMen() throws {
        // 19 women and 12 men, an open race and then a women's race, one race each at most: the men fill the
        // open boat; the women's crew is short of women, and no man could have filled it.
        let regatta = try Fixture.regatta(
            Fixture.roster(women: 19, men: 12),
            races: [("Open 200", "09:00", .open, .small), ("Women 500", "11:00", .women, .standard)])
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(maximumRaces: 1))
        let cause = try #require(
            plan.notes.lazy.compactMap { if case .seatsFilled(races: [1], _, _, let cause) = $0 { cause } else { nil } }
                .first, "\(plan.notes)")
        if case .others(let whereabouts, let barred, let sided) = cause {
            let named = whereabouts.busy.flatMap(\.names) + whereabouts.capped + whereabouts.free + barred + sided
            #expect(whereabouts.capped.isEmpty && !named.contains { $0.hasPrefix("M") }, "\(cause)")
        }
    }

    @Test func aShortRestIsExplainedByTheCountThatBinds() throws {
        // Two women's crews 20 minutes apart: 20 people needed and 18 there, but the binding count is the
        // women: 16 paddlers needed, 12 there. Each woman racing both is explained by the women's count.
        let regatta = try Fixture.regatta(
            Fixture.roster(women: 12, men: 6),
            races: [("Women A", "09:00", .women, .small), ("Women B", "09:20", .women, .small)])
        let plan = RegattaPlanner.plan(regatta)
        let causes = plan.unmet.compactMap { finding -> PlanFinding.RestCause?? in
            if case .restConflict(let conflict, let cause) = finding, conflict.first == 0 { cause } else { nil }
        }
        #expect(!causes.isEmpty, "\(plan.unmet)")
        for cause in causes { #expect(cause == .tooFew(kind: .women, needed: 16, available: 12)) }
    }

    /// The drummer is absent and nobody free is able to drum, but a kept paddler in the rows is: keeping seated
    /// crews, the plan moves her to the drum (a coach's backup drummer) and says why, and fills her seat. With
    /// an able drummer on the bench, she stays where she sits.
    @Test(arguments: [false, true])
    func anAbleDrummerInTheRowsTakesTheDrumWhenNobodyFreeCan(benchDrummer: Bool) throws {
        let seated = try Self.seatedRace()
        let lineup = seated.boats[0].lineup
        let drummer = try #require(lineup[.drummer])
        let backup = try #require(lineup[.left(row: 4)])
        let onBench = try #require(lineup.bench.first)
        let away = Availability.window(from: nil, until: try TimeOfDay(parsing: "09:00"))
        var regatta = try Self.seatedRace(availability: [drummer: away])
        for id in regatta.roster.keys {
            regatta.roster[id]?.canDrum = id == backup || id == drummer || (benchDrummer && id == onBench)
        }
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        let planned = plan.regatta.boats[0].lineup
        let moves = plan.notes.flatMap { finding -> [PlanFinding.KeptMove] in
            if case .keptCrewMoved(_, let moves) = finding { moves } else { [] }
        }
        if benchDrummer {
            #expect(planned[.drummer] == onBench)
            #expect(planned[.left(row: 4)] == backup)
            #expect(!moves.contains { $0.to == .drummer }, "\(moves)")
        } else {
            #expect(planned[.drummer] == backup)
            #expect(planned[.left(row: 4)] != nil, "her seat left empty")
            let name = try #require(regatta.roster[backup]?.name)
            #expect(
                moves.contains {
                    $0
                        == PlanFinding.KeptMove(
                            name: name, from: .left(row: 4), to: .drummer, reason: .nobodyElseAble(end: .drummer))
                }, "\(moves)")
        }
        #expect(!plan.notes.contains { if case .endNotAble = $0 { true } else { false } }, "\(plan.notes)")
    }

    /// Keeping seated crews with six of the rows away and nobody on the bench there: the crew is short, and its
    /// cause counts the whole crew on both sides (16 there, kept ones included, where it needs 18: 16 paddlers,
    /// a drummer and a steerer). It counted the open places only: "16 people are available and it needs 2".
    @Test func aShortKeptCrewCountsTheWholeCrewInItsCause() throws {
        let seated = try Self.seatedRace()
        let lineup = seated.boats[0].lineup
        let gone = Availability.window(from: nil, until: try TimeOfDay(parsing: "09:00"))
        var away: [PaddlerID: Availability] = [:]
        for row in 5...7 {
            away[try #require(lineup[.left(row: row)])] = gone
            away[try #require(lineup[.right(row: row)])] = gone
        }
        for id in lineup.bench { away[id] = gone }
        let regatta = try Self.seatedRace(availability: away)
        let plan = RegattaPlanner.plan(regatta, options: Self.keepingSeated)
        let shortages = plan.unmet.compactMap { finding -> PlanFinding.Shortage? in
            if case .crewShort(_, _, let shortage) = finding { shortage } else { nil }
        }
        let shortage = try #require(shortages.first, "\(plan.unmet)")
        #expect(shortage.available == 16 && shortage.needed == 18, "\(shortage)")
        #expect(shortage.needs == .crew(lowest: 16, drummer: true, steerer: true))
        if case .tooFewThere = shortage.detail {} else { Issue.record("\(shortage.detail)") }
    }

    /// A women's crew short of women counts women on both sides: those there against the paddlers its rules
    /// need, not its drummer and steerer, whom a man may be (its rules do not count them).
    @Test func aShortWomensCrewCountsOnlyTheWomenItNeeds() throws {
        let roster = Fixture.roster(women: 14, men: 2, seed: 5)
        let rules = CrewRules(.women, kind: .standard)
        #expect(!rules.countsDrummerAndSteerer)
        let regatta = try Fixture.regatta(roster, races: [("Women 500", "10:00", .women, .standard)])
        let plan = RegattaPlanner.plan(regatta)
        let shortages = plan.unmet.compactMap { finding -> PlanFinding.Shortage? in
            if case .crewShort(_, _, let shortage) = finding { shortage } else { nil }
        }
        let shortage = try #require(shortages.first, "\(plan.unmet)")
        #expect(shortage.kind == .women)
        #expect(shortage.available == 14 && shortage.needed == rules.paddlers.lowerBound, "\(shortage)")
        #expect(shortage.needs == .crew(lowest: rules.paddlers.lowerBound, drummer: false, steerer: false))
    }
}
