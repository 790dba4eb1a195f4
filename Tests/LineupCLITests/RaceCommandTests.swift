import Foundation
import Testing

@Suite("check, optimize, diff and the balance model, end to end")
struct RaceCommandTests {
    private func sampleClub() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        return lineup
    }

    @Test func optimizeProposesThenAppliesAsOneUndoableChange() throws {
        let lineup = try sampleClub()
        let start = try lineup.run(["show", "--json"]).stdout
        let proposal = try lineup.run(["optimize"])
        #expect(proposal.status == 0, "\(proposal.stderr)")
        #expect(proposal.stdout.contains("Exchanges, in order"))
        #expect(proposal.stdout.contains("Nothing was changed"))
        #expect(try lineup.run(["show", "--json"]).stdout == start)

        let applied = try lineup.run(["optimize", "--apply"])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("as one change"))
        // The exchanges printed are the ones recorded, in one record.
        let exchanges = applied.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(". ") }
        let history = try lineup.run(["history", "--json"]).stdout
        let records = try #require(try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [[String: Any]])
        #expect(records.count == 1)
        let summary = try #require(records.first?["summary"] as? String)
        #expect(summary.hasPrefix("optimize: "))
        #expect(summary.split(separator: ";").count == exchanges.count)
        #expect(try lineup.run(["optimize"]).stdout.contains("No exchange improves it"))
        #expect(try lineup.run(["undo"]).status == 0)
        #expect(try lineup.run(["show", "--json"]).stdout == start)
    }

    @Test func optimizeRespectsTheExchangeLimitAndLocks() throws {
        let lineup = try sampleClub()
        for seat in ["L1", "R1", "L2", "R2", "L3", "R3"] { #expect(try lineup.run(["lock", seat]).status == 0) }
        let before = try lineup.run(["show", "--json"]).stdout
        let result = try lineup.run(["optimize", "--max-exchanges", "1", "--apply"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Exchanges, in order (1)"))
        let after = try lineup.run(["show", "--json"]).stdout
        let json = { (text: String) in
            ((try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["seats"] as? [[String: Any]])
                ?? []
        }
        for (old, new) in zip(json(before), json(after)) where (old["locked"] as? Bool) == true {
            #expect(old["paddler"] as? String == new["paddler"] as? String)
        }
        #expect(try lineup.run(["optimize", "--max-exchanges", "0"]).status == 64)
        #expect(try lineup.run(["optimize", "--tolerance", "-1"]).status == 64)
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
