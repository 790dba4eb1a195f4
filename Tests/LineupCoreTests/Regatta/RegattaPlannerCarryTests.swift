@testable import LineupCore
import Testing

/// The planner when crews carry from race to race: a re-plan after one change moves few people, and the
/// levelling keeps the seat roles the crew was seated by.
@Suite("The regatta planner: crews that carry, re-plans that move few people, seat roles")
struct RegattaPlannerCarryTests {
    typealias Fixture = RegattaPlannerSeatingTests

    /// 13 women and 13 men, a mixed heat at 09:00 and its final at 11:00, each in its own standard boat,
    /// seated by a first plan made freely (a levelled crew in each).
    static func seatedHeatAndFinal(seed: UInt64) throws -> (regatta: Regatta, options: RegattaPlanOptions) {
        let roster = Fixture.roster(women: 13, men: 13, seed: seed)
        var regatta = try Fixture.regatta(
            roster,
            races: [("Heat", "09:00", .idbfMixed, .standard), ("Final", "11:00", .idbfMixed, .standard)])
        let options = RegattaPlanOptions(seed: seed, iterations: 3_000, restarts: 1)
        regatta.boats = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed)).regatta.boats
        return (regatta, options)
    }

    /// The kept paddlers of `boat` (present before and after) who changed seat, and how many of them changed
    /// side.
    static func moved(_ before: Regatta, _ after: Regatta, boat: Int) -> (people: Int, sides: Int) {
        let moved = before.crewChanges(to: after, boats: [boat]).flatMap(\.moved)
        let sides = moved.filter { $0.from.row != nil && $0.to.row != nil && $0.from.isLeft != $0.to.isLeft }
        return (moved.count, sides.count)
    }

    /// One paddler of the heat arrives at 10:00, after the heat: the default re-plan (seated crews kept) fills
    /// their seat with one person from the bench and moves at most two of those present (one exchange, when
    /// the filled boat is plainly less level), each named with why; nobody else.
    @Test(arguments: 1...6)
    func aReplanAfterOneLateArrivalMovesAtMostOneExchange(seed: UInt64) throws {
        let (seated, options) = try Self.seatedHeatAndFinal(seed: seed)
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
        let late = try #require(seated.boats[0].lineup[rowSeats[Int(seed * 3) % rowSeats.count]])
        var regatta = seated
        regatta.availability[late] = .window(from: try TimeOfDay(parsing: "10:00"), until: nil)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true, seed: options.seed))
        let heat = plan.regatta.boats[0].lineup
        #expect(heat.place(of: late)?.isSeat != true)
        #expect(rowSeats.allSatisfy { heat[$0] != nil }, "a seat left empty")
        let (people, sides) = Self.moved(seated, plan.regatta, boat: 0)
        #expect(people <= 2 * PlanningModel.keptCrewExchangesForBalance, "seed \(seed): \(people) moved")
        #expect(sides <= 2, "seed \(seed): \(sides) changed side")
        let joined = seated.crewChanges(to: plan.regatta, boats: [0]).flatMap(\.joined)
        #expect(joined.count == 1, "seed \(seed): \(joined)")
        // Every kept paddler who moved is named with why.
        let explained = plan.notes.flatMap { finding -> [PlanFinding.KeptMove] in
            if case .keptCrewMoved(races: [0], let moves) = finding { moves } else { [] }
        }
        #expect(explained.count == people, "seed \(seed): \(plan.notes)")
        // The final, whose crew is all there, is left as it is.
        #expect(plan.regatta.boats[1].lineup == seated.boats[1].lineup)
    }

    /// One man of the heat arrives after it; on the bench, every man but one is of unknown weight: keeping
    /// seated crews, his seat is filled by someone of known weight (the score finds them all as good, and a
    /// filler counted as 0 kg says nothing of the balance). Before, the search's pick stayed, and a filler of
    /// unknown weight left a boat 94 kg off level.
    @Test(arguments: 1...6)
    func aHoleIsFilledBySomeoneOfKnownWeight(seed: UInt64) throws {
        var (regatta, _) = try Self.seatedHeatAndFinal(seed: seed)
        let heat = regatta.boats[0].lineup
        let men = heat.bench.filter { regatta.roster[$0]?.sex == .male }
        let known = try #require(men.last, "seed \(seed): no man on the bench")
        for man in men where man != known { regatta.roster[man]?.weightKg = nil }
        let late = try #require(
            Place.seats(of: .standard).filter { $0.row != nil }.compactMap { heat[$0] }.first {
                regatta.roster[$0]?.sex == .male
            })
        regatta.availability[late] = .window(from: try TimeOfDay(parsing: "10:00"), until: nil)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true, seed: seed))
        let filled = plan.regatta.boats[0].lineup
        let joined = Place.seats(of: .standard).compactMap { filled[$0] }.filter { heat.place(of: $0)?.isSeat != true }
        #expect(!joined.isEmpty, "seed \(seed): nobody joined")
        for person in joined {
            #expect(regatta.roster[person]?.weightKg != nil, "seed \(seed): \(regatta.roster[person]?.name ?? "")")
        }
    }

    // MARK: - A final copied from its heat

    /// The heat seated by a plan and the final copied from it (as `race add --copy-from` does), then one of
    /// that crew injured.
    static func copiedFinal(seed: UInt64) throws -> (regatta: Regatta, injured: PaddlerID) {
        var (regatta, _) = try seatedHeatAndFinal(seed: seed)
        regatta.boats[1].lineup = regatta.boats[0].lineup
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
        let injured = try #require(regatta.boats[0].lineup[rowSeats[Int(seed * 5) % rowSeats.count]])
        regatta.roster[injured]?.isActive = false
        return (regatta, injured)
    }

    /// Keeping seated crews, the injured paddler's seat is filled by the same person in the heat and the
    /// final, and the plan says the final keeps the heat's crew, every seat the same.
    @Test(arguments: 1...4)
    func aCopiedFinalFillsTheSameHoleWithTheSamePerson(seed: UInt64) throws {
        let (regatta, injured) = try Self.copiedFinal(seed: seed)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true, seed: seed))
        let heat = plan.regatta.boats[0].lineup
        let final = plan.regatta.boats[1].lineup
        #expect(heat.place(of: injured)?.isSeat != true)
        for seat in Place.seats(of: .standard) { #expect(heat[seat] == final[seat], "seed \(seed): \(seat) differs") }
        let carried = plan.notes.compactMap { finding -> [PlanFinding.CarryDifference]? in
            if case .crewCarried(races: [1], from: [0], let differences) = finding { differences } else { nil }
        }
        #expect(carried == [[]], "seed \(seed): \(plan.notes)")
    }

    /// One of the copied crew arrives after the heat: re-planned with seated crews kept, the heat's hole is
    /// filled and the final, all there, stays as it is; no levelling exchange in the heat moves people who sit
    /// in the same seats in the final, so the two crews differ in the filled seat alone (three re-plans like
    /// this one once left a final differing in 7 of 22 seats).
    @Test(arguments: 1...8)
    func levellingTheHeatNeverWidensTheGapToItsFinal(seed: UInt64) throws {
        var (regatta, _) = try Self.seatedHeatAndFinal(seed: seed)
        regatta.boats[1].lineup = regatta.boats[0].lineup
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
        let late = try #require(regatta.boats[0].lineup[rowSeats[Int(seed * 7) % rowSeats.count]])
        regatta.availability[late] = .window(from: try TimeOfDay(parsing: "10:00"), until: nil)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true, seed: seed))
        let heat = plan.regatta.boats[0].lineup
        let final = plan.regatta.boats[1].lineup
        #expect(final == regatta.boats[1].lineup)
        let apart = Place.seats(of: .standard).filter { heat[$0] != final[$0] }
        #expect(apart.count == 1, "seed \(seed): \(apart)")
    }

    /// Planned freely, the final still races the heat's crew: keeping the crew ranks above sharing the races
    /// evenly.
    @Test(arguments: 1...3)
    func aCopiedFinalPlannedFreelyKeepsTheHeatsCrew(seed: UInt64) throws {
        let (regatta, _) = try Self.copiedFinal(seed: seed)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed))
        let crews = (0..<2).map { boat in
            Set(Place.seats(of: .standard).compactMap { plan.regatta.boats[boat].lineup[$0] })
        }
        #expect(crews[0] == crews[1], "seed \(seed): \(crews[0].symmetricDifference(crews[1]))")
    }

    /// Planned freely, the final carrying its heat's crew sits as the heat does: the heat is seated again
    /// (one of its crew is injured) and the final, the same people, takes the heat's seats, every one.
    @Test(arguments: 1...3)
    func aCopiedFinalPlannedFreelySitsAsItsHeat(seed: UInt64) throws {
        let (regatta, injured) = try Self.copiedFinal(seed: seed)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed))
        let heat = plan.regatta.boats[0].lineup
        let final = plan.regatta.boats[1].lineup
        #expect(heat.place(of: injured)?.isSeat != true)
        for seat in Place.seats(of: .standard) { #expect(heat[seat] == final[seat], "seed \(seed): \(seat) differs") }
    }

    /// One of a copied crew is there for the heat only: planned freely, the final takes the heat's seats
    /// but for the one not there and the few who move to level it, and is not left far from level.
    @Test(arguments: 1...3)
    func aFinalPlannedFreelyWithoutOneOfTheHeatSitsAsTheHeatButForAFew(seed: UInt64) throws {
        var (regatta, _) = try Self.seatedHeatAndFinal(seed: seed)
        regatta.boats[1].lineup = regatta.boats[0].lineup
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
        let leaving = try #require(regatta.boats[0].lineup[rowSeats[Int(seed * 7) % rowSeats.count]])
        regatta.availability[leaving] = .window(from: nil, until: try TimeOfDay(parsing: "10:00"))
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed))
        let heat = plan.regatta.boats[0].lineup
        let final = plan.regatta.boats[1].lineup
        #expect(final.place(of: leaving)?.isSeat != true)
        let apart = Place.seats(of: .standard).filter { heat[$0] != final[$0] }
        #expect(apart.count <= 1 + OptimizerOptions.defaultMaxMoves, "seed \(seed): \(apart)")
        let farFromLevel = plan.notes.contains { if case .boatNotLevel = $0 { true } else { false } }
        #expect(!farFromLevel, "seed \(seed): \(plan.notes)")
    }

    /// One of a copied crew leaves before the final: planned freely he still races the heat he is there for,
    /// and the final fills his seat with one newcomer; the crews differ by those two alone (before, keeping
    /// the two crews identical ranked above his race, and he sat out the day).
    @Test(arguments: 1...3, [false, true])
    func aPaddlerLeavingBeforeTheFinalStillRacesTheHeatPlannedFreely(seed: UInt64, lateArrival: Bool) throws {
        var (regatta, _) = try Self.seatedHeatAndFinal(seed: seed)
        regatta.boats[1].lineup = regatta.boats[0].lineup
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
        let leaving = try #require(regatta.boats[0].lineup[rowSeats[Int(seed * 5) % rowSeats.count]])
        regatta.availability[leaving] = .window(from: nil, until: try TimeOfDay(parsing: "10:00"))
        // And one of the bench arrives after the heat: the final may take them, but never in the place of
        // someone of the heat who is there for it (a trial's semi dropped Cal, there all day, so).
        if lateArrival {
            let late = try #require(regatta.boats[0].lineup.bench.first)
            regatta.availability[late] = .window(from: try TimeOfDay(parsing: "10:00"), until: nil)
        }
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed))
        let crews = (0..<2).map { boat in
            Set(Place.seats(of: .standard).compactMap { plan.regatta.boats[boat].lineup[$0] })
        }
        #expect(crews[0].contains(leaving), "seed \(seed)")
        #expect(!crews[1].contains(leaving), "seed \(seed)")
        #expect(crews[0].subtracting(crews[1]) == [leaving], "seed \(seed)")
        #expect(crews[1].subtracting(crews[0]).count == 1, "seed \(seed)")
    }

    /// A crew nobody leaves, seated plainly off level (each side's heaviest in front): planned freely it is
    /// seated again and levelled, as `--replan-freely` promises; keeping seated crews it stays as it is.
    @Test(arguments: [false, true])
    func anUnchangedCrewFarFromLevelIsLevelledWhenPlannedFreely(keepsSeated: Bool) throws {
        var (regatta, _) = try Self.seatedHeatAndFinal(seed: 2)
        var heat = regatta.boats[0].lineup
        for left in [true, false] {
            let seats = (1...10).map { left ? Place.left(row: $0) : Place.right(row: $0) }
            let crew = seats.compactMap { heat[$0] }.sorted {
                (regatta.roster[$0]?.weightKg ?? 0) > (regatta.roster[$1]?.weightKg ?? 0)
            }
            for (seat, id) in zip(seats, crew) { heat.set(id, at: seat) }
        }
        regatta.boats[0].lineup = heat
        let weights = regatta.roster.compactMapValues(\.weightKg)
        func isHeavy(_ lineup: Lineup) -> Bool {
            BalanceVerdict(lineup: lineup, weights: weights, model: regatta.boats[0].balanceModel).axes.contains {
                $0.level == .heavy
            }
        }
        #expect(isHeavy(heat))
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: keepsSeated, seed: 2))
        let after = plan.regatta.boats[0].lineup
        if keepsSeated {
            #expect(after == heat)
            // Seated afresh from the same people it sits level, so planning freely is worth suggesting.
            let levels = plan.notes.compactMap { finding -> Bool? in
                if case .boatNotLevel(races: [0], _, _, _, let freely, _) = finding { freely } else { nil }
            }
            #expect(levels == [true], "\(plan.notes)")
        } else {
            #expect(!isHeavy(after), "\(plan.notes)")
            #expect(Set(after.placements.map(\.paddler)) == Set(heat.placements.map(\.paddler)))
        }
    }

    /// Ten light paddlers who paddle only on the left and ten heavy ones who paddle only on the right: no crew
    /// of them sits level, so the plan keeping them says that no level crew was found and suggests no way to
    /// level it (before, it suggested `--replan-freely` for every boat it kept off level).
    @Test func aCrewNoSeatingLevelsIsSaidToHaveNoLevelCrew() throws {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(PaddlerID, Place)] = []
        for index in 0..<22 {
            let id = PaddlerID(index + 1)
            let side: SidePreference = index < 10 ? .left : index < 20 ? .right : .either
            roster[id] = Paddler(
                id: id, name: "P\(index + 1)", weightKg: index < 10 ? 60 : index < 20 ? 95 : 70, sex: .female,
                side: side, canDrum: index == 20, canSteer: index == 21)
            let place: Place =
                index < 10
                ? .left(row: index + 1) : index < 20 ? .right(row: index - 9) : index == 20 ? .drummer : .steerer
            placements.append((id, place))
        }
        let rules = CrewRules(.women, kind: .standard)
        let regatta = Regatta(
            name: "Cup", date: "2026-06-13",
            races: [Regatta.Race(name: "Final", start: try TimeOfDay(parsing: "10:00"), boat: 0, rules: rules)],
            boats: [Regatta.Boat(name: "Cup: Final", lineup: try Lineup(kind: .standard, placements: placements))],
            roster: roster)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true))
        let levels = plan.notes.compactMap { finding -> Bool? in
            if case .boatNotLevel(_, _, _, _, let freely, _) = finding { freely } else { nil }
        }
        #expect(levels == [false], "\(plan.notes)")
    }

    /// A heat and the final copied from it, both boats empty, 30 people there all day (two able to steer,
    /// two able to drum, more than one crew): planned with seated crews kept or freely, the final races the
    /// heat's crew in the heat's seats, drum and helm too, and the plan says so.
    @Test(arguments: [true, false])
    func emptyLinkedBoatsAreSeatedAlike(keepsSeated: Bool) throws {
        let regatta = try Self.emptyHeatAndFinal()
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: keepsSeated, seed: 3))
        let heat = plan.regatta.boats[0].lineup
        let final = plan.regatta.boats[1].lineup
        #expect(heat.drummer != nil && heat.steerer != nil, "\(plan.unmet)")
        for seat in Place.seats(of: .standard) { #expect(heat[seat] == final[seat], "\(seat) differs") }
        #expect(
            plan.notes.contains(.crewCarried(races: [1], from: [0], differences: [])), "\(plan.notes)")
    }

    /// The drummer of a heat and its copied final, seated alike, is out for the day; the one other paddler able
    /// to drum paddles in both. Re-planned keeping seated crews, each boat takes her to the drum and makes the
    /// same levelling exchange, so the two still sit alike, each named with why. Before, the exchange was
    /// refused in the heat (it set it apart from the final, not re-seated yet) and in the final (apart from the
    /// heat), and both boats were left 17 to 34 kg off level. Planned freely, neither is left far from level.
    @Test(arguments: 1...3)
    func aDrummerOutForTheDayLeavesLinkedCrewsAlikeAndLevelledAlike(seed: UInt64) throws {
        let regatta = try Self.emptyHeatAndFinal()
        var seated = regatta
        seated.boats = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed)).regatta.boats
        let drummer = try #require(seated.boats[0].lineup.drummer)
        let backup = drummer == 1 ? PaddlerID(2) : PaddlerID(1)
        // The backup paddles in both boats: where the plan benched her, she takes the seat of R4's paddler.
        for boat in 0..<2 where seated.boats[boat].lineup.place(of: backup)?.row == nil {
            var lineup = seated.boats[boat].lineup
            let bench = try #require(lineup.bench.firstIndex(of: backup))
            lineup.bench[bench] = try #require(lineup[.right(row: 4)])
            lineup.set(backup, at: .right(row: 4))
            seated.boats[boat].lineup = lineup
        }
        #expect(seated.boats[0].lineup == seated.boats[1].lineup)
        seated.roster[drummer]?.isActive = false
        let kept = RegattaPlanner.plan(seated, options: RegattaPlanOptions(keepsSeated: true, seed: seed))
        let heat = kept.regatta.boats[0].lineup
        let final = kept.regatta.boats[1].lineup
        #expect(heat.drummer == backup && final.drummer == backup)
        for seat in Place.seats(of: .standard) { #expect(heat[seat] == final[seat], "seed \(seed): \(seat) differs") }
        // Filled, each boat is plainly off level (with these seeds); each made the same levelling exchange.
        let levelling = (0..<2).map { race in
            kept.notes.flatMap { finding -> [PlanFinding.KeptMove] in
                guard case .keptCrewMoved(races: [race], let moves) = finding else { return [] }
                return moves.filter { if case .toLevel = $0.reason { true } else { false } }
            }
        }
        #expect(!levelling[0].isEmpty && levelling[0] == levelling[1], "seed \(seed): \(kept.notes)")
        let free = RegattaPlanner.plan(seated, options: RegattaPlanOptions(seed: seed))
        let farFromLevel = free.notes.filter { if case .boatNotLevel = $0 { true } else { false } }
        #expect(farFromLevel.isEmpty, "seed \(seed): \(farFromLevel)")
    }

    /// A coach's race day (from a trial): 26 paddlers with seat roles and preferred rows, a heat and the final
    /// carrying its crew, Hal late for the heat, Ben gone before the final. The drummer, Dee, is then out for
    /// the day: re-planned keeping seated crews, the backup drummer goes to the drum and the same filler comes
    /// in in both boats, and each boat makes the same levelling exchange (Zoe and Val trade R5 and R8, every
    /// seat role kept where it is). The best exchange by the seat fit alone levels nothing, and before, both
    /// boats were left 15 to 17 kg stern-heavy ("far from level").
    @Test func aDrummerOutLevelsLinkedCrewsSeatedByRoles() throws {
        typealias Row = (
            name: String, kg: Double, sex: Sex, side: SidePreference, drums: Bool, steers: Bool, role: SeatRole,
            rows: ClosedRange<Int>?, prefers: ClosedRange<Int>?
        )
        let people: [Row] = [
            ("Al Ames", 88, .male, .left, false, false, .engine, nil, nil),
            ("Ben Boyd", 92, .male, .right, false, false, .engine, nil, nil),
            ("Cy Cole", 75, .male, .left, false, false, .stroke, nil, 1...2),
            ("Dan Dunn", 70, .male, .right, false, false, .stroke, nil, 1...2),
            ("Dee Beat", 58, .female, .either, true, false, .any, nil, nil),
            ("Dot Drum", 52, .female, .either, true, false, .any, nil, nil),
            ("Ed Egan", 95, .male, .left, false, false, .engine, 2...10, nil),
            ("Fin Ford", 84, .male, .right, false, false, .any, nil, nil),
            ("Gus Gray", 79, .male, .left, false, false, .any, nil, nil),
            ("Hal Hunt", 90, .male, .right, false, false, .engine, nil, nil),
            ("Ian Ivy", 73, .male, .left, false, false, .rear, nil, 9...10),
            ("Jon Judd", 77, .male, .right, false, false, .rear, nil, 9...10),
            ("Kim Kerr", 64, .female, .left, false, false, .stroke, nil, nil),
            ("Lea Lowe", 61, .female, .right, false, false, .stroke, nil, nil),
            ("Mae Moss", 68, .female, .left, false, false, .any, nil, nil),
            ("Nia Nash", 66, .female, .right, false, false, .any, nil, nil),
            ("Ola Orr", 72, .female, .left, false, false, .any, nil, nil),
            ("Pia Pratt", 70, .female, .right, false, false, .any, nil, nil),
            ("Rae Rust", 59, .female, .left, false, false, .any, 2...10, nil),
            ("Sid Steer", 82, .male, .either, false, true, .any, nil, nil),
            ("Sue Sloan", 63, .female, .right, false, false, .any, nil, nil),
            ("Tia Tate", 67, .female, .either, false, false, .any, nil, nil),
            ("Uma Uhl", 74, .female, .left, false, false, .any, nil, nil),
            ("Val Vance", 81, .male, .right, false, false, .any, nil, nil),
            ("Wes West", 86, .male, .either, false, false, .any, nil, nil),
            ("Zoe Zane", 62, .female, .right, false, false, .any, nil, nil),
        ]
        let heatSeats: [(String, String)] = [
            ("Dee Beat", "D"), ("Cy Cole", "L1"), ("Tia Tate", "R1"), ("Kim Kerr", "L2"), ("Dan Dunn", "R2"),
            ("Mae Moss", "L3"), ("Ben Boyd", "R3"), ("Wes West", "L4"), ("Fin Ford", "R4"), ("Al Ames", "L5"),
            ("Zoe Zane", "R5"), ("Gus Gray", "L6"), ("Jon Judd", "R6"), ("Ola Orr", "L7"), ("Pia Pratt", "R7"),
            ("Rae Rust", "L8"), ("Val Vance", "R8"), ("Uma Uhl", "L9"), ("Nia Nash", "R9"), ("Ian Ivy", "L10"),
            ("Dot Drum", "R10"), ("Sid Steer", "S"),
        ]
        let heatBench = ["Ed Egan", "Lea Lowe", "Sue Sloan"]
        let finalSeats: [(String, String)] = [
            ("Dee Beat", "D"), ("Cy Cole", "L1"), ("Tia Tate", "R1"), ("Kim Kerr", "L2"), ("Dan Dunn", "R2"),
            ("Mae Moss", "L3"), ("Wes West", "R3"), ("Ed Egan", "L4"), ("Fin Ford", "R4"), ("Al Ames", "L5"),
            ("Zoe Zane", "R5"), ("Gus Gray", "L6"), ("Hal Hunt", "R6"), ("Ola Orr", "L7"), ("Pia Pratt", "R7"),
            ("Rae Rust", "L8"), ("Val Vance", "R8"), ("Uma Uhl", "L9"), ("Nia Nash", "R9"), ("Ian Ivy", "L10"),
            ("Dot Drum", "R10"), ("Sid Steer", "S"),
        ]
        let finalBench = ["Jon Judd", "Lea Lowe", "Sue Sloan"]
        var roster: [PaddlerID: Paddler] = [:]
        var id: [String: PaddlerID] = [:]
        for (index, person) in people.enumerated() {
            let paddler = PaddlerID(index + 1)
            id[person.name] = paddler
            roster[paddler] = Paddler(
                id: paddler, name: person.name, weightKg: person.kg, sex: person.sex, side: person.side,
                canDrum: person.drums, canSteer: person.steers, role: person.role, rows: person.rows.map { RowSet($0) },
                preferredRows: person.prefers.map { RowSet($0) })
        }
        func lineup(_ seats: [(String, String)], bench: [String]) throws -> Lineup {
            var placements = try seats.map { seat -> (PaddlerID, Place) in
                guard case .place(let place) = try PlaceReference(parsing: seat.1, kind: .standard) else {
                    throw LineupError.emptyPlace
                }
                return (try #require(id[seat.0]), place)
            }
            placements += try bench.enumerated().map { (try #require(id[$1]), Place.bench(position: $0 + 1)) }
            return try Lineup(kind: .standard, placements: placements)
        }
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let regatta = Regatta(
            name: "Harbour Cup", date: "2026-06-13",
            races: [
                Regatta.Race(name: "Heat", start: try TimeOfDay(parsing: "09:00"), boat: 0, rules: rules),
                Regatta.Race(
                    name: "Final", start: try TimeOfDay(parsing: "11:30"), boat: 1, rules: rules,
                    carriesCrewOf: "Heat"),
            ],
            boats: [
                Regatta.Boat(name: "Harbour Cup: Heat", lineup: try lineup(heatSeats, bench: heatBench)),
                Regatta.Boat(name: "Harbour Cup: Final", lineup: try lineup(finalSeats, bench: finalBench)),
            ],
            roster: roster,
            availability: [
                try #require(id["Dee Beat"]): .absent,
                try #require(id["Hal Hunt"]): .window(from: try TimeOfDay(parsing: "09:30"), until: nil),
                try #require(id["Ben Boyd"]): .window(from: nil, until: try TimeOfDay(parsing: "11:00")),
            ])
        let kept = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true))
        let farFromLevel = kept.notes.filter { if case .boatNotLevel = $0 { true } else { false } }
        #expect(farFromLevel.isEmpty, "\(farFromLevel)")
        let heat = kept.regatta.boats[0].lineup
        let final = kept.regatta.boats[1].lineup
        #expect(heat.drummer == id["Dot Drum"] && final.drummer == id["Dot Drum"])
        #expect(heat[.right(row: 5)] == id["Val Vance"] && heat[.right(row: 8)] == id["Zoe Zane"], "\(kept.notes)")
        #expect(final[.right(row: 5)] == id["Val Vance"] && final[.right(row: 8)] == id["Zoe Zane"], "\(kept.notes)")
        // Everyone else kept sits where they sat.
        let moved = regatta.crewChanges(to: kept.regatta, boats: [0, 1]).flatMap(\.moved).map(\.paddler)
        let expected = Set(["Dot Drum", "Val Vance", "Zoe Zane"].compactMap { id[$0] })
        #expect(Set(moved).isSubset(of: expected), "\(moved)")
    }

    /// A coach's club of 24 (from a trial): everyone paddles one side but Gina, seat roles and rows as a coach
    /// sets them; the final in the coach's boat and the heat copied from it, seated alike; Omar (L6) leaves
    /// before the final. Planned freely, the final is levelled within 8 moves of the heat's seats (before,
    /// the optimizer's 30 restarts stopped at 65 kg bow-heavy where 8 moves reach 2 kg); keeping seated crews,
    /// too, by moves of its kept crew, each named.
    /// The club of `aFinalOfOneSidedPaddlersShortOfOneIsLevelledWhenPlannedFreely`, each side seated in the
    /// coach's order, or each side's heaviest in front (`heavyFirst`: the heat plainly bow-heavy), and Omar.
    static func summerCup(heavyFirst: Bool = false) throws -> (regatta: Regatta, omar: PaddlerID) {
        typealias Row = (
            name: String, kg: Double, sex: Sex, side: SidePreference, role: SeatRole, rows: ClosedRange<Int>?,
            prefers: ClosedRange<Int>?
        )
        let people: [Row] = [
            ("Anna", 58, .female, .left, .stroke, 1...2, nil), ("Beth", 62, .female, .right, .stroke, 1...2, nil),
            ("Carla", 65, .female, .left, .stroke, nil, 1...2), ("Dina", 60, .female, .right, .any, 2...10, nil),
            ("Erin", 70, .female, .left, .any, nil, nil), ("Fiona", 68, .female, .right, .any, nil, nil),
            ("Gina", 64, .female, .either, .any, nil, nil), ("Hope", 72, .female, .left, .stroke, 1...2, nil),
            ("Iris", 59, .female, .right, .rear, nil, 9...10), ("Jane", 66, .female, .left, .any, nil, nil),
            ("Kara", 63, .female, .right, .any, nil, nil), ("Lena", 55, .female, .either, .any, nil, nil),
            ("Mark", 82, .male, .left, .any, nil, nil), ("Nick", 88, .male, .right, .any, nil, nil),
            ("Omar", 91, .male, .left, .engine, 2...10, nil), ("Paul", 85, .male, .right, .any, nil, nil),
            ("Ravi", 79, .male, .left, .any, nil, nil), ("Sean", 94, .male, .right, .engine, 3...10, nil),
            ("Tom", 76, .male, .left, .rear, 8...10, nil), ("Uwe", 90, .male, .right, .engine, nil, 4...6),
            ("Vic", 83, .male, .left, .any, nil, nil), ("Walt", 87, .male, .right, .any, nil, nil),
            ("Yuri", 78, .male, .either, .any, nil, nil), ("Zoe", 52, .female, .either, .any, nil, nil),
        ]
        var roster: [PaddlerID: Paddler] = [:]
        var id: [String: PaddlerID] = [:]
        for (index, person) in people.enumerated() {
            let paddler = PaddlerID(index + 1)
            id[person.name] = paddler
            roster[paddler] = Paddler(
                id: paddler, name: person.name, weightKg: person.kg, sex: person.sex, side: person.side,
                canDrum: ["Lena", "Zoe"].contains(person.name), canSteer: person.name == "Yuri", role: person.role,
                rows: person.rows.map { RowSet($0) }, preferredRows: person.prefers.map { RowSet($0) })
        }
        var left = ["Anna", "Hope", "Ravi", "Mark", "Vic", "Omar", "Erin", "Tom", "Jane", "Carla"]
        var right = ["Nick", "Beth", "Sean", "Uwe", "Gina", "Paul", "Dina", "Fiona", "Iris", "Walt"]
        if heavyFirst {
            let kg = Dictionary(uniqueKeysWithValues: people.map { ($0.name, $0.kg) })
            left.sort { kg[$0, default: 0] > kg[$1, default: 0] }
            right.sort { kg[$0, default: 0] > kg[$1, default: 0] }
        }
        var placements: [(PaddlerID, Place)] = []
        for row in 1...10 {
            placements.append((try #require(id[left[row - 1]]), .left(row: row)))
            placements.append((try #require(id[right[row - 1]]), .right(row: row)))
        }
        placements += [
            (try #require(id["Lena"]), .drummer), (try #require(id["Yuri"]), .steerer),
            (try #require(id["Kara"]), .bench(position: 1)), (try #require(id["Zoe"]), .bench(position: 2)),
        ]
        let lineup = try Lineup(kind: .standard, placements: placements)
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let omar = try #require(id["Omar"])
        let regatta = Regatta(
            name: "Summer Cup", date: "2026-07-11",
            races: [
                Regatta.Race(name: "Final", start: try TimeOfDay(parsing: "14:00"), boat: 0, rules: rules),
                Regatta.Race(
                    name: "Heat", start: try TimeOfDay(parsing: "10:00"), boat: 1, rules: rules,
                    carriesCrewOf: "Final"),
            ],
            boats: [
                Regatta.Boat(name: "Mixed A", lineup: lineup), Regatta.Boat(name: "Summer Cup: Heat", lineup: lineup),
            ],
            roster: roster, availability: [omar: .window(from: nil, until: try TimeOfDay(parsing: "14:00"))])
        return (regatta, omar)
    }

    @Test func aFinalOfOneSidedPaddlersShortOfOneIsLevelledWhenPlannedFreely() throws {
        let (regatta, _) = try Self.summerCup()
        func farFromLevel(_ plan: RegattaPlan) -> [PlanFinding] {
            // The final is the second race of the day.
            plan.notes.filter { if case .boatNotLevel(races: [1], _, _, _, _, _) = $0 { true } else { false } }
        }
        // Keeping seated crews, the final is levelled too, by the fewest moves (at most 8) of its kept crew,
        // each named with why; before, it was left plainly off level with a hint to plan freely.
        let kept = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true))
        #expect(farFromLevel(kept).isEmpty, "\(kept.notes)")
        let keptMoves = kept.notes.flatMap { finding -> [PlanFinding.KeptMove] in
            if case .keptCrewMoved(races: [1], let moves) = finding { moves } else { [] }
        }
        // Carla closes the hole Omar leaves in front; up to 8 more move to level the boat.
        let toLevel = keptMoves.filter { if case .toLevel = $0.reason { true } else { false } }
        #expect(!toLevel.isEmpty && toLevel.count <= OptimizerOptions.defaultMaxMoves, "\(keptMoves)")
        #expect(
            keptMoves.allSatisfy { move in
                if case .toLevel = move.reason { true } else { move.reason == .holeInFront }
            }, "\(keptMoves)")
        #expect(kept.regatta.boats[1].lineup == regatta.boats[1].lineup, "the heat, all there, is left as it is")
        // The heat, a copy, differs from the final where Omar is not there for the final: he is named the cause.
        let carried = kept.notes.flatMap { finding -> [PlanFinding.CarryDifference] in
            if case .crewCarried(_, _, let differences) = finding { differences } else { [] }
        }
        #expect(carried.compactMap(\.away) == ["Omar"], "\(carried)")
        let free = RegattaPlanner.plan(regatta, options: RegattaPlanOptions())
        #expect(farFromLevel(free).isEmpty, "\(free.notes)")
        let heat = free.regatta.boats[1].lineup
        let final = free.regatta.boats[0].lineup
        // Omar's seat, the seat the one who fills it left, and the seats of those moved to level it.
        let apart = Place.seats(of: .standard).filter { heat[$0] != final[$0] }
        #expect(apart.count <= 2 + OptimizerOptions.defaultMaxMoves, "\(apart)")
    }

    /// The same club with the heat seated plainly bow-heavy (each side's heaviest in front) and Omar leaving
    /// before the final: keeping seated crews, the final short of him is levelled back to no further off than
    /// the heat plus the plainly-off step, by at most 8 moves (before, levelling waited for a level heat, and
    /// such copies were left 43-59 kg off).
    @Test func aCopyOfACrewSeatedOffLevelIsLevelledBackToIt() throws {
        let (regatta, omar) = try Self.summerCup(heavyFirst: true)
        let weights = regatta.roster.compactMapValues(\.weightKg)
        func kg(_ lineup: Lineup, _ boat: Int) -> Double {
            let model = regatta.boats[boat].balanceModel
            return lineup.balanceMoments(weights: weights, model: model).imbalanceKg(model, kind: lineup.kind)
        }
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true))
        let heat = plan.regatta.boats[1].lineup
        let final = plan.regatta.boats[0].lineup
        #expect(final.place(of: omar)?.isSeat != true)
        #expect(heat == regatta.boats[1].lineup, "the heat, all there, is left as it is")
        #expect(
            kg(final, 0) < kg(heat, 1) + AxisVerdict.slightlyBelowKg,
            "final \(kg(final, 0)) kg, heat \(kg(heat, 1)) kg: \(plan.notes)")
        let apart = Place.seats(of: .standard).filter { heat[$0] != final[$0] }
        #expect(apart.count <= 2 + OptimizerOptions.defaultMaxMoves, "\(apart)")
    }

    /// A heat and the final copied from it, both boats empty (everyone on the bench, as `race add` makes a
    /// boat), 30 people there all day: two able to steer, `drummers` able to drum.
    static func emptyHeatAndFinal(drummers: ClosedRange<Int> = 1...2) throws -> Regatta {
        var roster: [PaddlerID: Paddler] = [:]
        for index in 1...30 {
            let id = PaddlerID(index)
            roster[id] = Paddler(
                id: id, name: "Paddler \(index)", weightKg: 55 + Double(index * 37 % 40),
                side: index % 5 == 0 ? .left : index % 7 == 0 ? .right : .either, canDrum: drummers.contains(index),
                canSteer: (3...4).contains(index))
        }
        // Everyone on the bench of each boat, as `race add` makes its boat.
        let bench = try Lineup(
            kind: .standard, placements: (1...30).map { (PaddlerID($0), Place.bench(position: $0)) })
        let boats = ["Heat", "Final"].map { Regatta.Boat(name: "Cup: \($0)", lineup: bench) }
        let races = [
            Regatta.Race(
                name: "Heat", start: try TimeOfDay(parsing: "09:00"), boat: 0, rules: CrewRules(.open, kind: .standard)),
            Regatta.Race(
                name: "Final", start: try TimeOfDay(parsing: "11:00"), boat: 1,
                rules: CrewRules(.open, kind: .standard),
                carriesCrewOf: "Heat"),
        ]
        return Regatta(name: "Cup", date: "2026-06-13", races: races, boats: boats, roster: roster)
    }

    /// The final, a copy of its heat, has L1 and L2 exchanged and locked there: planned freely, the heat is
    /// seated around those locks too, so the two sit alike, every seat.
    @Test(arguments: 1...3)
    func aLinkedBoatsLockedSeatsAreCopiedByTheBoatsSeatedBeforeIt(seed: UInt64) throws {
        var (regatta, _) = try Self.seatedHeatAndFinal(seed: seed)
        var final = regatta.boats[0].lineup
        let (first, second) = (final[.left(row: 1)], final[.left(row: 2)])
        final.set(second, at: .left(row: 1))
        final.set(first, at: .left(row: 2))
        final.setLocked(true, seat: .left(row: 1))
        final.setLocked(true, seat: .left(row: 2))
        regatta.boats[1].lineup = final
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed))
        let heat = plan.regatta.boats[0].lineup
        let planned = plan.regatta.boats[1].lineup
        #expect(heat[.left(row: 1)] == second && heat[.left(row: 2)] == first)
        for seat in Place.seats(of: .standard) { #expect(heat[seat] == planned[seat], "seed \(seed): \(seat) differs") }
    }

    /// Two boats seated by a plan with different crews are no copies: neither carries on the other.
    @Test func boatsSeatedApartCarryNothing() throws {
        let (regatta, _) = try Self.seatedHeatAndFinal(seed: 2)
        #expect(PlanningModel(regatta: regatta, options: RegattaPlanOptions()).carries.isEmpty)
    }

    // MARK: - Seat roles

    /// 26 paddlers, of whom 4 stroke, 12 engine and 4 rear paddlers: exactly the seats a standard boat wants
    /// each role in (rows 1–2, 3–8, 9–10), the rest without a role.
    static func roleRegatta(seed: UInt64, strokes: Int = 4) throws -> Regatta {
        var roster = Fixture.roster(women: 13, men: 13, seed: seed)
        let ids = roster.keys.sorted()
        var random = SeededRandomGenerator(seed: seed)
        let shuffled = ids.shuffled(using: &random)
        for id in shuffled.prefix(strokes) { roster[id]?.role = .stroke }
        for id in shuffled.dropFirst(strokes).prefix(12) { roster[id]?.role = .engine }
        for id in shuffled.dropFirst(strokes + 12).prefix(4) { roster[id]?.role = .rear }
        return try Fixture.regatta(roster, races: [("Open 500", "10:00", .open, .standard)])
    }

    /// The roles of `lineup` as `lineup check` notes them: who sits in a row not wanted for their role.
    static func roleMismatches(_ regatta: Regatta, _ lineup: Lineup) -> [String] {
        lineup.check(regatta.races[0].rules, roster: regatta.roster, wantedRoles: regatta.boats[0].wantedRoles)
            .compactMap { finding in
                if case .roleMismatch(let name, _, _, _) = finding.kind { name } else { nil }
            }.sorted()
    }

    /// The levelling keeps the roles the crew was seated by: with every role paddler in the crew and room for
    /// each, `check` notes no role out of its rows, and the plan says nothing of one either.
    @Test(arguments: 1...4)
    func levellingKeepsTheSeatRoles(seed: UInt64) throws {
        let regatta = try Self.roleRegatta(seed: seed)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed))
        let lineup = plan.regatta.boats[0].lineup
        let seatedRoles = Place.seats(of: .standard).filter { $0.row != nil }.compactMap { lineup[$0] }.filter {
            regatta.roster[$0]?.role != .any
        }
        // The crew takes every role paddler only when the search prefers them: the test holds for those seated.
        #expect(!seatedRoles.isEmpty)
        #expect(Self.roleMismatches(regatta, lineup) == [], "seed \(seed)")
        #expect(!plan.notes.contains { if case .seatFitMissed = $0 { true } else { false } }, "\(plan.notes)")
    }

    /// With more stroke paddlers than the stroke rows have seats, some sit elsewhere: the plan names exactly
    /// those `check` notes, so that it never says everything is met while `check` finds a role out of place.
    @Test(arguments: 1...3)
    func rolesThePlanCannotMeetAreTheOnesCheckNotes(seed: UInt64) throws {
        let regatta = try Self.roleRegatta(seed: seed, strokes: 8)
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(seed: seed))
        let lineup = plan.regatta.boats[0].lineup
        let noted = Self.roleMismatches(regatta, lineup)
        let said = plan.notes.flatMap { finding -> [String] in
            if case .seatFitMissed(_, let misses) = finding { misses.filter { $0.role != nil }.map(\.name) } else { [] }
        }
        #expect(!noted.isEmpty, "seed \(seed): 8 stroke paddlers in 4 stroke seats")
        #expect(said.sorted() == noted, "seed \(seed): \(plan.notes)")
    }
}

