import PropertyBased
import Testing

@testable import LineupCore

@Suite("CSV reading and writing")
struct CSVTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func readsEveryLineEnding(ending: String) throws {
        let text = ["name,weight", "Ann,60", "\"Bo, Jr.\",\"7\"\"2\""].joined(separator: ending) + ending
        let records = try CSVParser.records(in: text)
        #expect(records.map(\.fields) == [["name", "weight"], ["Ann", "60"], ["Bo, Jr.", "7\"2"]])
        #expect(records.map(\.line) == [1, 2, 3])
    }

    @Test func quotedLineBreaksStayInTheFieldAndLinesAreCounted() throws {
        let records = try CSVParser.records(in: "a,b\n\"one\ntwo\",x\n\nlast,y")
        #expect(records.map(\.fields) == [["a", "b"], ["one\ntwo", "x"], ["last", "y"]])
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test func unclosedQuoteIsAnErrorOnItsLine() {
        #expect(throws: CSVParser.Failure(line: 3, message: "a quoted field is never closed")) {
            try CSVParser.records(in: "name\nAnn\n\"Bo,70\nCy,80\n")
        }
    }

    @Test func textAfterAClosingQuoteIsAnError() {
        #expect(throws: CSVParser.Failure.self) { try CSVParser.records(in: "name\n\"Ann\"x,60\n") }
        #expect(throws: CSVParser.Failure.self) { try CSVParser.records(in: "name\nAn\"n,60\n") }
    }

    @Test(arguments: [
        ("plain", "plain"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("two\nlines", "\"two\nlines\""),
        ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-5", "'-5"), ("@cmd", "'@cmd"), ("\tx", "'\tx"),
        ("\rx", "\"'\rx\""), ("'quoted", "''quoted"), ("=a,b", "\"'=a,b\""), ("", ""),
    ])
    func writesFieldsSafely(value: String, written: String) {
        #expect(CSVFormat.field(value) == written)
    }

    @Test func anyTextSurvivesWriteThenRead() async {
        let characters = Gen.oneOf(
            Gen.letterOrNumber, Gen.always(Character(",")), Gen.always(Character("\"")), Gen.always(Character("\n")),
            Gen.always(Character("=")), Gen.always(Character("-")), Gen.always(Character("'")),
            Gen.always(Character("@")), Gen.always(Character(" ")), Gen.always(Character("é")),
            Gen.always(Character("\u{301}")))
        await propertyCheck(count: 500, input: characters.string(of: 0...12).array(of: 1...4)) { fields in
            let document = CSVFormat.document([fields])
            guard let records = try? CSVParser.records(in: document) else {
                Issue.record("could not read back \(document.debugDescription)")
                return
            }
            #expect(records.count == 1)
            #expect(records.first?.fields.map(CSVFormat.unguarded) == fields)
        }
    }

    @Test func lineupExportHasOneLinePerSeatInChartOrder() throws {
        let lineup = try sampleLineup()
        let roster: [PaddlerID: Paddler] = [
            1: Paddler(id: 1, name: "Dana", weightKg: 54, sex: .female),
            2: Paddler(id: 2, name: "=HYPERLINK(\"x\")", weightKg: 72.25, sex: .male),
            7: Paddler(id: 7, name: "Bench, Person", weightKg: nil),
        ]
        let lines = CSVFormat.lineup(lineup, roster: roster).split(separator: "\r\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "seat,section,row,side,name,weight_kg,sex")
        #expect(lines[1] == "D,drummer,,,Dana,54,F")
        #expect(lines[2] == "L1,left,1,left,\"'=HYPERLINK(\"\"x\"\")\",72.25,M")
        #expect(lines[3] == "R1,right,1,right,,,")
        #expect(lines[22] == "S,steerer,,,,,")
        #expect(lines[23] == "B1,bench,,,\"Bench, Person\",,")
        #expect(lines.count == 1 + 22 + 3 + 1)
        #expect(lines.last == "")
    }
}
