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

    /// A regatta found by a differential trial on which the levelling after the search never ended (whatever
    /// the time limit): rounding in the moments summed step by step let the descent go round in a circle
    /// of arrangements, each one seeming a hair better than the last. The plan now comes back.
    @Test func levellingTheCrewsAlwaysEnds() throws {
        let lineup = try LineupProcess()
        let roster = lineup.folder.appendingPathComponent("roster.csv")
        try Self.circlingRoster.write(to: roster, atomically: true, encoding: .utf8)
        let setup: [[String]] = [
            ["init"], ["roster", "import", roster.path],
            ["regatta", "create", "Reg", "--date", "2025-09-11", "--min-gap", "60"],
            ["race", "add", "Reg", "R1 Heat", "--at", "08:05", "--rules", "idbf-mixed"],
            ["race", "add", "Reg", "R2 200", "--at", "08:05", "--rules", "open"],
            ["race", "add", "Reg", "R3 200", "--at", "08:35", "--copy-from", "R1 Heat"],
            ["race", "add", "Reg", "R4 500", "--at", "08:55", "--copy-from", "R3 200"],
            ["race", "add", "Reg", "R5 Rep", "--at", "08:55", "--small", "--rules", "idbf-mixed"],
            ["race", "add", "Reg", "R6 Final", "--at", "09:40", "--small", "--rules", "idbf-mixed"],
            ["race", "add", "Reg", "R7 Final", "--at", "10:00", "--rules", "idbf-mixed"],
            ["regatta", "attend", "Reg", "F05", "--from", "09:15"],
            ["regatta", "attend", "Reg", "F07", "--from", "11:00"],
            ["regatta", "attend", "Reg", "F10", "--from", "11:15"], ["regatta", "attend", "Reg", "F12", "--absent"],
            ["regatta", "attend", "Reg", "M10", "--absent"], ["regatta", "attend", "Reg", "X01", "--until", "10:00"],
        ]
        for arguments in setup {
            let result = try lineup.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let plan = try lineup.run([
            "regatta", "plan", "Reg", "--seed", "4", "--sides-required", "--capability-required", "--max-races", "3",
            "--min-races", "2",
        ])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("Balance of the changed boats:"), "\(plan.stdout)")
    }

    /// The roster of `levellingTheCrewsAlwaysEnds`, as `roster export` wrote it.
    static let circlingRoster = """
        name,weight_kg,sex,side,can_drum,can_steer,notes,status
        F01 Olga,,F,either,no,yes,,active
        F02 Vera,74,F,left,no,no,,active
        F03 Dot,51,F,right,no,no,,active
        F04 Finn,54,F,either,no,no,,active
        F05 Max,59,F,either,no,no,,active
        F06 Uri,80,F,left,no,no,,active
        F07 Ben,61,F,either,no,no,,active
        F08 Dana,,F,either,no,no,,active
        F09 Kit,63,F,either,no,no,,active
        F10 Rosa,57,F,either,no,no,,active
        F11 Zoe,61,F,either,no,no,,inactive
        F12 Bo,72,F,either,no,no,,active
        F13 Ivo,61,F,left,no,no,,active
        F14 Pav,56,F,either,no,no,,active
        F15 Xan,66,F,left,no,no,,active
        F16 Ed,51,F,either,no,no,,active
        F17 Gwen,69,F,either,no,no,,active
        F18 Nora,64,F,left,no,no,,active
        M01 Uma,86,M,right,no,no,,active
        M02 Cleo,66,M,left,no,no,,active
        M03 Eli,68,M,left,no,no,,active
        M04 Lou,94,M,right,no,no,,active
        M05 Ted,63,M,right,no,no,,active
        M06 Abe,90,M,left,no,no,,active
        M07 Cora,59,M,either,no,no,,active
        M08 Jo,93,M,either,no,yes,,active
        M09 Quinn,90,M,either,no,no,,active
        M10 Yara,,M,left,no,no,,active
        M11 Al,63,M,either,no,yes,,active
        M12 Hal,63,M,either,no,no,,active
        M13 Otto,61,M,left,no,no,,active
        M14 Wes,100,M,left,no,no,,inactive
        M15 Dirk,93,M,either,no,yes,,active
        X01 Fay,75,X,right,no,no,,active
        """

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

    /// A re-plan after one paddler arrives late moves only their seat by default and says who and why; a final
    /// copied from its heat keeps the heat's crew; --replan-freely plans every seat again and says so.
    @Test func aReplanAfterOneChangeMovesFewPeopleAndSaysWhoAndWhy() throws {
        let lineup = try RegattaCommandTests.raceDay()
        let options = ["--min-races", "2", "--time-limit", "600"]
        let first = try lineup.run(["regatta", "plan", Self.regatta, "--apply", "--replan-freely"] + options)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Planned freely: every seat not locked is planned again"), "\(first.stdout)")
        let copied = try lineup.run([
            "race", "add", Self.regatta, "Open 500 B final", "--at", "16:30", "--copy-from", "Open 500 heat",
        ])
        #expect(copied.status == 0, "\(copied.stderr)")
        // Someone at L2 of the Open 500 heat (10:00) says they arrive at 10:30: in time for the B final.
        let shown = try RegattaCommandTests.json(try lineup.run(["regatta", "show", Self.regatta, "--json"]).stdout)
        let races = try #require(shown["races"] as? [[String: Any]])
        let heat = try #require(races.first { $0["name"] as? String == "Open 500 heat" })
        let crew = try #require(heat["crew"] as? [[String: String]])
        let late = try #require(crew.first { $0["seat"] == "L2" }?["paddler"])
        #expect(try lineup.run(["regatta", "attend", Self.regatta, late, "--from", "10:30"]).status == 0)

        let replan = try lineup.run(["regatta", "plan", Self.regatta] + options)
        #expect(replan.status == 0, "\(replan.stderr)")
        #expect(replan.stdout.contains("Seated crews kept: everyone seated who is there for their boat's races"))
        let lines = replan.stdout.split(separator: "\n").map(String.init)
        let changes = lines.drop { $0 != "Who changes place:" }.dropFirst().prefix { $0.hasPrefix("  ") }
        let heatLine = try #require(
            changes.first { $0.contains("\"\(Self.regatta): Open 500 heat\"") }, "\(replan.stdout)")
        #expect(heatLine.contains("\(late) out of L2 (arrives at 10:30)"), "\(heatLine)")
        let moved = try #require(heatLine.firstMatch(of: /: ([0-9]+) (person|people) change/)).1
        // The late paddler out, one in, and at most a few kept paddlers moved to level the boat again.
        #expect(try #require(Int(moved)) <= 8, "\(heatLine)")
        // The B final, copied from the heat, keeps the late paddler (there for it): it changes only for those
        // who are not there at 16:30, and for up to 8 of its crew who move to level it where that leaves it
        // plainly off level, each said with why.
        if let finalLine = changes.first(where: { $0.contains("Open 500 B final") }) {
            #expect(!finalLine.contains("\(late) out of"), "\(finalLine)")
            let outs = finalLine.matches(of: /out of [LR][0-9]+ \(([a-z]+) at/).map { String($0.1) }
            #expect(!outs.isEmpty && outs.allSatisfy { $0 == "leaves" || $0 == "arrives" }, "\(finalLine)")
        }

        let freely = try lineup.run(["regatta", "plan", Self.regatta, "--replan-freely"] + options)
        #expect(freely.stdout.contains("(leave out --replan-freely to keep seated crews where they are)"))
        let both = try lineup.run(["regatta", "plan", Self.regatta, "--replan-freely", "--keep-seated"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("error: give either --replan-freely or --keep-seated (the default), not both"))
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
        // Each boat written counts the people who change place as the plan's crew changes said.
        for line in written {
            let match = try #require(
                line.firstMatch(of: /^Applied to "(.+)" \(#\d+, (\d+ (?:people change|person changes) place)\)/),
                "\(line)")
            let said = applied.stdout.components(separatedBy: "\n").filter {
                $0.hasPrefix("  \"\(match.1)\" (") && $0.contains("): \(match.2): ")
            }
            #expect(!said.isEmpty, "\(line)\n\(applied.stdout)")
        }
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

    /// A paddler kept where the coach seated them, in a row barred to them: `check --regatta` fails the race,
    /// so the plan lists it as unmet (never "Everything asked is met") and its chart marks it broken (✗).
    @Test func aKeptPaddlerInABarredRowIsUnmetAndBrokenInTheChart() throws {
        let lineup = try LineupProcess()
        for command in [
            ["init", "--sample"], ["roster", "update", "Gwen", "--rows", "9-10"],
            ["regatta", "create", "C", "--date", "2099-06-13"],
            ["race", "add", "C", "H", "--at", "09:00", "--boat", "Sample crew"],
        ] {
            let result = try lineup.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
        }
        let before = try lineup.snapshot()
        let plan = try lineup.run(["regatta", "plan", "C"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(!plan.stdout.contains("Everything asked is met"), "\(plan.stdout)")
        #expect(plan.stdout.contains("Could not satisfy (1):"), "\(plan.stdout)")
        #expect(plan.stdout.contains("✗ Gwen Rasmussen sits in row 2 but may sit only in rows 9–10"), "\(plan.stdout)")
        #expect(try lineup.snapshot() == before)
        #expect(try lineup.run(["check", "--regatta", "C"]).status == 1)
    }
}