/// The filler of a hole among those the score finds equally good, the boat left far from level named, and the
/// link a copied final keeps to its heat.
@Suite("The regatta planner: fillers that level the boat, stored carry links")
struct RegattaPlannerFillerTests {
    /// A standard boat seated by hand: 20 paddlers of 70 kg but two of 79 kg at L5 and R5, a drummer and a
    /// steerer, racing `races` (a copy of the same lineup for each, the later ones linked to the first when
    /// `linked`); on the bench three who have raced as often as each other (never): 95, 78 and 80 kg, named so
    /// that the heaviest comes `heavyFirst` or last in name order. The 79 kg at L5 is out for the day. `chained`:
    /// each race after the first linked to the one before it (a chain of copies) rather than to the first.
    static func regatta(
        races: Int = 1, linked: Bool = true, chained: Bool = false, heavyFirst: Bool, onlyHeavy: Bool = false
    ) throws
        -> (regatta: Regatta, heavy: PaddlerID)
    {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        var next = 1
        func add(_ name: String, _ kg: Double, at place: Place, drums: Bool = false, steers: Bool = false) -> PaddlerID
        {
            let id = PaddlerID(next)
            next += 1
            roster[id] = Paddler(id: id, name: name, weightKg: kg, sex: .male, canDrum: drums, canSteer: steers)
            placements.append((id, place))
            return id
        }
        _ = add("Drummer", 55, at: .drummer, drums: true)
        _ = add("Steerer", 80, at: .steerer, steers: true)
        for row in 1...10 {
            _ = add("Crew L\(row)", row == 5 ? 79 : 70, at: .left(row: row))
            _ = add("Crew R\(row)", row == 5 ? 79 : 70, at: .right(row: row))
        }
        let heavy = add(heavyFirst ? "Aa Heavy" : "Zz Heavy", 95, at: .bench(position: 1))
        if !onlyHeavy {
            _ = add("Mm Light", 78, at: .bench(position: 2))
            _ = add("Nn Light", 80, at: .bench(position: 3))
        }
        let lineup = try Lineup(kind: .standard, placements: placements)
        let names = ["Heat", "Semi", "Final", "Grand final"]
        let boats = (0..<races).map { Regatta.Boat(name: "Cup: \(names[$0])", lineup: lineup) }
        let planned = try (0..<races).map { index in
            Regatta.Race(
                name: names[index], start: try TimeOfDay(parsing: "\(9 + 2 * index):00"), boat: index,
                rules: CrewRules(.open, kind: .standard),
                carriesCrewOf: linked && index > 0 ? names[chained ? index - 1 : 0] : nil)
        }
        let out = try #require(lineup[.left(row: 5)])
        return (
            Regatta(
                name: "Cup", date: "2026-06-13", races: planned, boats: boats, roster: roster,
                availability: [out: .absent]),
            heavy
        )
    }

