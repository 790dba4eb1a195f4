import LineupCore
import Testing

@Suite("Findings about the rows paddlers may sit in and the roles rows want")
struct RowAndRoleFindingTests {
    /// Jack Lee in `seat`, with rows `rows` and role `role`.
    func findings(
        _ seat: Place, rows: RowSet?, role: SeatRole = .any, wanted: WantedRoles? = nil, preferred: RowSet? = nil
    ) throws -> [RuleFinding] {
        var jack = Paddler(id: 1, name: "Jack Lee", weightKg: 80, role: role, rows: rows)
        jack.preferredRows = preferred
        let roster: [PaddlerID: Paddler] = [1: jack]
        let lineup = try Lineup(kind: .standard, placements: [(1, seat)])
        return lineup.check(CrewRules(.open, kind: .standard), roster: roster, wantedRoles: wanted)
            .filter { finding in
                switch finding.kind {
                case .rowExcluded, .roleMismatch, .outsidePreferredRows: true
                default: false
                }
            }
    }

    @Test func aPaddlerOutsideTheirRowsIsAWarningAndInsideNothing() throws {
        #expect(
            try findings(.left(row: 1), rows: RowSet(2...10)) == [
                RuleFinding(
                    severity: .warning, kind: .rowExcluded(name: "Jack Lee", rows: RowSet(2...10), seat: .left(row: 1)),
                    places: [.left(row: 1)])
            ])
        #expect(try findings(.left(row: 2), rows: RowSet(2...10)).isEmpty)
        #expect(try findings(.right(row: 10), rows: RowSet(2...10)).isEmpty)
        #expect(try findings(.right(row: 1), rows: nil).isEmpty)
        // The bench and the ends have no row.
        #expect(try findings(.drummer, rows: RowSet(2...10)).isEmpty)
    }

    @Test func aRoleInARowThatWantsAnotherIsANoteOnlyWithWantedRoles() throws {
        let standard = WantedRoles.defaults(for: .standard)
        #expect(try findings(.left(row: 1), rows: nil, role: .rear).isEmpty)
        let note = try findings(.left(row: 1), rows: nil, role: .rear, wanted: standard)
        #expect(note.map(\.severity) == [.note])
        #expect(note.first?.kind == .roleMismatch(name: "Jack Lee", role: .rear, wanted: .stroke, seat: .left(row: 1)))
        #expect(try findings(.left(row: 9), rows: nil, role: .rear, wanted: standard).isEmpty)
        #expect(try findings(.left(row: 1), rows: nil, role: .any, wanted: standard).isEmpty)
        let custom = WantedRoles(stroke: RowSet(1...3), engine: RowSet(4...8), rear: RowSet([]))
        #expect(try findings(.left(row: 3), rows: nil, role: .stroke, wanted: custom).isEmpty)
        // A row that wants no role notes nobody.
        #expect(try findings(.left(row: 10), rows: nil, role: .stroke, wanted: custom).isEmpty)
    }

    /// A paddler outside the rows they prefer is a note (`check` lists it, as the optimizer's seat fit and the
    /// regatta plan count it); outside the rows they may sit in, the warning alone.
    @Test func aPaddlerOutsideTheirPreferredRowsIsANote() throws {
        let note = try findings(.right(row: 5), rows: nil, preferred: RowSet(1...2))
        #expect(
            note == [
                RuleFinding(
                    severity: .note,
                    kind: .outsidePreferredRows(name: "Jack Lee", rows: RowSet(1...2), seat: .right(row: 5)),
                    places: [.right(row: 5)])
            ])
        #expect(try findings(.right(row: 2), rows: nil, preferred: RowSet(1...2)).isEmpty)
        let barred = try findings(.left(row: 1), rows: RowSet(2...10), preferred: RowSet(3...4))
        #expect(barred.count == 1 && barred.allSatisfy { $0.severity != .note })
        #expect(try findings(.left(row: 5), rows: RowSet(2...10), preferred: RowSet(3...4)).map(\.severity) == [.note])
    }

    @Test func notesComeAfterWarnings() throws {
        let all = try Lineup(kind: .standard, placements: [(1, .left(row: 1))]).check(
            CrewRules(.open, kind: .standard),
            roster: [1: Paddler(id: 1, name: "Jack Lee", role: .rear, rows: RowSet(2...10))],
            wantedRoles: .defaults(for: .standard))
        let severities = all.map(\.severity)
        #expect(severities == severities.sorted { rank($0) < rank($1) })
        #expect(severities.last == .note)
    }

    func rank(_ severity: RuleFinding.Severity) -> Int {
        switch severity {
        case .violation: 0
        case .warning: 1
        case .note: 2
        }
    }
}
