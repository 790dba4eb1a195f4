import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation
import LineupStore

struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Find the exchanges that level the boat best; --apply makes them as one undoable change.",
        discussion: """
            The objective (balance) is the boat's imbalance in kilograms: the trim moment as kilograms in \
            row 1 and the list moment as kilograms in a middle seat, combined. Locked seats, the drummer \
            and the steerer never move; nobody is put on a side they do not paddle; with --use-bench, \
            seated paddlers may trade with the bench, never leaving the crew with more broken rules than \
            before. Results within --tolerance of the best count as equal, and the one with the fewest \
            exchanges wins. Without --apply nothing changes.
            """)

    enum Objective: String, ExpressibleByArgument, CaseIterable {
        case balance
    }

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Option(help: "What to optimize.") var objective = Objective.balance
    @Option(help: ArgumentHelp("At most this many exchanges (default: as many as help).", valueName: "N"))
    var maxExchanges: Int?
    @Flag(help: "Also exchange seated paddlers with paddlers on the bench.") var useBench = false
    @Option(help: ArgumentHelp("Kilograms of imbalance that count as equal (0: the best there is).", valueName: "kg"))
    var tolerance = PlainNumber(0.5)
    @Flag(help: "Make the exchanges, as one history record.") var apply = false
    @OptionGroup var rulesOptions: RulesOptions

    func validate() throws {
        if let maxExchanges, maxExchanges < 1 { throw ValidationError("--max-exchanges must be 1 or more") }
        guard tolerance.value.isFinite, tolerance.value >= 0, tolerance.value <= 100 else {
            throw ValidationError("--tolerance must be from 0 to 100 kilograms")
        }
    }

    func run() throws {
        let db = try apply ? database.open() : database.openForReading()
        let state = try db.state(ofBoat: boat.boat)
        let rules = rulesOptions.rules(boatPreset: state.boat.rules, kind: state.boat.kind)
        let options = OptimizerOptions(maxExchanges: maxExchanges, useBench: useBench, toleranceKg: tolerance.value)
        let result = LineupOptimizer.optimize(
            state.lineup, roster: state.roster, model: state.balanceModel, rules: rules, options: options)

        let summaries = result.changes.map { $0.summary() }
        print("Optimizing \"\(state.boat.name)\" for \(objective.rawValue) under \(rules.name) rules.")
        var after = state
        after.lineup = result.lineup
        if summaries.isEmpty {
            print(
                "No exchange improves it: the imbalance is \(BalanceWords.imbalance(result.beforeImbalanceKg))"
                    + (maxExchanges.map { " within \($0) exchange\($0 == 1 ? "" : "s")" } ?? "") + ".")
            print(BalanceFigures.table([("before", state)], width: 14).joined(separator: "\n"))
            return
        }
        print("Exchanges, in order (\(summaries.count)):")
        for (index, summary) in summaries.enumerated() { print("  \(index + 1). \(summary)") }
        print("")
        print(BalanceFigures.table([("before", state), ("after", after)], width: 14).joined(separator: "\n"))
        guard apply else {
            print("\nNothing was changed; run again with --apply to make these exchanges as one undoable change.")
            return
        }
        let summary = "optimize: " + summaries.joined(separator: "; ")
        let outcome = try db.applyLineup(
            result.lineup, replacing: state.lineup, summary: summary, inBoat: state.boat.name)
        print(
            "\nApplied \(summaries.count) exchange\(summaries.count == 1 ? "" : "s") as one change (#\(outcome.record?.id ?? 0)); `lineup undo` takes them all back."
        )
    }
}