    /// Keeping seated crews, without the optimizer's levelling after: the filler stays in the hole, so the
    /// tests see whom the plan chose (the crew seated by hand trims as it does; the optimizer would trade list
    /// for trim).
    static let filling = RegattaPlanOptions(keepsSeated: true, balances: false)

    /// Who sits in L5 of each boat after the plan.
    static func fillers(_ plan: RegattaPlan) -> [PaddlerID?] { plan.regatta.boats.map { $0.lineup[.left(row: 5)] } }

    /// Keeping seated crews, the hole at L5 is filled by a light paddler, never the 95 kg one, whichever comes
    /// first in the search's order; in a heat and its final by the same person, and in a chain of four copies
    /// (each linked only to the one before it, so no boat's own links reach all of them) too; and the plan
    /// leaves no boat listing far enough to say so.
    @Test(arguments: [(1, true), (1, false), (2, true), (2, false), (4, true), (4, false)])
    func theFillerLevelsTheBoatAmongThoseEquallyGood(races: Int, heavyFirst: Bool) throws {
        let (regatta, heavy) = try Self.regatta(races: races, chained: races > 2, heavyFirst: heavyFirst)
        let plan = RegattaPlanner.plan(regatta, options: Self.filling)
        let fillers = Self.fillers(plan)
        #expect(fillers.allSatisfy { $0 != nil && $0 != heavy }, "\(fillers)")
        #expect(Set(fillers).count == 1, "\(fillers)")
        // The crew seated by hand may trim as it does; the filler decides the list alone.
        let listing = plan.unmet.contains { finding in
            if case .boatNotLevel(_, _, let axes, _, _, _) = finding {
                axes.contains { $0.axis == .leftRight }
            } else {
                false
            }
        }
        #expect(!listing, "\(plan.unmet)")
    }

