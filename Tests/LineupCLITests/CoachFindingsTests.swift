import Foundation
import Testing

/// What a first week of real use by a coach found, each held to its fix end to end.
@Suite("a coach's first week: figures, defaults and everyday commands")
struct CoachFindingsTests {
    private func sampleClub() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        return lineup
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A chart's totals are the sums of the weights it shows, even for weights entered in pounds
    /// (150 lb is stored as 68.04 kg and shown as 68).
    @Test func theNumbersAChartShowsAddUp() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init"]).status == 0)
        let weights = ["150 lb", "151 lb", "149.5 lb", "61.37", "70.06", "133 lb", "58.44", "87.75"]
        for (index, weight) in weights.enumerated() {
            #expect(try lineup.run(["roster", "add", "Rower \(index + 1)", "--weight", weight]).status == 0)
        }
        #expect(try lineup.run(["boat", "create", "Heat"]).status == 0)
        for (index, seat) in ["L1", "L2", "L3", "L4", "R1", "R2", "R3", "R4"].enumerated() {
            #expect(try lineup.run(["exchange", "Rower \(index + 1)", seat]).status == 0)
        }
        for unit in ["kg", "lb"] {
            let chart = try lineup.run(["show", "--unit", unit]).stdout
            var left = 0.0
            var right = 0.0
            for line in chart.split(separator: "\n") where line.contains(" | ") {
                let halves = line.split(separator: "|", omittingEmptySubsequences: false)
                for (index, half) in halves.enumerated() {
                    guard let weight = half.split(separator: " ").last.flatMap({ Double($0) }) else { continue }
                    if index == 0 { left += weight } else { right += weight }
                }
            }
            let sums = try #require(chart.split(separator: "\n").first { $0.contains("sums left") })
            let expected = "sums left \(Self.text(left)) \(unit), right \(Self.text(right)) \(unit)"
            #expect(sums.contains(expected), "\(unit): \(sums) vs \(expected)")
        }
        // Exports carry at most two decimals: the stored kilograms, never binary noise.
        let csv = try lineup.run(["export"]).stdout
        #expect(csv.contains(",Rower 1,68.04,"))
        let document = try lineup.run(["show", "--json"]).stdout
        let decimals = document.split(separator: "\n").compactMap { line -> Int? in
            guard
                let value = line.split(separator: ":").last?.trimmingCharacters(
                    in: .whitespaces.union(.init(charactersIn: ","))),
                Double(value) != nil, let dot = value.firstIndex(of: ".")
            else { return nil }
            return value.distance(from: dot, to: value.endIndex) - 1
        }
        #expect(!decimals.isEmpty)
        #expect(decimals.allSatisfy { $0 <= 2 }, "\(decimals)")
    }

    private static func text(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths)
    }

    @Test func configBalanceShowsExactFiguresPerKind() throws {
        let lineup = try sampleClub()
        let shown = try lineup.run(["config", "balance"]).stdout
        #expect(shown.contains("row-spacing-m                0.8     0.875"))
        #expect(shown.contains("end-half-width-m            0.38      0.38"))
        let set = try lineup.run(["config", "balance", "--kind", "small", "--end-half-width-m", "0.365"])
        #expect(set.status == 0)
        #expect(set.stdout.contains("end-half-width-m            0.38    0.365*"))
        // Numbers are read as weights are: no hexadecimal, exponents or infinities.
        for bad in ["0x10", "1e1", "inf", "nan", "1.2.3"] {
            let refused = try lineup.run(["config", "balance", "--drum-kg", bad])
            #expect(refused.status == 64, "\(bad)")
            #expect(refused.stderr.hasPrefix("error: "), "\(bad)")
        }
        #expect(try lineup.run(["config", "balance", "--drum-kg", "15,5"]).stdout.contains("15.5*"))
    }

    @Test func undoStepsBeyondTheHistoryAreRefused() throws {
        let lineup = try sampleClub()
        for seat in ["L1", "L2", "L3"] { #expect(try lineup.run(["exchange", seat, "R9"]).status == 0) }
        let before = try lineup.run(["show", "--json"]).stdout
        let refused = try lineup.run(["undo", "--steps", "100"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("has 3 changes that can be undone, not 100; nothing was undone"))
        #expect(try lineup.run(["show", "--json"]).stdout == before)
        let undone = try lineup.run(["undo", "--steps", "3"])
        #expect(undone.status == 0)
        #expect(undone.stdout.hasPrefix("Undid 3 changes in \"Sample crew\", in this order:"))
    }

    /// The sample crew has 10 women and 10 men paddling, and a drummer and a steerer: a legal idbf-mixed
    /// crew, which stays legal when the drummer and steerer are counted.
    @Test func idbfMixedCountingDrummerAndSteererAcceptsALegalFullCrew() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["check", "--rules", "idbf-mixed"]).status == 0)
        let counted = try lineup.run(["check", "--rules", "idbf-mixed", "--count-drummer-steerer"])
        #expect(counted.status == 0, "\(counted.stdout)")
        // Hand-set limits are kept as given.
        let strict = try lineup.run(["check", "--each-sex", "8-10", "--count-drummer-steerer"])
        #expect(strict.status == 1)
    }

    @Test func inactivePaddlersLeaveTheBenchesAndAreWarnedAboutWhereSeated() throws {
        let lineup = try sampleClub()
        let benched = try lineup.run(["roster", "update", "Alex Moreau", "--inactive"])
        #expect(benched.status == 0)
        #expect(!(try lineup.run(["show"]).stdout.contains("Alex Moreau")))
        let seated = try lineup.run(["roster", "update", "Ada Lindqvist", "--inactive"])
        #expect(seated.status == 0)
        #expect(seated.stderr.contains("Ada Lindqvist is inactive but still seated (Sample crew: L1)"))
        #expect(try lineup.run(["show"]).stdout.contains("! Ada Lindqvist is marked inactive but sits at L1"))
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
        let lineup = try sampleClub()
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

    @Test func diffComparesAStandardAndASmallBoat() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["boat", "create", "Small", "--small"]).status == 0)
        #expect(try lineup.run(["exchange", "-b", "Small", "Ada Lindqvist", "L1"]).status == 0)
        let diff = try lineup.run(["diff", "Sample crew", "Small"])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("\"Sample crew\" against \"Small\": 21 of 22 seats differ."))
        #expect(diff.stdout.contains("* L6    Uri Gallagher             (no seat)"))
        let report = try json(try lineup.run(["diff", "Sample crew", "Small", "--json", "--all"]).stdout)
        let seats = try #require(report["seats"] as? [[String: Any]])
        #expect(seats.count == 22)
        #expect(seats.first { $0["seat"] as? String == "L1" }?["second"] as? String == "Ada Lindqvist")
        #expect(seats.first { $0["seat"] as? String == "R10" }?["in_second"] as? Bool == false)
    }

    @Test func listShowsEachBoatsRules() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["boat", "create", "Women 200m", "--rules", "women"]).status == 0)
        let list = try lineup.run(["list"]).stdout
        #expect(list.contains("Sample crew  standard  open rules"))
        #expect(list.contains("Women 200m   standard  women rules"))
        #expect(try lineup.run(["list", "--json"]).stdout.contains("\"rules\" : \"women\""))
    }

    @Test func showListsUnknownWeightsOnceAndNotesOnRequest() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["exchange", "Nora Yilmaz", "L1"]).status == 0)
        #expect(
            try lineup.run(["roster", "update", "Ada Lindqvist", "--notes", "  knee strapped, no L side"]).status == 0)
        let chart = try lineup.run(["show"]).stdout
        #expect(chart.components(separatedBy: "Nora Yilmaz").count == 3, "the seat, and one warning line")
        #expect(!chart.contains("knee strapped"))
        #expect(try lineup.run(["show", "--notes"]).stdout.contains("B4   Ada Lindqvist:   knee strapped, no L side"))
        // Notes survive an export and import exactly, leading spaces and all.
        let exported = try lineup.run(["roster", "export"]).stdout
        let file = try lineup.file("roster.csv", Array(exported.utf8))
        let fresh = try LineupProcess()
        #expect(try fresh.run(["init"]).status == 0)
        #expect(try fresh.run(["roster", "import", file]).status == 0)
        #expect(try fresh.run(["roster", "export"]).stdout == exported)
    }

    @Test func theClubUnitShowsWeightsInPounds() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["config", "units", "lb"]).status == 0)
        let chart = try lineup.run(["show"]).stdout
        #expect(chart.contains("L1   Ada Lindqvist          135.6"))
        #expect(chart.contains("sums front 1812.1 lb, back 1789.1 lb"))
        #expect(try lineup.run(["show", "--unit", "kg"]).stdout.contains("L1   Ada Lindqvist           61.5"))
        #expect(try lineup.run(["roster", "list"]).stdout.contains("    lb  sex"))
        // Files keep kilograms whatever the display unit.
        #expect(try lineup.run(["export"]).stdout.contains(",Ada Lindqvist,61.5,"))
        #expect(try lineup.run(["config", "units", "stone"]).status == 64)
    }

    /// An exchange that breaks a crew rule says so at once, not only at the next `check`; undoing it says
    /// the rule is kept again.
    @Test func aChangeThatBreaksARuleSaysSo() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["boat", "rules", "idbf-mixed"]).status == 0)
        // A woman to the bench for a man: 9 women and 11 men among the paddlers, one man too many.
        let broken = try lineup.run(["exchange", "Ada Lindqvist", "Wes Ibarra"])
        #expect(broken.status == 0)
        #expect(broken.stdout.contains("Rules (idbf-mixed): now 1 broken"))
        #expect(broken.stdout.contains("✗ 11 men among the paddlers; idbf-mixed needs 8 to 10 of each"))
        let undone = try lineup.run(["undo"])
        #expect(undone.stdout.contains("Rules (idbf-mixed): now all kept"))
        #expect(undone.stdout.contains("✓ no longer: 11 men among the paddlers"))
        // A warning added or cleared leaves the count of broken rules as it was: "still", never "now".
        let sided = try lineup.run(["exchange", "L2", "R9"])
        #expect(sided.stdout.contains("Rules (idbf-mixed): still all kept"), "\(sided.stdout)")
        #expect(!sided.stdout.contains("now all kept"))
        #expect(try lineup.run(["undo"]).status == 0)
        // A change that leaves the findings as they were adds nothing about the rules.
        #expect(!(try lineup.run(["exchange", "L4", "L5"]).stdout.contains("Rules")))
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

    @Test func namesTypedWithoutAccentsAreFound() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["roster", "add", "José García", "--weight", "70"]).status == 0)
        #expect(try lineup.run(["roster", "add", "Seán O'Brien", "--weight", "80"]).status == 0)
        #expect(
            try lineup.run(["exchange", "jose", "L1"]).stdout.hasPrefix("Exchanged L1 Ada Lindqvist ⇄ B9 José García"))
        #expect(
            try lineup.run(["exchange", "obrien", "R1"]).stdout.hasPrefix(
                "Exchanged R1 Bea Marangoni ⇄ B10 Seán O'Brien"))
    }

    @Test func rosterUpdateSaysWhatChanged() throws {
        let lineup = try sampleClub()
        #expect(
            try lineup.run(["roster", "update", "ada", "--weight", "150 lb"]).stdout
                == "Updated Ada Lindqvist: weight 61.5 kg → 68.04 kg.\n")
        #expect(
            try lineup.run(["roster", "update", "ada", "--weight", "68.04"]).stdout
                == "Nothing to change for Ada Lindqvist: every field given already has that value.\n")
        #expect(try lineup.run(["boat", "create", "W", "--rules", "Women"]).status == 0)
        #expect(try lineup.run(["show", "-b", "W", "--unit", "LB"]).status == 0)
    }

    /// A lock that changes nothing names the seat and who sits in it, not the words typed.
    @Test func aLockThatChangesNothingNamesTheSeat() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["lock", "ada"]).status == 0)
        let again = try lineup.run(["lock", "ada"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Nothing changed: L1 (Ada Lindqvist) is already locked in "), "\(again.stdout)")
        #expect(
            try lineup.run(["unlock", "bea"]).stdout.hasPrefix(
                "Nothing changed: R1 (Bea Marangoni) is already unlocked"))
    }

    /// A second `-b` is refused instead of silently winning over the first.
    @Test func aBoatGivenTwiceIsRefused() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["boat", "copy", "Sample crew", "Other"]).status == 0)
        let records = try DatabaseChecks.historyCount(at: lineup.databasePath)
        for arguments in [
            ["show", "-b", "Sample crew", "-b", "Other"], ["-b", "Other", "exchange", "L1", "R1", "-b", "Sample crew"],
        ] {
            let result = try lineup.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains("give one boat: -b/--boat was given 2 times"), "\(result.stderr)")
        }
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == records)
    }

    /// A sheet posted in public shows no weights, and no totals or kilogram figures that would give them away.
    @Test func chartsWithoutWeightsHideTotalsToo() throws {
        let lineup = try sampleClub()
        for format in ["svg", "html", "text", "md"] {
            let out = try lineup.run(["export", "--format", format, "--no-weights"]).stdout
            #expect(!out.contains(" kg"), "\(format)")
            #expect(out.contains("stern-heavy"), "\(format)")
        }
    }
}

/// What an adversarial trial found, beyond data safety.
@Suite("an adversarial trial: what reaches a terminal, names and marks")
struct AdversarialFindingsTests {
    /// A database on a terminal would be binary noise whose names could act on it: refused, nothing written.
    @Test func backupToATerminalIsRefused() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let command = "LINEUP_DB='\(lineup.databasePath)' '\(LineupProcess.executable.path)' backup -; echo status $?"
        // `script` gives the command a terminal as its standard output.
        let result = try lineup.run(
            ["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(result.stdout.contains("standard output is a terminal"), "\(result.stdout)")
        #expect(result.stdout.contains("status 64"))
        #expect(!result.stdout.contains("SQLite format 3"))
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

    /// Markdown renders HTML entities: `&lt;b&gt;` in a name must not become a tag in the card.
    @Test func markdownCardsEscapeEntities() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["roster", "add", "&lt;b&gt; Ray", "--weight", "70"]).status == 0)
        #expect(try lineup.run(["exchange", "&lt;b&gt; Ray", "L1"]).status == 0)
        #expect(try lineup.run(["export", "--format", "md"]).stdout.contains("1 \\&lt;b\\&gt; | Bea"))
    }
}
