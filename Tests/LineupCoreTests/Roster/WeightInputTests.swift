import Testing

@testable import LineupCore

/// Weights as typed (`--weight`) and as imported read one way: at most two decimals, and no number that
/// could be read two ways.
@Suite("Weights take at most two decimals and are never ambiguous")
struct WeightInputTests {
    @Test(arguments: [("1,500", "1.5 or 1500"), ("1.500", "1.5 or 1500"), ("72,250", "72.25 or 72250")])
    func aSeparatorBeforeThreeDigitsIsAmbiguous(text: String, readings: String) {
        #expect(throws: LineupError.self) { try RosterImporter.parseWeight(text, defaultUnit: .kg) }
        do {
            _ = try RosterImporter.parseWeight(text, defaultUnit: .kg)
        } catch {
            #expect(error.description.contains(readings), "\(error.description)")
        }
    }

    @Test(arguments: ["0.005", "72.125", "72,125", "160.333 lb", ".005"])
    func moreThanTwoDecimalsAreRefused(text: String) {
        do {
            let stored = try RosterImporter.parseWeight(text, defaultUnit: .kg)
            Issue.record("\(text) was taken as \(stored)")
        } catch {
            #expect(error.description.contains("at most two decimals"), "\(error.description)")
        }
    }

    @Test(arguments: [("72,5", 72.5), ("72,50", 72.5), ("72.25", 72.25), ("0,5", 0.5), ("150 lb", 68.04)])
    func decimalCommasAndHundredthsStillRead(text: String, kilograms: Double) throws {
        #expect(try RosterImporter.parseWeight(text, defaultUnit: .kg) == kilograms)
    }

    /// A semicolon file from a spreadsheet where the comma is the decimal mark reads as before.
    @Test func aSemicolonFileWithDecimalCommasReads() {
        let file = RosterImporter.read(Array("Name;Weight\nAnn Lee;72,5\nBo Chen;1,500\n".utf8))
        #expect(file.problems.count == 1)
        #expect(file.problems.first?.line == 3)
        #expect(file.problems.first?.message.contains("1.5 or 1500") == true)
        let good = RosterImporter.read(Array("Name;Weight\nAnn Lee;72,5\n".utf8))
        #expect(good.problems.isEmpty)
        #expect(good.rows.first?.draft.weightKg == .some(72.5))
    }
}

/// Two columns of one line that say different things: the line is refused, naming both columns, never
/// settled by picking one.
@Suite("Roster columns that disagree are refused")
struct RosterColumnAgreementTests {
    @Test(arguments: [
        ("Name,Side,Skills\nAnn Lee,left,right\n", ["'Skills'", "'Side'", "'right'", "'left'"]),
        ("Name,Drummer,Skills\nAnn Lee,no,drum\n", ["'Skills'", "'Drummer'", "'drum'", "'no'"]),
        ("Name,Steerer,Skills\nAnn Lee,no,\"left, steer\"\n", ["'Skills'", "'Steerer'"]),
        ("First name,Last name,Name\nAnn,Lee,Bo Chen\n", ["'Name'", "'First name'", "'Last name'", "'Ann Lee'"]),
    ])
    func disagreeingColumnsAreABadRow(text: String, named: [String]) {
        let file = RosterImporter.read(Array(text.utf8))
        #expect(file.problems.count == 1, "\(file.problems)")
        #expect(file.problems.first?.line == 2)
        for words in named {
            #expect(file.problems.first?.message.contains(words) == true, "\(file.problems)")
        }
    }

    @Test(arguments: [
        "Name,Side,Skills\nAnn Lee,left,\"left, drum\"\n", "Name,Drummer,Skills\nAnn Lee,yes,left\n",
        "Name,Drummer,Skills\nAnn Lee,yes,drum\n", "First name,Last name,Name\nAnn,Lee,ann lee\n",
        "First name,Last name,Name\n,,Ann Lee\n", "Name,Side,Skills\nAnn Lee,left,\n",
    ])
    func columnsThatAgreeOrAreSilentRead(text: String) {
        let file = RosterImporter.read(Array(text.utf8))
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.rows.count == 1)
    }
}
