import LineupCore
import Testing

@Suite("Crew rules")
struct CrewRulesTests {
    /// A boat of `kind` with `women` women then `men` men in the row seats (L1, R1, L2, …), a drummer
    /// and a steerer who can drum and steer (both women), everyone weighed.
    static func crew(_ kind: BoatKind, women: Int, men: Int, others: Int = 0, unknown: Int = 0) throws -> (
        Lineup, [PaddlerID: Paddler]
    ) {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        let seats = (1...kind.rowCount).flatMap { [Place.left(row: $0), .right(row: $0)] }
        let sexes: [Sex?] =
            Array(repeating: .female, count: women) + Array(repeating: .male, count: men)
            + Array(repeating: .other, count: others) + Array(repeating: nil, count: unknown)
        for (index, sex) in sexes.enumerated() {
            let id = PaddlerID(index + 1)
            roster[id] = Paddler(id: id, name: "P\(id)", weightKg: 70, sex: sex)
            placements.append((id, seats[index]))
        }
        roster[100] = Paddler(id: 100, name: "Drum", weightKg: 50, sex: .female, canDrum: true)
        roster[101] = Paddler(id: 101, name: "Steer", weightKg: 80, sex: .female, canSteer: true)
        placements += [(100, .drummer), (101, .steerer)]
        return (try Lineup(kind: kind, placements: placements), roster)
    }

    static func violations(_ rules: CrewRules, _ setup: (Lineup, [PaddlerID: Paddler])) -> [RuleFinding.Kind] {
        setup.0.check(rules, roster: setup.1).filter { $0.severity == .violation }.map(\.kind)
    }

    @Test(arguments: [
        // (women, men, broken rules) for idbf-mixed in a standard boat: 8 to 10 of each, 16 to 20 paddlers.
        (10, 10, 0), (11, 9, 1), (9, 11, 1), (8, 10, 0), (10, 8, 0), (7, 11, 2), (7, 10, 1), (8, 8, 0), (7, 8, 2),
        (8, 7, 2),
        (9, 9, 0), (10, 5, 2),
    ])
    func idbfMixedStandard(women: Int, men: Int, broken: Int) throws {
        let setup = try Self.crew(.standard, women: women, men: men)
        let found = Self.violations(CrewRules(.idbfMixed, kind: .standard), setup)
        #expect(found.count == broken, "\(women)F \(men)M: \(found)")
    }

