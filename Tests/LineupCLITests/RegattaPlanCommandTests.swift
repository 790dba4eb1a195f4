import Foundation
import Testing

/// `regatta plan`: the plan a coach reviewed is the plan written, or nothing is; the bound is an option.
@Suite("regatta plan: the plan shown is the plan written")
struct RegattaPlanCommandTests {
    static let regatta = RegattaCommandTests.regatta

    /// The code a plan's output gives for `--apply --plan`.
    static func code(in output: String) throws -> String {
        let match = try #require(output.firstMatch(of: /--apply --plan ([0-9a-f]{12}(-[0-9]+)?)/), "\(output)")
        return String(match.1)
    }

    @Test func applyingTheShownCodeWritesExactlyThePlanThatWasShown() throws {
        let lineup = try RegattaCommandTests.raceDay()
        // A generous time limit: a search the clock stops is made again only up to where it stopped, and
        // planned again from the boats as written, it may well find more to change.
        let shown = try lineup.run(["regatta", "plan", Self.regatta, "--min-races", "2", "--time-limit", "600"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let code = try Self.code(in: shown.stdout)
        #expect(shown.stdout.hasPrefix("Plan \(code) for"))

        let applied = try lineup.run(["regatta", "plan", Self.regatta, "--min-races", "2", "--apply", "--plan", code])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("Wrote plan \(code), as shown"))
        // The regatta as written is the regatta the plan showed, crew by crew and seat by seat.
        let view = try lineup.run(["regatta", "show", Self.regatta]).stdout
        #expect(shown.stdout.contains(view), "shown:\n\(shown.stdout)\nwritten:\n\(view)")
        // The plan is written once: its code now names a plan made from boats as they were, so a second
        // --apply with it writes nothing, and says that the boats already are as planned.
        let written = try lineup.snapshot()
        let again = try lineup.run(["regatta", "plan", Self.regatta, "--min-races", "2", "--apply", "--plan", code])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Nothing to write: the boats already are as the plan for the data now"))
        #expect(
            again.stdout.contains("Plan \(code) does not match it: it was written already, or the code is mistyped"))
        #expect(try lineup.snapshot() == written)
    }

