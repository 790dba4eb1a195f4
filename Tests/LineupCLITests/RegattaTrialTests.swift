import Foundation
import Testing

/// What a new coach's trial of the regatta features found, each fixed.
@Suite("A new coach's trial of race day, end to end")
struct RegattaTrialTests {
    /// The sample club with regatta "Cup" whose race "Heat" (09:00) is raced by "Sample crew".
    private func sampleCup() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"]).status == 0)
        return lineup
    }

    /// A boat's check includes the rules of each race it races in, not only its own.
    @Test func aBoatsCheckKeepsTheRulesOfEachOfItsRaces() throws {
        let lineup = try sampleCup()
        #expect(try lineup.run(["check"]).status == 0)
        let set = try lineup.run(["race", "rules", "Cup", "Heat", "women"])
        #expect(set.status == 0, "\(set.stderr)")
        let broken = "are not women, and the women's rules take women only"
        #expect(set.stdout.contains("\"Heat\" now races under women rules.\nRules (women): now 1 broken\n  ✗ "))
        #expect(set.stdout.contains(broken), "\(set.stdout)")
        for arguments in [["check"], ["check", "-b", "Sample crew"]] {
            let check = try lineup.run(arguments)
            #expect(check.status == 1, "\(check.stdout)")
            #expect(check.stdout.contains("Rules (open): all kept"))
            #expect(check.stdout.contains("Races:\n  ✗ Cup: Heat (09:00), women rules: "), "\(check.stdout)")
            #expect(check.stdout.contains(broken))
        }
        let json = try lineup.run(["check", "--json"])
        #expect(json.status == 1)
        let violations =
            try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["violations"]
            as? [String]
        #expect(violations?.count == 1 && violations?.first?.hasPrefix("Cup: Heat (09:00), women rules: ") == true)
        #expect(try lineup.run(["show"]).stdout.contains("Races:\n  ✗ Cup: Heat (09:00), women rules: "))
        // Back under the boat's own rules, the check passes again, and the race says what it no longer breaks.
        let back = try lineup.run(["race", "rules", "Cup", "Heat", "--boat"])
        #expect(back.stdout.contains("Rules (open): now all kept\n  ✓ no longer: "), "\(back.stdout)")
        #expect(try lineup.run(["check"]).status == 0)
    }

    /// attend, race move and race add say which conflicts they made or cleared, and still succeed.
    @Test func changesToTheDaySayWhatConflictsTheyMake() throws {
        let lineup = try sampleCup()
        let headline = "Conflicts and broken rules in \"Cup\": "
        let added = try lineup.run(["race", "add", "Cup", "Final", "--at", "09:05", "--boat", "Sample crew"])
        #expect(added.status == 0)
        #expect(added.stdout.contains("\n" + headline + "now 22 (`lineup check --regatta \"Cup\"` lists them)\n"))
        #expect(
            added.stdout.contains(
                "  ✗ Dana Okafor: drummer in Heat (09:00) and drummer in Final (09:05), 5 minutes apart; the regatta needs 30\n"
            ), "\(added.stdout)")
        #expect(added.stdout.hasSuffix("    … and 17 more like these\n"), "\(added.stdout)")
        let moved = try lineup.run(["race", "move", "Cup", "Final", "--to", "11:00"])
        #expect(moved.status == 0)
        #expect(
            moved.stdout.hasPrefix("Moved \"Final\" from 09:05 to 11:00.\n" + headline + "now none\n  ✓ no longer: "))
        let back = try lineup.run(["race", "move", "Cup", "Final", "--to", "09:40"])
        #expect(back.stdout == "Moved \"Final\" from 11:00 to 09:40.\n", "a move that makes no conflict says no more")
        let closer = try lineup.run(["race", "move", "Cup", "Final", "--to", "09:25"])
        #expect(closer.status == 0 && closer.stdout.contains("25 minutes apart; the regatta needs 30"))
        #expect(try lineup.run(["race", "move", "Cup", "Final", "--to", "11:00"]).status == 0)

        let absent = try lineup.run(["regatta", "attend", "Cup", "Ada Lindqvist", "--absent"])
        #expect(absent.status == 0)
        #expect(
            absent.stdout
                == "Ada Lindqvist: absent\n" + headline + "now 2 (`lineup check --regatta \"Cup\"` lists them)\n"
                + "  ✗ Ada Lindqvist sits at L1 in Heat (09:00) but is absent\n"
                + "  ✗ Ada Lindqvist sits at L1 in Final (11:00) but is absent\n", "\(absent.stdout)")
        let file = try lineup.file("back.csv", Array("name,absent\nAda Lindqvist,no\n".utf8))
        let csv = try lineup.run(["regatta", "attend", "Cup", "--csv", file])
        #expect(csv.status == 0)
        #expect(csv.stdout.contains(headline + "now none\n  ✓ no longer: Ada Lindqvist sits at L1 in Heat (09:00)"))
        // Someone on the bench marked absent makes no conflict, and the output is as it was.
        #expect(try lineup.run(["regatta", "attend", "Cup", "Mia Xu", "--absent"]).stdout == "Mia Xu: absent\n")
    }

    /// The page's benches are the text's and the JSON's: only those there when the race starts.
    @Test func theRegattaPageBenchesOnlyThoseThere() throws {
        let lineup = try sampleCup()
        #expect(try lineup.run(["regatta", "attend", "Cup", "Mia Xu", "--absent"]).status == 0)
        let json = try lineup.run(["regatta", "show", "Cup", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let races = try #require(document["races"] as? [[String: Any]])
        let bench = try #require(races.first?["bench"] as? [String])
        #expect(!bench.isEmpty && !bench.contains("Mia Xu"))
        let page = try lineup.run(["regatta", "show", "Cup", "--format", "html"]).stdout
        let section = try #require(page.components(separatedBy: "<section class=\"bench\">").dropFirst().first)
        let list = try #require(section.components(separatedBy: "</ol>").first)
        let names = list.components(separatedBy: "<bdi>").dropFirst().compactMap {
            $0.components(separatedBy: "</bdi>").first
        }
        #expect(names == bench, "\(list)")
        #expect(section.hasPrefix("\n<h2>Bench (\(bench.count))</h2>"))
        #expect(
            try lineup.run(["regatta", "show", "Cup"]).stdout.contains(
                "bench at 09:00: " + bench.joined(separator: ", ")))
    }

    /// A file names each paddler in full: part of a name is a bad line with a did-you-mean, listed with
    /// every other bad line, unknown names included; nothing changes.
    @Test func aFileNamesEachPaddlerInFullAndEveryBadLineIsListed() throws {
        let lineup = try sampleCup()
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let file = try lineup.file(
            "day.csv", Array("name,from,until\nLind,10:00,\nMIA XU,25:00,\nZed Nobody,,\nbo nilsson,11:00,\n".utf8))
        let refused = try lineup.run(["regatta", "attend", "Cup", "--csv", file])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("  line 2: no paddler named 'Lind' in the roster; did you mean Ada Lindqvist?\n"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("  line 3: '25:00' is not a valid time"))
        #expect(refused.stderr.contains("  line 4: no paddler named 'Zed Nobody' in the roster\n"))
        #expect(!refused.stderr.contains("line 5"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
        // Whole names in any case are read.
        let good = try lineup.file("good.csv", Array("name,from\nada lindqvist,10:00\nMIA XU,11:00\n".utf8))
        let read = try lineup.run(["regatta", "attend", "Cup", "--csv", good])
        #expect(read.status == 0 && read.stdout.hasPrefix("Ada Lindqvist: from 10:00\nMia Xu: from 11:00\n"))
        // On the command line a part of a name still finds the one paddler it fits.
        #expect(try lineup.run(["regatta", "attend", "Cup", "Lind"]).stdout.hasPrefix("Ada Lindqvist: all day\n"))

        // boat seat --from reads names the same way.
        let crew = try lineup.file("crew.txt", Array("Dana Okafor\nLind\n".utf8))
        let seat = try lineup.run(["boat", "seat", "Sample crew", "--from", crew])
        #expect(seat.status == 1)
        #expect(seat.stderr.contains("line 2: no paddler named 'Lind' in the roster; did you mean Ada Lindqvist?"))
    }

    /// A race's name where a boat's is wanted: the error names the boat it is raced in, and how to name it.
    @Test func aRaceNameGivenForABoatSaysWhichBoatRacesIt() throws {
        let lineup = try sampleCup()
        #expect(
            try lineup.run(["race", "add", "Cup", "Mixed 500 Final", "--at", "12:00", "--copy-from", "Heat"]).status
                == 0)
        #expect(
            try lineup.run(["race", "add", "Cup", "Mixed 500 Heat", "--at", "11:00", "--boat", "Cup: Mixed 500 Final"])
                .status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let undo = try lineup.run(["undo", "-b", "Mixed 500 Heat"])
        #expect(undo.status == 1)
        #expect(
            undo.stderr
                == "error: no boat named 'Mixed 500 Heat'; that is a race of Cup, raced in the boat 'Cup: Mixed 500 Final'; "
                + "name its boat: -b \"Cup: Mixed 500 Final\"\n", "\(undo.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
        // A name that is neither keeps its message.
        #expect(
            try lineup.run(["show", "-b", "Nothing"]).stderr
                == "error: no boat named 'Nothing'; the boats are Cup: Mixed 500 Final and Sample crew\n")
    }

    /// A lineup saved by a spreadsheet that separates with semicolons (and writes a byte-order mark and
    /// decimal commas) reads as the export it is, as `roster import` reads such a file.
    @Test func aSemicolonSeparatedLineupReadsBack() throws {
        let lineup = try sampleCup()
        let export = try lineup.run(["export", "--format", "csv"])
        #expect(export.status == 0)
        let lines = export.stdout.split(whereSeparator: \.isNewline).map { line in
            // 61.5 → 61,5, then every separator a semicolon, as a European spreadsheet saves it.
            line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: ".", with: ",")
            }.joined(separator: ";")
        }
        #expect(lines[1].hasPrefix("D;drummer;;;Dana Okafor;54;F"))
        let same = try lineup.file("same.csv", [0xEF, 0xBB, 0xBF] + Array(lines.joined(separator: "\r\n").utf8))
        let unchanged = try lineup.run(["boat", "seat", "Sample crew", "--from", same])
        #expect(unchanged.status == 0, "\(unchanged.stderr)")
        #expect(unchanged.stdout.hasPrefix("Nothing changed in \"Sample crew\": the crew is already seated like that."))
        // Drummer and L1 swapped in the spreadsheet.
        var swapped = lines
        swapped[1] = lines[1].replacingOccurrences(of: "Dana Okafor", with: "Ada Lindqvist")
        swapped[2] = lines[2].replacingOccurrences(of: "Ada Lindqvist", with: "Dana Okafor")
        let file = try lineup.file("swapped.csv", [0xEF, 0xBB, 0xBF] + Array(swapped.joined(separator: "\r\n").utf8))
        let seated = try lineup.run(["boat", "seat", "Sample crew", "--from", file])
        #expect(seated.status == 0, "\(seated.stderr)")
        #expect(seated.stdout.hasPrefix("Seated 22 in \"Sample crew\" as one change"), "\(seated.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(try lineup.run(["show", "--json"]).stdout.utf8))
        let seats = try #require((json as? [String: Any])?["seats"] as? [[String: Any]])
        let drummer = seats.first { $0["seat"] as? String == "D" }
        #expect(drummer?["paddler"] as? String == "Ada Lindqvist", "\(seats.prefix(2))")
    }

    /// Too many names says how many for how many seats; a word no regatta command has lists them.
    @Test func smallMessagesSayWhatIsWrong() throws {
        let lineup = try sampleCup()
        #expect(try lineup.run(["boat", "create", "Small", "--small"]).status == 0)
        let names = (1...13).map { "Name \($0)" }
        let seat = try lineup.run(["boat", "seat", "Small"] + names)
        #expect(seat.status == 64)
        #expect(
            seat.stderr
                == "error: 13 names for 12 seats (D, L1…R5, S): a small boat takes at most 12 names in seat order "
                + "(- for an empty seat)\n", "\(seat.stderr)")
        for group in ["regatta", "boat", "roster"] {
            let unknown = try lineup.run([group, "frobnicate"])
            #expect(unknown.status == 64)
            #expect(
                unknown.stderr.hasPrefix(
                    "error: Unexpected argument 'frobnicate': `lineup \(group)` has no such command; its commands are "),
                "\(unknown.stderr)")
        }
        #expect(
            try lineup.run(["regatta", "frobnicate"]).stderr.contains(
                "its commands are create, list, update, delete, attend, show, plan (`lineup regatta --help` says more)")
        )
        // A group whose default command takes a word still reads it so: `race Cup` lists Cup's races.
        #expect(try lineup.run(["race", "Cup"]).stdout.hasPrefix("Cup  2026-06-13"))
    }
}
