import Foundation
import LineupCore
import GRDB
import Testing

/// Runs each body on its own thread, all at once, and returns their results in order. (Threads, not
/// tasks: each body blocks on child processes, and the task pool has only as many threads as cores.)
func inParallel<T: Sendable>(_ bodies: [@Sendable () throws -> T]) throws -> [T] {
    let results = ParallelResults<T>()
    let group = DispatchGroup()
    for (index, body) in bodies.enumerated() {
        group.enter()
        let thread = Thread {
            let value = Result { try body() }
            results.lock.withLock { results.values[index] = value }
            group.leave()
        }
        thread.start()
    }
    group.wait()
    // Every thread has stored its result once the group is done waiting.
    return try bodies.indices.compactMap { try results.values[$0]?.get() }
}

/// Results that threads hand back, guarded by a lock.
final class ParallelResults<T: Sendable>: @unchecked Sendable {
    let lock = NSLock()
    var values: [Int: Result<T, any Error>] = [:]
}

@Suite("lineup with several processes at once", .serialized)
struct ConcurrencyTests {
    static let seats = ["D", "S"] + (1...10).flatMap { ["L\($0)", "R\($0)"] }

    /// Exchange commands between two random seats of the sample boat, from a seeded generator.
    private static func exchanges(count: Int, seed: UInt64, boats: [String]) -> [[String]] {
        var random = SeededRandomGenerator(seed: seed)
        return (0..<count).map { index in
            let first = seats.randomElement(using: &random) ?? "L1"
            let second = seats.filter { $0 != first }.randomElement(using: &random) ?? "R1"
            return ["exchange", first, second, "-b", boats[index % boats.count]]
        }
    }

    /// What a reader must always see: the 30 sample paddlers (22 seated, 8 on the bench) each once, a complete
    /// export, and history records with distinct ids, newest first. Returns the problems found.
    private static func readOnce(_ lineup: LineupProcess, boat: String) throws -> [String] {
        var problems: [String] = []
        let show = try lineup.run(["show", "--json", "-b", boat])
        let json = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as? [String: Any]
        let seated = (json?["seats"] as? [[String: Any]] ?? []).compactMap { $0["paddler"] as? String }
        if show.status != 0 || seated.count != 30 || Set(seated).count != 30 {
            problems.append("show saw \(seated.count) paddlers, \(Set(seated).count) distinct: \(show.stderr)")
        }
        let export = try lineup.run(["export", "-b", boat])
        let lines = export.stdout.split(separator: "\r\n")
        if export.status != 0 || lines.count != 1 + 22 + 8 {
            problems.append("export had \(lines.count) lines: \(export.stderr)")
        }
        let history = try lineup.run(["history", "--json", "-b", boat])
        let records = try JSONSerialization.jsonObject(with: Data(history.stdout.utf8)) as? [[String: Any]] ?? []
        let ids = records.compactMap { $0["id"] as? Int }
        if history.status != 0 || ids != ids.sorted(by: >) || Set(ids).count != ids.count {
            problems.append("history ids out of order or repeated: \(history.stderr)")
        }
        return problems
    }

    /// Four writers, fifty exchanges each, over `boats`, while two readers read the first boat.
    private func writersAndReaders(boats: [String]) throws {
        let seed = SeededRandomGenerator.seed(from: "LINEUP_CONCURRENCY_SEED", for: "concurrent writers over \(boats)")
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        for boat in boats.dropFirst() { #expect(try lineup.run(["boat", "copy", boats[0], boat]).status == 0) }
        let start = try DatabaseChecks.lineups(at: lineup.databasePath)

        final class Flag: @unchecked Sendable {
            let lock = NSLock()
            var finishedWriters = 0
        }
        let writing = Flag()
        let writers: [@Sendable () throws -> [String]] = (0..<4).map { worker in
            {
                var failures: [String] = []
                for command in Self.exchanges(count: 50, seed: seed &+ UInt64(worker), boats: boats) {
                    let result = try lineup.run(command)
                    if result.status != 0 { failures.append("\(command): \(result.status) \(result.stderr)") }
                }
                return failures
            }
        }
        let readers: [@Sendable () throws -> [String]] = (0..<2).map { _ in
            {
                var problems: [String] = []
                var reads = 0
                defer { print("reader: \(reads) consistent reads while writing") }
                while writing.lock.withLock({ writing.finishedWriters < 4 }) || reads == 0 {
                    problems += try Self.readOnce(lineup, boat: boats[0])
                    reads += 1
                }
                return problems
            }
        }
        let results = try inParallel(
            writers.map { writer in
                {
                    defer { writing.lock.withLock { writing.finishedWriters += 1 } }
                    return try writer()
                }
            } + readers)
        let writerFailures = results.prefix(4).flatMap { $0 }
        let readerProblems = results.suffix(2).flatMap { $0 }
        #expect(writerFailures.isEmpty, "\(writerFailures.prefix(5))")
        #expect(readerProblems.isEmpty, "\(readerProblems.prefix(5))")

        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 200)
        for boat in boats {
            let records = try DatabaseChecks.historyCount(
                at: lineup.databasePath, where: "boat_id = (SELECT id FROM boat WHERE name = '\(boat)')")
            #expect(records == 200 / boats.count)
            let undo = try lineup.run(["undo", "--steps", "\(records)", "-b", boat])
            #expect(undo.status == 0, "\(undo.stderr)")
        }
        #expect(try DatabaseChecks.lineups(at: lineup.databasePath) == start)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath) == [])
    }

