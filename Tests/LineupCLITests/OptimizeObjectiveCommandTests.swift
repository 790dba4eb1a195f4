import Foundation
import Testing

/// `lineup optimize --objective balance|strength|both` run as a user runs it, on the sample club.
@Suite("OptimizeObjectiveCommand")
struct OptimizeObjectiveCommandTests {
    /// A bad objective is bad usage: exit 64 and one `error:` line in the words the server uses too.
    @Test func aBadObjectiveExits64() throws {
        let lineup = try LineupProcess.sampleClub()
        let result = try lineup.run(["optimize", "--objective", "fastest"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix("error: 'fastest' is not an objective; give balance, strength or both\n"),
            "\(result.stderr)")
    }

    /// The objective is taken in any case, as `--role` is.
    @Test(arguments: ["STRENGTH", "Both"])
    func theObjectiveIsTakenInAnyCase(text: String) throws {
        let lineup = try LineupProcess.sampleClub()
        let result = try lineup.run(["optimize", "--objective", text, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try jsonObject(result.stdout)["objective"] as? String == text.lowercased())
    }

    /// `strength` levels only among equal seat fits: when its better fit leaves the boat less level, it says
    /// by how much and names `both`; `both`, which weighs the imbalance, never says it, and gives its own figure. Sam (97 kg, rear) is
    /// the only one who may move to the rear rows, and only by trading with Fay (63 kg) further back.
    @Test func strengthSaysWhatBalanceItsBetterFitCosts() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Sam Eriksen", "--role", "rear"]).status == 0)
        for seat in (1...10).map({ "L\($0)" }) + ["R1", "R2", "R3", "R4", "R6", "R7", "R8", "R10"] {
            #expect(try lineup.run(["lock", seat]).status == 0)
        }
        let strength = try lineup.run(["optimize", "--objective", "strength"])
        #expect(strength.status == 0, "\(strength.stderr)")
        #expect(strength.stdout.contains("Sam Eriksen   R5  → R9"), "\(strength.stdout)")
        #expect(
            strength.stdout.contains(
                "The better seat fit (10 → 0) leaves the boat less level: imbalance 15.5 kg → 45.2 kg"),
            "\(strength.stdout)")
        let both = try lineup.run(["optimize", "--objective", "both"])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(!both.stdout.contains("less level"), "\(both.stdout)")
        // `both` gives what it makes small, the seat fit plus the imbalance, before and after.
        #expect(
            both.stdout.contains("With the imbalance, what both makes small: 25.5 → 25.5 kg-equivalents."),
            "\(both.stdout)")
    }

    /// `--help` states the exchange rates in plain words.
    @Test func theHelpStatesTheRates() throws {
        let lineup = try LineupProcess.sampleClub()
        let help = try lineup.run(["optimize", "--help"]).stdout
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("counts like 10 kg of imbalance"), "\(help)")
        #expect(flat.contains("outside their preferred rows like 3 kg"))
        #expect(flat.contains("like 1 kg"))
    }

    /// With a time trial that ranks a bench paddler first and one seated paddler second, `strength` with the
    /// bench brings the first in for an untested paddler and keeps the second, and says why; the moves' kg·m add up to the change
    /// of the moments, and the output counts who had no evidence.
    @Test func strengthBringsInTheFastestFromTheBench() throws {
        let lineup = try LineupProcess.sampleClub()
        let trial = try lineup.run([
            "trial", "add", "500 m OC1", "--distance", "500", "--time", "Xander Jovanovic=1:50",
            "--time", "Otto Abernathy=2:30",
        ])
        #expect(trial.status == 0, "\(trial.stderr)")
        let result = try lineup.run(["optimize", "--objective", "strength", "--use-bench", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try jsonObject(result.stdout)
        #expect(report["objective"] as? String == "strength")
        let moves = try #require(report["moves"] as? [[String: String]])
        let explanations = try #require(report["explanations"] as? [[String: Any]])
        #expect(explanations.count == moves.count)
        let xander = try #require(moves.first { $0["paddler"] == "Xander Jovanovic" })
        #expect(xander["from"] == "B6" && xander["to"]?.hasPrefix("B") == false)
        // Otto, measured 2nd, is never benched for an untested paddler (who counts 3rd): he stays in the boat.
        #expect(moves.first { $0["paddler"] == "Otto Abernathy" }?["to"]?.hasPrefix("B") != true)
        let why = try #require(explanations.first { $0["paddler"] as? String == "Xander Jovanovic" })
        #expect((why["reasons"] as? [String])?.first?.hasPrefix("ranked 1st on the") == true, "\(why)")
        // Unranked: everyone seated but Xander and Otto (18). Xander, 1st, takes the seat of an unranked
        // paddler, who counted 3rd (2 kg); Xander counts nothing.
        #expect(report["unranked_seated"] as? Int == 18)
        let fitBefore = try #require(report["fit_before_kg"] as? Double)
        let fitAfter = try #require(report["fit_after_kg"] as? Double)
        #expect(fitBefore - fitAfter == 2)
        let before = try #require((report["before"] as? [String: Any])?["moments"] as? [String: Any])
        let after = try #require((report["after"] as? [String: Any])?["moments"] as? [String: Any])
        let trim = explanations.compactMap { $0["trim_kg_m"] as? Double }.reduce(0, +)
        let beforeTrim = try #require(before["trim"] as? Double)
        let afterTrim = try #require(after["trim"] as? Double)
        #expect(abs(trim - (afterTrim - beforeTrim)) < 0.01 * Double(moves.count + 2))

        let text = try lineup.run(["optimize", "--objective", "strength", "--use-bench"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("18 paddlers in the boat have no place on their side's strength ranking"))
        #expect(text.stdout.contains("Why each move helps:\n"))
        #expect(text.stdout.contains("\nXander Jovanovic B6 → "))
        #expect(
            text.stdout.contains(
                "Seat fit: \(OptimizeNumbers.text(fitBefore)) → \(OptimizeNumbers.text(fitAfter)) kg-equivalents"))
    }

    /// A paddler of a seat role outside its rows is called into them with `both`, with the reason; with
    /// `balance` the role is no reason.
    @Test func bothSaysWhyARearPaddlerMoves() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Edda Petrov", "--role", "rear"]).status == 0)
        let result = try lineup.run(["optimize", "--objective", "both"])
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Edda Petrov L8 → ") })
        #expect(line.hasSuffix("; into the rear rows (rear)"), "\(result.stdout)")
        let balance = try lineup.run(["optimize"])
        #expect(!balance.stdout.contains("rear rows"))
    }

    /// An inactive paddler left in a seat is never moved, and the output names who from the bench would take
    /// the seat best; balance alone is unchanged otherwise.
    @Test(arguments: ["balance", "strength", "both"])
    func anInactiveSeatedPaddlerIsFlagged(objective: String) throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Sam Eriksen", "--inactive"]).status == 0)
        let result = try lineup.run(["optimize", "--objective", objective, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try jsonObject(result.stdout)
        let moves = try #require(report["moves"] as? [[String: String]])
        #expect(!moves.contains { $0["paddler"] == "Sam Eriksen" })
        let inactive = try #require(report["inactive_seated"] as? [[String: Any]])
        #expect(inactive.count == 1)
        #expect(inactive.first?["paddler"] as? String == "Sam Eriksen")
        let replacement = try #require(inactive.first?["replacement"] as? [String: Any])
        // Nora Yilmaz (B4) has no known weight and can never be the one.
        #expect(replacement["from"] as? String != "B4")
        #expect((replacement["from"] as? String)?.hasPrefix("B") == true)
        let text = try lineup.run(["optimize", "--objective", objective])
        #expect(text.stdout.contains("Sam Eriksen (R5) is inactive and stays seated: "), "\(text.stdout)")
        #expect(text.stdout.contains("from the bench would take the seat best"))
    }

    /// An inactive paddler in a locked seat: nobody is suggested for it (the exchange would be refused), the
    /// moves level the boat without their weight, and `optimize` and `check` say to unlock it.
    @Test func anInactivePaddlerInALockedSeatGetsNoSubstitute() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["lock", "L3"]).status == 0)
        #expect(try lineup.run(["roster", "update", "Quinn Castellano", "--inactive"]).status == 0)
        let report = try jsonObject(try lineup.run(["optimize", "--json"]).stdout)
        let inactive = try #require((report["inactive_seated"] as? [[String: Any]])?.first)
        #expect(inactive["replacement"] is NSNull, "\(inactive)")
        let text = try lineup.run(["optimize"]).stdout
        #expect(text.contains("Quinn Castellano (L3) is inactive and stays seated: the seat is locked"), "\(text)")
        #expect(text.contains("`lineup unlock L3 -b \"Sample crew\"`"), "\(text)")
        #expect(!text.contains("`lineup exchange L3"))
        // The figures after the moves are the boat as it will race: short, as the optimizer levelled it.
        #expect(
            text.contains(
                "The figures after the moves are the boat as it will race, with L3 empty for Quinn Castellano "
                    + "(nobody may take it)."), "\(text)")
        let check = try lineup.run(["check"]).stdout
        #expect(check.contains("→ L3 is locked, so nobody from the bench may take it"), "\(check)")
    }

    /// A crew one short with active paddlers on the bench: the optimizer keeps the crew's size (it exchanges,
    /// never adds), and says so with the command that fills the seat, with or without `--use-bench`; a full
    /// crew hears nothing of it.
    @Test(arguments: [false, true])
    func aCrewOneShortIsToldTheOptimizerAddsNobody(useBench: Bool) throws {
        let lineup = try LineupProcess.sampleClub()
        let full = try lineup.run(["optimize"] + (useBench ? ["--use-bench"] : []))
        #expect(!full.stdout.contains("adds nobody"), "\(full.stdout)")
        #expect(try lineup.run(["exchange", "R5", "B"]).status == 0)
        let result = try lineup.run(["optimize"] + (useBench ? ["--use-bench"] : []))
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("The crew stays 19 of 20") })
        #expect(line.contains("the optimizer exchanges people and adds nobody, so R5 stays empty"), "\(line)")
        // The command names the seat empty now and a bench paddler who may take it: one that runs as written.
        #expect(line.contains("; to race 20, seat someone from the bench first (`lineup exchange R5 B"), "\(line)")
        #expect(!line.contains("B<n>"), "\(line)")
        // It names the boat, so it changes this one whichever boat is chosen (another is, here).
        let command = String(try #require(line.split(separator: "`").dropFirst().first))
        #expect(command.hasPrefix("lineup exchange R5 B") && command.hasSuffix(" -b \"Sample crew\""), "\(command)")
        let bench = String(command.split(separator: " ")[3])
        #expect(try lineup.run(["boat", "copy", "Sample crew", "Other"]).status == 0)
        #expect(try lineup.run(["use", "Other"]).status == 0)
        #expect(try lineup.run(["exchange", "R5", bench, "-b", "Sample crew"]).status == 0)
        #expect(try lineup.run(["check", "-b", "Sample crew"]).status == 0)
        // Applied, the plan's undo names the boat too, so it takes back this boat's change.
        #expect(try lineup.run(["exchange", "L1", "L2", "-b", "Sample crew"]).status == 0)
        let applied = try lineup.run(["optimize", "--apply", "-b", "Sample crew"])
        #expect(applied.stdout.contains("; `lineup undo -b \"Sample crew\"` takes it all back."), "\(applied.stdout)")
    }

    /// With an inactive paddler seated, the figures after the moves are the boat as it will race: the table's
    /// "after" and the verdict are those of the proposal with the substitute in the seat (the imbalance the
    /// first line names), not of the proposal with the inactive paddler still in it, and no "within the
    /// tolerance" line compares the two. `check` names the same substitute.
    @Test func theFiguresAfterTheMovesAreTheBoatAsItWillRace() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Sam Eriksen", "--inactive"]).status == 0)
        let report = try jsonObject(try lineup.run(["optimize", "--json"]).stdout)
        let inactive = try #require((report["inactive_seated"] as? [[String: Any]])?.first)
        let replacement = try #require(inactive["replacement"] as? [String: Any])
        let name = try #require(replacement["paddler"] as? String)
        let bench = try #require(replacement["from"] as? String)
        let racedKg = try #require(replacement["imbalance_kg"] as? Double)
        let text = try lineup.run(["optimize"]).stdout
        #expect(
            text.contains(
                "The figures after the moves are the boat as it will race, with \(name) (\(bench)) at R5 for "
                    + "Sam Eriksen."), "\(text)")
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("imbalance (combined)") })
        #expect(row.hasSuffix(" \(OptimizeNumbers.text(racedKg)) kg"), "\(row)")
        #expect(!text.contains("within the tolerance (0.5 kg) of it"), "\(text)")
        let check = try lineup.run(["check"])
        #expect(check.status == 1)
        #expect(
            check.stdout.contains(
                "→ \(name) (\(bench)) from the bench would take R5 best for the balance of the boat as it is seated now"
            ),
            "\(check.stdout)")
        #expect(check.stdout.contains("`lineup exchange R5 \(bench) -b \"Sample crew\"`"), "\(check.stdout)")
    }
}

/// Figures as the optimizer's text writes them: at most one decimal, `10`, `9.5`.
enum OptimizeNumbers {
    static func text(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
