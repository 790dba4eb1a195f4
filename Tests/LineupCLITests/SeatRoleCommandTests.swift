import Foundation
import Testing

/// Seat roles and rows on the command line: `roster add/update --role --rows --never-rows --prefer-rows`,
/// `boat roles`, the roster file's columns and the findings of `show` and `check`.
@Suite("seat roles and rows on the command line")
struct SeatRoleCommandTests {
    func bytes(_ lineup: LineupProcess) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
    }

    @Test(arguments: [
        (["--rows", "0-2"], "row 0 does not exist; boats have rows 1 to 10"),
        (["--rows", "1-11"], "row 11 does not exist; boats have rows 1 to 10"),
        (["--rows", "3-1"], "runs backwards; write it front to back: 1-3"),
        (["--rows", "front"], "'front' is not a row or a range of rows; give rows such as 1-2, 2-10 or 1,3-5"),
        (["--rows", "1-2", "--never-rows", "1-2"], "--rows 1-2 with --never-rows 1-2 leaves no row to sit in"),
        (["--never-rows", "1-10"], "--never-rows 1-10 leaves no row to sit in"),
        (["--rows", "2-10", "--prefer-rows", "1"], "they may sit only in rows 2–10, so they cannot prefer row 1"),
        (["--never-rows", "1", "--prefer-rows", "1-2"], "so they cannot prefer row 1; prefer rows among 2-10"),
        (["--prefer-rows", "12"], "row 12 does not exist"),
        (["--role", "cox"], "'cox' is not a role; use stroke, engine, rear or any"),
    ])
    func badRolesAndRowsAreRefusedAndNothingIsWritten(arguments: [String], sentence: String) throws {
        let lineup = try LineupProcess.sampleClub()
        let before = try bytes(lineup)
        for command in [["roster", "add", "Jack Lee"], ["roster", "update", "Ada Lindqvist"]] {
            let result = try lineup.run(command + arguments)
            #expect(result.status == 64, "\(command) \(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
            #expect(result.stderr.contains(sentence), "\(command) \(arguments): \(result.stderr)")
            #expect(try bytes(lineup) == before, "\(command) \(arguments) wrote to the database")
        }
    }

    /// What a paddler already has counts: preferring a row their stored rows exclude, or narrowing their rows
    /// below their stored preference, is bad input too.
    @Test func anUpdateAgainstTheStoredRowsIsRefusedAndNothingIsWritten() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Ada", "--rows", "2-10", "--prefer-rows", "2"]).status == 0)
        let before = try bytes(lineup)
        for arguments in [["--prefer-rows", "1"], ["--rows", "5-10"]] {
            let result = try lineup.run(["roster", "update", "Ada"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("cannot prefer row"), "\(result.stderr)")
            #expect(try bytes(lineup) == before)
        }
    }

    /// Barring a row takes it out of the rows a paddler has: it never opens the rows their limit keeps them out of.
    @Test func neverRowsAloneNarrowTheStoredRowsAndNeverWidenThem() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Kit", "--rows", "1-3"]).status == 0)
        // The role words a roster file takes are the command line's too: pacer is stroke, the engine room engine.
        #expect(try lineup.run(["roster", "update", "Kit", "--role", "Pacer"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Ada", "--role", "engine room"]).status == 0)
        let roles = try lineup.run(["roster", "list", "--json"]).stdout
        let people = try #require(try JSONSerialization.jsonObject(with: Data(roles.utf8)) as? [[String: Any]])
        #expect(people.first { $0["name"] as? String == "Kit Valdés" }?["role"] as? String == "stroke")
        #expect(people.first { $0["name"] as? String == "Ada Lindqvist" }?["role"] as? String == "engine")
        #expect(try lineup.run(["roster", "update", "Kit", "--role", ""]).status == 64)
        let narrowed = try lineup.run(["roster", "update", "Kit", "--never-rows", "2"])
        #expect(narrowed.status == 0, "\(narrowed.stderr)")
        let listed = try lineup.run(["roster", "list", "--json"]).stdout
        let kit = try #require(
            (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])?.first {
                $0["name"] as? String == "Kit Valdés"
            })
        #expect(kit["rows"] as? [Int] == [1, 3], "\(kit)")
        let before = try bytes(lineup)
        let refused = try lineup.run(["roster", "update", "Kit", "--never-rows", "1,3"])
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.hasPrefix("error: ") && refused.stderr.contains("no row to sit in"), "\(refused.stderr)")
        // Words that quote no empty rows (it read "rows '' cannot be used").
        #expect(
            refused.stderr.hasPrefix("error: those rows cannot be used: that leaves Kit Valdés no row"),
            "\(refused.stderr)")
        #expect(try bytes(lineup) == before)
        // A paddler without a limit: never-rows alone is every other row, as before.
        #expect(try lineup.run(["roster", "update", "Ada", "--never-rows", "1"]).status == 0)
        #expect(try lineup.run(["roster", "list"]).stdout.contains("2–10"))
    }

    /// An update giving only values a paddler already has writes nothing: the file stays byte for byte as it
    /// was (its header's change counter included).
    @Test(arguments: [["--role", "stroke"], ["--rows", "1-2"], ["--role", "stroke", "--prefer-rows", "1"]])
    func anUpdateThatChangesNothingLeavesTheFileAlone(arguments: [String]) throws {
        let lineup = try LineupProcess.sampleClub()
        let set = try lineup.run(["roster", "update", "Ada", "--role", "stroke", "--rows", "1-2", "--prefer-rows", "1"])
        #expect(set.status == 0, "\(set.stderr)")
        let before = try bytes(lineup)
        let result = try lineup.run(["roster", "update", "Ada"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Nothing to change for Ada Lindqvist"), "\(result.stdout)")
        #expect(try bytes(lineup) == before, "\(arguments) wrote to the database")
    }

    /// An imported preference outside the rows a paddler keeps is a bad line like any other: the file is
    /// refused (exit 1) listing every such line with its paddler, and nothing is written.
    @Test func anImportedPreferenceOutsideTheStoredRowsIsListedByLineAndPaddler() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Ada", "--rows", "2-10"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Bea", "--rows", "3-10"]).status == 0)
        let before = try bytes(lineup)
        let csv = "name,prefer_rows\nAda Lindqvist,1\nJack Lee,2\nBea Marangoni,1-2\n"
        let path = try lineup.file("roster.csv", Array(csv.utf8))
        let result = try lineup.run(["roster", "import", path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("line 2: Ada Lindqvist: "), "\(result.stderr)")
        #expect(
            result.stderr.contains("they may sit only in rows 2–10, so they cannot prefer row 1"), "\(result.stderr)")
        #expect(result.stderr.contains("line 4: Bea Marangoni: "), "\(result.stderr)")
        #expect(!result.stderr.contains("line 3"), "\(result.stderr)")
        #expect(try bytes(lineup) == before)
    }

    /// A role their rows cannot meet in a boat, or rows that leave them seated outside, is accepted with a
    /// note on standard output.
    @Test func rowsThatCannotMeetTheRoleOrTheSeatAreNoted() throws {
        let lineup = try LineupProcess.sampleClub()
        let pacer = try lineup.run(["roster", "update", "Bea", "--role", "stroke", "--never-rows", "1-2"])
        #expect(pacer.status == 0, "\(pacer.stderr)")
        #expect(
            pacer.stdout.contains(
                "note: Bea Marangoni's role stroke cannot be met: they may sit only in rows 3–10, and \"Sample crew\" "
                    + "wants stroke in rows 1–2\n"), "\(pacer.stdout)")
        let added = try lineup.run(["roster", "add", "Jack Lee", "--role", "rear", "--rows", "1-5"])
        #expect(added.stdout.contains("note: Jack Lee's role rear cannot be met"), "\(added.stdout)")
        let moved = try lineup.run(["roster", "update", "Ada", "--rows", "5"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(
            moved.stdout.contains(
                "note: Ada Lindqvist sits in L1 of \"Sample crew\", outside row 5: `lineup check` fails until they "
                    + "move; `lineup optimize` moves them out when some seat of their rows can take them, or an "
                    + "exchange does\n"), "\(moved.stdout)")
        let fitting = try lineup.run(["roster", "update", "Ada", "--role", "stroke", "--rows", "1-2"])
        #expect(fitting.status == 0 && !fitting.stdout.contains("note:"), "\(fitting.stdout)")
    }

    @Test func rolesAndRowsAreSetListedAndCleared() throws {
        let lineup = try LineupProcess.sampleClub()
        let added = try lineup.run(["roster", "add", "Jack Lee", "--role", "rear", "--never-rows", "1"])
        #expect(added.status == 0, "\(added.stderr)")
        let updated = try lineup.run([
            "roster", "update", "Ada", "--role", "stroke", "--rows", "1-2", "--prefer-rows", "1",
        ])
        #expect(
            updated.stdout
                == "Updated Ada Lindqvist: role any → stroke, rows any → 1–2, preferred rows none → 1.\n")
        let list = try lineup.run(["roster", "list"]).stdout
        #expect(list.contains("[rear, rows 2–10]"), "\(list)")
        #expect(list.contains("[stroke, rows 1–2, prefers 1]"), "\(list)")
        let roster = try #require(
            try JSONSerialization.jsonObject(with: Data(lineup.run(["roster", "list", "--json"]).stdout.utf8))
                as? [[String: Any]])
        let jack = try #require(roster.first { $0["name"] as? String == "Jack Lee" })
        #expect(jack["role"] as? String == "rear")
        #expect(jack["rows"] as? [Int] == Array(2...10))
        #expect(jack["prefer_rows"] is NSNull)
        let cleared = try lineup.run([
            "roster", "update", "Ada", "--role", "any", "--rows", "any", "--prefer-rows", "none",
        ])
        #expect(
            cleared.stdout == "Updated Ada Lindqvist: role stroke → any, rows 1–2 → any, preferred rows 1 → none.\n")
    }

    @Test func showAndCheckCountAnExcludedRowAsBrokenAndBothNoteARoleMismatch() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(
            try lineup.run(["roster", "update", "Ada Lindqvist", "--never-rows", "1", "--role", "rear"]).status == 0)
        let shown = try lineup.run(["show"])
        let show = shown.stdout
        // `show` says it as `check` fails on it, and still exits 0 (it only shows).
        #expect(shown.status == 0)
        #expect(show.contains("Rules (open): 1 broken, 1 warning\n"), "\(show)")
        #expect(show.contains("  ✗ Ada Lindqvist sits in row 1 but may sit only in rows 2–10\n"), "\(show)")
        #expect(show.contains("  · Ada Lindqvist is a rear paddler but sits at L1, a stroke row\n"), "\(show)")
        let check = try lineup.run(["check"])
        // The pre-race check fails on a barred row (a note alone never fails it).
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("✗ Ada Lindqvist sits in row 1 but may sit only in rows 2–10"))
        #expect(check.stdout.contains("· Ada Lindqvist is a rear paddler but sits at L1, a stroke row"))
        // The boat's own roles decide the note: with rear wanted in rows 1–2 there is none.
        #expect(try lineup.run(["boat", "roles", "--rear", "1-2", "--stroke", "none"]).status == 0)
        #expect(!(try lineup.run(["show"]).stdout.contains("a stroke row")))
        // The optimizer moves nobody into a row they may not sit in, and with the default objective moves Ada
        // out of hers, saying why.
        let optimized = try lineup.run(["optimize", "--json"])
        #expect(optimized.status == 0, "\(optimized.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(optimized.stdout.utf8)) as? [String: Any])
        let moves = try #require(document["moves"] as? [[String: Any]])
        let ada = try #require(moves.first { $0["paddler"] as? String == "Ada Lindqvist" }, "\(moves)")
        #expect(ada["from"] as? String == "L1")
        let why = try #require(document["explanations"] as? [[String: Any]])
        #expect(
            why.contains { ($0["why"] as? String)?.contains("out of row 1, where they may not sit") == true },
            "\(why)")
        #expect((document["barred_seated"] as? [Any])?.isEmpty == true)
        // Applied, `check` passes again: the barred row was the only thing it failed on.
        #expect(try lineup.run(["optimize", "--apply"]).status == 0)
        #expect(try lineup.run(["check"]).status == 0)
    }

    /// `optimize` by balance alone names the seat-role notes its moves add, as `check` words them after the
    /// moves are applied; `--objective both` weighs the roles and says nothing of the kind.
    @Test func theBalanceNamesTheSeatRolesItsMovesGiveUp() throws {
        let lineup = try LineupProcess.sampleClub()
        for name in ["Ada Lindqvist", "Bea Marangoni", "Gwen Rasmussen", "Cora Nakashima"] {
            #expect(try lineup.run(["roster", "update", name, "--role", "stroke"]).status == 0)
        }
        let before = Set(try lineup.run(["check"]).stdout.split(separator: "\n").filter { $0.hasPrefix("  · ") })
        let optimized = try lineup.run(["optimize"]).stdout
        let lines = optimized.split(separator: "\n", omittingEmptySubsequences: false)
        let heading = try #require(
            lines.firstIndex { $0.hasPrefix("The balance weighs kilograms only;") }, "\(optimized)")
        let named = lines[(heading + 1)...].prefix { $0.hasPrefix("  · ") }
        #expect(!named.isEmpty && named.allSatisfy { $0.contains("stroke paddler") }, "\(optimized)")
        #expect(try lineup.run(["optimize", "--apply"]).status == 0)
        let after = Set(try lineup.run(["check"]).stdout.split(separator: "\n").filter { $0.hasPrefix("  · ") })
        #expect(Set(named) == after.subtracting(before), "\(optimized)")
        #expect(try lineup.run(["undo"]).status == 0)
        #expect(!(try lineup.run(["optimize", "--objective", "both"]).stdout.contains("weighs kilograms only")))
    }

    /// An exchange that seats someone in a row barred to them says so as `check` counts it: a broken rule.
    @Test func anExchangeIntoABarredRowReportsABrokenRule() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Ada Lindqvist", "--rows", "1-3"]).status == 0)
        let exchanged = try lineup.run(["exchange", "L1", "L10"])
        #expect(exchanged.status == 0, "\(exchanged.stderr)")
        #expect(exchanged.stdout.contains("Rules (open): now 1 broken\n"), "\(exchanged.stdout)")
        #expect(
            exchanged.stdout.contains("  ✗ Ada Lindqvist sits in row 10 but may sit only in rows 1–3\n"),
            "\(exchanged.stdout)")
    }

    @Test func aBoatsRolesAreShownSetAndPutBack() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(
            try lineup.run(["boat", "roles"]).stdout
                == "\"Sample crew\" wants stroke in rows 1–2, engine in rows 3–8, rear in rows 9–10, the defaults for "
                + "a standard boat.\n")
        #expect(
            try lineup.run(["boat", "roles", "Sample crew", "--stroke", "1-3"]).stdout
                == "\"Sample crew\" now wants stroke in rows 1–3, engine in rows 4–8, rear in rows 9–10.\n")
        #expect(try lineup.run(["boat", "roles", "Sample"]).stdout.contains("stroke in rows 1–3, engine in rows 4–8"))
        // -b names the boat as it does for every command that works on one.
        #expect(try lineup.run(["boat", "roles", "-b", "Sample"]).stdout.contains("stroke in rows 1–3"))
        let twice = try lineup.run(["boat", "roles", "Sample crew", "-b", "Other"])
        #expect(twice.status == 64 && twice.stderr.contains("give the boat once"), "\(twice.stderr)")
        #expect(
            try lineup.run(["boat", "roles", "--default"]).stdout
                == "\"Sample crew\" now wants stroke in rows 1–2, engine in rows 3–8, rear in rows 9–10, the defaults "
                + "for a standard boat.\n")
        #expect(try lineup.run(["boat", "create", "Small", "--small"]).status == 0)
        #expect(
            try lineup.run(["boat", "roles", "Small", "--engine", "2-3", "--rear", "4-5"]).stdout
                == "\"Small\" now wants stroke in row 1, engine in rows 2–3, rear in rows 4–5.\n")
        let before = try bytes(lineup)
        for (arguments, sentence) in [
            (
                ["Small", "--rear", "5-6"],
                "a small boat has rows 1 to 5, so rear cannot have row 6; give rows from 1 to 5"
            ),
            (["Small", "--stroke", "1-2", "--engine", "2-4"], "--stroke and --engine both take row 2"),
            (["Small", "--default", "--rear", "5"], "give either --default or the rows"),
            (["Small", "--rear", "five"], "--rear: rows 'five' cannot be used"),
        ] {
            let result = try lineup.run(["boat", "roles"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(sentence), "\(arguments): \(result.stderr)")
            #expect(try bytes(lineup) == before)
        }
    }

    /// A race added with `--copy-from` gets its boat's seat roles as `boat copy` does, so a final copied from its
    /// heat wants the same rows for each role as the heat.
    @Test func aRaceCopiedFromAnotherCarriesItsBoatsRoles() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00"]).status == 0)
        let set = try lineup.run(["boat", "roles", "Cup: Heat", "--stroke", "1-3", "--engine", "4-7", "--rear", "8-10"])
        #expect(set.status == 0, "\(set.stderr)")
        let added = try lineup.run(["race", "add", "Cup", "Final", "--at", "11:00", "--copy-from", "Heat"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            try lineup.run(["boat", "roles", "Cup: Final"]).stdout
                == "\"Cup: Final\" wants stroke in rows 1–3, engine in rows 4–7, rear in rows 8–10.\n")
        // `boat copy` does the same.
        #expect(try lineup.run(["boat", "copy", "Cup: Heat", "Heat variant"]).status == 0)
        #expect(
            try lineup.run(["boat", "roles", "Heat variant"]).stdout
                == "\"Heat variant\" wants stroke in rows 1–3, engine in rows 4–7, rear in rows 8–10.\n")
    }

    @Test func theRosterFileCarriesRolesAndRowsAndOldFilesStillImport() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(
            try lineup.run(["roster", "update", "Ada", "--role", "stroke", "--rows", "1,3-5", "--prefer-rows", "1"])
                .status == 0)
        #expect(try lineup.run(["roster", "update", "Bea", "--role", "rear", "--never-rows", "1"]).status == 0)
        let exported = try lineup.run(["roster", "export"]).stdout
        #expect(
            exported.hasPrefix(
                "name,weight_kg,sex,side,can_drum,can_steer,notes,status,role,rows,prefer_rows,injured_until\r\n"))
        #expect(exported.contains("Ada Lindqvist,61.5,F,left,no,no,,active,stroke,\"1,3-5\",1,none\r\n"), "\(exported)")
        #expect(exported.contains(",active,rear,2-10,none,none\r\n"))

        // Into a new database and out again: byte for byte the same.
        let other = try LineupProcess()
        #expect(try other.run(["init"]).status == 0)
        let file = try other.file("roster.csv", Array(exported.utf8))
        #expect(try other.run(["roster", "import", file]).status == 0)
        #expect(try other.run(["roster", "export"]).stdout == exported)
        // Back into the first: nothing changes.
        #expect(try lineup.run(["roster", "import", file]).stdout.hasSuffix("Added 0, updated 0, unchanged 30.\n"))

        // A file of before these columns imports, and leaves roles, rows and injuries as they are.
        let old = try lineup.file(
            "old.csv",
            Array(
                "name,weight_kg,sex,side,can_drum,can_steer,notes,status\r\nAda Lindqvist,62,F,left,no,no,,active\r\n"
                    .utf8))
        let imported = try lineup.run(["roster", "import", old])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            try lineup.run(["roster", "export"]).stdout.contains(
                "Ada Lindqvist,62,F,left,no,no,,active,stroke,\"1,3-5\",1,none\r\n"))

        // A bad cell rejects the whole file.
        let bad = try lineup.file("bad.csv", Array("name,rows\r\nBea Marangoni,0-3\r\n".utf8))
        let before = try bytes(lineup)
        let refused = try lineup.run(["roster", "import", bad])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("row 0 does not exist"), "\(refused.stderr)")
        #expect(try bytes(lineup) == before)
    }

    /// The names `regatta show` prints in row 1 of each race.
    static func rowOneNames(_ show: String) -> Set<String> {
        var names: Set<String> = []
        for line in show.split(separator: "\n") {
            guard let match = line.firstMatch(of: /^ +1  (.*?) *\| (.*)$/) else { continue }
            names.insert(String(match.1))
            names.insert(String(match.2))
        }
        return names.subtracting(["-"])
    }

    /// A paddler the plan put in row 1 who may then never sit there: the default re-plan keeps the crew as
    /// seated and says so as `show` warns; planning freely seats them elsewhere, and nobody is warned about.
    @Test func aNeverRowOnePaddlerIsNotPlannedIntoRowOne() throws {
        let lineup = try RegattaCommandTests.raceDay()
        let regatta = RegattaCommandTests.regatta
        let options = ["--time-limit", "600"]
        #expect(try lineup.run(["regatta", "plan", regatta, "--replan-freely", "--apply"] + options).status == 0)
        let name = try #require(Self.rowOneNames(try lineup.run(["regatta", "show", regatta]).stdout).min())
        #expect(try lineup.run(["roster", "update", name, "--never-rows", "1"]).status == 0)
        let warning = "\(name) sits in row 1 but may sit only in rows 2–10"
        #expect(try lineup.run(["regatta", "show", regatta]).stdout.contains(warning))
        let kept = try lineup.run(["regatta", "plan", regatta] + options)
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(
            kept.stdout.contains("\(name) (L1, may sit only in rows 2–10)")
                || kept.stdout.contains("\(name) (R1, may sit only in rows 2–10)"), "\(kept.stdout)")
        #expect(kept.stdout.contains("outside the rows they may sit in, where they were seated"), "\(kept.stdout)")

        let freely = try lineup.run(["regatta", "plan", regatta, "--replan-freely", "--apply"] + options)
        #expect(freely.status == 0, "\(freely.stderr)")
        #expect(!freely.stdout.contains("outside the rows they may sit in"), "\(freely.stdout)")
        let show = try lineup.run(["regatta", "show", regatta]).stdout
        #expect(!Self.rowOneNames(show).contains(name), "\(show)")
        #expect(!show.contains("may sit only in"), "\(show)")
    }
}