    /// With only the 95 kg paddler to fill the hole, the boat is left far from level, and the plan says so,
    /// naming the boat and how it lists, rather than reading as meeting everything.
    @Test func aBoatLeftFarFromLevelIsNamedWithItsImbalance() throws {
        let (regatta, heavy) = try Self.regatta(heavyFirst: true, onlyHeavy: true)
        let plan = RegattaPlanner.plan(regatta, options: Self.filling)
        #expect(Self.fillers(plan) == [heavy])
        // A note (balance is no rule of the regatta), and the verdict no longer says everything is met.
        let notLevel = plan.notes.compactMap { finding -> (String, [AxisVerdict])? in
            if case .boatNotLevel(races: [0], let boat, let axes, _, _, _) = finding { (boat, axes) } else { nil }
        }
        #expect(notLevel.count == 1, "\(plan.notes)")
        #expect(notLevel.first?.0 == "Cup: Heat")
        #expect(plan.unmet.isEmpty, "\(plan.unmet)")
        let list = try #require(notLevel.first?.1.first { $0.axis == .leftRight })
        #expect(list.level == .heavy && list.heavierEnd == .left, "\(list)")
    }

    /// Two races everyone is there for, the final's boat with every row's left and right paddlers crossed
    /// (drum and helm as the heat's), the races linked by the store or not.
    static func finalWithEveryRowCrossed(linked: Bool) throws -> Regatta {
        var (regatta, _) = try regatta(races: 2, linked: linked, heavyFirst: false)
        regatta.availability = [:]
        var final = regatta.boats[1].lineup
        for row in 1...10 {
            let (left, right) = (final[.left(row: row)], final[.right(row: row)])
            final.set(right, at: .left(row: row))
            final.set(left, at: .right(row: row))
        }
        regatta.boats[1].lineup = final
        return regatta
    }

