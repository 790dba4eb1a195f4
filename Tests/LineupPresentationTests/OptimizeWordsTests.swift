import LineupCore
import LineupPresentation
import Testing

/// The optimizer's sentences: each move reason, the inactive-seat suggestion on the proposed boat, the
/// move cap and the counts of people and exchanges.
@Suite("OptimizeWords")
struct OptimizeWordsTests {
    @Test func eachReasonIsWorded() {
        #expect(
            OptimizeWords.reason(
                .crewRule(rules: "idbf-mixed", sex: .female, count: 10, allowed: 8...10, mended: false))
                == "keeps the idbf-mixed rules: 10 women (8–10 allowed)")
        #expect(
            OptimizeWords.reason(.crewRule(rules: "idbf-mixed", sex: .male, count: 9, allowed: 8...10, mended: true))
                == "brings the crew within the idbf-mixed rules: 9 men (8–10 allowed)")
        #expect(
            OptimizeWords.reason(.crewRule(rules: "women", sex: .female, count: 20, allowed: nil, mended: false))
                == "keeps the women rules: women only")
        #expect(OptimizeWords.reason(.outOfBarredRow(1)) == "out of row 1, where they may not sit")
        #expect(
            OptimizeWords.reason(.makesRoomForRole(name: "Ann Lee", role: .stroke))
                == "makes room for Ann Lee (stroke) in the stroke rows")
    }

    /// An unranked paddler counts below the last ranked, never as the middle, and the words say that a seat
    /// race not linked to the ranking is no place; the objective is read in any case.
    @Test func anUnrankedPlaceCountsBelowTheLastRanked() {
        let words = OptimizeWords.reason(.ranked(side: .left, place: nil, replacing: nil))
        #expect(words.hasPrefix("unranked on the left ("))
        #expect(words.contains("counts below the last ranked"))
        #expect(words.contains("seat races not linked to the ranking"))
        #expect(!words.contains("middle"))
        #expect(!OptimizeWords.rates.contains("middle"))
        #expect(OptimizeWords.rates.contains("one place below the last ranked"))
        let unranked = OptimizeWords.unranked(2) ?? ""
        #expect(unranked.contains("count one place below its last"), "\(unranked)")
        #expect(OptimizeWords.objective("STRENGTH") == .strength)
        #expect(OptimizeWords.objective("Both") == .both)
        #expect(OptimizeWords.objective("fast") == nil)
    }

    /// A plan refused for its basis says whether the options differ or the boat changed.
    @Test func aPlanBasisMismatchSaysWhichItIs() {
        let given = OptimizeWords.PlanChoice(objective: .both, useBench: false, maxExchanges: nil)
        let asked = OptimizeWords.PlanChoice(objective: .strength, useBench: false, maxMoves: 1, maxExchanges: 3)
        #expect(
            OptimizeWords.planBasisMismatch(boat: "A", asked: asked, given: given)
                == "the plan was asked with other options (objective strength, without the bench, at most 1 person "
                + "moves, at most 3 exchanges) than these (objective both, without the bench, at most 8 people move, "
                + "no limit on exchanges); boat 'A' has not changed; nothing was changed")
        #expect(
            OptimizeWords.planBasisMismatch(boat: "A", asked: nil, given: given).hasPrefix(
                "boat 'A', or what its plan rests on (the roster, who is there for its races, the strength rankings), "
                    + "has changed since the plan was made"))
    }

    /// A move's words name the trim in kg·m first, then every reason.
    @Test func aMoveNamesItsTrimAndEveryReason() {
        let move = PaddlerMove(paddler: 1, name: "Ann", from: .left(row: 1), to: .bench(position: 2))
        let explanation = MoveExplanation(
            move: move, trimKgM: -12, listKgM: 0, fitChangeKg: nil,
            reasons: [
                .outOfBarredRow(1),
                .crewRule(rules: "idbf-mixed", sex: .female, count: 10, allowed: 8...10, mended: false),
            ])
        #expect(
            OptimizeWords.explained(explanation)
                == "Ann L1 → bench: -12.0 kg·m trim; out of row 1, where they may not sit; keeps the idbf-mixed "
                + "rules: 10 women (8–10 allowed)")
    }

    static let seat = InactiveSeat(
        paddler: 1, name: "Sam", seat: .right(row: 5), imbalanceKg: 0.3, fitKg: 0,
        replacement: InactiveSeat.Replacement(
            paddler: 2, name: "Zeke", benchPlace: .bench(position: 8), imbalanceKg: 8.3, fitKg: 0))

    /// The suggestion says it holds after the moves, quotes the proposed boat's figures, and gives the
    /// exchange to type; without one, to substitute first and optimize again.
    @Test func theInactiveSeatSuggestionIsForTheProposedBoat() {
        #expect(
            OptimizeWords.inactive(Self.seat, objective: .balance, format: .kilograms)
                == "Sam (R5) is inactive and stays seated: after the moves, Zeke (B8) from the bench would take the "
                + "seat best (imbalance of the proposed boat 0.3 kg → 8.3 kg), and the moves level the boat with "
                + "Zeke in it; `lineup exchange R5 B8` makes it.")
        var none = Self.seat
        none.replacement = nil
        let words = OptimizeWords.inactive(none, objective: .balance, format: .kilograms)
        #expect(words.hasPrefix("Sam (R5) is inactive and stays seated: nobody the moves leave on the bench"))
        #expect(words.contains("so the moves level the boat without Sam's weight, as it would race short"))
        #expect(words.hasSuffix("substitute first (`lineup exchange R5 B<n>`), then optimize again."))
    }

    /// A crew one short, L10 empty, with P20 (left) and P21 (right) on the bench: the words name the seat
    /// empty now and the bench paddler the command seats, say where the moves leave the hole instead, say
    /// when nobody on the bench may take the seat, and never claim "adds nobody" when the moves added people.
    @Test func aCrewOneShortIsToldWhichSeatToFillAndWithWhom() throws {
        var roster: [PaddlerID: Paddler] = [:]
        for id in 1...21 {
            roster[PaddlerID(id)] = Paddler(
                id: PaddlerID(id), name: "P\(id)", weightKg: 70, side: id == 20 ? .left : id == 21 ? .right : .either)
        }
        let rowSeats = Place.seats(of: .standard).filter { $0.row != nil && $0 != .left(row: 10) }
        let seated = zip(1...19, rowSeats).map { (PaddlerID($0), $1) }
        let benchPlaces = [(PaddlerID(21), Place.bench(position: 1)), (PaddlerID(20), Place.bench(position: 2))]
        let current = try Lineup(kind: .standard, placements: seated + benchPlaces)
        let rules = CrewRules(.open, kind: .standard)
        #expect(
            OptimizeWords.crewSizeKept(current: current, proposed: current, roster: roster, rules: rules)
                == "The crew stays 19 of 20 paddling: the optimizer exchanges people and adds nobody, so L10 stays "
                + "empty; to race 20, seat someone from the bench first (`lineup exchange L10 B2` seats P20), then "
                + "optimize again.")
        // The moves take the hole across: the command still names the seat empty now.
        let r10 = try #require(current[.right(row: 10)])
        let proposed = try Lineup(
            kind: .standard,
            placements: seated.map { $0.0 == r10 ? ($0.0, Place.left(row: 10)) : $0 } + benchPlaces)
        let moved = try #require(
            OptimizeWords.crewSizeKept(current: current, proposed: proposed, roster: roster, rules: rules))
        #expect(moved.contains("so L10 stays empty (the moves leave R10 empty instead); to race 20"), "\(moved)")
        #expect(moved.contains("`lineup exchange L10 B2` seats P20"), "\(moved)")
        // Only a right-side paddler on the bench: nobody may take L10.
        roster[20]?.side = .right
        #expect(
            OptimizeWords.crewSizeKept(current: current, proposed: current, roster: roster, rules: rules)
                == "The crew stays 19 of 20 paddling: the optimizer exchanges people and adds nobody, so L10 stays "
                + "empty; nobody on the bench may take L10 (active, there for the boat's races, of known weight, on "
                + "that side and allowed in that row, without breaking more crew rules), so the boat races short.")
        // Moves that brought someone from the bench (the crew rules' counts) added people: no "adds nobody".
        let fewer = try Lineup(kind: .standard, placements: Array(seated.dropLast()) + benchPlaces)
        let added = try #require(
            OptimizeWords.crewSizeKept(current: fewer, proposed: current, roster: roster, rules: rules))
        #expect(added.hasPrefix("The crew races 19 of 20 paddling: the moves bring from the bench only as many"))
        #expect(!added.contains("adds nobody"))
    }

    @Test func aBarredSeatNobodyFreesSaysCheckFails() {
        let seat = BarredSeat(paddler: 1, name: "Ada", seat: .left(row: 1), rows: RowSet(3...10))
        #expect(
            OptimizeWords.barred(seat)
                == "Ada (L1) may sit only in rows 3–10 and stays in row 1: no allowed arrangement moves them out "
                + "(every seat of those rows is locked, on a side they do not paddle, or held by someone who may "
                + "not take theirs); `lineup check` fails until someone takes the seat.")
        #expect(
            OptimizeWords.barred(seat, capped: true)
                == "Ada (L1) may sit only in rows 3–10 and stays in row 1: the cap on people who change place holds "
                + "back the moves that free the seat (below); `lineup check` fails until someone takes the seat.")
        // No arrangement frees them (more people who may sit only in those rows than seats): no cap is blamed.
        var impossible = seat
        impossible.mayBeFreed = false
        for words in [
            OptimizeWords.barred(impossible, capped: true), OptimizeWords.barred(impossible, exchangeCap: 1),
        ] {
            #expect(words.contains(": no allowed arrangement moves them out ("), "\(words)")
        }
        // Under an exchange cap, nothing is said to be impossible: the cap may hold the way out back.
        #expect(
            OptimizeWords.barred(seat, exchangeCap: 1)
                == "Ada (L1) may sit only in rows 3–10 and stays in row 1: no arrangement within the cap of 1 exchange "
                + "moves them out (--max-exchanges may hold back the one that does); `lineup check` fails until "
                + "someone takes the seat.")
    }

    /// The seats of the rows a barred paddler may sit in are named with who holds them, so that the coach sees
    /// who is in the way.
    @Test func aBarredSeatNamesWhoHoldsTheSeatsOfTheirRows() throws {
        let roster: [PaddlerID: Paddler] = [
            1: Paddler(id: 1, name: "Pia", side: .left, rows: RowSet(1...2)),
            2: Paddler(id: 2, name: "Anna", side: .left), 3: Paddler(id: 3, name: "Ivy", side: .left),
            4: Paddler(id: 4, name: "Ben", side: .right),
        ]
        let lineup = try Lineup(
            kind: .standard,
            placements: [(1, .left(row: 5)), (2, .left(row: 1)), (3, .left(row: 2)), (4, .right(row: 1))],
            lockedSeats: [.left(row: 2)])
        let seats = BarredSeat.find(in: lineup, roster: roster)
        #expect(seats.count == 1)
        let words = try #require(seats.first.map { OptimizeWords.barred($0) })
        #expect(words.contains("or held by someone who may not take theirs: L1 Anna, L2 Ivy (locked))"), "\(words)")
    }

    /// A proposal that leaves the crew outside its rules says so, and what would bring it within them.
    @Test func aCrewStillOutsideItsRulesIsNamed() {
        let broken = RuleFinding(
            severity: .violation,
            kind: .sexCount(.male, count: 11, allowed: 8...10, rules: "idbf-mixed", countsEnds: false))
        let line = OptimizeWords.rulesStillBroken([broken], rules: "idbf-mixed", usedBench: true)
        #expect(line?.hasPrefix("The crew is still outside its idbf-mixed rules after these moves (") == true)
        #expect(line?.contains("no trade with the bench within --max-moves and --max-exchanges") == true)
        #expect(
            OptimizeWords.rulesStillBroken([broken], rules: "idbf-mixed", usedBench: false)?.contains(
                "--use-bench lets")
                == true)
        #expect(OptimizeWords.rulesStillBroken([], rules: "open", usedBench: true) == nil)
    }

    @Test func theMoveCapSaysHowToLiftIt() {
        let beyond = OptimizerResult.BeyondMoveCap(cap: 8, peopleMoved: 19, imbalanceKg: 0.4, score: 0.4)
        #expect(
            OptimizeWords.moveCap(beyond, objective: .balance, format: .kilograms)
                == "The cap of 8 people changing place stopped further improvements: the best found changes the "
                + "place of 19 people and reaches an imbalance of 0.4 kg; --max-moves 19 lifts the cap.")
        #expect(OptimizeWords.moveCap(nil, objective: .balance, format: .kilograms) == nil)
        // The strength objective's figure weighs the fit far above the imbalance: the words give the fit itself.
        let strength = OptimizerResult.BeyondMoveCap(
            cap: 8, peopleMoved: 12, imbalanceKg: 5.9, score: 75 * 10_000 + 5.9)
        let strengthWords = OptimizeWords.moveCap(strength, objective: .strength, format: .kilograms) ?? ""
        #expect(
            strengthWords.contains("reaches a seat fit of 75 kg-equivalents (imbalance 5.9 kg)"), "\(strengthWords)")
        let both = OptimizerResult.BeyondMoveCap(cap: 8, peopleMoved: 12, imbalanceKg: 5.9, score: 80.9)
        #expect(
            OptimizeWords.moveCap(both, objective: .both, format: .kilograms)?.contains(
                "a seat fit of 75 kg-equivalents (imbalance 5.9 kg; 80.9 with it, what both makes small)")
                == true)
    }

    @Test func movesThatLeaveTheFitAsItIsSayTheyOnlyLevel() {
        #expect(
            OptimizeWords.fit(before: 70, after: 70, moves: true)
                == "Seat fit: 70 → 70 kg-equivalents (lower is better): no seat fits better; the moves only level the boat."
        )
        #expect(
            OptimizeWords.fit(before: 70, after: 63, moves: true)
                == "Seat fit: 70 → 63 kg-equivalents (lower is better).")
        #expect(OptimizeWords.fit(before: 70, after: 70) == "Seat fit: 70 → 70 kg-equivalents (lower is better).")
        // Moves that bring the crew within its rules from the bench do more than level it (they read as
        // "only level the boat" after bringing in two people for the rules).
        #expect(
            OptimizeWords.fit(before: 26, after: 26, moves: true, mendsRules: true)
                == "Seat fit: 26 → 26 kg-equivalents (lower is better): no seat fits better; the moves bring the "
                + "crew within its rules first, then level the boat.")
    }

    @Test func peopleAndExchangesAreCountedApart() {
        #expect(PlanText.peopleChangingPlace(9) == "9 people change place")
        #expect(PlanText.peopleChangingPlace(1) == "1 person changes place")
    }

    /// With the balance objective, the seat-role and preferred-row notes the moves add are named, with the
    /// objective that weighs them; those there before, other findings and the other objectives say nothing.
    @Test func theBalanceNamesTheSeatPreferencesItGivesUp() {
        let stroke = RuleFinding(
            severity: .note, kind: .roleMismatch(name: "Ann Lee", role: .stroke, wanted: .engine, seat: .left(row: 5)),
            places: [.left(row: 5)])
        let preferred = RuleFinding(
            severity: .note, kind: .outsidePreferredRows(name: "Bo Kim", rows: RowSet(1...2), seat: .right(row: 7)),
            places: [.right(row: 7)])
        let side = RuleFinding(
            severity: .warning, kind: .wrongSide(name: "Cy Lo", side: .left, seat: .right(row: 3)),
            places: [.right(row: 3)])
        #expect(
            OptimizeWords.preferencesGivenUp(
                before: [preferred], after: [stroke, preferred, side], objective: .balance)
                == [
                    "The balance weighs kilograms only; these moves give up a seat preference (`--objective both` "
                        + "weighs seat roles and preferred rows too):",
                    "  · Ann Lee is a stroke paddler but sits at L5, an engine row",
                ])
        #expect(
            OptimizeWords.preferencesGivenUp(before: [], after: [stroke, preferred], objective: .balance)?.first?
                .contains("give up 2 seat preferences") == true)
        #expect(OptimizeWords.preferencesGivenUp(before: [stroke], after: [stroke, side], objective: .balance) == nil)
        // Already outside the rows their role wants, only moved to another such seat: nothing given up.
        let moved = RuleFinding(
            severity: .note, kind: .roleMismatch(name: "Ann Lee", role: .stroke, wanted: .engine, seat: .left(row: 6)),
            places: [.left(row: 6)])
        #expect(OptimizeWords.preferencesGivenUp(before: [stroke], after: [moved], objective: .balance) == nil)
        #expect(OptimizeWords.preferencesGivenUp(before: [], after: [stroke], objective: .both) == nil)
        #expect(OptimizeWords.preferencesGivenUp(before: [], after: [stroke], objective: .strength) == nil)
    }
}
