import LineupCore
import LineupPresentation
import Testing

@Suite("Seat roles and rows in words")
struct SeatRoleWordsTests {
    @Test func rowFindingsSayWhoSitsWhereAndWhereTheyMay() {
        let excluded = RuleFinding(
            severity: .warning, kind: .rowExcluded(name: "Jack Lee", rows: RowSet(2...10), seat: .left(row: 1)),
            places: [.left(row: 1)])
        #expect(excluded.message == "Jack Lee sits in row 1 but may sit only in rows 2–10")
        #expect(excluded.seatNote == "may sit only in rows 2–10")
        let one = RuleFinding(
            severity: .warning, kind: .rowExcluded(name: "Ann Lee", rows: RowSet([3]), seat: .right(row: 5)))
        #expect(one.message == "Ann Lee sits in row 5 but may sit only in row 3")
        let role = RuleFinding(
            severity: .note, kind: .roleMismatch(name: "Jack Lee", role: .rear, wanted: .stroke, seat: .left(row: 1)))
        #expect(role.message == "Jack Lee is a rear paddler but sits at L1, a stroke row")
        let engine = RuleFinding(
            severity: .note, kind: .roleMismatch(name: "Ann Lee", role: .engine, wanted: .engine, seat: .right(row: 4)))
        #expect(engine.message == "Ann Lee is an engine paddler but sits at R4, an engine row")
        let preferred = RuleFinding(
            severity: .note, kind: .outsidePreferredRows(name: "Jack Lee", rows: RowSet(1...2), seat: .right(row: 5)))
        #expect(preferred.message == "Jack Lee prefers rows 1–2 but sits at R5")
        #expect(preferred.seatNote == "prefers rows 1–2")
    }

    @Test func notesAreListedButNotCountedAsWarnings() {
        let rules = CrewRules(.open, kind: .standard)
        let note = RuleFinding(
            severity: .note, kind: .roleMismatch(name: "Jack Lee", role: .rear, wanted: .stroke, seat: .left(row: 1)))
        #expect(
            RulesText(rules: rules, findings: [note]).lines() == [
                "Rules (open): all kept", "  · Jack Lee is a rear paddler but sits at L1, a stroke row",
            ])
    }

    @Test func aPaddlersSeatIsSummedUpCompactly() {
        #expect(RosterWords.seatSummary(Paddler(id: 1, name: "A")) == "")
        #expect(
            RosterWords.seatSummary(
                Paddler(id: 1, name: "A", role: .stroke, rows: RowSet(1...2), preferredRows: RowSet([1])))
                == "stroke, rows 1–2, prefers 1")
        #expect(RosterWords.seatSummary(Paddler(id: 1, name: "A", rows: RowSet([1, 3, 4, 5]))) == "rows 1,3–5")
    }

    @Test func aBoatsWantedRolesAreSaid() {
        let boat = Boat(id: 1, name: "Heat 1", kind: .small)
        #expect(
            SeatRoleWords.shown(boat)
                == "\"Heat 1\" wants stroke in row 1, engine in rows 2–4, rear in row 5, the defaults for a small boat."
        )
        var custom = boat
        custom.customRoles = WantedRoles(stroke: RowSet(1...2), engine: RowSet(3...4), rear: RowSet([]))
        #expect(
            SeatRoleWords.shown(custom)
                == "\"Heat 1\" wants stroke in rows 1–2, engine in rows 3–4; row 5 wants no role in particular.")
    }
}