    /// A final linked to its heat by the store keeps the link however far the two crews drifted apart (here
    /// every row seat differs: far past what the seats alone would tell), and the plan lists what differs; with
    /// no link stored, the same boats carry nothing.
    @Test(arguments: [true, false])
    func aStoredLinkOutlastsTheSeats(linked: Bool) throws {
        let regatta = try Self.finalWithEveryRowCrossed(linked: linked)
        let model = PlanningModel(regatta: regatta, options: RegattaPlanOptions(keepsSeated: true))
        #expect(model.carries.map { [$0.earlier, $0.later] } == (linked ? [[0, 1]] : []))
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true))
        let differences = plan.notes.compactMap { finding -> [PlanFinding.CarryDifference]? in
            if case .crewCarried(races: [1], from: [0], let differences) = finding { differences } else { nil }
        }
        #expect(differences.map(\.count) == (linked ? [20] : []), "\(plan.notes)")
    }

    /// A stored link between boats whose crews share no seat at all (every row seat crossed, drum and helm
    /// exchanged), kept as seated: the plan says the final keeps none of the heat's seats, never that it
    /// "keeps the crew" but for every seat.
    @Test func aLinkedBoatSharingNoSeatIsSaidToKeepNone() throws {
        var regatta = try Self.finalWithEveryRowCrossed(linked: true)
        var final = regatta.boats[1].lineup
        let (drummer, steerer) = (final.drummer, final.steerer)
        final.set(steerer, at: .drummer)
        final.set(drummer, at: .steerer)
        regatta.boats[1].lineup = final
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true))
        #expect(plan.notes.contains(.crewNotCarried(races: [1], from: [0], away: [])), "\(plan.notes)")
        #expect(!plan.notes.contains { if case .crewCarried = $0 { true } else { false } }, "\(plan.notes)")
    }

    /// A link stored from the earlier race to the later one (a heat seated with `--copy-from` of its final) is
    /// the only link between the two: the seats, which would tell the final carries on the heat, are not read
    /// the other way too, so no two crews each carry on the other.
    @Test func aStoredLinkIsNeverAlsoInferredTheOtherWay() throws {
        let (regatta, _) = try Self.regatta(races: 2, linked: false, heavyFirst: false)
        var races = regatta.races
        races[0].carriesCrewOf = races[1].name
        let backwards = Regatta(
            name: regatta.name, date: regatta.date, races: races, boats: regatta.boats, roster: regatta.roster,
            availability: regatta.availability)
        let model = PlanningModel(regatta: backwards, options: RegattaPlanOptions(keepsSeated: true))
        #expect(model.carries.map { [$0.earlier, $0.later] } == [[1, 0]])
        // Without the stored link the seats tell it, the later race carrying on the earlier.
        let inferred = PlanningModel(regatta: regatta, options: RegattaPlanOptions(keepsSeated: true))
        #expect(inferred.carries.map { [$0.earlier, $0.later] } == [[0, 1]])
    }

    // MARK: - Chains of copies, and holes closed alike

    /// The seated mixed race of `RegattaPlannerReplanningTests`, copied into four races, each in its own boat:
    /// a final at 14:00, its heat at 09:00 copied from it, a semi at 10:00 copied from the heat and a
    /// repechage at 11:10 copied from the semi (stored links, as `race add --copy-from` makes them).
    static func chainOfCopies(availability: [PaddlerID: Availability] = [:]) throws -> Regatta {
        let seated = try RegattaPlannerReplanningTests.seatedRace(availability: availability)
        let lineup = seated.boats[0].lineup
        let races: [(name: String, at: String, copies: String?)] = [
            ("Final", "14:00", nil), ("Heat", "09:00", "Final"), ("Semi", "10:00", "Heat"), ("Rep", "11:10", "Semi"),
        ]
        return Regatta(
            name: seated.name, date: seated.date, minimumGapMinutes: seated.minimumGapMinutes,
            races: try races.enumerated().map { index, race in
                Regatta.Race(
                    name: race.name, start: try TimeOfDay(parsing: race.at), boat: index,
                    rules: seated.races[0].rules, carriesCrewOf: race.copies)
            },
            boats: races.map { Regatta.Boat(name: "Cup: \($0.name)", lineup: lineup) }, roster: seated.roster,
            availability: availability)
    }

    /// Only the stored links join a chain of copies: the final, the source of the chain, is never also
    /// inferred to carry on the semi or the repechage its copies' copies (before, it claimed to keep the crew
    /// of a race it had no link with).
    @Test func aChainOfCopiesInfersNoLinkBetweenRacesItAlreadyJoins() throws {
        let regatta = try Self.chainOfCopies()
        let model = PlanningModel(regatta: regatta, options: RegattaPlanOptions(keepsSeated: true))
        let links = model.carries.map { [model.boats[$0.earlier].boat, model.boats[$0.later].boat] }
        #expect(links.sorted { $0.lexicographicallyPrecedes($1) } == [[0, 1], [1, 2], [2, 3]])
    }

    /// A short crew (two paddlers of the right side absent, nobody on the bench there) with a paddler of the
    /// left side whom the coach seated at R10: closing the holes seats the crew from the front, her on her
    /// side. Before, the back-most right paddler moved up into the second hole and left R9 empty behind her.
    @Test func closingHolesLeavesNoHoleBehindAPaddlerOfTheOtherSide() throws {
        let seated = try RegattaPlannerReplanningTests.seatedRace()
        let lineup = seated.boats[0].lineup
        let gone = Availability.window(from: nil, until: try TimeOfDay(parsing: "09:00"))
        var away: [PaddlerID: Availability] = [:]
        for seat in [Place.right(row: 5), .right(row: 8)] { away[try #require(lineup[seat])] = gone }
        for id in lineup.bench { away[id] = gone }
        var regatta = try RegattaPlannerReplanningTests.seatedRace(availability: away)
        let leftAtTheBack = try #require(lineup[.right(row: 10)])
        regatta.roster[leftAtTheBack]?.side = .left
        regatta.roster[try #require(lineup[.right(row: 9)])]?.side = .right
        let plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: true))
        let planned = plan.regatta.boats[0].lineup
        #expect(RegattaPlannerSeatingTests.paddlers(planned).count == 18)
        #expect(RegattaPlannerSeatingTests.isFilledFromTheFront(planned), "\(planned)")
        #expect(
            planned.place(of: leftAtTheBack)?.isLeft == true, "\(String(describing: planned.place(of: leftAtTheBack)))")
        // Nobody moved onto a side they do not paddle.
        for seat in Place.seats(of: .standard) where seat.row != nil {
            guard let id = planned[seat], lineup.place(of: id) != seat, let side = regatta.roster[id]?.side else {
                continue
            }
            #expect(side == .either || (side == .left) == seat.isLeft, "\(seat)")
        }
    }

    /// Two crews linked by a copy, with the same two holes (R5 and R8) and two paddlers of either side at the
    /// back (L10 and R10): the two ways of closing them move as many people as far, and the one taken is the
    /// one the linked crew took, either way round.
    @Test(arguments: [false, true])
    func holesCloseAsTheLinkedCrewClosedThem(crossed: Bool) throws {
        let seated = try RegattaPlannerReplanningTests.seatedRace()
        var lineup = seated.boats[0].lineup
        let model = PlanningModel(regatta: seated, options: RegattaPlanOptions(keepsSeated: true))
        for seat in [Place.right(row: 5), .right(row: 8)] {
            let id = try #require(lineup[seat])
            lineup.remove(id)
            lineup.appendToBench(id)
        }
        let fromLeft = try #require(lineup[.left(row: 10)])
        let fromRight = try #require(lineup[.right(row: 10)])
        var linked = lineup
        linked.set(nil, at: .left(row: 10))
        linked.set(nil, at: .right(row: 10))
        linked.set(crossed ? fromLeft : fromRight, at: .right(row: 5))
        linked.set(crossed ? fromRight : fromLeft, at: .right(row: 8))
        let kept = Set(RegattaPlannerSeatingTests.paddlers(lineup))
        let moved = model.closeHolesInFront(&lineup, kept: kept, linked: [linked])
        #expect(Set(moved) == [fromLeft, fromRight])
        #expect(lineup == linked, "\(lineup)")
    }
}
