import Foundation
import GRDB
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Race day: regattas, races, availability, planning, end to end")
struct RegattaCommandTests {
    static let regatta = "Spring Cup"

    /// A roster of 40: names, weights, sexes (20 women, 20 men), sides, six drummers and six steerers.
    static func rosterCSV() -> String {
        var lines = ["name,weight,sex,side,drummer,steerer"]
        let first = [
            "Ada", "Bea", "Cora", "Dana", "Edda", "Fay", "Gwen", "Hana", "Iris", "Jo", "Kit", "Lena", "Mia", "Nora",
            "Olga", "Pia", "Rita", "Sara", "Tess", "Uma",
        ]
        let men = [
            "Alex", "Bo", "Cal", "Dev", "Eli", "Finn", "Gus", "Hal", "Ivo", "Jon", "Ken", "Leo", "Max", "Ned", "Otto",
            "Per", "Quinn", "Rafe", "Sam", "Theo",
        ]
        for (index, name) in (first + men).enumerated() {
            let sex = index < 20 ? "F" : "M"
            let weight = index < 20 ? 55 + (index * 7) % 25 : 70 + (index * 11) % 30
            let side = ["either", "either", "left", "right"][index % 4]
            let drum = index % 7 == 0 ? "yes" : "no"
            let steer = index % 7 == 3 ? "yes" : "no"
            lines.append("\(name) Example,\(weight),\(sex),\(side),\(drum),\(steer)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A club with the roster and regatta "Spring Cup" of eight races in three crew kinds (standard mixed,
    /// standard open, small women), some sharing a crew, some copies.
    static func raceDay() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init"]).status == 0)
        let roster = try lineup.file("roster.csv", Array(rosterCSV().utf8))
        #expect(try lineup.run(["roster", "import", roster]).status == 0)
        let created = try lineup.run(["regatta", "create", regatta, "--date", "2026-06-13"])
        #expect(created.status == 0, "\(created.stderr)")
        let races: [[String]] = [
            ["Mixed 200 heat", "--at", "09:00", "--rules", "idbf-mixed"],
            ["Women 200 heat", "--at", "09:20", "--small", "--rules", "women"],
            ["Open 500 heat", "--at", "10:00", "--rules", "open"],
            ["Mixed 500 heat", "--at", "10:40", "--copy-from", "Mixed 200 heat"],
            ["Women 200 final", "--at", "11:30", "--boat", "\(regatta): Women 200 heat"],
            ["Mixed 200 final", "--at", "13:00", "--boat", "\(regatta): Mixed 200 heat"],
            ["Open 500 final", "--at", "14:00", "--copy-from", "Open 500 heat"],
            ["Mixed 2000", "--at", "15:30", "--rules", "idbf-mixed"],
        ]
        for race in races {
            let added = try lineup.run(["race", "add", regatta] + race)
            #expect(added.status == 0, "\(race[0]): \(added.stderr)")
        }
        let availability = try lineup.file(
            "availability.csv",
            Array(
                "name,from,until,absent\nAda Example,,,yes\nBo Example,,,yes\nCora Example,11:00,,\nCal Example,,12:00,\n"
                    .utf8))
        let attended = try lineup.run(["regatta", "attend", regatta, "--csv", availability])
        #expect(attended.status == 0, "\(attended.stderr)")
        #expect(attended.stdout.contains("Cora Example: from 11:00"))
        return lineup
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aCoachPlansAWholeRegattaChecksItFixesItPrintsItAndUndoesARace() throws {
        let lineup = try Self.raceDay()
        let listed = try lineup.run(["race", "list", Self.regatta]).stdout
        #expect(listed.contains("09:00  Mixed 200 heat"))
        #expect(listed.contains("same crew as Mixed 200 final"))

        // Nothing seated yet: every race breaks its rules, and check says so.
        #expect(try lineup.run(["check", "--regatta", Self.regatta]).status == 1)

        let before = try lineup.snapshot()
        // No time limit that a loaded machine could reach: the plans these checks judge are the search's own.
        let proposal = try lineup.run(["regatta", "plan", Self.regatta, "--min-races", "2", "--time-limit", "3600"])
        #expect(proposal.status == 0, "\(proposal.stderr)")
        #expect(proposal.stdout.contains("Nothing was changed"))
        #expect(try lineup.snapshot() == before)

        let applied = try lineup.run([
            "regatta", "plan", Self.regatta, "--min-races", "2", "--apply", "--time-limit", "3600",
        ])
        #expect(applied.status == 0, "\(applied.stderr)")
        // Every rule kept; a boat the crews leave far from level is said, not hidden behind "everything is met".
        #expect(
            applied.stdout.contains("Everything asked is met")
                || applied.stdout.contains(
                    "Every race keeps its rules and everyone seated is there and rested; a boat is left far from level"),
            "\(applied.stdout)")
        let check = try lineup.run(["check", "--regatta", Self.regatta, "--json"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(try Self.json(check.stdout)["ok"] as? Bool == true)

        // The regatta view: every race, the grid, fairness; the same as JSON and as a page.
        let shown = try lineup.run(["regatta", "show", Self.regatta])
        #expect(shown.status == 0)
        #expect(
            shown.stdout.contains("Paddlers × races") && shown.stdout.contains("Fairness: races per available paddler"))
        #expect(shown.stdout.contains("Conflicts: none"))
        let document = try Self.json(try lineup.run(["regatta", "show", Self.regatta, "--json"]).stdout)
        let races = try #require(document["races"] as? [[String: Any]])
        #expect(
            races.map { $0["time"] as? String } == [
                "09:00", "09:20", "10:00", "10:40", "11:30", "13:00", "14:00", "15:30",
            ])
        let fairness = try #require(document["fairness"] as? [String: Any])
        #expect((fairness["minimum"] as? Int ?? 0) >= 2)
        #expect(fairness["available"] as? Int == 38)
        let page = try lineup.run(["regatta", "show", Self.regatta, "--format", "html", "--output", "cup.html"])
        #expect(page.status == 0, "\(page.stderr)")
        let html = try String(contentsOfFile: lineup.folder.appendingPathComponent("cup.html").path, encoding: .utf8)
        #expect(html.components(separatedBy: "<article class=\"boat\"").count == 9)
        #expect(html.contains("Mixed 200 final") && html.contains("data-race-seat="))
        #expect(XMLParser(data: Data(html.utf8)).parse(), "the regatta page is well-formed XML")

        // A change of plan: the women's final moves next to the heat; check reports who is too close.
        #expect(try lineup.run(["race", "move", Self.regatta, "Women 200 final", "--to", "09:40"]).status == 0)
        let conflicted = try lineup.run(["check", "--regatta", Self.regatta])
        #expect(conflicted.status == 1)
        #expect(conflicted.stdout.contains("20 minutes apart; the regatta needs 30"))
        // And someone seated falls ill: show and check of their boat warn.
        let seated = try #require(races.first { $0["name"] as? String == "Open 500 heat" }?["crew"] as? [[String: Any]])
        let ill = try #require(seated.first { $0["seat"] as? String == "L1" }?["paddler"] as? String)
        #expect(try lineup.run(["regatta", "attend", Self.regatta, ill, "--absent"]).status == 0)
        let boatShow = try lineup.run(["show", "-b", "\(Self.regatta): Open 500 heat"])
        #expect(boatShow.stdout.contains("\(ill) sits at L1 in Open 500 heat (10:00) but is absent"))
        #expect(try lineup.run(["check", "--regatta", Self.regatta, "--race", "Open 500 heat"]).status == 1)

        // Fix it: plan again. The heat and final of the women share a crew, now 20 minutes apart: the
        // planner says so, and the coach gives the final its own boat instead.
        let replanned = try lineup.run(["regatta", "plan", Self.regatta, "--apply", "--time-limit", "3600"])
        #expect(replanned.stdout.contains("are raced by the same boat"))
        #expect(try lineup.run(["race", "remove", Self.regatta, "Women 200 final"]).status == 0)
        #expect(
            try lineup.run([
                "race", "add", Self.regatta, "Women 200 final", "--at", "09:40", "--copy-from", "Women 200 heat",
            ])
            .status == 0)
        // Keeping the seated crews, the women of the heat are the final's too (its copy), and the other
        // crews keep theirs: the plan says where it could not avoid short rest, and that replanning freely
        // may. The coach does.
        let kept = try lineup.run(["regatta", "plan", Self.regatta, "--time-limit", "3600"])
        #expect(
            kept.stdout.contains("no way to fill both crews without it (--replan-freely or another --seed may)")
                || !kept.stdout.contains("Could not satisfy"), "\(kept.stdout)")
        let fixed = try lineup.run([
            "regatta", "plan", Self.regatta, "--apply", "--replan-freely", "--time-limit", "3600",
        ])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        let recheck = try lineup.run(["check", "--regatta", Self.regatta])
        #expect(recheck.status == 0, "\(recheck.stdout)\n\(fixed.stdout)")

        // Undo one race's change: only that boat goes back.
        let boat = "\(Self.regatta): Open 500 heat"
        let planned = try lineup.run(["show", "--json", "-b", boat]).stdout
        let history = try Self.json("{\"h\":" + (try lineup.run(["history", "--json", "-b", boat]).stdout) + "}")
        #expect(
            (history["h"] as? [[String: Any]])?.first?["summary"] as? String
                == "regatta plan \"\(Self.regatta)\": Open 500 heat")
        let undone = try lineup.run(["undo", "-b", boat])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try lineup.run(["show", "--json", "-b", boat]).stdout != planned)
        #expect(try lineup.run(["redo", "-b", boat]).status == 0)
        #expect(try lineup.run(["show", "--json", "-b", boat]).stdout == planned)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath).isEmpty)

        // A paddler with availability leaves the roster: it goes with them, and the command says so.
        let removed = try lineup.run(["roster", "remove", "Cora Example", "--force"])
        #expect(removed.stdout.contains("their availability at \(Self.regatta) went with them"), "\(removed.stdout)")
    }

    @Test(arguments: [
        ["regatta"], ["regatta", "create"], ["regatta", "list"], ["regatta", "update"], ["regatta", "delete"],
        ["regatta", "attend"], ["regatta", "show"], ["regatta", "plan"], ["race"], ["race", "add"], ["race", "list"],
        ["race", "move"], ["race", "remove"], ["race", "rules"], ["boat", "seat"],
    ])
    func everyNewCommandHasHelp(command: [String]) throws {
        let result = try LineupProcess().run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: lineup") && result.stdout.contains("OVERVIEW:"))
    }

    @Test(
        arguments: [
            (["race", "add", "Cup", "X", "--at", "25:00"], 64, "'25:00' is invalid"),
            (
                ["race", "add", "Cup", "X", "--at", "9:00", "--boat", "Cup: Heat", "--copy-from", "Heat"], 64,
                "not both"
            ),
            (["race", "add", "Nope", "X", "--at", "9:00"], 1, "no regatta named 'Nope'; the regattas are Cup"),
            (["race", "add", "Cup", "Heat", "--at", "9:00"], 1, "already has a race named 'Heat'"),
            (["race", "add", "Cup", "X", "--at", "9:00", "--boat", "Nope"], 1, "no boat named 'Nope'"),
            (["race", "move", "Cup", "Nope", "--to", "10:00"], 1, "has no race named 'Nope'; its races are Heat"),
            (["regatta", "create", "Other", "--date", "2026-02-30"], 64, "not a date"),
            (
                ["regatta", "create", "Other", "--date", "0000-01-01"], 64,
                "error: '0000-01-01' is not a date; give a real day from 1900-01-01 to 2200-12-31 as YYYY-MM-DD"
            ),
            (["regatta", "update", "Cup", "--date", "2201-01-01"], 64, "from 1900-01-01 to 2200-12-31 as YYYY-MM-DD"),
            (["regatta", "create", "Other", "--date", "2026-06-13", "--min-gap", "1000"], 64, "out of range"),
            (["regatta", "create", "cup", "--date", "2026-06-13"], 1, "already exists"),
            (["regatta", "attend", "Cup"], 64, "name at least one paddler"),
            (["regatta", "attend", "Cup", "Nobody Here", "--absent"], 1, "no paddler named 'Nobody Here'"),
            (["regatta", "attend", "Cup", "Bo Nilsson", "--absent", "--from", "10:00"], 64, "either absent"),
            (
                ["regatta", "attend", "Cup", "Bo Nilsson", "--from", "12:00", "--until", "10:00"], 64,
                "later than the from"
            ),
            (["regatta", "plan", "Cup", "--min-races", "3", "--max-races", "2"], 64, "cannot be more than"),
            (["regatta", "delete", "Cup"], 1, "add --force"),
            (
                ["boat", "delete", "Cup: Heat", "--force"], 1,
                "races in Cup: Heat; it stays while a race uses it; remove those races first (`lineup race remove`)"
            ),
            (["check", "--race", "Heat"], 64, "--race needs --regatta"),
            (
                ["boat", "seat", "Sample crew", "Dana Okafor", "Nobody Here"], 1,
                "error: the crew was not seated, nothing was changed; fix these and try again:\n"
                    + "  the 2nd name, 'Nobody Here': no paddler named 'Nobody Here'"
            ),
            (
                ["boat", "seat", "Sample crew", "Mia Xu", "Alex Moreau", "mia xu"], 1,
                "  the 3rd name, 'mia xu': Mia Xu is already the 1st name; a paddler has one place in a boat"
            ),
            (["boat", "seat", "Sample crew"], 64, "give the names in seat order"),
            (["regatta", "show", "Cup", "--json", "--format", "html"], 64, "either --json or --format"),
        ] as [([String], Int32, String)])
    func badInputIsRefusedWithTheDocumentedStatusAndChangesNothing(arguments: [String], status: Int32, message: String)
        throws
    {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(arguments)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    /// `regatta list --json` is the document the server's `GET /api/regattas` answers with.
    @Test func theRegattaListAsJSON() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let none = try lineup.run(["regatta", "list", "--json"]).stdout
        #expect((try JSONSerialization.jsonObject(with: Data(none.utf8)) as? [Any])?.isEmpty == true, "\(none)")
        for arguments in [
            ["regatta", "create", "Summer Cup", "--date", "2026-08-01", "--min-gap", "45"],
            ["regatta", "create", "Spring Cup", "--date", "2026-05-01"],
            ["race", "add", "Spring Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"],
        ] {
            #expect(try lineup.run(arguments).status == 0, "\(arguments)")
        }
        let listed = try lineup.run(["regatta", "list", "--json"])
        let regattas = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(regattas.map { $0["name"] as? String } == ["Spring Cup", "Summer Cup"])
        #expect(regattas.map { $0["races"] as? Int } == [1, 0])
        #expect(regattas.map { $0["minimum_gap_minutes"] as? Int } == [30, 45])
        #expect(regattas.first?["date"] as? String == "2026-05-01")
    }

    /// A boat races one race at a time: `race add --boat` or `race move` onto the start of another race in that
    /// boat is refused with one `error:` line, exit 1 and the database as it was; `race remove` of the middle of
    /// a chain of copies says who now carries whose crew, and `race list` shows it; `race add --boat` of a
    /// boat in no race says so, not "shared with its other races".
    @Test func aBoatRacesOneRaceAtATimeAndAChainOutlivesItsMiddle() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        let added = try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"])
        #expect(added.stdout.contains("\"Sample crew\" (its crew as seated, in no other race)"), "\(added.stdout)")
        let before = try DatabaseChecks.lineups(at: lineup.databasePath)
        let races = try lineup.run(["race", "list", "Cup"]).stdout
        let twin = try lineup.run(["race", "add", "Cup", "Twin", "--at", "09:00", "--boat", "Sample crew"])
        #expect(twin.status == 1)
        #expect(
            twin.stderr.hasPrefix(
                "error: boat 'Sample crew' already races 'Heat' at 09:00, and a boat races one race at a time"),
            "\(twin.stderr)")
        #expect(twin.stderr.split(separator: "\n").count == 1, "\(twin.stderr)")
        #expect(try lineup.run(["race", "add", "Cup", "Final", "--at", "11:00", "--boat", "Sample crew"]).status == 0)
        // A move to the time it already has writes nothing and says so.
        let unmoved = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let same = try lineup.run(["race", "move", "Cup", "Final", "--to", "11:00"])
        #expect(same.status == 0 && same.stdout.hasPrefix("\"Final\" already starts at 11:00; nothing changed."))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == unmoved)
        let move = try lineup.run(["race", "move", "Cup", "Final", "--to", "09:00"])
        #expect(move.status == 1 && move.stderr.contains("already races 'Heat' at 09:00"), "\(move.stderr)")
        #expect(try lineup.run(["race", "remove", "Cup", "Final"]).status == 0)
        #expect(try lineup.run(["race", "list", "Cup"]).stdout == races)
        #expect(try DatabaseChecks.lineups(at: lineup.databasePath) == before)
        #expect(try lineup.run(["race", "add", "Cup", "Semi", "--at", "10:00", "--copy-from", "Heat"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Final", "--at", "11:00", "--copy-from", "Semi"]).status == 0)
        let removed = try lineup.run(["race", "remove", "Cup", "Semi"])
        #expect(
            removed.stdout.contains("\"Final\" now carries the crew of \"Heat\", as \"Semi\" did."), "\(removed.stdout)"
        )
        #expect(try lineup.run(["race", "list", "Cup"]).stdout.contains("carries the crew of Heat"))
    }

    /// `lineup share --regatta`: a link to the whole day, listed and revoked as boats' links are.
    @Test func aRegattaIsSharedListedAndRevoked() throws {
        let lineup = try LineupProcess()
        for arguments in [
            ["init", "--sample"], ["regatta", "create", "Cup", "--date", "2026-06-13"],
            ["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"],
        ] {
            #expect(try lineup.run(arguments).status == 0, "\(arguments)")
        }
        let boatLink = try lineup.run(["share", "Sample crew"])
        #expect(boatLink.status == 0)
        let made = try lineup.run(["share", "--regatta", "Cup", "--base-url", "https://club.example"])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.hasPrefix("https://club.example/share/"), "\(made.stdout)")
        #expect(made.stderr.hasPrefix("Share link #2 to regatta \"Cup\" (without weights)"), "\(made.stderr)")
        let listed = try lineup.run(["share", "--list"]).stdout
        #expect(listed.contains("#1  boat \"Sample crew\"") && listed.contains("#2  regatta \"Cup\""), "\(listed)")
        let ofRegatta = try lineup.run(["share", "--list", "--regatta", "Cup"]).stdout
        #expect(!ofRegatta.contains("#1") && ofRegatta.contains("#2"), "\(ofRegatta)")
        // The JSON the page's routes answer with: the links without their secrets, and what a revocation did.
        let listedJSON = try lineup.run(["share", "--list", "--regatta", "Cup", "--json"]).stdout
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(listedJSON.utf8)) as? [[String: Any]])
        #expect(entries.count == 1 && entries.first?["id"] as? Int == 2, "\(listedJSON)")
        #expect(entries.first?["kind"] as? String == "regatta" && entries.first?["name"] as? String == "Cup")
        #expect(entries.first?["shows_weights"] as? Bool == false && entries.first?["created"] is String)
        #expect(!listedJSON.contains(made.stdout.split(separator: "/").last.map(String.init) ?? "-"))
        let making = try lineup.run(["share", "Sample crew", "--json"])
        #expect(making.status == 64 && making.stderr.contains("--json is for"), "\(making.stderr)")
        let both = try lineup.run(["share", "Sample crew", "--regatta", "Cup"])
        #expect(both.status == 64 && both.stderr.contains("not both"), "\(both.stderr)")
        let unknown = try lineup.run(["share", "--regatta", "Spring"])
        #expect(unknown.status != 0 && unknown.stderr.contains("Spring"), "\(unknown.stderr)")
        let revoked = try lineup.run(["share", "--revoke-all", "--regatta", "Cup"])
        #expect(revoked.stdout == "Revoked 1 share link of regatta \"Cup\".\n", "\(revoked.stdout)")
        // Revoking every link of a boat cannot be undone either: a start of its name is not enough.
        let partly = try lineup.run(["share", "--revoke-all", "Sam"])
        #expect(partly.status != 0 && partly.stderr.hasPrefix("error:"), "\(partly.stderr)")
        #expect(try lineup.run(["share", "--list"]).stdout.contains("#1  boat"))
        let one = try Self.json(try lineup.run(["share", "--revoke", "1", "--json"]).stdout)
        #expect(
            one["message"] as? String == "Revoked share link #1 to boat \"Sample crew\": it opens nothing any more.")
        #expect((one["revoked"] as? [[String: Any]])?.map { $0["id"] as? Int } == [1])
        #expect(try lineup.run(["share", "--list", "--json"]).stdout == "[\n\n]\n")
        #expect(try lineup.run(["share", "--list", "--regatta", "Cup"]).stdout == "No share links for this regatta.\n")
    }

    @Test func aBadAvailabilityFileIsRefusedWholeWithEveryBadLine() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let file = try lineup.file(
            "bad.csv", Array("name,from,until\nBo Nilsson,10:00,\nAnn,25:00,\nCal Ortega,12:00,11:00\n".utf8))
        let result = try lineup.run(["regatta", "attend", "Cup", "--csv", file])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("line 3:") && result.stderr.contains("line 4:") && !result.stderr.contains("line 2:")
        )
        let unknown = try lineup.file("unknown.csv", Array("name,absent\nBo Nilsson,yes\nNobody Here,yes\n".utf8))
        let refused = try lineup.run(["regatta", "attend", "Cup", "--csv", unknown])
        #expect(refused.status == 1 && refused.stderr.contains("line 3: no paddler named 'Nobody Here'"))
        // A line that says both absent and available is a bad line too, never read as absent.
        let both = try lineup.file(
            "both.csv", Array("name,absent,available\nBo Nilsson,no,yes\nMia Xu,yes,yes\n".utf8))
        let contradicting = try lineup.run(["regatta", "attend", "Cup", "--csv", both])
        #expect(contradicting.status == 1)
        #expect(
            contradicting.stderr.contains(
                "line 3: absent 'yes' and available 'yes' contradict each other"), "\(contradicting.stderr)")
        #expect(!contradicting.stderr.contains("line 2"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test func aCrewIsSeatedInOneStepFromNamesOrAnEditedExportAndOneUndoTakesItBack() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let start = try lineup.run(["show", "--json"]).stdout
        let seated = try lineup.run(["boat", "seat", "Sample crew", "Mia Xu", "Alex Moreau", "-", "Lena Whitaker"])
        #expect(seated.status == 0, "\(seated.stderr)")
        #expect(seated.stdout.contains("as one change"))
        let chart = try Self.json(try lineup.run(["show", "--json"]).stdout)
        let seats = try #require(chart["seats"] as? [[String: Any]])
        #expect(seats.prefix(4).map { $0["paddler"] as? String } == ["Mia Xu", "Alex Moreau", nil, "Lena Whitaker"])
        #expect(seats.filter { ($0["seat"] as? String)?.hasPrefix("B") == false && $0["paddler"] is String }.count == 3)
        #expect(try lineup.run(["undo"]).status == 0)
        #expect(try lineup.run(["show", "--json"]).stdout == start)

        // The round trip: export, edit in a spreadsheet (two names trade seats), read back.
        #expect(try lineup.run(["export", "--output", "crew.csv"]).status == 0)
        let path = lineup.folder.appendingPathComponent("crew.csv").path
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n")
        func name(_ seat: String) -> String {
            lines.first { $0.hasPrefix(seat + ",") }?.components(separatedBy: ",")[4] ?? ""
        }
        let (first, second) = (name("L1"), name("R10"))
        for (seat, newName) in [("L1", second), ("R10", first)] {
            guard let index = lines.firstIndex(where: { $0.hasPrefix(seat + ",") }) else { continue }
            var fields = lines[index].components(separatedBy: ",")
            fields[4] = newName
            lines[index] = fields.joined(separator: ",")
        }
        try lines.joined(separator: "\r\n").write(toFile: path, atomically: true, encoding: .utf8)
        let read = try lineup.run(["boat", "seat", "Sample crew", "--from", path])
        #expect(read.status == 0, "\(read.stderr)")
        let after = try Self.json(try lineup.run(["show", "--json"]).stdout)["seats"] as? [[String: Any]] ?? []
        #expect(after.first { $0["seat"] as? String == "L1" }?["paddler"] as? String == second)
        #expect(after.first { $0["seat"] as? String == "R10" }?["paddler"] as? String == first)
        // One record for the whole crew (the undone first seating was dropped by the new change).
        let records = try lineup.run(["history", "--json"]).stdout
        #expect(records.components(separatedBy: "\"summary\" : \"seat ").count == 2, "\(records)")
        #expect(records.components(separatedBy: "\"summary\"").count == 2, "\(records)")
        // Reading the same file again changes nothing and records nothing.
        #expect(try lineup.run(["boat", "seat", "Sample crew", "--from", path]).stdout.hasPrefix("Nothing changed"))
        #expect(try lineup.run(["undo"]).status == 0)
        #expect(try lineup.run(["show", "--json"]).stdout == start)
    }

    /// Names written before the name rules (0005 keeps them as they are) reach the regatta's output: shown,
    /// never acted on by a terminal, and escaped in the page.
    @Test func hostileNamesInTheRegattaViewAreShownNeverActedOn() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Final", "--at", "09:10", "--copy-from", "Heat"]).status == 0)
        let queue = try DatabaseQueue(path: lineup.databasePath)
        try queue.write { db in
            try db.execute(
                sql: "DROP TRIGGER paddler_name_is_printable_on_update; DROP TRIGGER boat_name_is_printable_on_update")
            // Someone seated in both races (so in the conflicts too), and the boat.
            try db.execute(
                sql: """
                    UPDATE paddler SET name = 'Evil' || char(27) || '[2J' || char(8238) || 'Lee'
                    WHERE id = (SELECT paddler_id FROM placement WHERE section = 'left' ORDER BY position LIMIT 1)
                    """)
            try db.execute(
                sql: "UPDATE boat SET name = 'Crew' || char(27) || ']0;pwned' || char(7) WHERE name = 'Sample crew'")
        }
        for arguments in [
            ["regatta", "show", "Cup"], ["race", "list", "Cup"], ["check", "--regatta", "Cup"],
            ["race", "rules", "Cup", "Heat"], ["show", "-b", "Sample crew"],
        ] {
            let result = try lineup.run(arguments)
            let output = result.stdout + result.stderr
            #expect(!output.contains("\u{1B}") && !output.contains("\u{7}"), "\(arguments): \(output)")
            #expect(output.contains("␛"), "\(arguments): the names are shown: \(output)")
        }
        #expect(try lineup.run(["regatta", "show", "Cup", "--format", "html", "--output", "cup.html"]).status == 0)
        let html = try String(contentsOfFile: lineup.folder.appendingPathComponent("cup.html").path, encoding: .utf8)
        #expect(!html.contains("\u{1B}") && !html.contains("\u{202E}") && html.contains("Evil[2J"))
        #expect(XMLParser(data: Data(html.utf8)).parse(), "the page is well-formed XML")
    }

    /// A hint names the regatta as a shell word: pasted into a shell it does what it says, and a name with
    /// `$(…)`, quotes or a backquote in it is never run.
    @Test func aHintPastedIntoAShellRunsNothingFromAName() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let name = #"Cup $(touch pwned) `touch pwned2` "Co" it's"#
        let created = try lineup.run(["regatta", "create", name, "--date", "2026-06-13"])
        #expect(created.status == 0, "\(created.stderr)")
        // The hint is the text from "`lineup race add" to "HH:MM`" (the name itself holds backquotes).
        let start = try #require(created.stdout.range(of: "`lineup race add "), "\(created.stdout)")
        let end = try #require(created.stdout.range(of: "HH:MM`", range: start.upperBound..<created.stdout.endIndex))
        let hint = String(
            created.stdout[created.stdout.index(after: start.lowerBound)..<created.stdout.index(before: end.upperBound)]
        )
        let command = hint.replacingOccurrences(of: "lineup ", with: "'\(LineupProcess.executable.path)' ")
            .replacingOccurrences(of: "HH:MM", with: "09:00").replacingOccurrences(of: "RACE", with: "Heat")
        let pasted = try lineup.run(["-c", command], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(pasted.status == 0, "\(command): \(pasted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lineup.folder.appendingPathComponent("pwned").path))
        #expect(!FileManager.default.fileExists(atPath: lineup.folder.appendingPathComponent("pwned2").path))
        #expect(try lineup.run(["race", "list", name]).stdout.contains("Heat"))
        // The report of a change to the day names the regatta in its hint the same way.
        #expect(try lineup.run(["race", "add", name, "Final", "--at", "10:00", "--boat", "Sample crew"]).status == 0)
        let attended = try lineup.run(["regatta", "attend", name, "Ada Lindqvist", "--absent"])
        let checkStart = try #require(attended.stdout.range(of: "`lineup check --regatta "), "\(attended.stdout)")
        let checkEnd = try #require(
            attended.stdout.range(of: "` lists them", range: checkStart.upperBound..<attended.stdout.endIndex))
        let check = attended.stdout[attended.stdout.index(after: checkStart.lowerBound)..<checkEnd.lowerBound]
            .replacingOccurrences(of: "lineup ", with: "'\(LineupProcess.executable.path)' ")
        let checked = try lineup.run(["-c", check], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(checked.status == 1 && checked.stdout.contains("Ada Lindqvist"), "\(check): \(checked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lineup.folder.appendingPathComponent("pwned").path))
    }

    /// Regattas and races are named as coaches type names; what cannot be undone takes the whole name.
    @Test func regattaAndRaceNamesAreMatchedAsTypedAndBadNamesAndTimesAreRefused() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Spring Cup", "--date", "2026-06-13"]).status == 0)
        let added = try lineup.run(["race", "add", "spring", "Heat 1", "--at", "9:00"])
        #expect(added.stdout.contains("to \"Spring Cup\""), "\(added.stdout)")
        #expect(try lineup.run(["race", "list", "spr"]).stdout.contains("09:00  Heat 1"))
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        for (arguments, status, message) in [
            (["race", "remove", "Spring Cup", "heat"], 1, "give the whole name (Heat 1)"),
            (["race", "remove", "spring", "Heat 1"], 1, "give the whole name (Spring Cup)"),
            (["regatta", "delete", "spring", "--force"], 1, "give the whole name (Spring Cup)"),
            (["race", "list", "Sprnig Cup"], 1, "did you mean Spring Cup?"),
            (["race", "add", "Spring Cup", "Heat 2", "--at", "24:00"], 64, "--at"),
            (["race", "add", "Spring Cup", "Heat\u{1B}[2J", "--at", "10:00"], 64, "control characters"),
            (["regatta", "create", "\u{202E}Cup", "--date", "2026-06-13"], 64, "direction controls"),
            (["regatta", "create", "Autumn", "--date", "2026-02-30"], 64, "is not a date"),
            (["regatta", "update", "Spring Cup", "--min-gap", "721"], 64, "out of range"),
        ] as [([String], Int32, String)] {
            let result = try lineup.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!result.stderr.contains("\u{1B}"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
        // One paddler named twice is refused, naming them, and nothing changes.
        let unchanged = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let twice = try lineup.run(["regatta", "attend", "Spring Cup", "Mia Xu", "Ada Lindqvist", "mia xu", "--absent"])
        #expect(twice.status == 64, "\(twice.stderr)")
        #expect(twice.stderr.contains("Mia Xu is named twice (as 'Mia Xu' and 'mia xu')"), "\(twice.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == unchanged)
        #expect(try lineup.run(["regatta", "attend", "Spring Cup", "Mia Xu", "--absent"]).status == 0)
        // A race's bench holds only those there at its time.
        let shown = try lineup.run(["regatta", "show", "Spring Cup"]).stdout
        let bench = shown.components(separatedBy: "\n").first { $0.contains("bench at 09:00:") } ?? ""
        #expect(!bench.contains("Mia Xu") && bench.contains("Ada Lindqvist"), "\(shown)")
        let document = try Self.json(try lineup.run(["regatta", "show", "Spring Cup", "--json"]).stdout)
        let race = try #require((document["races"] as? [[String: Any]])?.first)
        let names = try #require(race["bench"] as? [String])
        #expect(names.contains("Ada Lindqvist") && !names.contains("Mia Xu"))
    }

    /// An exported lineup whose bench lines were sorted another way reads back unchanged, and a bench line
    /// puts its paddler at its position; one past the end of the bench says where they went.
    @Test func aLineupFileKeepsItsBenchPositions() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["export", "--output", "crew.csv"]).status == 0)
        let path = lineup.folder.appendingPathComponent("crew.csv").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n").filter {
            !$0.isEmpty
        }
        let seats = lines.filter { !$0.hasPrefix("B") }
        let bench = lines.filter { $0.hasPrefix("B") }
        #expect(bench.count >= 6)
        let byName = seats + bench.sorted { $0.components(separatedBy: ",")[4] > $1.components(separatedBy: ",")[4] }
        try byName.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let same = try lineup.run(["boat", "seat", "Sample crew", "--from", path])
        #expect(same.stdout.hasPrefix("Nothing changed"), "\(same.stdout)")

        func benchNames() throws -> [String] {
            let seats = try Self.json(try lineup.run(["show", "--json"]).stdout)["seats"] as? [[String: Any]] ?? []
            return seats.filter { ($0["seat"] as? String)?.hasPrefix("B") == true }.compactMap {
                $0["paddler"] as? String
            }
        }
        let before = try benchNames()
        let first = before[0]
        try (seats + ["B5,bench,,,\(first),,"]).joined(separator: "\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let fifth = try lineup.run(["boat", "seat", "Sample crew", "--from", path])
        #expect(fifth.status == 0, "\(fifth.stderr)")
        #expect(try benchNames() == Array(before[1..<5]) + [first] + Array(before[5...]))

        try (seats + ["B40,,,,\(first)"]).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let past = try lineup.run(["boat", "seat", "Sample crew", "--from", path])
        #expect(past.status == 0, "\(past.stderr)")
        #expect(
            past.stdout.hasPrefix(
                "note: line \(seats.count + 1): \(first) is at B\(before.count), not B40: the bench holds \(before.count) "
                    + "with no gaps\n"), "\(past.stdout)")
        #expect(try benchNames() == Array(before[1...]) + [first])
    }

    /// Someone seated in a race of the boat who is not there then: `show`, `check`, `check --json` (the
    /// web's Check tab) and every change to the lineup say so in the same words, and `check` fails on it as
    /// on a broken rule.
    @Test func aPaddlerSeatedInARaceTheyAreNotThereForCountsEverywhere() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        for arguments in [
            ["regatta", "create", "Cup", "--date", "2026-06-13"],
            ["race", "add", "Cup", "Heat 1 500m", "--at", "09:00", "--boat", "Sample crew"],
            ["race", "add", "Cup", "Final 500m", "--at", "11:00", "--boat", "Sample crew"],
            ["regatta", "attend", "Cup", "Ada Lindqvist", "--until", "10:00"],
            ["regatta", "attend", "Cup", "Mia Xu", "--absent"],
        ] {
            #expect(try lineup.run(arguments).status == 0, "\(arguments)")
        }
        let ada = "Cup: Ada Lindqvist sits at L1 in Final 500m (11:00) but leaves at 10:00"
        #expect(try lineup.run(["show"]).stdout.contains("Races:\n  ✗ \(ada)\n"))
        let check = try lineup.run(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("Races:\n  ✗ \(ada)\n"), "\(check.stdout)")
        #expect(check.stderr.isEmpty, "\(check.stderr)")
        let json = try lineup.run(["check", "--json"])
        #expect(json.status == 1)
        #expect(try Self.json(json.stdout)["violations"] as? [String] == [ada], "\(json.stdout)")
        // `show --json` lists the same, so no reader of it takes the crew for ready.
        let shown = try lineup.run(["show", "--json"])
        #expect(try Self.json(shown.stdout)["race_problems"] as? [String] == [ada], "\(shown.stdout)")

        // A change says whom it seated in, or took out of, a race they are not there for: on the fast path
        // and the parser's alike.
        let mia = ["Heat 1 500m (09:00)", "Final 500m (11:00)"].map { "Cup: Mia Xu sits at L2 in \($0) but is absent" }
        for environment in [[:], ["LINEUP_NO_FAST_PATH": "1"]] {
            let exchanged = try lineup.run(["exchange", "Mia Xu", "L2"], environment: environment)
            #expect(exchanged.status == 0)
            #expect(
                exchanged.stdout.hasSuffix(
                    "Races: now 3 seated in a race they are not there for\n  ✗ \(mia[0])\n  ✗ \(mia[1])\n"),
                "\(exchanged.stdout)")
            let undone = try lineup.run(["undo"], environment: environment)
            #expect(
                undone.stdout.hasSuffix(
                    "Races: now 1 seated in a race they are not there for\n  ✓ no longer: \(mia[0])\n"
                        + "  ✓ no longer: \(mia[1])\n"), "\(undone.stdout)")
            // A change that leaves them as they are says nothing of them, as of the rules.
            #expect(!(try lineup.run(["exchange", "R3", "R4"], environment: environment).stdout.contains("Races")))
            #expect(try lineup.run(["undo"], environment: environment).status == 0)
        }
        let fixed = try lineup.run(["exchange", "Ada Lindqvist", "B"])
        #expect(
            fixed.stdout.hasSuffix("Races: now everyone seated is there\n  ✓ no longer: \(ada)\n"), "\(fixed.stdout)")
        #expect(try lineup.run(["check"]).status == 0)
        #expect(!(try lineup.run(["show"]).stdout.contains("Races:")))
    }

    /// The grid's race columns are numbered and each number's race named in full above it, so races whose
    /// names start alike stay apart, and the grid keeps within 80 columns, more races continuing below.
    @Test func theGridNamesEveryRaceInFullWithinEightyColumns() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        let races = [
            ("Heat 1 500m", "08:00"), ("Heat 2 500m", "08:30"), ("Heat 3 500m", "09:00"),
            ("Semi-final 1 500m", "10:00"), ("Semi-final 2 500m", "10:30"), ("Final 500m", "11:30"),
            ("Final 200m", "12:30"), ("Mixed 2000m pursuit", "14:00"),
        ]
        for (name, time) in races {
            #expect(try lineup.run(["race", "add", "Cup", name, "--at", time, "--boat", "Sample crew"]).status == 0)
        }
        for arguments in [["regatta", "show", "Cup"], ["regatta", "show", "Cup", "--output", "-"]] {
            let shown = try lineup.run(arguments).stdout
            let all = shown.components(separatedBy: "\n")
            let start = try #require(all.firstIndex { $0.hasPrefix("Paddlers × races") })
            let end = try #require(all.firstIndex { $0.hasPrefix("Conflicts") })
            let grid = Array(all[start..<end])
            for line in grid { #expect(line.count <= 80, "\(line.count) columns: \(line)") }
            for (index, (name, time)) in races.enumerated() {
                #expect(grid.contains("  \(index + 1)  \(time)  \(name)"), "\(name)")
            }
            // Each race's number heads exactly one column; the races beyond the first block continue below it.
            let headers = grid.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("races ") }
            #expect(headers.count == 2, "\(grid.joined(separator: "\n"))")
            let numbers = headers.flatMap { $0.split(separator: " ").dropFirst().map(String.init) }
            #expect(numbers == (1...races.count).map(String.init))
            #expect(grid.filter { $0.hasPrefix("Ada Lindqvist") }.count == headers.count)
        }
    }

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

    /// The sample club's "Cup" with notes in its race: L8 empty (19 of 20 paddling), Jo Underhill a stroke
    /// paddler in a rear row (L9), Hana Sato preferring rows 1–3 at R10.
    private func notedCup() throws -> LineupProcess {
        let lineup = try sampleCup()
        #expect(try lineup.run(["exchange", "L8", "B"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Jo Underhill", "--role", "stroke"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Hana Sato", "--prefer-rows", "1-3"]).status == 0)
        return lineup
    }

    /// The notes `check --json` gives the boat: what every regatta output must give its race.
    private func boatNotes(_ lineup: LineupProcess) throws -> [String] {
        let notes = try #require(try Self.json(try lineup.run(["check", "--json"]).stdout)["notes"] as? [String])
        #expect(notes.count == 3, "\(notes)")
        #expect(notes.first == "L8 is empty: 19 of 20 paddling (the rules allow it)")
        #expect(notes.contains("Jo Underhill is a stroke paddler but sits at L9, a rear row"), "\(notes)")
        return notes
    }

    /// `check --regatta` lists each race's notes as `check` lists a boat's, in text and JSON, and they
    /// never fail it.
    @Test func aRegattasCheckListsEachRacesNotesAndStillPasses() throws {
        let lineup = try notedCup()
        let notes = try boatNotes(lineup)
        let text = try lineup.run(["check", "--regatta", "Cup"])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(
            text.stdout.contains(
                "09:00 Heat (\"Sample crew\"), rules (open): all kept, 1 warning\n"
                    + "  ! Hana Sato paddles on the left but sits at R10\n"
                    + notes.map { "  · \($0)\n" }.joined()), "\(text.stdout)")
        let json = try lineup.run(["check", "--regatta", "Cup", "--race", "Heat", "--json"])
        #expect(json.status == 0)
        let document = try Self.json(json.stdout)
        let race = try #require((document["races"] as? [[String: Any]])?.first)
        #expect(race["notes"] as? [String] == notes)
        #expect(document["ok"] as? Bool == true)
    }

    /// `regatta show` gives each race its notes, in text and JSON, as `check` gives the boat's.
    @Test func theRegattaViewListsEachRacesNotes() throws {
        let lineup = try notedCup()
        let notes = try boatNotes(lineup)
        let text = try lineup.run(["regatta", "show", "Cup"])
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                "  ! Hana Sato paddles on the left but sits at R10\n" + notes.map { "  · \($0)\n" }.joined()),
            "\(text.stdout)")
        let json = try lineup.run(["regatta", "show", "Cup", "--json"])
        let race = try #require((try Self.json(json.stdout)["races"] as? [[String: Any]])?.first)
        #expect(race["notes"] as? [String] == notes)
        #expect(race["warnings"] as? [String] == ["Hana Sato paddles on the left but sits at R10"])
    }

    /// A race under rules of its own: every regatta output, the page's crew sheet too, checks its crew under
    /// the race's rules (women), not the boat's (open), notes included.
    @Test func aRaceUnderItsOwnRulesIsCheckedUnderThemInEveryRegattaOutput() throws {
        let lineup = try notedCup()
        let notes = try boatNotes(lineup)
        #expect(try lineup.run(["race", "rules", "Cup", "Heat", "women"]).status == 0)
        let page = try lineup.run(["regatta", "show", "Cup", "--format", "html"]).stdout
        let sheet = try #require(page.components(separatedBy: "<section class=\"rules\">").dropFirst().first)
        let rules = try #require(sheet.components(separatedBy: "</section>").first)
        #expect(rules.hasPrefix("\n<h2>Rules (women): 1 broken, 1 warning</h2>"), "\(rules)")
        #expect(rules.contains(": not a woman: women&#39;s rules</li>"), "\(rules)")
        #expect(
            rules.contains("<li class=\"note\">L8 is empty: 19 of 20 paddling (the rules allow it)</li>"), "\(rules)")
        #expect(rules.contains("<li class=\"note\">L9: stroke paddler</li>"), "\(rules)")
        let json = try lineup.run(["regatta", "show", "Cup", "--json"])
        let race = try #require((try Self.json(json.stdout)["races"] as? [[String: Any]])?.first)
        #expect(race["rules"] as? String == "women")
        #expect(race["notes"] as? [String] == notes)
        #expect((race["violations"] as? [String])?.count == 1)
        let check = try lineup.run(["check", "--regatta", "Cup"])
        #expect(check.status == 1)
        #expect(check.stdout.contains(notes.map { "  · \($0)\n" }.joined()), "\(check.stdout)")
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
                "its commands are create, list, update, delete, attend, answer, answers, show, plan (`lineup regatta --help` says more)"
            )
        )
        // A group whose default command takes a word still reads it so: `race Cup` lists Cup's races.
        #expect(try lineup.run(["race", "Cup"]).stdout.hasPrefix("Cup  2026-06-13"))
    }
}