    @Test func fourWritersOnOneBoatAllLandAndReadersNeverSeeHalfAChange() throws {
        try writersAndReaders(boats: ["Sample crew"])
    }

    @Test func fourWritersOverTwoBoatsAllLand() throws {
        try writersAndReaders(boats: ["Sample crew", "Variant"])
    }

    /// Holds the write lock from this process, as another program could, while `body` runs.
    private func holdingTheWriteLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            defer { try? db.execute(sql: "ROLLBACK") }
            return try body()
        }
    }

    @Test func aLockHeldPastTheTimeoutIsABusyErrorAndChangesNothing() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let result = try holdingTheWriteLock(lineup.databasePath) {
            try lineup.run(["exchange", "L1", "R1"], environment: ["LINEUP_BUSY_TIMEOUT": "0.3"])
        }
        #expect(result.status == 75)
        #expect(result.stderr.hasPrefix("error: the database is busy"))
        #expect(result.stderr.contains("nothing was changed"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == bytes)
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 0)
        // Reading does not need the write lock.
        let show = try holdingTheWriteLock(lineup.databasePath) {
            try lineup.run(["show"], environment: ["LINEUP_BUSY_TIMEOUT": "0.3"])
        }
        #expect(show.status == 0)
    }

    @Test func aCommandWaitsForALockReleasedWithinTheTimeout() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let result = try holdingTheWriteLock(lineup.databasePath) {
            let process = try lineup.start(["exchange", "L1", "R1"])
            usleep(300_000)
            #expect(process.isRunning, "the exchange should be waiting for the lock")
            return process
        }
        result.waitUntilExit()
        #expect(result.terminationStatus == 0)
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 1)
    }

    /// Commands that create the database on first use, started together on a missing file: they take
    /// turns, every one succeeds, and the database is created exactly once.
    @Test func commandsCreatingTheSameDatabaseTakeTurns() throws {
        let lineup = try LineupProcess()
        let path = lineup.folder.appendingPathComponent("new/club.sqlite").path
        let results = ResultsBox()
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let result = try? lineup.run(["roster", "add", "Paddler \(index)", "--db", path])
            results.append(result)
        }
        #expect(results.all.count == 8)
        for result in results.all {
            #expect(result?.status == 0, "\(result?.stderr ?? "did not run")")
        }
        #expect(results.all.filter { $0?.stderr.contains("Created a new lineup database") == true }.count == 1)
        #expect(try DatabaseChecks.paddlerCount(at: path, namePrefix: "Paddler ") == 8)
        #expect(try FileManager.default.contentsOfDirectory(atPath: lineup.folder.path + "/new") == ["club.sqlite"])
    }

    final class ResultsBox: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [LineupProcess.Result?] = []
        func append(_ result: LineupProcess.Result?) { lock.withLock { results.append(result) } }
        var all: [LineupProcess.Result?] { lock.withLock { results } }
    }

    @Test func badBusyTimeoutIsRefused() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init"]).status == 0)
        let result = try lineup.run(["show"], environment: ["LINEUP_BUSY_TIMEOUT": "soon"])
        // Bad usage, like any other argument that cannot be used.
        #expect(result.status == 64)
        #expect(result.stderr.contains("LINEUP_BUSY_TIMEOUT must be a number of seconds"))
    }
}
