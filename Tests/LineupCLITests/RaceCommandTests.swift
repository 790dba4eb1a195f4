import Foundation
import Testing

@Suite("check, optimize, diff and the balance model, end to end")
struct RaceCommandTests {
    private func sampleClub() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        return lineup
    }

    private func json(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    @Test func optimizeProposesThenAppliesAsOneUndoableChange() throws {
        let lineup = try sampleClub()
        let start = try lineup.run(["show", "--json"]).stdout
        let proposal = try lineup.run(["optimize"])
        #expect(proposal.status == 0, "\(proposal.stderr)")
        #expect(proposal.stdout.contains("Moves, in calling order:"))
        #expect(proposal.stdout.contains("Considered 20 unlocked row seats (--use-bench adds the bench)."))
        #expect(proposal.stdout.contains("Nothing was changed"))
        #expect(try lineup.run(["show", "--json"]).stdout == start)

        let applied = try lineup.run(["optimize", "--apply"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("Applied the plan ("))
        // The moves printed are the ones recorded, in one record: "optimize: Ann L3 → R7, Bo R7 → L3".
        let moves = applied.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" → ") }
        let people = try #require(moves.count > 0 ? moves.count : nil)
        #expect(
            applied.stdout.contains(
                "\(people) people change place (\(people) moves above); called as pairwise exchanges, that is "))
        #expect(applied.stdout.contains("Applied the plan (\(people) people change place) as one change"))
        let history = try lineup.run(["history", "--json"]).stdout
        let records = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        #expect(records.count == 1)
        let summary = try #require(records.first?["summary"] as? String)
        #expect(summary.hasPrefix("optimize: "))
        #expect(summary.split(separator: ",").count == people)
        for line in moves {
            // "  1.  Cora Nakashima    R2  → R4" is "Cora Nakashima R2 → R4" in the summary.
            let words = line.split(separator: " ").dropFirst()
            let name = words.dropLast(3).joined(separator: " ")
            let (from, to) = (words[words.endIndex - 3], words[words.endIndex - 1])
            #expect(summary.contains("\(name) \(from) → \(to)"), "\(line) not in \(summary)")
        }
        #expect(try lineup.run(["optimize"]).stdout.contains("No move improves the balance: the imbalance is "))
        // A drummer of unknown weight counts as nothing: the output says so, and how to fix it.
        #expect(try lineup.run(["roster", "update", "Dana Okafor", "--clear-weight"]).status == 0)
        let unweighed = try lineup.run(["optimize"]).stdout
        #expect(unweighed.contains("1 seated paddler of unknown weight counts as 0 and never moves"), "\(unweighed)")
        #expect(try lineup.run(["roster", "update", "Dana Okafor", "--weight", "54"]).status == 0)
        #expect(try lineup.run(["undo"]).status == 0)
        #expect(try lineup.run(["show", "--json"]).stdout == start)
    }

    /// A boat that races, its bench absent for the race: `optimize --use-bench` brings none of them in (before,
    /// it seated three absent paddlers, said nothing, and `check` then failed), says how many it left out, and
    /// `check` still passes after `--apply`; a bench paddler there is still brought in.
    @Test func optimizeWithTheBenchNeverSeatsSomeoneAwayForTheBoatsRace() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"]).status == 0)
        let away = ["Alex Moreau", "Lena Whitaker", "Mia Xu", "Nora Yilmaz", "Wes Ibarra", "Xander Jovanovic"]
        #expect(try lineup.run(["regatta", "attend", "Cup"] + away + ["--absent"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Sam Eriksen", "--weight", "180"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Pavel Brandt", "--weight", "170"]).status == 0)
        #expect(try lineup.run(["check"]).status == 0)
        let proposal = try lineup.run(["optimize", "--use-bench", "--json"])
        #expect(proposal.status == 0, "\(proposal.stderr)")
        let document = json(proposal.stdout)
        let moves = try #require(document["moves"] as? [[String: Any]])
        let brought = moves.filter { ($0["from"] as? String)?.hasPrefix("B") == true }.compactMap {
            $0["paddler"] as? String
        }
        #expect(brought.allSatisfy { !away.contains($0) }, "\(brought)")
        #expect(!brought.isEmpty, "\(moves)")
        let considered = try #require(document["considered"] as? [String: Any])
        #expect(considered["bench_away"] as? Int == away.count, "\(considered)")
        let text = try lineup.run(["optimize", "--use-bench", "--apply"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("\(away.count) not there for a race of the boat left out"), "\(text.stdout)")
        let check = try lineup.run(["check"])
        #expect(check.status == 0, "\(check.stdout)")
    }

    /// A boat that races, one of its seated paddlers absent for the race: `optimize` never moves her, says she
    /// is not there, levels the boat as it will race with a substitute who is there, and the exchange it
    /// suggests (naming the boat) makes `check` pass. Before, it moved her and said nothing.
    @Test func optimizeTreatsSomeoneSeatedButAwayAsItTreatsAnInactivePaddler() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"]).status == 0)
        let document = json(try lineup.run(["show", "--json"]).stdout)
        let seats = try #require(document["seats"] as? [[String: Any]])
        let r5 = try #require(seats.first { $0["seat"] as? String == "R5" }?["paddler"] as? String)
        #expect(try lineup.run(["regatta", "attend", "Cup", r5, "--absent"]).status == 0)
        #expect(try lineup.run(["check"]).status == 1)
        for arguments in [["optimize"], ["optimize", "--use-bench"]] {
            let result = try lineup.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let line = try #require(
                result.stdout.split(separator: "\n").first { $0.hasPrefix("\(r5) (R5) is not there for Heat (09:00)") },
                "\(result.stdout)")
            #expect(line.contains("(absent) and stays seated"), "\(line)")
            #expect(!result.stdout.contains("\(r5) R5 →"), "\(result.stdout)")
        }
        let applied = try lineup.run(["optimize", "--apply"])
        let line = try #require(
            applied.stdout.split(separator: "\n").first { $0.hasPrefix("\(r5) (R5) is not there") }, "\(applied.stdout)"
        )
        let command = String(try #require(line.split(separator: "`").dropLast().last))
        #expect(command.hasPrefix("lineup exchange R5 B") && command.hasSuffix(" -b \"Sample crew\""), "\(command)")
        #expect(
            try lineup.run(["exchange", "R5", String(command.split(separator: " ")[3]), "-b", "Sample crew"]).status
                == 0)
        let check = try lineup.run(["check"])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func optimizeRespectsTheLimitsAndLocks() throws {
        let lineup = try sampleClub()
        for seat in ["L1", "R1", "L2", "R2", "L3", "R3"] { #expect(try lineup.run(["lock", seat]).status == 0) }
        let before = try lineup.run(["show", "--json"]).stdout
        let result = try lineup.run(["optimize", "--max-exchanges", "1", "--apply", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = json(result.stdout)
        #expect(report["minimum_exchanges"] as? Int == 1)
        #expect(report["applied"] as? Bool == true)
        let after = try lineup.run(["show", "--json"]).stdout
        let seats = { (text: String) in self.json(text)["seats"] as? [[String: Any]] ?? [] }
        for (old, new) in zip(seats(before), seats(after)) where (old["locked"] as? Bool) == true {
            #expect(old["paddler"] as? String == new["paddler"] as? String)
        }
        let capped = json(try lineup.run(["optimize", "--max-moves", "2", "--use-bench", "--json"]).stdout)
        #expect((capped["people_moved"] as? Int).map { $0 <= 2 } == true)
        #expect((capped["moves"] as? [Any])?.count == capped["people_moved"] as? Int)
        #expect(try lineup.run(["optimize", "--max-exchanges", "0"]).status == 64)
        #expect(try lineup.run(["optimize", "--max-moves", "0"]).status == 64)
        #expect(try lineup.run(["optimize", "--tolerance", "-1"]).status == 64)
    }

    /// A club that thinks in pounds reads optimize in pounds, as it reads show; the verdict words are the
    /// ones show prints for the same lineup.
    @Test func optimizeSpeaksTheClubsUnitAndShowsWords() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["config", "units", "lb"]).status == 0)
        let proposal = try lineup.run(["optimize"])
        #expect(proposal.status == 0, "\(proposal.stderr)")
        let lines = proposal.stdout.split(separator: "\n").map(String.init)
        let imbalance = try #require(lines.first { $0.hasPrefix("imbalance (combined)") })
        #expect(imbalance.hasSuffix(" lb"), "\(imbalance)")
        #expect(!imbalance.contains("kg"))
        let sums = try #require(lines.first { $0.hasPrefix("sums front / back") })
        #expect(sums.contains("1812.1 / 1789.1  "), "\(sums)")
        // The block after the moves is show's own, word for word, once the moves are made.
        let after = try #require(proposal.stdout.range(of: "After the moves:\n"))
        let block = proposal.stdout[after.upperBound...].prefix { $0 != "\n" }
        #expect(try lineup.run(["optimize", "--apply"]).status == 0)
        let shown = try lineup.run(["show"]).stdout
        #expect(shown.contains(String(block)), "\(block)")
        #expect(block.hasPrefix("Front/back  "))
        #expect(try lineup.run(["optimize", "--unit", "kg"]).stdout.contains("sums front 822 kg, back 811.5 kg"))
    }

    /// An inactive paddler back on a bench (seated, marked inactive, then the seating undone) is left out of
    /// `--use-bench`, and the output says so.
    @Test func optimizeLeavesInactiveBenchPaddlersOut() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["exchange", "Mia Xu", "L1"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Mia Xu", "--inactive"]).status == 0)
        #expect(try lineup.run(["undo"]).status == 0)
        let bench = json(try lineup.run(["show", "--json"]).stdout)["seats"] as? [[String: Any]] ?? []
        #expect(
            bench.contains { $0["paddler"] as? String == "Mia Xu" && ($0["seat"] as? String)?.hasPrefix("B") == true })
        let report = json(try lineup.run(["optimize", "--use-bench", "--tolerance", "0", "--json"]).stdout)
        let moves = report["moves"] as? [[String: String]] ?? []
        #expect(!moves.contains { $0["paddler"] == "Mia Xu" })
        let considered = report["considered"] as? [String: Any] ?? [:]
        #expect(considered["bench_inactive"] as? Int == 1)
        let text = try lineup.run(["optimize", "--use-bench"]).stdout
        #expect(text.contains("1 inactive left out"), "\(text)")
    }

    @Test func optimizeHelpShowsItsUsage() throws {
        let help = try LineupProcess().run(["optimize", "--help"])
        #expect(help.status == 0)
        #expect(
            help.stdout.contains(
                "USAGE: lineup optimize [--boat <name>] [--objective <balance|strength|both>] [--use-bench] "
                    + "[--tolerance <kg>] [--max-moves <n>] [--max-exchanges <n>] [--apply] [--unit <unit>] [--json]"
            ), "\(help.stdout)")
        #expect(!help.stdout.contains("USAGE: lineup optimize <options>"))
        // The usage is written by hand: every option the help lists must be in it.
        let parts = help.stdout.components(separatedBy: "\nOPTIONS:\n")
        let usage = try #require(parts.first?.components(separatedBy: "USAGE:").last)
        let listed = try #require(parts.last).split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  -") else { return nil }
            let words = line.split(separator: " ")
            return words.first { $0.hasPrefix("--") }.map { String($0.split(separator: ",")[0]) }
        }
        #expect(listed.contains("--objective") && listed.contains("--unit"), "\(listed)")
        for option in listed where !["--db", "--version", "--help"].contains(option) {
            #expect(
                usage.contains("[" + option + " ") || usage.contains("[" + option + "]"), "\(option) not in the usage")
        }
    }

    /// The case of issue 10: a women's boat with rows 9 and 10 empty, paddlers who keep to one side, and
    /// one-sided paddlers on the bench. `optimize --json` gives each moving paddler once, from where they
    /// sit to a place they may take, never a locked seat; `before` and `after` have the shapes of `show
    /// --json`; `--apply` makes exactly that, as one record.
    @Test(arguments: [false, true])
    func optimizeAWomensBoatWithEmptyBackRows(useBench: Bool) throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init"]).status == 0)
        let names = [
            "Ada", "Bea", "Cleo", "Dana", "Eve", "Fern", "Gail", "Hope", "Ivy", "June", "Kay", "Lin", "May", "Nell",
            "Opal", "Pia", "Rue", "Sue", "Tess", "Uma", "Vi", "Wyn", "Xia", "Yve",
        ]
        let sides = names.indices.map { $0 % 3 == 0 ? ($0 % 2 == 0 ? "left" : "right") : "either" }
        var csv = "name,weight_kg,sex,side,can_drum,can_steer\n"
        for (index, name) in names.enumerated() {
            csv += "\(name) Example,\(55 + (index * 37) % 30),F,\(sides[index]),yes,yes\n"
        }
        let file = try lineup.file("women.csv", Array(csv.utf8))
        #expect(try lineup.run(["roster", "import", file]).status == 0)
        #expect(try lineup.run(["boat", "create", "Women 500", "--rules", "women"]).status == 0)
        // Seat the first 18: drummer, steerer, rows 1 to 8 with each one-sided paddler on her side.
        var left = (1...8).map { "L\($0)" }
        var right = (1...8).map { "R\($0)" }
        var seatOf: [String: String] = [names[0]: "D", names[1]: "S"]
        for (index, name) in names.enumerated().dropFirst(2).prefix(16) {
            let wantsRight = sides[index] == "right" || (sides[index] == "either" && left.count < right.count)
            seatOf[name] = wantsRight || left.isEmpty ? right.removeFirst() : left.removeFirst()
        }
        for (name, seat) in seatOf.sorted(by: { $0.key < $1.key }) {
            #expect(try lineup.run(["exchange", "\(name) Example", seat]).status == 0)
        }
        #expect(try lineup.run(["lock", "L4"]).status == 0)
        let options = ["optimize", "--json"] + (useBench ? ["--use-bench"] : [])
        let proposal = try lineup.run(options)
        #expect(proposal.status == 0, "\(proposal.stderr)")
        let report = json(proposal.stdout)
        let moves = try #require(report["moves"] as? [[String: String]])
        #expect(!moves.isEmpty)
        #expect(report["people_moved"] as? Int == moves.count)
        #expect((report["minimum_exchanges"] as? Int).map { $0 <= moves.count } == true)
        #expect(Set(moves.compactMap { $0["paddler"] }).count == moves.count, "someone moves twice")
        for move in moves {
            let name = try #require(move["paddler"]?.split(separator: " ").first.map(String.init))
            let index = try #require(names.firstIndex(of: name))
            let to = try #require(move["to"])
            #expect(move["from"] == (seatOf[name] ?? move["from"]))
            #expect(!(sides[index] == "left" && to.hasPrefix("R")), "\(name) to \(to)")
            #expect(!(sides[index] == "right" && to.hasPrefix("L")), "\(name) to \(to)")
            #expect(to != "L4" && move["from"] != "L4" && !["D", "S"].contains(to))
        }
        let considered = try #require(report["considered"] as? [String: Any])
        #expect(considered["seats"] as? Int == 19)
        #expect(considered["bench"] as? Int == (useBench ? 6 : 0))
        let shown = json(try lineup.run(["show", "--json"]).stdout)
        for figures in ["before", "after"] {
            let part = try #require(report[figures] as? [String: Any])
            for key in ["balance", "moments"] {
                let keys = (part[key] as? [String: Any]).map { Set($0.keys) }
                #expect(keys != nil && keys == (shown[key] as? [String: Any]).map { Set($0.keys) })
            }
        }
        let before = try #require(report["before"] as? [String: Any])
        #expect(
            NSDictionary(dictionary: before["balance"] as? [String: Any] ?? [:]).isEqual(
                to: shown["balance"] as? [String: Any] ?? [:]))

        let applied = json(try lineup.run(options + ["--apply"]).stdout)
        #expect(applied["applied"] as? Bool == true)
        let history = try #require(
            try JSONSerialization.jsonObject(with: Data(try lineup.run(["history", "--json"]).stdout.utf8))
                as? [[String: Any]])
        let summary = try #require(history.first?["summary"] as? String)
        #expect(summary.hasPrefix("optimize: "))
        #expect(summary.split(separator: ",").count == moves.count)
        let now = json(try lineup.run(["show", "--json"]).stdout)
        let after = try #require(report["after"] as? [String: Any])
        #expect(
            NSDictionary(dictionary: after["balance"] as? [String: Any] ?? [:]).isEqual(
                to: now["balance"] as? [String: Any] ?? [:]))
        #expect(
            NSDictionary(dictionary: after["moments"] as? [String: Any] ?? [:]).isEqual(
                to: now["moments"] as? [String: Any] ?? [:]))
    }

    @Test func checkExitsOneOnlyWhenARuleIsBroken() throws {
        let lineup = try sampleClub()
        let open = try lineup.run(["check"])
        #expect(open.status == 0)
        #expect(open.stdout.contains("Rules (open): all kept, 1 warning"))
        #expect(open.stdout.contains("Hana Sato paddles on the left but sits at R10"))
        #expect(open.stderr.isEmpty)
        // Sending a woman to the bench leaves 9 women among the paddlers: still within 8 to 10.
        #expect(try lineup.run(["exchange", "L1", "B"]).status == 0)
        let nineteen = try lineup.run(["check", "--rules", "idbf-mixed"])
        #expect(nineteen.status == 0, "\(nineteen.stdout)")
        // Women only: every man among the paddlers is listed, and the exit status says so.
        let women = try lineup.run(["check", "--rules", "women"])
        #expect(women.status == 1)
        #expect(women.stdout.contains("1 broken"))
        #expect(women.stdout.contains("is not a man") == false)
        #expect(women.stdout.contains("are not women, and the women's rules take women only"))
        #expect(women.stderr.isEmpty)
        let custom = try lineup.run(["check", "--paddlers", "20-20", "--json"])
        #expect(custom.status == 1)
        #expect(
            custom.stdout.contains(
                "\"violations\" : [\n    \"19 paddlers in the rows; open with custom settings needs 20 to 20\""))
        #expect(try lineup.run(["check", "--paddlers", "9-3"]).status == 64)
    }

    @Test func aBoatRemembersItsRules() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["boat", "create", "Women 200m", "--rules", "women"]).status == 0)
        #expect(
            try lineup.run(["boat", "rules", "-b", "Women 200m"]).stdout == "\"Women 200m\" races under women rules.\n")
        #expect(try lineup.run(["boat", "rules", "-b", "Sample crew", "idbf-mixed"]).status == 0)
        #expect(try lineup.run(["show", "-b", "Sample crew"]).stdout.contains("Rules (idbf-mixed)"))
        // An empty boat breaks the crew-size rule and has no drummer or steerer.
        let empty = try lineup.run(["check", "-b", "Women 200m"])
        #expect(empty.status == 1)
        #expect(empty.stdout.contains("no drummer (D is empty)"))
        #expect(try lineup.run(["boat", "create", "X", "--rules", "juniors"]).status == 64)
    }

    @Test func diffShowsSeatsMovesAndBothBalances() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["boat", "copy", "Sample crew", "Variant"]).status == 0)
        #expect(try lineup.run(["exchange", "L1", "R2", "-b", "Variant"]).status == 0)
        let diff = try lineup.run(["diff", "Sample crew", "Variant"])
        #expect(diff.status == 0)
        #expect(diff.stdout.hasPrefix("\"Sample crew\" against \"Variant\": 2 of 22 seats differ."))
        #expect(diff.stdout.contains("Ada Lindqvist: L1 → R2"))
        #expect(diff.stdout.contains("Cora Nakashima: R2 → L1"))
        #expect(diff.stdout.contains("imbalance"))
        #expect(diff.stdout.contains("front/back"))
        let json = try lineup.run(["diff", "Sample crew", "Variant", "--json"]).stdout
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((report["seats"] as? [Any])?.count == 2)
        #expect((report["moved"] as? [Any])?.count == 2)
        #expect((report["boats"] as? [[String: Any]])?.map { $0["boat"] as? String } == ["Sample crew", "Variant"])
        #expect(try lineup.run(["diff", "Sample crew", "Nope"]).status == 1)
    }

    @Test func balanceFiguresChangeTheMoments() throws {
        let lineup = try sampleClub()
        let trim = { () throws -> Double in
            let json = try lineup.run(["show", "--json"]).stdout
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return try #require((object?["moments"] as? [String: Any])?["trim"] as? Double)
        }
        let before = try trim()
        let set = try lineup.run(["config", "balance", "--drum-kg", "24"])
        #expect(set.status == 0)
        #expect(
            set.stdout.contains(
                "drum-kg                      24*       24*  kilograms of the drum, at the bow "
                    + "(standard default 14, small default 14)"))
        // 10 kg more at the drummer's arm: 5.5 row spacings of 0.8 m ahead of the midpoint.
        #expect(abs(try trim() - before - 10 * 4.4) < 0.01)
        #expect(try lineup.run(["config", "balance", "--drum-kg", "80"]).status == 64)
        #expect(try lineup.run(["config", "balance", "--reset"]).status == 0)
        #expect(abs(try trim() - before) < 0.001)
    }
}
