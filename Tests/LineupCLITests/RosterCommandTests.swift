import Foundation
import Testing

@Suite("the roster on the command line: import, update, inactive paddlers and the sample club")
struct RosterCommandTests {

    /// The exchange that takes an inactive paddler's seat is an exchange: she takes the bench place of whoever
    /// came in, marked inactive there, and one undo puts both back.
    @Test func anExchangeTakingAnInactivePaddlersSeatPutsHerOnTheBench() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Sam Eriksen", "--inactive"]).status == 0)
        let exchanged = try lineup.run(["exchange", "R5", "B8"])
        #expect(exchanged.status == 0, "\(exchanged.stderr)")
        #expect(exchanged.stdout.contains("Rules (open): now all kept"), "\(exchanged.stdout)")
        let show = try lineup.run(["show"]).stdout
        #expect(show.contains("B8   Sam Eriksen"), "\(show)")
        #expect(show.contains("(inactive)"), "\(show)")
        #expect(try lineup.run(["undo"]).status == 0)
        #expect(try lineup.run(["show"]).stdout.contains("R5   Sam Eriksen"))
    }

    /// `roster export` carries every field `roster list --json` shows, so importing it into a new database gives
    /// the same roster: injury date, roles, rows, sides, abilities, notes and status included.
    @Test func anExportImportsBackIntoANewDatabaseWithEveryField() throws {
        let lineup = try LineupProcess.sampleClub()
        let updated = try lineup.run([
            "roster", "update", "Ada Lindqvist", "--weight", "61.25", "--sex", "X", "--side", "right", "--drum",
            "--steer", "--notes", "=starts, \"fast\"", "--inactive", "--injured-until", "2026-12-20", "--role", "rear",
            "--rows", "1,3-5", "--prefer-rows", "4",
        ])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(try lineup.run(["roster", "update", "Bea", "--injured-until", "2027-01-31"]).status == 0)
        let before = try lineup.run(["roster", "list", "--json"]).stdout
        let roster = try #require(try JSONSerialization.jsonObject(with: Data(before.utf8)) as? [[String: Any]])
        let ada = try #require(roster.first { $0["name"] as? String == "Ada Lindqvist" })
        #expect(ada["injured_until"] as? String == "2026-12-20")
        #expect(ada["active"] as? Bool == false)
        let exported = try lineup.run(["roster", "export"]).stdout

        let other = try LineupProcess()
        #expect(try other.run(["init"]).status == 0)
        let file = try other.file("roster.csv", Array(exported.utf8))
        let imported = try other.run(["roster", "import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let after = try other.run(["roster", "list", "--json"]).stdout
        #expect(after == before)
        #expect(try other.run(["roster", "export"]).stdout == exported)
        // `none` ends an injury: the file read back into a database where she is injured clears it.
        let healed = exported.replacingOccurrences(of: ",2027-01-31\r\n", with: ",none\r\n")
        let healedFile = try lineup.file("healed.csv", Array(healed.utf8))
        #expect(try lineup.run(["roster", "import", healedFile]).stdout.contains("Bea Marangoni (no longer injured)"))
    }

    /// A Side of `none` could mean no preference or never paddling; the roster has no side for never paddling,
    /// so the file is refused with what to write instead, and nothing changes.
    @Test func aSideOfNoneIsRefusedSayingWhatToWrite() throws {
        let lineup = try LineupProcess.sampleClub()
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let file = try lineup.file(
            "roster.csv",
            Array("name,weight,sex,side,drummer,steerer\nZoe Drum,50,F,none,yes,\nRay Ross,80,M,either,,\n".utf8))
        let result = try lineup.run(["roster", "import", file])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(
            result.stderr.contains(
                "line 2: 'none' is not a valid side: it could mean no preference or never paddling, and the roster "
                    + "has no side for never paddling; write either (no preference), left or right"),
            "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
        #expect(!(try lineup.run(["roster", "list"]).stdout.contains("Zoe Drum")))
    }

    @Test func inactivePaddlersLeaveTheBenchesAndAreWarnedAboutWhereSeated() throws {
        let lineup = try LineupProcess.sampleClub()
        let benched = try lineup.run(["roster", "update", "Alex Moreau", "--inactive"])
        #expect(benched.status == 0)
        #expect(!(try lineup.run(["show"]).stdout.contains("Alex Moreau")))
        let seated = try lineup.run(["roster", "update", "Ada Lindqvist", "--inactive"])
        #expect(seated.status == 0)
        #expect(seated.stderr.contains("Ada Lindqvist is inactive but still seated (Sample crew: L1)"))
        // `show` counts it as `check` does: a broken rule.
        #expect(try lineup.run(["show"]).stdout.contains("✗ Ada Lindqvist is marked inactive but sits at L1"))
        let check = try lineup.run(["check"])
        #expect(check.stdout.contains("Ada Lindqvist is marked inactive but sits at L1"))
        #expect(try lineup.run(["boat", "create", "Heat 2"]).status == 0)
        let heat = try lineup.run(["show", "-b", "Heat 2"]).stdout
        #expect(!heat.contains("Alex Moreau") && !heat.contains("Ada Lindqvist"))
        #expect(heat.contains("Bench (28):"))
        #expect(try lineup.run(["roster", "list"]).stdout.contains("2 inactive"))
        #expect(try lineup.run(["roster", "update", "Alex Moreau", "--active"]).status == 0)
        #expect(try lineup.run(["show", "-b", "Heat 2"]).stdout.contains("B29  Alex Moreau"))
        #expect(try DatabaseChecks.problems(at: lineup.databasePath) == [])
        // Re-importing a roster whose Status column says inactive marks them, and says who is seated.
        let file = try lineup.file("club.csv", Array("name,status\nBea Marangoni,inactive\n".utf8))
        let imported = try lineup.run(["roster", "import", file])
        #expect(imported.status == 0)
        #expect(imported.stdout.contains("Updated: Bea Marangoni (now inactive)"))
        #expect(imported.stderr.contains("Bea Marangoni is marked inactive but seated (Sample crew: R1)"))
    }

    @Test func initSampleNeverMixesTheSampleIntoAClub() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Ada Lindqvist", "--weight", "99"]).status == 0)
        #expect(try lineup.run(["roster", "remove", "Mia Xu"]).status == 0)
        #expect(try lineup.run(["boat", "create", "Heat 2"]).status == 0)
        let before = try lineup.snapshot()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let again = try lineup.run(["init", "--sample"])
        #expect(again.status == 1)
        #expect(again.stderr.hasPrefix("error: "))
        #expect(again.stderr.contains("lineup init --sample --db sample.sqlite"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == bytes)
        #expect(try lineup.snapshot() == before)
    }

    /// Spreadsheets in countries where the comma is the decimal mark write semicolons; tab-separated files
    /// are common too. Both are read like commas.
    @Test func semicolonAndTabSeparatedRostersImport() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init"]).status == 0)
        let semicolons = try lineup.file("semi.csv", Array("Name;Weight;Sex;Notes\nMaya Chen;58,5;F;\"a; b\"\n".utf8))
        let imported = try lineup.run(["roster", "import", semicolons])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Added: Maya Chen (weight 58.5 kg, sex F, notes)"))
        let tabs = try lineup.file("tabs.tsv", Array("Name\tWeight\tSex\nBo Ray\t70\tM\n".utf8))
        #expect(try lineup.run(["roster", "import", tabs]).stdout.contains("Added: Bo Ray (weight 70 kg, sex M)"))
        #expect(try lineup.run(["roster", "export"]).stdout.contains("Maya Chen,58.5,F,either,no,no,a; b,active"))
    }

    @Test func rosterUpdateSaysWhatChanged() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(
            try lineup.run(["roster", "update", "ada", "--weight", "150 lb"]).stdout
                == "Updated Ada Lindqvist: weight 61.5 kg → 68.04 kg.\n")
        #expect(
            try lineup.run(["roster", "update", "ada", "--weight", "68.04"]).stdout
                == "Nothing to change for Ada Lindqvist: every field given already has that value.\n")
        #expect(try lineup.run(["boat", "create", "W", "--rules", "Women"]).status == 0)
        #expect(try lineup.run(["show", "-b", "W", "--unit", "LB"]).status == 0)
    }

    /// An undo can put back on the bench a paddler made inactive since: the chart marks them.
    @Test func anInactivePaddlerPutBackOnTheBenchIsMarked() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["exchange", "Alex Moreau", "L1"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Alex Moreau", "--inactive"]).status == 0)
        #expect(try lineup.run(["undo"]).status == 0)
        #expect(try lineup.run(["show"]).stdout.contains("Alex Moreau               75  (inactive)"))
        #expect(try lineup.run(["export", "--format", "text"]).stdout.contains("Bench: Alex"))
        #expect(try lineup.run(["export", "--format", "html"]).stdout.contains("<span class=\"mark\">inactive</span>"))
    }
}