    @Test func planningAgainRightAfterWritingAPlanFindsNothingToChange() throws {
        let lineup = try RegattaCommandTests.raceDay()
        // A generous time limit: the plans must not depend on the machine's load.
        let options = ["--min-races", "2", "--time-limit", "600"]
        let applied = try lineup.run(["regatta", "plan", Self.regatta, "--apply"] + options)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout.contains("Planned and written in one step"))
        let written = try lineup.snapshot()
        let again = try lineup.run(["regatta", "plan", Self.regatta] + options)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("No boat changes: the crews are already as planned."), "\(again.stdout)")
        let keeping = try lineup.run(["regatta", "plan", Self.regatta, "--keep-seated", "--apply"] + options)
        #expect(keeping.stdout.contains("No boat changes"), "\(keeping.stdout)")
        #expect(try lineup.snapshot() == written)
    }

    @Test func aChangeSinceThePlanWasShownIsRefusedAndNothingIsWritten() throws {
        let lineup = try RegattaCommandTests.raceDay()
        let shown = try lineup.run(["regatta", "plan", Self.regatta, "--min-races", "2"])
        let code = try Self.code(in: shown.stdout)
        // Meanwhile a paddler says she cannot come.
        #expect(try lineup.run(["regatta", "attend", Self.regatta, "Dana Example", "--absent"]).status == 0)
        let before = try lineup.snapshot()
        let refused = try lineup.run(["regatta", "plan", Self.regatta, "--min-races", "2", "--apply", "--plan", code])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("plan \(code) does not match the plan for the data now"), "\(refused.stderr)")
        #expect(refused.stderr.contains("the code is mistyped, or something it was made from"))
        #expect(refused.stderr.contains("nothing was written"))
        #expect(try lineup.snapshot() == before)
        // The new plan is shown with its own code, which writes it.
        let newCode = try Self.code(in: refused.stderr)
        #expect(newCode != code)
        let applied = try lineup.run([
            "regatta", "plan", Self.regatta, "--min-races", "2", "--apply", "--plan", newCode,
        ])
        #expect(applied.status == 0, "\(applied.stderr)")
    }

    @Test func aMistypedCodeIsCalledSoAndSaysWhatToDo() throws {
        let lineup = try RegattaCommandTests.raceDay()
        let before = try lineup.snapshot()
        let refused = try lineup.run(["regatta", "plan", Self.regatta, "--apply", "--plan", "deadbeef0000"])
        #expect(refused.status == 1)
        #expect(!refused.stderr.contains("have changed since"), "\(refused.stderr)")
        #expect(
            refused.stderr.contains(
                "error: plan deadbeef0000 does not match the plan for the data now (plan "), "\(refused.stderr)")
        #expect(refused.stderr.contains("the code is mistyped, or something it was made from"))
        #expect(refused.stderr.contains("run `lineup regatta plan \"\(Self.regatta)\"` again to see the current plan"))
        #expect(try lineup.snapshot() == before)
    }

    @Test func thePlanShowsEachChangedBoatsBalanceAsShowHeadsIt() throws {
        let lineup = try RegattaCommandTests.raceDay()
        let applied = try lineup.run(["regatta", "plan", Self.regatta, "--apply", "--time-limit", "600"])
        #expect(applied.status == 0, "\(applied.stderr)")
        let block = try #require(
            applied.stdout.components(separatedBy: "Balance of the changed boats:\n").dropFirst().first,
            "\(applied.stdout)")
        let lines = block.components(separatedBy: "\n").prefix { !$0.isEmpty }
        let written = applied.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("Applied to ") }
        #expect(!lines.isEmpty && lines.count == written.count, "\(lines)")
        for line in lines {
            let match = try #require(line.firstMatch(of: /^  (.+): front\/back (.+); left\/right (.+)$/), "\(line)")
            let shown = try lineup.run(["show", "-b", String(match.1)]).stdout
            #expect(shown.contains("Front/back  \(match.2)\n"), "\(line)\n\(shown)")
            #expect(shown.contains("Left/right  \(match.3)\n"), "\(line)\n\(shown)")
        }
    }

    @Test func otherOptionsThanThoseShownAreRefusedToo() throws {
        let lineup = try RegattaCommandTests.raceDay()
        let code = try Self.code(in: try lineup.run(["regatta", "plan", Self.regatta, "--min-races", "2"]).stdout)
        let before = try lineup.snapshot()
        let refused = try lineup.run(["regatta", "plan", Self.regatta, "--apply", "--plan", code, "--seed", "7"])
        #expect(refused.status == 1)
        #expect(try lineup.snapshot() == before)
    }

    @Test(arguments: [
        (["--time-limit", "0"], "--time-limit must be"), (["--time-limit", "nan"], "--time-limit must be"),
        (["--plan", "4f1c9a2e7b30"], "--plan goes with --apply"),
        (["--apply", "--plan", "xyz"], "--plan takes the code"),
    ])
    func badBoundsAndCodesAreUsageErrors(arguments: [String], message: String) throws {
        let lineup = try RegattaCommandTests.raceDay()
        let before = try lineup.snapshot()
        let result = try lineup.run(["regatta", "plan", Self.regatta] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try lineup.snapshot() == before)
    }

    @Test func helpExplainsTheBoundAndTheCode() throws {
        let lineup = try LineupProcess()
        let help = try lineup.run(["regatta", "plan", "--help"]).stdout
        #expect(help.contains("--time-limit <SECONDS>") && help.contains("--plan <CODE>"))
        #expect(help.contains("depends on the machine's"))
    }
}