    @Test func idbfMixedMessagesSayWhatIsWrong() throws {
        let found = Self.violations(CrewRules(.idbfMixed, kind: .standard), try Self.crew(.standard, women: 7, men: 8))
        #expect(
            found == [
                .paddlerCount(15, allowed: 16...20, rules: "idbf-mixed"),
                .sexCount(.female, count: 7, allowed: 8...10, rules: "idbf-mixed", countsEnds: false),
            ])
    }

    @Test(arguments: [
        (5, 5, 0), (4, 6, 0), (6, 4, 0), (3, 7, 2), (3, 6, 1), (7, 3, 2), (4, 4, 0), (3, 4, 2), (6, 3, 1),
    ])
    func idbfMixedSmall(women: Int, men: Int, broken: Int) throws {
        let setup = try Self.crew(.small, women: women, men: men)
        #expect(Self.violations(CrewRules(.idbfMixed, kind: .small), setup).count == broken, "\(women)F \(men)M")
    }

    @Test(arguments: [
        (BoatKind.standard, 16, 0), (.standard, 15, 1), (.standard, 20, 0), (.small, 8, 0), (.small, 7, 1),
        (.small, 10, 0),
    ])
    func crewSizeUnderOpen(kind: BoatKind, paddlers: Int, broken: Int) throws {
        let setup = try Self.crew(kind, women: 0, men: paddlers)
        #expect(Self.violations(CrewRules(.open, kind: kind), setup).count == broken)
    }

    /// Row seats left empty within the rules are a note naming them (a boat racing a paddler short on race
    /// day); a full crew has none, and a crew too small for the rules has the violation alone.
    @Test(arguments: [
        (BoatKind.standard, 19, [Place.right(row: 10)]), (.standard, 18, [.left(row: 10), .right(row: 10)]),
        (.standard, 20, []), (.standard, 15, []), (.small, 9, [.right(row: 5)]),
    ])
    func emptyRowSeatsAreANote(kind: BoatKind, paddlers: Int, empty: [Place]) throws {
        let (lineup, roster) = try Self.crew(kind, women: 0, men: paddlers)
        let found = lineup.check(CrewRules(.open, kind: kind), roster: roster).filter {
            if case .emptyRowSeats = $0.kind { true } else { false }
        }
        let seats = kind.rowCount * 2
        #expect(
            found.map(\.kind) == (empty.isEmpty ? [] : [.emptyRowSeats(empty: empty, paddlers: paddlers, seats: seats)])
        )
        #expect(found.allSatisfy { $0.severity == .note })
    }

    @Test func womenOnly() throws {
        let rules = CrewRules(.women, kind: .standard)
        #expect(Self.violations(rules, try Self.crew(.standard, women: 20, men: 0)).isEmpty)
        #expect(
            Self.violations(rules, try Self.crew(.standard, women: 19, men: 1)) == [
                .notWomen(names: ["P20"])
            ])
        // The drummer and steerer count only when the rules say so.
        var counting = rules
        counting.countsDrummerAndSteerer = true
        var (lineup, roster) = try Self.crew(.standard, women: 20, men: 0)
        roster[101]?.sex = .male
        #expect(Self.violations(rules, (lineup, roster)).isEmpty)
        #expect(
            Self.violations(counting, (lineup, roster)) == [
                .notWomen(names: ["Steer"])
            ])
        lineup.remove(1)
        #expect(Self.violations(counting, (lineup, roster)).count == 1)
    }

    @Test func drummerAndSteererCountWhenAsked() throws {
        var rules = CrewRules(.idbfMixed, kind: .standard)
        // 10 women and 10 men paddle; drummer and steerer are both women: 12 women counted with them.
        #expect(Self.violations(rules, try Self.crew(.standard, women: 10, men: 10)).isEmpty)
        rules.countsDrummerAndSteerer = true
        #expect(
            Self.violations(rules, try Self.crew(.standard, women: 10, men: 10))
                == [.sexCount(.female, count: 12, allowed: 8...10, rules: "idbf-mixed", countsEnds: true)])
    }

    @Test func unknownAndOtherSexesAreWarnedAboutNotCounted() throws {
        let setup = try Self.crew(.standard, women: 9, men: 9, others: 1, unknown: 1)
        let findings = setup.0.check(CrewRules(.idbfMixed, kind: .standard), roster: setup.1)
        #expect(findings.filter { $0.severity == .violation }.isEmpty)
        #expect(
            findings.contains(
                RuleFinding(severity: .warning, kind: .sexNotCounted(names: ["P19"]), places: [.left(row: 10)])))
        #expect(
            findings.contains(
                RuleFinding(severity: .warning, kind: .sexUnknown(names: ["P20"]), places: [.right(row: 10)])))
    }

    @Test func drummerSteererAndSides() throws {
        var (lineup, roster) = try Self.crew(.standard, women: 10, men: 10)
        roster[101]?.canSteer = false
        roster[1]?.side = .right  // P1 sits at L1
        var rules = CrewRules(.open, kind: .standard)
        var findings = lineup.check(rules, roster: roster)
        #expect(
            findings == [
                RuleFinding(severity: .warning, kind: .notAble(name: "Steer", seat: .steerer), places: [.steerer]),
                RuleFinding(
                    severity: .warning, kind: .wrongSide(name: "P1", side: .right, seat: .left(row: 1)),
                    places: [.left(row: 1)]),
            ])
        rules.capabilityIsRule = true
        rules.sidesAreRules = true
        findings = lineup.check(rules, roster: roster)
        #expect(findings.allSatisfy { $0.severity == .violation } && findings.count == 2)
        lineup.remove(100)
        #expect(lineup.check(rules, roster: roster).first?.kind == .emptyEnd(seat: .drummer))
    }

    @Test func unknownWeightsAreWarned() throws {
        let (lineup, original) = try Self.crew(.small, women: 5, men: 5)
        var roster = original
        roster[3]?.weightKg = nil
        #expect(
            lineup.check(CrewRules(.open, kind: .small), roster: roster)
                == [RuleFinding(severity: .warning, kind: .weightUnknown(names: ["P3"]), places: [.left(row: 2)])])
    }
}

/// A pre-race check counts an inactive paddler seated and a paddler in a row they may not sit in as broken
/// rules; `show` and the optimizer keep them as warnings.
@Suite("Crew rules on race day")
struct RaceDayFindingTests {
    @Test func inactiveAndBarredRowsFailARaceDayCheck() throws {
        let (lineup, roster0) = try CrewRulesTests.crew(.standard, women: 10, men: 10)
        var roster = roster0
        roster[1]?.isActive = false  // at L1
        roster[4]?.rows = RowSet(3...10)  // at R2
        let findings = lineup.check(CrewRules(.idbfMixed, kind: .standard), roster: roster)
        #expect(findings.allSatisfy { $0.severity != .violation })
        let raceDay = RuleFinding.forRaceDay(findings)
        let broken = raceDay.filter { $0.severity == .violation }.map(\.kind)
        #expect(broken.contains(.inactive(name: "P1", seat: .left(row: 1))))
        #expect(broken.contains(.rowExcluded(name: "P4", rows: RowSet(3...10), seat: .right(row: 2))))
        #expect(raceDay.first?.severity == .violation)
        // Nothing else changes severity.
        let unweighed = RuleFinding(severity: .warning, kind: .weightUnknown(names: ["P7"]))
        #expect(RuleFinding.forRaceDay([unweighed]) == [unweighed])
    }
}
