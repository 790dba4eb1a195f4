import ArgumentParser
import Foundation
import LineupCore
import LineupStore

struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Find who should move where to level the boat best; --apply makes the moves as one undoable change.",
        usage: """
            lineup optimize [--boat <name>] [--use-bench] [--tolerance <kg>] [--max-moves <n>] [--max-exchanges <n>] [--apply] [--json]
            lineup optimize [--rules <rules>] [--paddlers <min-max>] [--each-sex <min-max>] [<other options>]
            """,
        discussion: """
            The objective (balance) is the boat's imbalance in kilograms: the trim moment as kilograms in \
            row 1 and the list moment as kilograms in a middle seat, combined. Locked seats, the drummer \
            and the steerer never move, nor does anyone of unknown weight; nobody is put on a side they do \
            not paddle; with --use-bench, seated paddlers may trade places with bench paddlers, never \
            leaving the crew with more broken rules than before (with a long bench, the 32 likeliest to help \
            take part, and the output says so). Results within --tolerance of the best found count as \
            equal, and the one that moves the fewest paddlers wins.

            The plan lists each moving paddler once, from their place straight to their final one, in an \
            order to call out: chains that free a place first (whoever goes to the bench or into an empty \
            seat, then whoever takes the seat just left), then groups who take each other's seats. It also \
            gives the fewest pairwise exchanges that do the same, for calling them in pairs. Without \
            --apply nothing changes.
            """)

    enum Objective: String, ExpressibleByArgument, CaseIterable {
        case balance
    }

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Option(help: "What to optimize.") var objective = Objective.balance
    @Flag(help: "Also trade seated paddlers with paddlers on the bench.") var useBench = false
    @Option(help: ArgumentHelp("Kilograms of imbalance that count as equal (0: the best there is).", valueName: "kg"))
    var tolerance: Double = 0.5
    @Option(help: ArgumentHelp("At most this many paddlers move (default: as many as help).", valueName: "n"))
    var maxMoves: Int?
    @Option(
        help: ArgumentHelp(
            "At most this many pairwise exchanges would do it (default: as many as help).", valueName: "n"))
    var maxExchanges: Int?
    @Flag(help: "Make the moves, as one history record.") var apply = false
    @Flag(help: "Print JSON: {moves: [{paddler, from, to}], before, after, considered, …}.") var json = false
    @OptionGroup var rulesOptions: RulesOptions

    func validate() throws {
        if let maxMoves, maxMoves < 1 { throw ValidationError("--max-moves must be 1 or more") }
        if let maxExchanges, maxExchanges < 1 { throw ValidationError("--max-exchanges must be 1 or more") }
        guard tolerance.isFinite, tolerance >= 0, tolerance <= 100 else {
            throw ValidationError("--tolerance must be from 0 to 100 kilograms")
        }
    }

    func run() throws {
        let db = try database.open()
        let state = try db.state(ofBoat: boat.boat)
        let rules = rulesOptions.rules(boatPreset: state.boat.rules, kind: state.boat.kind)
        let options = OptimizerOptions(
            maxMoves: maxMoves, maxExchanges: maxExchanges, useBench: useBench, toleranceKg: tolerance)
        let progress = ProgressLine()
        let result = LineupOptimizer.optimize(
            state.lineup, roster: state.roster, model: state.balanceModel, rules: rules, options: options,
            progress: progress.update)
        progress.finish()
        var after = state
        after.lineup = result.lineup
        let plan = result.plan

        var recordID: Int64?
        if apply && !plan.isEmpty {
            let outcome = try db.applyLineup(
                result.lineup, replacing: state.lineup, summary: "optimize: " + plan.summary(), inBoat: state.boat.name)
            recordID = outcome.record?.id
        }
        if json {
            let report = Report(
                boat: state.boat.name, objective: objective.rawValue, rules: rules.name, toleranceKg: tolerance,
                moves: plan.moves.map {
                    Report.Move(paddler: $0.name, from: $0.from.description, to: $0.to.description)
                },
                peopleMoved: plan.peopleMoved, minimumExchanges: plan.minimumExchanges,
                bestImbalanceKg: JSONOutput.rounded(result.bestImbalanceKg), before: Report.Figures(state),
                after: Report.Figures(after), considered: Report.Considered(result.scope), applied: recordID != nil,
                record: recordID)
            print(try JSONOutput.encode(report), terminator: "")
            return
        }

        print("Optimizing \"\(state.boat.name)\" for \(objective.rawValue) under \(rules.name) rules.")
        print(describe(result.scope, rules: rules.name))
        if plan.isEmpty {
            let withinTolerance =
                result.bestImbalanceKg < result.beforeImbalanceKg - 0.05
                ? ", within --tolerance (\(BalanceFigures.kg(tolerance))) of the best found "
                    + "(\(BalanceFigures.kg(result.bestImbalanceKg)))" : ""
            print(
                "Nobody needs to move: the imbalance is \(BalanceFigures.kg(result.beforeImbalanceKg))"
                    + withinTolerance + limitsNote + ".")
            print(BalanceFigures.table([("before", state)], width: 14).joined(separator: "\n"))
            return
        }
        print("")
        print("Moves, in calling order:")
        let nameWidth = plan.moves.map(\.name.count).max() ?? 0
        for (index, move) in plan.moves.enumerated() {
            let destination = move.to.isSeat ? move.to.description : "bench"
            print(
                "  \(pad("\(index + 1).", 4))\(pad(move.name, nameWidth))  \(pad(move.from.description, 3)) → \(destination)"
            )
        }
        let people = plan.peopleMoved == 1 ? "1 paddler moves" : "\(plan.peopleMoved) paddlers move"
        let exchanges = plan.minimumExchanges == 1 ? "1 exchange" : "\(plan.minimumExchanges) exchanges"
        print("\(people); called as pairwise exchanges, it takes \(exchanges).")
        print("")
        print(BalanceFigures.table([("before", state), ("after", after)], width: 14).joined(separator: "\n"))
        if result.afterImbalanceKg > result.bestImbalanceKg + 0.05 {
            print(
                "\nThe best found is \(BalanceFigures.kg(result.bestImbalanceKg)); this is within --tolerance "
                    + "(\(BalanceFigures.kg(tolerance))) of it and moves fewer paddlers.")
        }
        if let recordID {
            print("\nApplied as one change (#\(recordID)); `lineup undo` takes it all back.")
        } else {
            print("\nNothing was changed; run again with --apply to make these moves as one undoable change.")
        }
    }

    /// ` and no better within 2 moves` when a limit was given, for "nobody needs to move".
    private var limitsNote: String {
        var limits: [String] = []
        if let maxMoves { limits.append(maxMoves == 1 ? "1 move" : "\(maxMoves) moves") }
        if let maxExchanges { limits.append(maxExchanges == 1 ? "1 exchange" : "\(maxExchanges) exchanges") }
        return limits.isEmpty ? "" : " and no better within " + limits.joined(separator: " and ")
    }

    /// What the search looked at, in a sentence.
    private func describe(_ scope: OptimizerScope, rules rulesName: String) -> String {
        let seats = "\(scope.seats) unlocked row seat\(scope.seats == 1 ? "" : "s")"
        guard useBench else { return "Considered \(seats) (--use-bench adds the bench)." }
        if scope.benchTotal == 0 { return "Considered \(seats); the bench is empty." }
        var leftOut: [String] = []
        if scope.benchBeyondLimit > 0 {
            leftOut.append(
                "the likeliest to help: spread over the weights of each sex and side, \(count(scope.benchBeyondLimit)) more left out"
            )
        }
        if scope.benchUnweighed > 0 { leftOut.append("\(count(scope.benchUnweighed)) of unknown weight left out") }
        if scope.benchRuledOut > 0 {
            leftOut.append("\(count(scope.benchRuledOut)) the \(rulesName) rules could not seat left out")
        }
        let bench =
            scope.benchConsidered == scope.benchTotal
            ? "all \(count(scope.benchTotal)) bench paddlers"
            : "\(count(scope.benchConsidered)) of \(count(scope.benchTotal)) bench paddlers"
        return "Considered \(seats) and \(bench)" + (leftOut.isEmpty ? "" : " (\(leftOut.joined(separator: "; ")))")
            + "."
    }

    /// `1,000`.
    private func count(_ value: Int) -> String {
        let digits = String(value)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }

    /// The document `--json` prints; `before` and `after` hold the figures in `show --json`'s shapes.
    struct Report: Encodable {
        struct Move: Encodable {
            let paddler: String
            let from: String
            let to: String
        }

        struct Figures: Encodable {
            let imbalanceKg: Double
            let balance: JSONOutput.Balance
            let moments: JSONOutput.Moments

            init(_ state: BoatState) {
                let shown = JSONOutput.lineup(state)
                imbalanceKg = JSONOutput.rounded(state.moments.imbalanceKg(state.balanceModel, kind: state.boat.kind))
                balance = shown.balance
                moments = shown.moments
            }

            enum CodingKeys: String, CodingKey {
                case imbalanceKg = "imbalance_kg", balance, moments
            }
        }

        struct Considered: Encodable {
            let seats: Int
            let bench: Int
            let benchTotal: Int
            let benchUnweighed: Int
            let benchRuledOut: Int
            let benchBeyondLimit: Int
            let everyArrangement: Bool
            let arrangementsEvaluated: Int

            init(_ scope: OptimizerScope) {
                seats = scope.seats
                bench = scope.benchConsidered
                benchTotal = scope.benchTotal
                benchUnweighed = scope.benchUnweighed
                benchRuledOut = scope.benchRuledOut
                benchBeyondLimit = scope.benchBeyondLimit
                everyArrangement = scope.exhaustive
                arrangementsEvaluated = scope.arrangementsEvaluated
            }

            enum CodingKeys: String, CodingKey {
                case seats, bench, benchTotal = "bench_total", benchUnweighed = "bench_unweighed"
                case benchRuledOut = "bench_ruled_out", benchBeyondLimit = "bench_beyond_limit"
                case everyArrangement = "every_arrangement", arrangementsEvaluated = "arrangements_evaluated"
            }
        }

        let boat: String
        let objective: String
        let rules: String
        let toleranceKg: Double
        let moves: [Move]
        let peopleMoved: Int
        let minimumExchanges: Int
        let bestImbalanceKg: Double
        let before: Figures
        let after: Figures
        let considered: Considered
        let applied: Bool
        let record: Int64?

        enum CodingKeys: String, CodingKey {
            case boat, objective, rules, toleranceKg = "tolerance_kg", moves, peopleMoved = "people_moved"
            case minimumExchanges = "minimum_exchanges", bestImbalanceKg = "best_imbalance_kg", before, after
            case considered, applied, record
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(boat, forKey: .boat)
            try container.encode(objective, forKey: .objective)
            try container.encode(rules, forKey: .rules)
            try container.encode(toleranceKg, forKey: .toleranceKg)
            try container.encode(moves, forKey: .moves)
            try container.encode(peopleMoved, forKey: .peopleMoved)
            try container.encode(minimumExchanges, forKey: .minimumExchanges)
            try container.encode(bestImbalanceKg, forKey: .bestImbalanceKg)
            try container.encode(before, forKey: .before)
            try container.encode(after, forKey: .after)
            try container.encode(considered, forKey: .considered)
            try container.encode(applied, forKey: .applied)
            // null until applied, so that the key is always there.
            try container.encode(record, forKey: .record)
        }
    }
}

/// "optimizing… 42%" on standard error while a search runs, once it has taken over a second, and only
/// when standard error is a terminal; the line is cleared at the end.
final class ProgressLine {
    private let enabled = isatty(STDERR_FILENO) == 1
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lastShown: ContinuousClock.Instant?

    init() { started = clock.now }

    func update(_ fraction: Double) {
        guard enabled else { return }
        let now = clock.now
        guard now - started > .seconds(1) else { return }
        if let lastShown, now - lastShown < .milliseconds(100) { return }
        lastShown = now
        Terminal.standardError.write("\roptimizing… \(Int((fraction * 100).rounded(.down)))% ")
    }

    func finish() {
        if lastShown != nil { Terminal.standardError.write("\r\u{1B}[K") }
    }
}
