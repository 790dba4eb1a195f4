import Foundation
import LineupCore
import Testing

/// Real `lineup` processes killed with SIGKILL at random moments: whatever the moment, the database
/// holds each change whole or not at all, and files are old or new, never half-written.
/// Each test prints its seed; set the variable it names to replay the same moments.
@Suite("lineup killed at random moments", .serialized)
struct CrashTests {
    /// Starts `arguments`, kills it after `delay` seconds (when still running), and tells whether the kill
    /// landed, that is, the process died of it rather than finishing first.
    private func killed(_ lineup: LineupProcess, _ arguments: [String], after delay: Double) throws -> Bool {
        let process = try lineup.start(arguments)
        usleep(useconds_t(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }

    /// The median wall time of `count` uninterrupted runs of `arguments`.
    private func medianDuration(_ lineup: LineupProcess, _ arguments: () -> [String], count: Int = 7) throws
        -> Double
    {
        var durations: [Double] = []
        for _ in 0..<count {
            let start = Date()
            try lineup.run(arguments())
            durations.append(Date().timeIntervalSince(start))
        }
        return durations.sorted()[count / 2]
    }

    @Test func exchangesUndoAndRedoKilledAtRandomLoseNothing() throws {
        var random = SeededRandomGenerator(
            seed: SeededRandomGenerator.seed(from: "LINEUP_CRASH_SEED", for: "exchange storm"))
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let start = try DatabaseChecks.lineups(at: lineup.databasePath)
        let places = (1...10).flatMap { ["L\($0)", "R\($0)"] } + ["D", "S", "B1", "B4", "B8", "B"]
        func randomExchange() -> [String] {
            let first = places.randomElement(using: &random) ?? "L1"
            let second = places.filter { $0 != first }.randomElement(using: &random) ?? "R1"
            return ["exchange", first, second]
        }
        // Kill moments spread over a whole run, from start-up to the last fsync.
        let typical = try medianDuration(lineup, randomExchange)
        var kills = 0
        var attempts = 0
        while kills < 200 && attempts < 3_000 {
            attempts += 1
            let choice = Int.random(in: 0..<100, using: &random)
            let arguments = choice < 60 ? randomExchange() : choice < 85 ? ["undo"] : ["redo"]
            if try killed(lineup, arguments, after: Double.random(in: 0...(typical * 1.3), using: &random)) {
                kills += 1
            }
            if attempts % 100 == 0 {
                let problems = try DatabaseChecks.problems(at: lineup.databasePath)
                #expect(problems.isEmpty, "after \(attempts) runs: \(problems)")
            }
        }
        print("exchange storm: \(kills) kills in \(attempts) runs (typical run \(Int(typical * 1000)) ms)")
        #expect(kills >= 200)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath) == [])

        let applied = try DatabaseChecks.historyCount(at: lineup.databasePath, where: "undone = 0")
        if applied > 0 {
            let undo = try lineup.run(["undo", "--steps", "\(applied)"])
            #expect(undo.status == 0, "\(undo.stderr)")
        }
        #expect(try DatabaseChecks.lineups(at: lineup.databasePath) == start)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath) == [])
    }

    @Test func rosterImportKilledAtRandomAddsAllRowsOrNone() throws {
        var random = SeededRandomGenerator(
            seed: SeededRandomGenerator.seed(from: "LINEUP_CRASH_SEED", for: "import storm"))
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let rows = 100
        func file(_ prefix: String) throws -> String {
            let lines = (1...rows).map { "\(prefix)\($0),\(50 + $0 % 40),\($0 % 2 == 0 ? "F" : "M")" }
            return try lineup.file(
                "\(prefix).csv", Array((["name,weight_kg,sex"] + lines).joined(separator: "\n").utf8))
        }
        var attempt = 0
        var typical = try medianDuration(
            lineup,
            {
                attempt += 1
                return ["roster", "import", (try? file("Calibration\(attempt)-")) ?? ""]
            }, count: 3)
        var kills = 0
        var complete = 0
        // Runs that finish before their kill bound how long a run takes now, whatever the machine's load
        // was while the three above were timed, so the kill moments keep spreading over a whole run.
        var finished: [Double] = []
        for index in 1...400 where kills < 40 {
            let prefix = "Storm\(index)-"
            let started = Date()
            if try killed(
                lineup, ["roster", "import", try file(prefix)],
                after: Double.random(in: 0...(typical * 1.3), using: &random))
            {
                kills += 1
            } else {
                finished.append(Date().timeIntervalSince(started))
                let recent = finished.suffix(5).sorted()
                typical = min(typical, recent[recent.count / 2])
            }
            let imported = try DatabaseChecks.paddlerCount(at: lineup.databasePath, namePrefix: prefix)
            #expect(imported == 0 || imported == rows, "import \(index) left \(imported) of \(rows) rows")
            if imported == rows { complete += 1 }
        }
        print("import storm: \(kills) kills; \(complete) imports complete, the others left no row")
        #expect(kills >= 40)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath) == [])
    }

    @Test func exportKilledAtRandomLeavesTheOldFileOrTheNewOne() throws {
        var random = SeededRandomGenerator(
            seed: SeededRandomGenerator.seed(from: "LINEUP_CRASH_SEED", for: "export storm"))
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let target = lineup.folder.appendingPathComponent("lineup.csv")
        #expect(try lineup.run(["export", "--output", target.path]).status == 0)
        let typical = try medianDuration(lineup, { ["export", "--output", target.path] })
        var kills = 0
        var attempts = 0
        var sawOld = 0
        var sawNew = 0
        while kills < 40 && attempts < 400 {
            attempts += 1
            let old = try String(contentsOf: target, encoding: .utf8)
            #expect(try lineup.run(["exchange", "L\(attempts % 10 + 1)", "R\(attempts % 10 + 1)"]).status == 0)
            let new = try lineup.run(["export"]).stdout
            if try killed(
                lineup, ["export", "--output", target.path],
                after: Double.random(in: 0...(typical * 1.3), using: &random))
            {
                kills += 1
            }
            let now = try String(contentsOf: target, encoding: .utf8)
            #expect(now == old || now == new, "export \(attempts) left a file that is neither the old nor the new one")
            if now == old { sawOld += 1 } else { sawNew += 1 }
            if now == old {
                // Bring the file up to date for the next round.
                #expect(try lineup.run(["export", "--output", target.path]).status == 0)
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path)
                .filter { $0.hasPrefix(".lineup.csv.") }
            for leftover in leftovers {
                // Only a kill between naming the finished file and renaming it can leave one: complete.
                let text = try String(
                    contentsOfFile: lineup.folder.appendingPathComponent(leftover).path, encoding: .utf8)
                #expect(text == new, "a partial temporary file \(leftover) was left behind")
                try FileManager.default.removeItem(at: lineup.folder.appendingPathComponent(leftover))
            }
        }
        print(
            "export storm: \(kills) kills in \(attempts) runs; old file kept \(sawOld) times, new file \(sawNew) times")
        #expect(kills >= 40)
    }
}
