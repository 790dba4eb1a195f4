import Testing

@testable import LineupCore

private func read(_ text: String, unit: WeightUnit = .kg) -> RosterFile {
    RosterImporter.read(Array(text.utf8), unit: unit)
}

@Suite("Roster import")
struct RosterImportTests {
    /// An unquoted comma in a value shifts the line's cells into the wrong columns: the problems say so, while a
    /// line with empty cells past the header's (as spreadsheets write them) is read as usual.
    @Test func aLineShiftedByAnUnquotedCommaSaysWhy() throws {
        let file = read("Name,Weight,Sex,Side,Drummer,Notes\nEve Fox,1,500,F,either,,\nBo,70,M,left,no,,,\n")
        #expect(file.rows.map(\.draft.name) == ["Bo"])
        #expect(file.problems.map(\.line) == [2, 2, 2, 2])
        #expect(
            file.problems.last?.message
                == "7 fields, but the header names 6: a value with a comma in it (72,5) needs double quotes (\"72,5\")")
    }

    @Test func readsTheCanonicalColumns() throws {
        let file = read(
            "name,weight_kg,sex,side,can_drum,can_steer,notes\nAnn Lee,61.5,F,left,yes,no,Stroke\nBo,,M,either,0,1,\n")
        #expect(file.problems.isEmpty)
        #expect(
            file.rows.map(\.draft) == [
                PaddlerDraft(
                    name: "Ann Lee", weightKg: 61.5, sex: .female, side: .left, canDrum: true, canSteer: false,
                    notes: "Stroke"),
                PaddlerDraft(name: "Bo", sex: .male, side: .either, canDrum: false, canSteer: true),
            ])
    }

    /// A line with content only in columns that are not read is a paddler's line without a name, not a
    /// blank line to skip in silence.
    @Test func aLineWithContentOnlyInColumnsLeftOutIsReported() throws {
        let file = read("name,weight,shoe size\nAnn,60,38\n,,42\n , ,\n")
        #expect(file.ignoredColumns == ["shoe size"])
        #expect(file.rows.map(\.draft.name) == ["Ann"])
        #expect(file.problems.map(\.line) == [3])
    }

    @Test func readsOtherToolsHeadersAndValues() throws {
        let file = read(
            "First Name,LAST-NAME,Weight (lbs),Gender,Skills,Status,Helm\r\n"
                + "Ann,Lee,150,Female,\"left, drum\",active,n\r\n"
                + "Bo,Ray,200,male,steer,inactive,\r\n"
                + "Cy,Do,180 lb,Other,\"left, right\",,x\r\n")
        #expect(file.problems.isEmpty)
        #expect(file.rows.count == 3)
        let ann = try #require(file.rows.first?.draft)
        #expect(ann.name == "Ann Lee")
        #expect(ann.side == .left && ann.canDrum == true && ann.canSteer == false)
        let annWeight: Double = (ann.weightKg ?? nil) ?? 0
        // Weights are kept to hundredths of a kilogram: 150 lb is 68.0388555 kg.
        #expect(annWeight == 68.04)
        let cy = try #require(file.rows.last?.draft)
        #expect(cy.side == .either && cy.canSteer == true && cy.sex == .other)
        // The Status column sets the active state; an empty one leaves it as it is.
        #expect(file.rows.map(\.draft.isActive) == [true, false, nil])
    }

    @Test(arguments: [
        ("72", WeightUnit.kg, 72.0), ("72.5", .kg, 72.5), ("72,5", .kg, 72.5), ("72 kg", .kg, 72),
        ("160 lb", .kg, 160 * 0.45359237), ("160", .lb, 160 * 0.45359237), ("70KG", .lb, 70),
    ])
    func parsesWeights(text: String, unit: WeightUnit, kilograms: Double) throws {
        #expect(try RosterImporter.parseWeight(text, defaultUnit: unit) == (kilograms * 100).rounded() / 100)
    }

    @Test(arguments: ["0", "-5", "abc", "1e309", "NaN", "300", "72 stone", "inf", "", "1.2.3", "nan kg"])
    func refusesBadWeights(text: String) {
        #expect(throws: LineupError.self) { try RosterImporter.parseWeight(text, defaultUnit: .kg) }
    }

    @Test func acceptsByteOrderMarkAndAllLineEndings() {
        for ending in ["\n", "\r\n", "\r"] {
            let file = RosterImporter.read([0xEF, 0xBB, 0xBF] + Array("Name\(ending)Ann\(ending)Bo".utf8))
            #expect(file.problems.isEmpty)
            #expect(file.rows.map(\.draft.name) == ["Ann", "Bo"])
        }
    }

    @Test func everyBadLineIsListed() {
        let file = read("name,weight,sex,side\nAnn,abc,F,left\nBo,70,Q,left\nCy,70,M,up\nDi,70,F,right\n")
        #expect(file.problems.map(\.line) == [2, 3, 4])
        #expect(file.rows.count == 1)
    }

    @Test func duplicateNamesInOneFileAreRefused() {
        let file = read("name\nAnn Lee\n ann lee \n")
        #expect(
            file.problems == [RosterImportIssue(line: 3, message: "'ann lee' is already on line 2; keep one of them")])
    }

    @Test(arguments: [
        ("", "the file is empty"), ("name,weight\n", "header line but no paddlers"),
        ("weight,sex\n70,F\n", "no name column"), ("name\n\"Ann\n", "never closed"),
    ])
    func refusesFilesThatCannotBeRead(text: String, expected: String) {
        let file = read(text)
        #expect(file.problems.count == 1)
        #expect(file.problems.first?.message.contains(expected) == true)
    }

    @Test func refusesUTF16AndLatin1WithAHint() {
        let utf16 = RosterImporter.read([0xFF, 0xFE, 0x6E, 0x00, 0x61, 0x00])
        #expect(utf16.problems.first?.message.contains("UTF-16") == true)
        let latin1 = RosterImporter.read(Array("name\nAnn\nJos".utf8) + [0xE9, 0x0A])
        #expect(
            latin1.problems == [
                RosterImportIssue(
                    line: 3,
                    message:
                        "not valid UTF-8 text (perhaps Latin-1 or Windows-1252); save the file as \"CSV UTF-8\" and try again"
                )
            ])
    }

    @Test func refusesBadNames() {
        let long = String(repeating: "x", count: 101)
        let file = read("name\n\(long)\n\"a\u{7}b\"\nL3\nb\nBo\nDan\nR2D2\n")
        #expect(file.problems.map(\.line) == [2, 3, 4, 5])
        #expect(file.rows.map(\.draft.name) == ["Bo", "Dan", "R2D2"])
    }

    @Test func boatNamesMayLookLikePlaces() throws {
        #expect(try PaddlerRules.validatedName(" B1 ", of: .boat) == "B1")
        #expect(throws: LineupError.self) { try PaddlerRules.validatedName("B1") }
    }

    @Test func anInjuredUntilColumnSetsEndsOrRefusesAnInjury() throws {
        let file = RosterImporter.read(
            Array("name,Injured until\nAnn,2026-12-20\nBo,none\nCy,\nDi,2026-02-30\n".utf8))
        #expect(file.rows.map(\.draft.injuredUntil) == [.some(try RegattaDay(parsing: "2026-12-20")), .some(nil), nil])
        #expect(
            file.problems.map(\.description) == [
                "line 5: '2026-02-30' is not a date; give a real day from 1900-01-01 to 2200-12-31 as YYYY-MM-DD, "
                    + "such as 2026-06-13, or none when not injured"
            ])
    }

    @Test(arguments: ["none", "None", " NONE "])
    func aSideOfNoneIsRefused(side: String) {
        let file = RosterImporter.read(Array("name,side\nZoe Drum,\(side)\nRay,no preference\n".utf8))
        #expect(file.problems.map(\.line) == [2])
        #expect(file.problems.first?.message.contains("write either (no preference), left or right") == true)
        #expect(file.rows.map(\.draft.side) == [.either])
    }

    @Test func rosterExportReadsBackUnchanged() throws {
        let paddlers = [
            Paddler(
                id: 1, name: "-Dash", weightKg: 72.25, sex: .female, side: .left, canDrum: true, notes: "a, \"b\"",
                isActive: false, injuredUntil: try RegattaDay(parsing: "2026-12-20"), role: .engine,
                rows: RowSet(2...8), preferredRows: RowSet([4])),
            Paddler(id: 2, name: "Plain", side: .either, canSteer: true),
        ]
        let file = RosterImporter.read(Array(CSVFormat.roster(paddlers).utf8))
        #expect(file.problems.isEmpty)
        #expect(file.rows.map { $0.draft.applied(to: Paddler(id: 0, name: "")) }.map(\.name) == ["-Dash", "Plain"])
        let first = file.rows[0].draft.applied(to: Paddler(id: 1, name: ""))
        #expect(first == paddlers[0])
    }
}
