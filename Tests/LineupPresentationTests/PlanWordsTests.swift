@testable import LineupCore
import Testing

@testable import LineupPresentation

/// The regatta planner's findings in words: each kind of finding as the sentence a coach reads, with the
/// front end's names for the options.
@Suite("A regatta plan's findings in words")
struct PlanWordsTests {
    static let options = PlanWords.OptionNames(
        maximumRaces: "--max-races", minimumRaces: "--min-races",
        anotherSearch: "another --seed", ownBoat: "`lineup race add … --copy-from`",
        replanFreely: "--replan-freely", keepCrews: "leave out --replan-freely")

    /// Two races 20 minutes apart, each with its own small boat, and six paddlers: enough to make a plan
    /// whose findings the tests replace.
    static func plan(provenBest: Bool = false, keepsSeated: Bool = false) throws -> RegattaPlan {
        var roster: [PaddlerID: Paddler] = [:]
        for (id, name) in zip(1...6, ["Ann Lee", "Bo Kay", "Cy Orr", "Di Amo", "Ed Fox", "Flo Ng"]) {
            roster[PaddlerID(id)] = Paddler(id: PaddlerID(id), name: name, weightKg: 70, sex: id <= 3 ? .female : .male)
        }
        let bench = roster.keys.sorted().enumerated().map {
            (paddler: $0.element, place: Place.bench(position: $0.offset + 1))
        }
        let races = [("Heat 1", "09:00"), ("Heat 2", "09:20")]
        let regatta = Regatta(
            name: "Cup", date: "2026-06-13", minimumGapMinutes: 30,
            races: try races.enumerated().map { index, race in
                Regatta.Race(
                    name: race.0, start: try TimeOfDay(parsing: race.1), boat: index,
                    rules: CrewRules(.open, kind: .small))
            },
            boats: try races.map { Regatta.Boat(name: $0.0, lineup: try Lineup(kind: .small, placements: bench)) },
            roster: roster, availability: [:])
        var plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(keepsSeated: keepsSeated))
        plan.isProvenBest = provenBest
        return plan
    }

    static func sentence(_ finding: PlanFinding, provenBest: Bool = false, keepsSeated: Bool = false) throws -> String {
        PlanWords(try plan(provenBest: provenBest, keepsSeated: keepsSeated), options: options).sentence(finding)
    }

    /// A levelling exchange of two kept paddlers is one part of the sentence naming both, said once; another
    /// kept paddler's move keeps its own.
    @Test func aLevellingExchangeIsSaidOnceNamingBothPeople() throws {
        let level = PlanFinding.KeptMove.Reason.toLevel(fromKg: 9.24, toKg: 3.06)
        let moves = [
            PlanFinding.KeptMove(name: "Bo Kay", from: .left(row: 3), to: .right(row: 4), reason: level),
            PlanFinding.KeptMove(name: "Cy Orr", from: .right(row: 4), to: .left(row: 3), reason: level),
            PlanFinding.KeptMove(name: "Di Amo", from: .left(row: 5), to: .left(row: 2), reason: .holeInFront),
        ]
        let sentence = try Self.sentence(.keptCrewMoved(races: [0], moves: moves), keepsSeated: true)
        #expect(
            sentence
                == "Heat 1 (09:00): 3 kept paddlers moved: Di Amo from L5 to L2 to close a hole in front of a short "
                + "crew and Bo Kay (L3 to R4) and Cy Orr (R4 to L3), exchanged to level the boat (imbalance 9.2 → "
                + "3.1 kg); everyone else kept stays in their seat")
        #expect(sentence.components(separatedBy: "to level the boat").count == 2)
    }

    /// A copied crew that differs names who is not there for both races as the cause, and words the other
    /// seats (a hole closed up) as following from the crew's closing up, keeping or levelling; with nobody
    /// away, only those.
    @Test func aCarriedCrewNamesWhoIsNotThereForBothRaces() throws {
        let differences = [
            PlanFinding.CarryDifference(place: .left(row: 3), earlier: "Cy Orr", later: "Di Amo", away: "Cy Orr"),
            PlanFinding.CarryDifference(place: .left(row: 5), earlier: "Di Amo", later: nil),
        ]
        #expect(
            try Self.sentence(.crewCarried(races: [1], from: [0], differences: differences))
                == "Heat 2 (09:20) keeps the crew of Heat 1 (09:00), seated as a copy of it but for L3 (Cy Orr in "
                + "Heat 1 (09:00), Di Amo here) and L5 (Di Amo in Heat 1 (09:00), empty here): Cy Orr is not there "
                + "for both races; the other seats differ where the crew closes up, is kept as seated, or moves to "
                + "level the boat")
        #expect(
            try Self.sentence(.crewCarried(races: [1], from: [0], differences: [differences[0]])).hasSuffix(
                "here): Cy Orr is not there for both races"))
        #expect(
            try Self.sentence(.crewCarried(races: [1], from: [0], differences: [differences[1]])).hasSuffix(
                "here): where the crew is kept as seated, closes up, or moves to level the boat"))
    }

    /// A linked boat that shares no seat with its source says it keeps none of that crew, and who of it is
    /// not there (it read "keeps the crew of …, but for" every seat).
    @Test func aLinkedBoatSharingNoSeatSaysItKeepsNone() throws {
        #expect(
            try Self.sentence(.crewNotCarried(races: [1], from: [0], away: ["Cy Orr"]))
                == "Heat 2 (09:20) is linked to Heat 1 (09:00) (a copy of it) but keeps none of its seats: Cy Orr is "
                + "not there for it, and the plan seats its crew anew")
        #expect(
            try Self.sentence(.crewNotCarried(races: [1], from: [0], away: [])).hasSuffix(
                "keeps none of its seats: the plan seats its crew anew, from who is there and rested for it"))
    }

    /// A kept paddler moved to an open drum or helm says why: nobody else there is able.
    @Test func aKeptPaddlerMovedToTheDrumSaysNobodyElseIsAble() throws {
        let moves = [
            PlanFinding.KeptMove(
                name: "Di Amo", from: .left(row: 2), to: .drummer, reason: .nobodyElseAble(end: .drummer)),
            PlanFinding.KeptMove(
                name: "Bo Kay", from: .right(row: 5), to: .steerer, reason: .nobodyElseAble(end: .steerer)),
        ]
        #expect(
            try Self.sentence(.keptCrewMoved(races: [0], moves: moves), keepsSeated: true)
                == "Heat 1 (09:00): 2 kept paddlers moved: Di Amo from L2 to drummer since nobody else there is marked "
                + "able to drum and Bo Kay from R5 to steerer since nobody else there is marked able to steer; everyone "
                + "else kept stays in their seat")
    }

    /// A boat the plan left far from level: named, with the axis and its figure, as `show` words it.
    @Test func aBoatLeftFarFromLevelIsNamedWithItsFigure() throws {
        let list = AxisVerdict(axis: .leftRight, equivalentKg: -28, momentKgM: -14, firstSumKg: 800, secondSumKg: 772)
        #expect(
            try Self.sentence(
                .boatNotLevel(races: [0], boat: "Cup: Final", axes: [list], freelyLevels: true), keepsSeated: true)
                == "Heat 1 (09:00): \"Cup: Final\" is left far from level once seated (left/right left-heavy: like "
                + "28 kg extra on the left of a middle row): the crew is chosen by the rules and a fair share of "
                + "races first, and seated crews stay where they sit (`lineup optimize -b \"Cup: Final\" --use-bench` may "
                + "level it)")
        // Someone seated of unknown weight counts as 0 kg, and the sentence says so: the figure may be theirs.
        #expect(
            try Self.sentence(
                .boatNotLevel(
                    races: [0], boat: "Cup: Final", axes: [list], unweighed: ["Nora Yilmaz"], freelyLevels: true),
                keepsSeated: true)
                == "Heat 1 (09:00): \"Cup: Final\" is left far from level once seated (left/right left-heavy: like "
                + "28 kg extra on the left of a middle row, counting Nora Yilmaz, of unknown weight, as 0 kg): the "
                + "crew is chosen by the rules and a fair share of races first, and seated crews stay where they sit "
                + "(`lineup optimize -b \"Cup: Final\" --use-bench` may level it)")
        // A boat not looked at seated afresh (nobody was kept in it) is told no way to level it.
        #expect(
            try Self.sentence(.boatNotLevel(races: [0], boat: "Cup: Final", axes: [list]), keepsSeated: true)
                == "Heat 1 (09:00): \"Cup: Final\" is left far from level once seated (left/right left-heavy: like "
                + "28 kg extra on the left of a middle row): the crew is chosen by the rules and a fair share of "
                + "races first")
        // One that no crew of those free for its races levels is told so: planning again would not help.
        #expect(
            try Self.sentence(
                .boatNotLevel(races: [0], boat: "Cup: Final", axes: [list], freelyLevels: false, seatedByPlan: false),
                keepsSeated: true)
                == "Heat 1 (09:00): \"Cup: Final\" is far from level as it is seated (left/right left-heavy: like "
                + "28 kg extra on the left of a middle row): the plan leaves its crew as it is; no crew of those free "
                + "for its races was found to sit level")
        // A boat the plan leaves as it is is named too, every time the plan is made.
        #expect(
            try Self.sentence(
                .boatNotLevel(
                    races: [0], boat: "Cup: Final", axes: [list], freelyLevels: true, seatedByPlan: false),
                keepsSeated: true)
                == "Heat 1 (09:00): \"Cup: Final\" is far from level as it is seated (left/right left-heavy: like "
                + "28 kg extra on the left of a middle row): the plan leaves its crew as it is (`lineup optimize -b "
                + "\"Cup: Final\" --use-bench` may level it)")
    }

    /// A boat that races in another regatta of the day too is named with those races, and why the plan
    /// leaves it as it is.
    @Test func aBoatRacingElsewhereIsLeftAsItIsAndSaysWhy() throws {
        let other = RaceElsewhere(regatta: "Bay Sprint", race: "200m", start: try TimeOfDay(parsing: "15:00"))
        #expect(
            try Self.sentence(
                .boatRacesElsewhere(races: [0], boat: "Cup: Semi", elsewhere: [other]), keepsSeated: true)
                == "Heat 1 (09:00): \"Cup: Semi\" also races 200m of Bay Sprint (15:00), and holds one crew for both "
                + "of its races: the plan leaves it as it is (to plan this race apart, give it a boat of its own: `lineup "
                + "boat copy BOAT COPY`, then `lineup race remove` this race and `lineup race add` it again with "
                + "`--boat COPY`; a race copied from it loses that link)")
    }

    /// Someone absent kept in a boat another regatta races too is said to be kept for that, not for a lock
    /// (a trial read "kept in a locked seat" where nothing was locked).
    @Test func anAbsentPaddlerInASharedBoatIsKeptForTheBoatNotALock() throws {
        let plan = try Self.plan(keepsSeated: true)
        let paddler = try #require(plan.regatta.roster.keys.sorted().first)
        let conflict = AvailabilityConflict(paddler: paddler, race: 0, place: .left(row: 1), reason: .absent)
        let words = PlanWords(plan, options: Self.options)
        #expect(words.sentence(.lockedSeatUnavailable(conflict)).hasPrefix("kept in a locked seat: "))
        let shared = words.sentence(.lockedSeatUnavailable(conflict, sharedBoat: true))
        #expect(shared.hasPrefix("kept in a boat another regatta races too: "), "\(shared)")
        #expect(
            shared.hasSuffix(
                "give it a boat of its own: `lineup boat copy BOAT COPY`, then `lineup race remove` "
                    + "this race and `lineup race add` it again with `--boat COPY`; a race copied from it loses that link)"
            ), "\(shared)")
    }

    /// A plan that keeps every rule says everything is met only when no boat is left far from level and every
    /// seat role and preferred row is kept; otherwise it says which falls short; with something unmet, nothing.
    @Test func theVerdictSaysWhatFallsShortOfTheWishes() throws {
        var plan = try Self.plan(keepsSeated: true)
        plan.unmet = []
        plan.notes = []
        #expect(PlanWords(plan, options: Self.options).verdict?.hasPrefix("Everything asked is met") == true)
        let list = AxisVerdict(axis: .leftRight, equivalentKg: -28, momentKgM: -14, firstSumKg: 800, secondSumKg: 772)
        plan.notes = [.boatNotLevel(races: [0], boat: "Cup: Final", axes: [list])]
        #expect(
            PlanWords(plan, options: Self.options).verdict
                == "Every race keeps its rules and everyone seated is there and rested; a boat is left far from level "
                + "(below).")
        plan.unmet = [.noPlanKeepsEveryRule]
        #expect(PlanWords(plan, options: Self.options).verdict == nil)
    }

    @Test func aCrewShortOfPeopleSaysHowManyAreThereAndWhoIsAway() throws {
        let shortage = PlanFinding.Shortage(
            kind: .people, races: [0], available: 14, needed: 18,
            needs: .crew(lowest: 16, drummer: true, steerer: true), seats: 20,
            detail: .tooFewThere(
                PlanFinding.Absentees(absent: 4, arriveLater: 1, leaveEarlier: 2, inactive: 1, racingElsewhere: 3)))
        #expect(
            try Self.sentence(
                .crewShort(races: [0], missing: [.noDrummer, .paddlers(rows: 14, needed: 16)], shortage: shortage))
                == "Heat 1 (09:00): no drummer and 14 paddlers where the rules need at least 16: only 14 people are "
                + "available at 09:00 for this 20-seat boat, which needs 18 (at least 16 paddlers, a drummer and a "
                + "steerer; 4 absent, 1 arrives later, 2 leave earlier, 1 inactive, 3 racing in another regatta then)")
    }

    @Test func whenEnoughAreThereTheSentenceSaysWhereTheOthersAre() throws {
        let whereabouts = PlanFinding.Whereabouts(
            busy: [.init(races: [1], names: ["Ann Lee", "Bo Kay", "Cy Orr", "Di Amo", "Ed Fox", "Flo Ng"])],
            capped: ["Gus Oh"], maximumRaces: 2, free: ["Hal Ito"])
        let shortage = PlanFinding.Shortage(
            kind: .women, races: [0, 1], available: 1, needed: 4, needs: .atLeast(4), seats: 20,
            detail: .elsewhere(whereabouts))
        let expected =
            "Heat 1 (09:00) and Heat 2 (09:20): 3 women where mixed needs 4 to 6: 1 woman is available at 09:00 and "
            + "09:20 and it needs 4 (at least 4 women), but Ann Lee, Bo Kay, Cy Orr, Di Amo and 2 more race Heat 2 "
            + "(09:20), too close and Gus Oh has reached --max-races 2; Hal Ito could still join but the search did "
            + "not place them (another --seed may)"
        #expect(
            try Self.sentence(
                .tooFew(races: [0, 1], sex: .female, count: 3, rules: "mixed", allowed: 4...6, shortage: shortage))
                == expected)
    }

    @Test func aPlanProvenBestNeverSuggestsAnotherSearch() throws {
        let conflict = RestConflict(
            paddler: 2, first: 0, second: 1, firstPlace: .left(row: 1), secondPlace: .steerer, gapMinutes: 20)
        #expect(
            try Self.sentence(.restConflict(conflict, cause: .noWayFound), provenBest: true, keepsSeated: true)
                == "Bo Kay would race in Heat 1 (09:00) (L1) and Heat 2 (09:20) (steerer), only 20 minutes apart; "
                + "the regatta asks for 30: every possible plan was considered, and none fills both crews without "
                + "it while keeping the seated crews (--replan-freely may)")
        #expect(
            try Self.sentence(.restConflict(conflict, cause: .noWayFound))
                .hasSuffix(": the search found no way to fill both crews without it (another --seed may)"))
        var sameTime = conflict
        sameTime.gapMinutes = 0
        #expect(
            try Self.sentence(.restConflict(sameTime, cause: .tooFew(kind: .women, needed: 16, available: 1)))
                == "Bo Kay would race in Heat 1 (09:00) (L1) and Heat 2 (09:20) (steerer) at the same time: the two "
                + "crews need at least 16 women, and only 1 is available for them")
    }

    @Test func aSeatReleasedForRestSaysWhichRaceKeepsThem() throws {
        #expect(
            try Self.sentence(
                .seatsReleasedForRest(races: [1], people: [.init(name: "Ann Lee", place: .left(row: 2), race: 0)]))
                == "Heat 2 (09:20): seated crews stay only where their races are far enough apart: Ann Lee (L2) races "
                + "Heat 1 (09:00), too close for the regatta's 30-minute gap; that seat was filled like empty ones")
    }

    @Test func theFrontEndNamesTheOptions() throws {
        let names = PlanWords.OptionNames(
            maximumRaces: "max races", minimumRaces: "min races",
            anotherSearch: "another search", ownBoat: "the Copy button", replanFreely: "replan freely",
            keepCrews: "leave replan freely unticked")
        let words = PlanWords(try Self.plan(), options: names)
        #expect(
            words.sentence(
                .overMaximumRaces(maximum: 2, counts: [.init(name: "Ann Lee", races: 3, availableFor: nil)]))
                == "more than 2 races (max races): Ann Lee 3: the crews could not be filled otherwise, or the seats "
                + "are kept as they are")
        #expect(
            words.sentence(
                .underMinimumRaces(
                    minimum: 2,
                    counts: [
                        .init(name: "Ann Lee", races: 1, availableFor: nil),
                        .init(name: "Bo Kay", races: 0, availableFor: 1),
                    ])) == "fewer than 2 races (min races): Ann Lee 1, Bo Kay 0 (available for 1)")
        #expect(
            words.sentence(.sharedBoatTooClose(races: [0, 1], boat: "Blue", gapMinutes: 30))
                == "Heat 1 (09:00) and Heat 2 (09:20) are raced by the same boat \"Blue\", too close together for "
                + "the regatta's 30-minute gap: its whole crew races each of them; give one of them its own boat "
                + "(the Copy button)")
    }

    @Test func notesSayWhatIsWorthKnowing() throws {
        #expect(
            try Self.sentence(
                .seatsNotKept(
                    races: [0],
                    people: [
                        .init(name: "Ann Lee", place: .left(row: 2), reason: .leaves(TimeOfDay(minutes: 585)!)),
                        .init(name: "Bo Kay", place: .drummer, reason: .absent),
                    ]))
                == "Heat 1 (09:00): seated crews stay only where they are there for the boat's races: Ann Lee (L2) leaves "
                + "at 09:45 and Bo Kay (drummer) is absent; those seats were filled like empty ones")
        #expect(
            try Self.sentence(
                .seatsFilled(
                    races: [1], rows: 8, seats: 20,
                    cause: .others(
                        PlanFinding.Whereabouts(free: ["Cy Orr"]), barred: ["Di Amo"], sided: ["Ed Fox"])))
                == "Heat 2 (09:20): 8 of 20 paddling seats filled, from the front: the sex rules leave out Di Amo; "
                + "Ed Fox paddles only on a side whose seats are taken; Cy Orr could still join but the search did "
                + "not place them")
        #expect(
            try Self.sentence(
                .seatsFilled(races: [1], rows: 8, seats: 20, cause: .nobodyElse(races: [1], womenOnly: true)))
                == "Heat 2 (09:20): 8 of 20 paddling seats filled, from the front: no other woman is available at 09:20"
        )
        #expect(
            try Self.sentence(
                .endNotAble(
                    races: [0], name: "Ed Fox", end: .drummer,
                    cause: .taken(PlanFinding.Whereabouts(free: ["Flo Ng"]), inCrew: ["Ann Lee"])))
                == "Heat 1 (09:00): Ed Fox drums but is not marked able to: those able to drum are taken: Ann Lee "
                + "paddles in this crew, which needs them and Flo Ng would break a more important rule elsewhere")
        #expect(
            try Self.sentence(
                .endNotAble(
                    races: [0], name: "Ed Fox", end: .steerer, cause: .nobodyThere(races: [0], away: ["Bo Kay"])))
                == "Heat 1 (09:00): Ed Fox steers but is not marked able to: nobody able to steer is available at "
                + "09:00 (Bo Kay: not there then)")
        #expect(
            try Self.sentence(
                .endNotAble(
                    races: [0], name: "Ed Fox", end: .steerer,
                    cause: .keptInRows(
                        races: [0], kept: [.init(name: "Raj Das", place: .left(row: 4), isLocked: false)])))
                == "Heat 1 (09:00): Ed Fox steers but is not marked able to: nobody able to steer is free at 09:00: "
                + "Raj Das at L4 can, but paddles in a seat the plan keeps (--replan-freely to let the plan move "
                + "them)")
        #expect(
            try Self.sentence(
                .endNotAble(
                    races: [0], name: "Ed Fox", end: .drummer,
                    cause: .keptInRows(
                        races: [0],
                        kept: [
                            .init(name: "Raj Das", place: .left(row: 4), isLocked: true),
                            .init(name: "Bo Kay", place: .right(row: 2), isLocked: false),
                        ])))
                == "Heat 1 (09:00): Ed Fox drums but is not marked able to: nobody able to drum is free at 09:00: "
                + "Raj Das at L4 and Bo Kay at R2 can, but paddle in seats the plan keeps (unlock L4 or "
                + "--replan-freely to let the plan move one of them)")
        #expect(
            try Self.sentence(.endLockedEmpty(races: [0], end: .steerer))
                == "Heat 1 (09:00): no steerer: the steerer's seat is locked empty, and locked seats are kept as "
                + "they are")
    }

    @Test func theListsOfAPlanAreItsFindingsInOrder() throws {
        var plan = try Self.plan()
        plan.unmet = [.noPlanKeepsEveryRule, .tooManyKept(races: [0], rows: 12, highest: 10)]
        plan.notes = [.endWithoutWeight(races: [1], name: "Cy Orr", end: .steerer)]
        let words = PlanWords(plan, options: Self.options)
        #expect(
            words.unmet == [
                "No plan keeps every rule (every possible plan was considered); this one breaks the least important.",
                "Heat 1 (09:00): 12 paddlers in seats kept as they are, more than the rules allow (10)",
            ])
        #expect(
            words.notes == [
                "Heat 2 (09:20): Cy Orr steers with no weight on the roster, so the boat's balance cannot be "
                    + "judged: nobody of known weight able to do it was free"
            ])
    }

    /// One of something is said in the singular: `1 woman`, `1 race`, `1 paddler paddles`.
    @Test func oneIsSingular() throws {
        let shortage = PlanFinding.Shortage(
            kind: .women, races: [0], available: 1, needed: 4, needs: .atLeast(4), seats: 10,
            detail: .tooFewThere(PlanFinding.Absentees()))
        #expect(
            try Self.sentence(
                .tooFew(races: [0], sex: .female, count: 1, rules: "mixed", allowed: 4...6, shortage: shortage)
            )
            .hasPrefix("Heat 1 (09:00): 1 woman where mixed needs 4 to 6: only 1 woman is available at 09:00"))
        #expect(
            try Self.sentence(.tooMany(races: [0], sex: .male, count: 7, rules: "mixed", most: 6))
                .hasPrefix("Heat 1 (09:00): 7 men where mixed allows at most 6"))
        #expect(
            try Self.sentence(
                .overMaximumRaces(maximum: 1, counts: [.init(name: "Ann Lee", races: 2, availableFor: nil)])
            )
            .hasPrefix("more than 1 race (--max-races): Ann Lee 2"))
        #expect(
            try Self.sentence(
                .underMinimumRaces(minimum: 1, counts: [.init(name: "Bo Kay", races: 0, availableFor: nil)]))
                == "fewer than 1 race (--min-races): Bo Kay 0")
        #expect(
            try Self.sentence(.sidesShort(races: [0], side: .left, sided: 1, openSeats: 1, room: 0))
                .hasPrefix("Heat 1 (09:00): 1 paddler paddles only on the left, and the 1 open seats"))
        #expect(
            try Self.sentence(
                .seatsFilled(
                    races: [0], rows: 8, seats: 10,
                    cause: .others(PlanFinding.Whereabouts(), barred: [], sided: ["Ed Fox"]))
            )
            .hasSuffix(": Ed Fox paddles only on a side whose seats are taken"))
    }

    @Test func listsAreSaidAsASentenceSaysThem() {
        #expect(ListWords.joined([]) == "")
        #expect(ListWords.joined(["L1"]) == "L1")
        #expect(ListWords.joined(["L1", "R2"]) == "L1 and R2")
        #expect(ListWords.joined(["L1", "R2", "L5"]) == "L1, R2 and L5")
        #expect(ListWords.count(1, "minute") == "1 minute" && ListWords.count(3, "man", "men") == "3 men")
    }
}
