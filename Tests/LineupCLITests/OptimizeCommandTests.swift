import Foundation
import Testing

/// `lineup optimize` as a coach reads it: people who change place and exchanges counted apart and alike
/// everywhere, the move cap (default and given) and what it held back, and the suggestion for an inactive
/// paddler's seat worked out on the proposed boat.
@Suite("OptimizeCommand")
struct OptimizeCommandTests {
    /// The count line agrees with the numbered moves, and `--apply` says the same count.
    @Test func theCountsAgree() throws {
        let lineup = try LineupProcess.sampleClub()
        let shown = try lineup.run(["optimize"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let numbered = shown.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains("→") }.count
        #expect(numbered > 0)
        #expect(
            shown.stdout.contains(
                "\n\(numbered) people change place (\(numbered) moves above); called as pairwise exchanges, that is "),
            "\(shown.stdout)")
        let applied = try lineup.run(["optimize", "--apply"])
        #expect(applied.status == 0)
        #expect(
            applied.stdout.contains("Applied the plan (\(numbered) people change place) as one change (#"),
            "\(applied.stdout)")
    }

    /// Every objective keeps to the default cap of 8 people changing place, with the bench too.
    @Test(arguments: ["balance", "strength", "both"])
    func everyObjectiveKeepsToTheDefaultCap(objective: String) throws {
        let lineup = try LineupProcess.sampleClub()
        let trial = try lineup.run([
            "trial", "add", "500 m OC1", "--distance", "500", "--time", "Xander Jovanovic=1:50",
            "--time", "Otto Abernathy=2:30",
        ])
        #expect(trial.status == 0, "\(trial.stderr)")
        let result = try lineup.run(["optimize", "--objective", objective, "--use-bench", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try jsonObject(result.stdout)
        let people = try #require(report["people_moved"] as? Int)
        #expect(people <= 8, "\(objective): \(people)")
    }

    /// A cap that holds back a better result says so, with the --max-moves that lifts it; the lifted run
    /// moves that many at most and says nothing of a cap.
    @Test func aCapThatHoldsBackSaysHowToLiftIt() throws {
        let lineup = try LineupProcess.sampleClub()
        let capped = try lineup.run(["optimize", "--max-moves", "2"])
        #expect(capped.status == 0, "\(capped.stderr)")
        let line = try #require(
            capped.stdout.split(separator: "\n").first { $0.hasPrefix("The cap of 2 people changing place stopped") },
            "\(capped.stdout)")
        let words = line.split(separator: " ")
        let lift = try #require(words.firstIndex(of: "--max-moves").map { words[$0 + 1] })
        let json = try jsonObject(try lineup.run(["optimize", "--max-moves", "2", "--json"]).stdout)
        let cap = try #require(json["move_cap"] as? [String: Any])
        #expect(cap["cap"] as? Int == 2)
        #expect(cap["people_moved"] as? Int == Int(lift))
        #expect(cap["text"] as? String == String(line))
        #expect(try jsonObject(try lineup.run(["optimize", "--json"]).stdout)["move_cap"] is NSNull)
        let lifted = try lineup.run(["optimize", "--max-moves", String(lift)])
        #expect(lifted.status == 0)
        #expect(!lifted.stdout.contains("stopped further improvements"), "\(lifted.stdout)")
    }

    /// `--help` states the default cap and that it holds for every objective.
    @Test func theHelpStatesTheCap() throws {
        let lineup = try LineupProcess.sampleClub()
        let help = try lineup.run(["optimize", "--help"]).stdout
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            flat.contains("--max-moves caps the people who change place, for every objective (default 8"), "\(help)")
        #expect(flat.contains("gain at least the tolerance"))
    }

    /// With the bench, the paddler suggested for an inactive paddler's seat is one the plan leaves on the
    /// bench, and the sentence says the figures are the proposed boat's.
    @Test(arguments: ["balance", "both"])
    func theInactiveSuggestionIsFreeAfterTheMoves(objective: String) throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "update", "Sam Eriksen", "--inactive"]).status == 0)
        let result = try lineup.run(["optimize", "--objective", objective, "--use-bench", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try jsonObject(result.stdout)
        let moving = Set(try #require(report["moves"] as? [[String: String]]).compactMap { $0["paddler"] })
        let inactive = try #require((report["inactive_seated"] as? [[String: Any]])?.first)
        let text = try #require(inactive["text"] as? String)
        if let replacement = inactive["replacement"] as? [String: Any] {
            let name = try #require(replacement["paddler"] as? String)
            #expect(!moving.contains(name), "\(name) moves in the plan: \(moving)")
            #expect(text.contains("after the moves, \(name)"), "\(text)")
            #expect(text.contains("imbalance of the proposed boat"))
        } else {
            #expect(text.contains("substitute first"), "\(text)")
        }
    }
}
