import Foundation
import Testing

@Suite("lineup end to end")
struct CommandLineTests {
    private func seatedClub() throws -> LineupProcess {
        let lineup = try LineupProcess()
        let result = try lineup.run(["init", "--sample"])
        #expect(result.status == 0, "\(result.stderr)")
        return lineup
    }

    private func seats(_ lineup: LineupProcess, _ boat: String? = nil) throws -> [String: String] {
        let result = try lineup.run(["show", "--json"] + (boat.map { ["-b", $0] } ?? []))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let seats = try #require(json["seats"] as? [[String: Any]])
        var chart: [String: String] = [:]
        for seat in seats { chart[seat["seat"] as? String ?? ""] = seat["paddler"] as? String ?? "" }
        return chart
    }

    @Test func versionAndHelp() throws {
        let lineup = try LineupProcess()
        let version = try lineup.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "0.1.0\n")
    }

    @Test(arguments: [
        [], ["init"], ["demo"], ["roster"], ["roster", "list"], ["roster", "add"], ["roster", "update"],
        ["roster", "remove"], ["roster", "import"], ["roster", "export"], ["boat"], ["boat", "create"],
        ["boat", "list"], ["boat", "rename"], ["boat", "copy"], ["boat", "delete"], ["list"], ["use"], ["show"],
        ["exchange"], ["swap"], ["lock"], ["unlock"], ["undo"], ["redo"], ["history"],
        ["history", "list"], ["history", "prune"], ["export"], ["check"], ["optimize"], ["diff"], ["config"],
        ["config", "balance"], ["boat", "rules"], ["edit"],
    ])
    func everyCommandHasHelp(command: [String]) throws {
        let result = try LineupProcess().run(command + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: lineup"))
        #expect(result.stdout.contains("OVERVIEW:"))
    }

    @Test func historyPruneSaysWhatItRemovedAndKeepsTheLineup() throws {
        let lineup = try seatedClub()
        for row in 1...5 { #expect(try lineup.run(["exchange", "L\(row)", "R\(row)"]).status == 0) }
        let chart = try seats(lineup)
        let dryRun = try lineup.run(["history", "prune", "--keep", "2", "--dry-run"])
        #expect(dryRun.stdout == "Would remove 3 records from boat 'Sample crew' (2 left; the lineup is unchanged).\n")
        let pruned = try lineup.run(["--db", lineup.databasePath, "history", "prune", "--keep", "2"])
        #expect(pruned.stdout == "Removed 3 records from boat 'Sample crew' (2 left; the lineup is unchanged).\n")
        #expect(try seats(lineup) == chart)
        let history = try lineup.run(["history"]).stdout
        #expect(history.contains("#5") && history.contains("#4") && !history.contains("#3"))
        #expect(try lineup.run(["history", "prune", "--older-than", "0"]).stdout.hasPrefix("Removed 2 records"))
        #expect(try lineup.run(["undo"]).status == 1)
    }

    @Test func exchangeUndoRedoInSeparateProcesses() throws {
        let lineup = try seatedClub()
        let start = try seats(lineup)
        let exchanged = try lineup.run(["exchange", "L2", "R9"])
        #expect(exchanged.status == 0)
        // The change names the boat it changed, so a coach who forgot `lineup use` sees it at once.
        #expect(
            exchanged.stdout.hasPrefix(
                "Exchanged L2 \(start["L2"] ?? "") ⇄ R9 \(start["R9"] ?? "") in \"Sample crew\"."))
        let after = try seats(lineup)
        #expect(after["L2"] == start["R9"] && after["R9"] == start["L2"])
        #expect(after.filter { start[$0.key] != $0.value }.count == 2)

        let undone = try lineup.run(["undo"])
        #expect(undone.status == 0)
        #expect(undone.stdout.hasPrefix("Undid L2 "))
        #expect(try seats(lineup) == start)

        let redone = try lineup.run(["redo"])
        #expect(redone.status == 0)
        #expect(try seats(lineup) == after)

        let history = try lineup.run(["history", "--json"])
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == 1)
        #expect(records.first?["undone"] as? Bool == false)
        #expect(Set(records.first?.keys.map { $0 } ?? []) == ["id", "time", "summary", "undone"])
    }

    @Test func swapIsAnAliasAndNamesArePlaces() throws {
        let lineup = try seatedClub()
        let start = try seats(lineup)
        let drummer = try #require(start["D"])
        let result = try lineup.run(["swap", drummer.uppercased(), "b1"])
        #expect(result.status == 0, "\(result.stderr)")
        let after = try seats(lineup)
        #expect(after["D"] == start["B1"] && after["B1"] == drummer)
    }

    @Test func showJSONListsSeatsInChartOrder() throws {
        let lineup = try seatedClub()
        let result = try lineup.run(["show", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["boat"] as? String == "Sample crew")
        #expect(json["kind"] as? String == "standard")
        let seats = try #require(json["seats"] as? [[String: Any]])
        let expected = ["D"] + (1...10).flatMap { ["L\($0)", "R\($0)"] } + ["S"] + (1...8).map { "B\($0)" }
        #expect(seats.map { $0["seat"] as? String ?? "" } == expected)
        #expect(seats.allSatisfy { Set($0.keys) == ["seat", "paddler", "weight_kg", "locked"] })
        let balance = try #require(json["balance"] as? [String: Any])
        for key in ["left_kg", "right_kg", "front_kg", "back_kg"] { #expect(balance[key] is Double) }
    }

    @Test func rosterJSONHasTheDocumentedFields() throws {
        let lineup = try seatedClub()
        let result = try lineup.run(["roster", "list", "--json"])
        let roster = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(roster.count == 30)
        let nora = try #require(roster.first { $0["name"] as? String == "Nora Yilmaz" })
        #expect(nora["weight_kg"] is NSNull)
        #expect(nora["sex"] as? String == "F")
        #expect(nora["can_drum"] as? Bool == false)
        #expect(nora["active"] as? Bool == true)
        #expect(nora["injured_until"] is NSNull)
        #expect(
            Set(nora.keys) == [
                "name", "weight_kg", "sex", "side", "can_drum", "can_steer", "notes", "active", "injured_until",
                "role", "rows", "prefer_rows",
            ])
    }

    @Test func exportToAFileMatchesStandardOutput() throws {
        let lineup = try seatedClub()
        let csv = try lineup.run(["export"]).stdout
        #expect(csv.hasPrefix("seat,section,row,side,name,weight_kg,sex\r\nD,drummer,,,"))
        #expect(csv.components(separatedBy: "\r\n").count == 1 + 22 + 8 + 1)
        let path = lineup.folder.appendingPathComponent("lineup.csv").path
        try Data("old contents".utf8).write(to: URL(fileURLWithPath: path))
        let result = try lineup.run(["export", "--output", path])
        #expect(result.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == csv)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty)
        let json = try lineup.run(["export", "--format", "json"])
        #expect(json.stdout == (try lineup.run(["show", "--json"])).stdout)
    }

    @Test func formulaGuardInExport() throws {
        let lineup = try LineupProcess()
        try lineup.run(["init"])
        try lineup.run(["roster", "add", "=cmd|' /C calc'!A0", "--weight", "70"])
        try lineup.run(["boat", "create", "Heat 1"])
        let csv = try lineup.run(["export"]).stdout
        #expect(csv.contains("B1,bench,,,'=cmd|' /C calc'!A0,70,\r\n"))
    }

    @Test func importReadsSpreadsheetExports() throws {
        let lineup = try LineupProcess()
        try lineup.run(["init"])
        let bytes: [UInt8] =
            [0xEF, 0xBB, 0xBF]
            + Array(
                "First Name,Last Name,Weight,Gender,Skills,Status\r\nAnn,Lee,150 lb,Female,\"left, drum\",\r\nBo,Ray,80,M,steer,inactive\r\n"
                    .utf8)
        let path = try lineup.file("club.csv", bytes)
        let dryRun = try lineup.run(["roster", "import", path, "--dry-run"])
        #expect(dryRun.status == 0)
        // The dry run shows the values as they will be stored: 150 lb in kilograms, to hundredths.
        #expect(dryRun.stdout.contains("Would add: Ann Lee (weight 68.04 kg, sex F, side left, drummer)"))
        #expect(dryRun.stdout.contains("Would add: Bo Ray (weight 80 kg, sex M, steerer, inactive)"))
        #expect(try lineup.run(["roster", "list", "--json"]).stdout == "[\n\n]\n")
        let result = try lineup.run(["roster", "import", path])
        #expect(result.status == 0, "\(result.stderr)")
        let roster = try lineup.run(["roster", "list", "--json"]).stdout
        #expect(roster.contains("\"name\" : \"Ann Lee\""))
        #expect(roster.contains("\"weight_kg\" : 68.04"))
        // An inactive row is kept on the roster, marked, and off the benches of new boats.
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(roster.utf8)) as? [[String: Any]])
        #expect(entries.first { $0["name"] as? String == "Bo Ray" }?["active"] as? Bool == false)
        #expect(try lineup.run(["boat", "create", "Heat 1"]).status == 0)
        #expect(!(try lineup.run(["show"]).stdout.contains("Bo Ray")))
    }

    @Test func badImportListsEveryBadLineAndChangesNothing() throws {
        let lineup = try seatedClub()
        let before = try lineup.snapshot()
        let path = try lineup.file("bad.csv", Array("name,weight,sex\nNew,70,F\nAnn,heavy,F\nBo,70,Q\n".utf8))
        let result = try lineup.run(["roster", "import", path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: the file was not imported"))
        #expect(result.stderr.contains("line 3:") && result.stderr.contains("line 4:"))
        #expect(try lineup.snapshot() == before)
    }

    @Test(arguments: [
        (["exchange", "L11", "L1"], Int32(1), "no seat L11"),
        (["exchange", "L0", "L1"], 1, "is not a place"),
        (["exchange", "Nobody", "L1"], 1, "no paddler named 'Nobody'"),
        (["exchange", "L1", "B40"], 1, "the bench has 8 paddlers"),
        (["exchange", "L1"], 64, "Missing expected argument"),
        (["show", "-b", "Nope"], 1, "no boat named 'Nope'"),
        (["roster", "add", "Ann", "--weight", "0"], 64, "out of range"),
        (["roster", "add", "Ann", "--weight", "72 stone"], 64, "not a valid weight"),
        (["roster", "add", "   "], 64, "cannot be empty"),
        (["roster", "add", "Ada Lindqvist"], 1, "already in the roster"),
        (["roster", "add", "Zed", "--sex", "Q"], 64, "is not a sex"),
        (["roster", "remove", "Dana Okafor"], 1, "is seated"),
        (["roster", "import", "/no/such/file.csv"], 1, "there is no file"),
        (["boat", "create", "Sample crew"], 1, "already exists"),
        (["boat", "delete", "Sample crew"], 1, "add --force"),
        (["lock", "B1"], 1, "only seats can be locked"),
        (["redo"], 1, "nothing to redo"),
        (["undo", "--steps", "0"], 64, "--steps must be 1 or more"),
        (["export", "--format", "xml"], 64, "xml"),
        (["frobnicate"], 64, "Unexpected argument"),
    ])
    func badInputIsAClearErrorAndChangesNothing(arguments: [String], status: Int32, message: String) throws {
        let lineup = try seatedClub()
        let before = try lineup.snapshot()
        let result = try lineup.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!result.stderr.contains("SELECT") && !result.stderr.contains("INSERT"))
        #expect(try lineup.snapshot() == before)
    }

    @Test func lockedSeatsRefuseExchangesUntilUnlocked() throws {
        let lineup = try seatedClub()
        #expect(try lineup.run(["lock", "L1"]).status == 0)
        let refused = try lineup.run(["exchange", "B1", "L1"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("seat L1 (") && refused.stderr.contains("is locked"))
        #expect(try lineup.run(["undo"]).stdout.hasPrefix("Undid lock L1"))
        #expect(try lineup.run(["exchange", "B1", "L1"]).status == 0)
    }

    @Test func undoWithNothingToUndoExitsOne() throws {
        let lineup = try seatedClub()
        let result = try lineup.run(["undo"])
        #expect(result.status == 1)
        #expect(result.stderr == "error: nothing to undo in boat 'Sample crew'\n")
    }

    @Test func severalBoatsNeedAChoice() throws {
        let lineup = try seatedClub()
        #expect(try lineup.run(["boat", "create", "Heat 2", "--small"]).status == 0)
        let ambiguous = try lineup.run(["show"])
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.contains("pick one with --boat NAME"))
        #expect(try lineup.run(["use", "heat 2"]).status == 0)
        let small = try seats(lineup)
        #expect(small.keys.contains("R5") && !small.keys.contains("R6"))
        #expect(try lineup.run(["exchange", "L6", "B1"]).stderr.contains("this boat has 5 rows"))
    }

    @Test func aCorruptFileIsReportedAndLeftUntouched() throws {
        let lineup = try LineupProcess()
        let bytes = (0..<2048).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
        _ = try lineup.file("club.sqlite", bytes)
        for command in [["show"], ["init"], ["undo"], ["roster", "add", "Ann"]] {
            let result = try lineup.run(command)
            #expect(result.status == 1)
            #expect(result.stderr.contains("is not a SQLite database (it was left untouched)"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == Data(bytes))
    }

    @Test func aTruncatedDatabaseIsReportedAndLeftUntouched() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let whole = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let truncated = lineup.folder.appendingPathComponent("truncated.sqlite").path
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: truncated))
        for command in [["show"], ["exchange", "L1", "R1"], ["undo"]] {
            let result = try lineup.run(["--db", truncated] + command)
            #expect(result.status == 1)
            #expect(result.stderr.contains("is damaged or incomplete (it was left untouched)"), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: truncated)) == whole.prefix(whole.count / 3))
    }

    @Test(arguments: [
        ["show"], ["list"], ["history"], ["export"], ["undo"], ["exchange", "L1", "R1"], ["roster", "list"],
        ["roster", "remove", "Ann"], ["roster", "import", "--dry-run", "/dev/null"],
    ])
    func commandsThatAddNothingNeedAnExistingDatabase(command: [String]) throws {
        let lineup = try LineupProcess()
        let result = try lineup.run(command)
        #expect(result.status == 1)
        #expect(result.stderr.contains("create it with `lineup init`"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: lineup.databasePath))
    }

    @Test func addingCreatesTheDatabaseOnFirstUse() throws {
        let lineup = try LineupProcess()
        let nested = lineup.folder.appendingPathComponent("club/season/lineup.sqlite").path
        let added = try lineup.run(["roster", "add", "Ann Lee", "--weight", "61", "--db", nested])
        #expect(added.status == 0)
        #expect(added.stderr == "Created a new lineup database at \(nested).\n")
        let created = try lineup.run(["boat", "create", "Heat 1", "--db", nested])
        #expect(created.status == 0)
        #expect(created.stderr.isEmpty)
        #expect(try lineup.run(["show", "--db", nested]).stdout.contains("B1   Ann Lee"))
    }

    @Test func theBinaryWorksCopiedAnywhere() throws {
        let lineup = try LineupProcess()
        let elsewhere = lineup.folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let copy = elsewhere.appendingPathComponent("lineup")
        try FileManager.default.copyItem(at: LineupProcess.executable, to: copy)
        let demo = try lineup.run(["demo"], executable: copy)
        #expect(demo.status == 0, "\(demo.stderr)")
        for step in [
            "$ lineup show", "$ lineup exchange", "$ lineup undo", "$ lineup redo", "$ lineup history",
            "$ lineup export",
        ] {
            #expect(demo.stdout.contains(step))
        }
        #expect(demo.stdout.contains("seat,section,row,side,name,weight_kg,sex"))
        let initialized = try lineup.run(["init", "--sample"], executable: copy)
        #expect(initialized.status == 0)
        #expect(try lineup.run(["roster", "list", "--json"], executable: copy).stdout.contains("Dana Okafor"))
    }

    @Test func defaultDatabaseFollowsXDG() throws {
        let lineup = try LineupProcess()
        let dataHome = lineup.folder.appendingPathComponent("data").path
        let result = try lineup.run(["init"], environment: ["LINEUP_DB": "", "XDG_DATA_HOME": dataHome])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: dataHome + "/lineup/lineup.sqlite"))
        let explicit = lineup.folder.appendingPathComponent("explicit.sqlite").path
        #expect(try lineup.run(["init", "--db", explicit]).status == 0)
        #expect(FileManager.default.fileExists(atPath: explicit))
        #expect(try lineup.run(["--db", explicit, "boat", "create", "Before"]).status == 0)
        #expect(try lineup.run(["--db=\(explicit)", "boat", "list"]).stdout.contains("Before"))
        #expect(try lineup.run(["boat", "list", "--db", explicit]).stdout.contains("Before"))
        #expect(!(try lineup.run(["boat", "list"]).stdout.contains("Before")))
    }
}
