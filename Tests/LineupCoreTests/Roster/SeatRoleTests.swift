import LineupCore
import Testing

@Suite("Seat roles, row sets and the rows a boat wants for each role")
struct SeatRoleTests {
    @Test(arguments: [
        ("1-2", [1, 2], "1-2"), ("2-10", Array(2...10), "2-10"), ("1,3-5", [1, 3, 4, 5], "1,3-5"),
        ("7", [7], "7"), ("2–4", [2, 3, 4], "2-4"), (" 1 , 9-10 ", [1, 9, 10], "1,9-10"),
        ("3-5,4-6", [3, 4, 5, 6], "3-6"),
    ])
    func rowsAreReadAsTypedAndWrittenCompactly(text: String, rows: [Int], written: String) throws {
        let set = try RowSet.parse(text)
        #expect(set.rows == rows)
        #expect(set.description == written)
        #expect(try RowSet.parse(set.description) == set)
        #expect(RowSet(mask: set.mask) == set)
    }

    @Test(arguments: [
        ("", "no rows are given"), ("0-3", "row 0 does not exist"), ("1-11", "row 11 does not exist"),
        ("5-3", "runs backwards; write it front to back: 3-5"), ("abc", "'abc' is not a row"),
        ("1,,2", "'' is not a row"), ("1-2-3", "'1-2-3' is not a row"), ("-1", "'-1' is not a row"),
        ("١", "'١' is not a row"),
    ])
    func badRowsAreRefusedSayingWhatToType(text: String, reason: String) {
        #expect {
            try RowSet.parse(text)
        } throws: { error in
            guard case .invalidRows(_, let why) = error as? LineupError else { return false }
            return why.contains(reason)
        }
    }

    @Test func masksOutsideRowsOneToTenAreNoRowSet() {
        #expect(RowSet(mask: -1) == nil)
        #expect(RowSet(mask: 1024) == nil)
        #expect(RowSet(mask: 1023)?.rows == Array(1...10))
        #expect(RowSet(mask: 0)?.isEmpty == true)
    }

    @Test func aPaddlersRowsAreStoredAsNilForEveryRowAndNeverEmpty() throws {
        #expect(try PaddlerRules.validatedRows(RowSet(1...10)) == nil)
        #expect(try PaddlerRules.validatedRows(RowSet(2...10)) == RowSet(2...10))
        #expect(throws: LineupError.self) { try PaddlerRules.validatedRows(RowSet([])) }
        #expect(throws: LineupError.self) {
            try PaddlerDraft(name: "Jack Lee", rows: .some(RowSet(2...10)), preferredRows: .some(RowSet([1])))
                .validated()
        }
        let fine = try PaddlerDraft(name: "Jack Lee", rows: .some(RowSet(2...10)), preferredRows: .some(RowSet([2])))
            .validated()
        let jack = fine.applied(to: Paddler(id: 1, name: "Jack Lee"))
        #expect(!jack.maySit(inRow: 1) && jack.maySit(inRow: 2) && jack.maySit(inRow: 10))
    }

    @Test func theDefaultsWantEveryRowOnce() throws {
        for kind in BoatKind.allCases {
            let roles = try WantedRoles.defaults(for: kind).validated(for: kind)
            #expect((1...kind.rowCount).allSatisfy { roles.role(ofRow: $0) != nil })
        }
        let standard = WantedRoles.defaults(for: .standard)
        #expect([1, 2, 3, 8, 9, 10].map(standard.role(ofRow:)) == [.stroke, .stroke, .engine, .engine, .rear, .rear])
        let small = WantedRoles.defaults(for: .small)
        #expect([1, 2, 4, 5].map(small.role(ofRow:)) == [.stroke, .engine, .engine, .rear])
    }

    @Test func wantedRolesBeyondTheBoatOrSharingARowAreRefused() {
        let beyond = WantedRoles(stroke: RowSet([1]), engine: RowSet(2...4), rear: RowSet(5...6))
        #expect(throws: LineupError.self) { try beyond.validated(for: .small) }
        #expect(throws: Never.self) { try beyond.validated(for: .standard) }
        let shared = WantedRoles(stroke: RowSet(1...3), engine: RowSet(3...8), rear: RowSet(9...10))
        #expect {
            try shared.validated(for: .standard)
        } throws: { error in
            (error as? LineupError)?.description.contains("row 3 cannot want both stroke and engine") == true
        }
    }

    // MARK: - Roster files

    @Test func roleAndRowColumnsImport() throws {
        let file = RosterImporter.read(
            Array(
                ("name,role,rows,prefer_rows\r\nJack Lee,rear,2-10,9-10\r\nAnn Lee,Pacer,any,none\r\n"
                    + "Bo Ray,,,\r\n").utf8))
        #expect(file.problems.isEmpty, "\(file.problems)")
        let drafts = file.rows.map(\.draft)
        #expect(drafts[0].role == .rear && drafts[0].rows == .some(RowSet(2...10)))
        #expect(drafts[0].preferredRows == .some(RowSet(9...10)))
        #expect(drafts[1].role == .stroke && drafts[1].rows == .some(nil) && drafts[1].preferredRows == .some(nil))
        #expect(drafts[2].role == nil && drafts[2].rows == nil && drafts[2].preferredRows == nil)
    }

    @Test(arguments: [
        ("Jack Lee,boss,,", "'boss' is not a valid role"), ("Jack Lee,,0-2,", "row 0 does not exist"),
        ("Jack Lee,,1-2,3", "cannot prefer row 3"), ("Jack Lee,,,11", "row 11 does not exist"),
        ("Jack Lee,,none,", "'none' is not a valid Rows value; expected any (every row)"),
    ])
    func badRoleAndRowCellsRejectTheFile(line: String, problem: String) {
        // With a Skills column beside it, the Role column holds seat roles only.
        let file = RosterImporter.read(Array("name,role,rows,prefer_rows,skills\n\(line),\n".utf8))
        let problems = file.problems.map(\.description)
        #expect(problems.contains { $0.contains(problem) }, "\(problems)")
    }

    /// Club sheets call their skills column "Role": what is no seat role there is still read as skills.
    @Test func aRoleColumnOfSkillsIsReadAsSkills() {
        let file = RosterImporter.read(Array("Name,Role\nAnn Lee,\"left, drum\"\nBo Ray,engine\n".utf8))
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.rows[0].draft.side == .left && file.rows[0].draft.canDrum == true)
        #expect(file.rows[0].draft.role == nil)
        #expect(file.rows[1].draft.role == .engine)
    }

    @Test func anExportReadsBackToTheSamePaddlers() throws {
        let paddlers = [
            Paddler(
                id: 1, name: "Ann Lee", injuredUntil: try RegattaDay(parsing: "2026-12-20"), role: .stroke,
                rows: RowSet(1...2), preferredRows: RowSet([1])),
            Paddler(id: 2, name: "Bo Ray", role: .rear, rows: RowSet([1, 3, 4, 5, 9])),
            Paddler(id: 3, name: "Cy Dunn"),
        ]
        let text = CSVFormat.roster(paddlers)
        #expect(text.contains("Bo Ray,,,either,no,no,,active,rear,\"1,3-5,9\",none,none\r\n"))
        #expect(text.contains("Ann Lee,,,either,no,no,,active,stroke,1-2,1,2026-12-20\r\n"), "\(text)")
        let file = RosterImporter.read(Array(text.utf8))
        #expect(file.problems.isEmpty, "\(file.problems)")
        let read = zip(paddlers, file.rows).map { paddler, row in
            row.draft.applied(to: Paddler(id: paddler.id, name: ""))
        }
        #expect(read == paddlers)
        #expect(CSVFormat.roster(read) == text)
    }
}
