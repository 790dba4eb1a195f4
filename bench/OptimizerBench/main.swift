// Optimizer time and quality on random rosters, timed with Swift's own clock (wall) and the thread's CPU clock.
//   swift build -c release --product OptimizerBench && .build/release/OptimizerBench [ROSTERS] [RUNS] [--gap-only]
//   [--nodes=N]
// Random rosters: a full boat with random weights (50-100 kg), sexes and sides (one in five keeps to a
// side, seated on it), plus a bench. Three tables:
// 1. Time and balance: for each boat kind, ROSTERS (default 20) rosters with a bench (8 for a standard
//    boat, 2 for a small one), optimized as `lineup optimize --use-bench` does (default options) and with
//    tolerance 0; the reference is the best of independent runs of the search (tolerance 0, new seeds)
//    for ten times the optimizer's time.
// 2. The plans of those runs: paddlers the plan moves against the fewest any plan needs for the same
//    final arrangement (those whose place differs, the bench as a pool, counted from the two lineups
//    independently of the plan), moves onto a side the paddler does not paddle, and the fewest pairwise
//    exchanges from the cycle structure.
// 3. Long benches: 8, 200 and 1,000 on the bench, 5 rosters each, median of RUNS (default 5) timed runs
//    per roster; quality against a longer search that lets four times as many bench paddlers take part
//    (128) with three times the restarts, tolerance 0.
// 4. Optimality gap per objective: the rosters of table 1 (with tolerance 0) against exact references
//    written apart from the optimizer (LineupReferences): for balance, branch and bound over the seats
//    (ExactBalanceReference) within a node budget (--nodes=N, default 2,000,000). Where it finishes, the
//    optimum is proven; where it does not, its root bound is still a proven floor, so the gap is at most the
//    optimizer's imbalance minus it. For strength, the least seat fit by the Hungarian algorithm
//    (SeatFitReference), always proven; for both, the least fit plus the balance floor, a floor only.
import Foundation
import LineupCore
import LineupReferences

func randomBoat(_ kind: BoatKind, bench: Int, seed: UInt64) throws -> (Lineup, [PaddlerID: Paddler]) {
    var random = SeededRandomGenerator(seed: seed)
    let rows = (1...kind.rowCount).flatMap { [Place.left(row: $0), .right(row: $0)] }
    let places = [Place.drummer, .steerer] + rows + (0..<bench).map { Place.bench(position: $0 + 1) }
    var roster: [PaddlerID: Paddler] = [:]
    var placements: [(paddler: PaddlerID, place: Place)] = []
    for (index, place) in places.enumerated() {
        let id = PaddlerID(index + 1)
        let sides: [SidePreference] = [.either, .either, .either, .left, .right]
        roster[id] = Paddler(
            id: id, name: "P\(id)", weightKg: Double(Int.random(in: 100...200, using: &random)) / 2,
            sex: Bool.random(using: &random) ? .female : .male, side: sides.randomElement(using: &random) ?? .either)
        placements.append((id, place))
    }
    // Start from a seating a coach might have: side preferences honoured where they were assigned.
    for (id, place) in placements where place.row != nil {
        if case .left = place, roster[id]?.side == .right { roster[id]?.side = .either }
        if case .right = place, roster[id]?.side == .left { roster[id]?.side = .either }
    }
    return (try Lineup(kind: kind, placements: placements), roster)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Runs `work` and returns its wall-clock and CPU seconds (this thread's CPU time, which other programs on
/// a busy machine inflate far less than the wall clock).
func measure(_ work: () -> Void) -> (wall: Double, cpu: Double) {
    func cpuNow() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    let cpuStart = cpuNow()
    let wall = seconds(clock.measure(work))
    return (wall, cpuNow() - cpuStart)
}

func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

/// Paddlers whose place differs between two lineups, the bench as a pool: the fewest any plan can move.
func differing(_ start: Lineup, _ end: Lineup) -> Int {
    start.placements.filter { paddler, place in
        let after = end.place(of: paddler)
        return after != place && (place.isSeat || after?.isSeat == true)
    }.count
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let rosters = arguments.first ?? 20
let runs = arguments.dropFirst().first ?? 5
let model = BalanceModel.defaults(for: .standard)
let clock = ContinuousClock()

struct PlanFigures {
    var rosters = 0
    var moved = 0
    var fewest = 0
    var exchanges = 0
    var worstExcess = 0
    var wrongSide = 0
    var movedEach: [Double] = []
    var exchangesEach: [Double] = []

    mutating func add(_ result: OptimizerResult, from start: Lineup, roster: [PaddlerID: Paddler]) {
        rosters += 1
        for move in result.plan.moves {
            switch (move.paddler.flatMap { roster[$0]?.side } ?? .either, move.to) {
            case (.left, .right), (.right, .left): wrongSide += 1
            default: break
            }
        }
        let minimum = differing(start, result.lineup)
        moved += result.plan.peopleMoved
        fewest += minimum
        exchanges += result.plan.minimumExchanges
        worstExcess = max(worstExcess, result.plan.peopleMoved - minimum)
        movedEach.append(Double(result.plan.peopleMoved))
        exchangesEach.append(Double(result.plan.minimumExchanges))
    }
}

// With --gap-only, table 4 alone.
if !CommandLine.arguments.contains("--gap-only") {
    print("Time and balance, \(rosters) rosters per boat kind, with the bench (`--use-bench`):\n")
    print(
        "| boat | rosters | optimize median (ms) | CPU median (ms) | reference median (ms) | imbalance before (kg) | after, default (kg) | after, tolerance 0 (kg) | reference (kg) | worst gap, tolerance 0 (kg) | median share of the possible improvement reached |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    var planRows: [(String, PlanFigures)] = []
    for (kind, bench) in [(BoatKind.standard, 8), (.small, 2)] {
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var referenceTimes: [Double] = []
        var before: [Double] = []
        var afterDefault: [Double] = []
        var afterExact: [Double] = []
        var reference: [Double] = []
        var gaps: [Double] = []
        var shares: [Double] = []
        var plansDefault = PlanFigures()
        var plansExact = PlanFigures()
        for index in 0..<rosters {
            let (lineup, roster) = try randomBoat(kind, bench: bench, seed: UInt64(1000 + index))
            let rules = CrewRules(.open, kind: kind)
            var timed: OptimizerResult?
            let time = measure {
                timed = LineupOptimizer.optimize(
                    lineup, roster: roster, model: model, rules: rules, options: OptimizerOptions(useBench: true))
            }
            times.append(time.wall)
            cpuTimes.append(time.cpu)
            guard let result = timed else { continue }
            let exact = LineupOptimizer.optimize(
                lineup, roster: roster, model: model, rules: rules,
                options: OptimizerOptions(useBench: true, toleranceKg: 0))
            // The reference: independent searches (new seeds, tolerance 0) until ten times the optimizer's time.
            var referenceValue = exact.afterImbalanceKg
            let budget = times[times.count - 1] * 10
            let started = clock.now
            var seed: UInt64 = 1_000_000
            while seconds(clock.now - started) < budget {
                seed += 1
                let run = LineupOptimizer.optimize(
                    lineup, roster: roster, model: model, rules: rules,
                    options: OptimizerOptions(useBench: true, toleranceKg: 0, seed: seed))
                referenceValue = min(referenceValue, run.afterImbalanceKg)
            }
            referenceTimes.append(seconds(clock.now - started))
            before.append(result.beforeImbalanceKg)
            afterDefault.append(result.afterImbalanceKg)
            afterExact.append(exact.afterImbalanceKg)
            reference.append(referenceValue)
            gaps.append(exact.afterImbalanceKg - referenceValue)
            let possible = result.beforeImbalanceKg - referenceValue
            shares.append(possible > 0 ? (result.beforeImbalanceKg - exact.afterImbalanceKg) / possible : 1)
            plansDefault.add(result, from: lineup, roster: roster)
            plansExact.add(exact, from: lineup, roster: roster)
        }
        print(
            "| \(kind.rawValue) + \(bench) on the bench | \(rosters) | \(f(median(times) * 1000)) | \(f(median(cpuTimes) * 1000)) | \(f(median(referenceTimes) * 1000)) | \(f(median(before))) | \(f(median(afterDefault))) | \(f(median(afterExact), 3)) | \(f(median(reference), 3)) | \(f(gaps.max() ?? 0, 3)) | \(f(median(shares) * 100, 2)) % |"
        )
        planRows.append(("\(kind.rawValue) + \(bench) on the bench, default (tolerance 0.5 kg)", plansDefault))
        planRows.append(("\(kind.rawValue) + \(bench) on the bench, tolerance 0", plansExact))
    }

    print("\nThe plans of those runs:\n")
    print(
        "| runs | rosters | paddlers moved by the plans | fewest for the same final arrangements | worst excess on one roster | moves onto a side the paddler does not paddle | pairwise exchanges, minimum from the cycle structure | median paddlers moved | median exchanges |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (label, figures) in planRows {
        print(
            "| \(label) | \(figures.rosters) | \(figures.moved) | \(figures.fewest) | \(figures.worstExcess) | \(figures.wrongSide) | \(figures.exchanges) | \(f(median(figures.movedEach), 1)) | \(f(median(figures.exchangesEach), 1)) |"
        )
    }

    print("\nLong benches (standard boat, `--use-bench`, 5 rosters each, median of \(runs) runs per roster):\n")
    print(
        "| bench | taking part | optimize median (ms) | CPU median (ms) | slowest roster (ms) | arrangements evaluated (median) | imbalance before (kg) | after, default (kg) | after, tolerance 0 (kg) | longer search (kg) | its median (ms) | worst gap, tolerance 0 (kg) |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for bench in [8, 200, 1000] {
        var times: [Double] = []
        var cpuTimes: [Double] = []
        var evaluated: [Double] = []
        var before: [Double] = []
        var afterDefault: [Double] = []
        var afterExact: [Double] = []
        var longer: [Double] = []
        var longerTimes: [Double] = []
        var gaps: [Double] = []
        var considered = 0
        for index in 0..<5 {
            let (lineup, roster) = try randomBoat(.standard, bench: bench, seed: UInt64(7000 + index))
            let rules = CrewRules(.open, kind: .standard)
            var runTimes: [Double] = []
            var runCPU: [Double] = []
            var timed: OptimizerResult?
            for _ in 0..<runs {
                let time = measure {
                    timed = LineupOptimizer.optimize(
                        lineup, roster: roster, model: model, rules: rules, options: OptimizerOptions(useBench: true))
                }
                runTimes.append(time.wall)
                runCPU.append(time.cpu)
            }
            guard let result = timed else { continue }
            times.append(median(runTimes))
            cpuTimes.append(median(runCPU))
            evaluated.append(Double(result.scope.arrangementsEvaluated))
            considered = result.scope.benchConsidered
            let exact = LineupOptimizer.optimize(
                lineup, roster: roster, model: model, rules: rules,
                options: OptimizerOptions(useBench: true, toleranceKg: 0))
            var reference: OptimizerResult?
            longerTimes.append(
                seconds(
                    clock.measure {
                        reference = LineupOptimizer.optimize(
                            lineup, roster: roster, model: model, rules: rules,
                            options: OptimizerOptions(
                                useBench: true, toleranceKg: 0, restarts: 360, seed: 99, benchCandidates: 128))
                    }))
            let referenceValue = min(reference?.afterImbalanceKg ?? .infinity, exact.afterImbalanceKg)
            before.append(result.beforeImbalanceKg)
            afterDefault.append(result.afterImbalanceKg)
            afterExact.append(exact.afterImbalanceKg)
            longer.append(referenceValue)
            gaps.append(exact.afterImbalanceKg - referenceValue)
        }
        print(
            "| \(bench) | \(considered) | \(f(median(times) * 1000)) | \(f(median(cpuTimes) * 1000)) | \(f((times.max() ?? 0) * 1000)) | \(f(median(evaluated), 0)) | \(f(median(before))) | \(f(median(afterDefault))) | \(f(median(afterExact), 3)) | \(f(median(longer), 3)) | \(f(median(longerTimes) * 1000, 0)) | \(f(gaps.max() ?? 0, 3)) |"
        )
    }
}

/// What one objective's exact reference proves about one optimized roster.
struct GapFigures {
    /// The optimizer's value of the objective (tolerance 0).
    var optimized: Double
    /// The optimizer's wall-clock seconds.
    var seconds: Double
    /// A proven floor: no allowed lineup does better (the optimum itself when `proven`).
    var lowerBound: Double
    /// The best value the reference found (it may beat the optimizer: a proven gap).
    var referenceBest: Double
    /// Whether the reference proved its best the optimum.
    var proven: Bool
    var referenceSeconds: Double
}

/// A roster of `randomBoat` with what the seat fit reads (for `strength` and `both`): seat roles, preferred
/// rows for a third, and a strength ranking of half the paddlers on the left and a third on the right.
func fitData(_ roster: [PaddlerID: Paddler], kind: BoatKind, seed: UInt64) -> ([PaddlerID: Paddler], SeatFit) {
    var roster = roster
    var random = SeededRandomGenerator(seed: seed &+ 900)
    let rows = kind.rowCount
    for id in roster.keys.sorted() {
        roster[id]?.role = SeatRole.allCases.randomElement(using: &random) ?? .any
        if Int.random(in: 0..<3, using: &random) == 0 {
            let first = Int.random(in: 1...rows, using: &random)
            roster[id]?.preferredRows = RowSet(first...min(rows, first + Int.random(in: 0...3, using: &random)))
        }
    }
    let ids = roster.keys.sorted()
    let strength = StrengthPlaces(
        left: Array(ids.shuffled(using: &random).prefix(ids.count / 2)),
        right: Array(ids.shuffled(using: &random).prefix(ids.count / 3)))
    return (roster, SeatFit(wantedRoles: .defaults(for: kind), strength: strength))
}

/// An objective the optimizer minimises, with its exact reference:
/// - balance: `ExactBalanceReference` (branch and bound) within a node budget; its root bound is a proven
///   floor where it does not finish.
/// - strength: the seat-fit cost adds one figure per (paddler, seat), so `SeatFitReference` (the Hungarian
///   algorithm, the cost worked out from `SeatFit`'s documented rule) gives its exact least in polynomial
///   time: every roster proven. The imbalance, which only breaks ties between equal fits, is not checked.
/// - both: the imbalance plus the fit is not additive; its floor is the least fit plus the balance floor
///   (each can be no smaller on its own), proven optimal only where the optimizer reaches that sum.
struct Objective {
    var name: String
    var measure: (Lineup, [PaddlerID: Paddler], BoatKind, UInt64) -> GapFigures
}

let nodeBudget = CommandLine.arguments.first { $0.hasPrefix("--nodes=") }.flatMap { Int($0.dropFirst(8)) } ?? 2_000_000

/// The balance reference's answers by roster seed and boat: `both` reads the same rosters' balance floor
/// (the fit data leaves weights, sides and places as they are).
nonisolated(unsafe) var balanceAnswers: [String: (answer: ExactBalanceReference.Answer, seconds: Double)] = [:]

/// The balance reference's answer for a roster.
func balanceReference(_ lineup: Lineup, _ roster: [PaddlerID: Paddler], _ rules: CrewRules, key: String) -> (
    answer: ExactBalanceReference.Answer, seconds: Double
) {
    if let known = balanceAnswers[key] { return known }
    var answer: ExactBalanceReference.Answer?
    let time = measure {
        answer = ExactBalanceReference(lineup: lineup, roster: roster, model: model, rules: rules, useBench: true)
            .solve(nodeBudget: nodeBudget)
    }
    guard let answer else { preconditionFailure("the reference answers") }
    balanceAnswers[key] = (answer, time.wall)
    return (answer, time.wall)
}

/// The fit reference's least cost for a roster.
func fitReference(_ lineup: Lineup, _ roster: [PaddlerID: Paddler], _ rules: CrewRules, _ fit: SeatFit) -> (
    cost: Double, seconds: Double
) {
    var least: Double?
    let time = measure {
        least =
            SeatFitReference(wantedRoles: fit.wantedRoles, strength: fit.strength)
            .least(lineup: lineup, roster: roster, rules: rules, useBench: true)?.costKg
    }
    guard let least else { preconditionFailure("open rules: the fit reference answers") }
    return (least, time.wall)
}

let objectives = [
    Objective(name: "balance (imbalance, kg)") { lineup, roster, kind, seed in
        let rules = CrewRules(.open, kind: kind)
        var result: OptimizerResult?
        let time = measure {
            result = LineupOptimizer.optimize(
                lineup, roster: roster, model: model, rules: rules,
                options: OptimizerOptions(useBench: true, toleranceKg: 0))
        }
        let reference = balanceReference(lineup, roster, rules, key: "\(kind.rawValue) \(seed)")
        let answer = reference.answer
        return GapFigures(
            optimized: result?.afterImbalanceKg ?? .nan, seconds: time.wall,
            lowerBound: answer.isComplete ? answer.imbalanceKg : answer.rootLowerBoundKg,
            referenceBest: answer.imbalanceKg, proven: answer.isComplete, referenceSeconds: reference.seconds)
    },
    Objective(name: "strength (seat fit, kg-equivalents)") { lineup, roster0, kind, seed in
        let rules = CrewRules(.open, kind: kind)
        let (roster, fit) = fitData(roster0, kind: kind, seed: seed)
        var result: OptimizerResult?
        let time = measure {
            result = LineupOptimizer.optimize(
                lineup, roster: roster, model: model, rules: rules,
                options: OptimizerOptions(useBench: true, toleranceKg: 0, objective: .strength), fit: fit)
        }
        let reference = fitReference(lineup, roster, rules, fit)
        return GapFigures(
            optimized: result?.afterFitKg ?? .nan, seconds: time.wall, lowerBound: reference.cost,
            referenceBest: reference.cost, proven: true, referenceSeconds: reference.seconds)
    },
    Objective(name: "both (imbalance + seat fit)") { lineup, roster0, kind, seed in
        let rules = CrewRules(.open, kind: kind)
        let (roster, fit) = fitData(roster0, kind: kind, seed: seed)
        var result: OptimizerResult?
        let time = measure {
            result = LineupOptimizer.optimize(
                lineup, roster: roster, model: model, rules: rules,
                options: OptimizerOptions(useBench: true, toleranceKg: 0, objective: .both), fit: fit)
        }
        let fitLeast = fitReference(lineup, roster, rules, fit)
        let balance = balanceReference(lineup, roster, rules, key: "\(kind.rawValue) \(seed)")
        let balanceFloor = balance.answer.isComplete ? balance.answer.imbalanceKg : balance.answer.rootLowerBoundKg
        let optimized = result.map { $0.afterImbalanceKg + $0.afterFitKg } ?? .nan
        let floor = fitLeast.cost + balanceFloor
        // Proven only where the optimizer reaches the floor; the reference finds no lineup of its own here.
        return GapFigures(
            optimized: optimized, seconds: time.wall, lowerBound: floor, referenceBest: .nan,
            proven: optimized - floor <= 1e-9, referenceSeconds: fitLeast.seconds)
    },
]

print("\nOptimality gap per objective (tolerance 0, `--use-bench`; reference node budget \(nodeBudget)):\n")
print(
    "| objective | boat | rosters | optimize median (ms) | slowest (ms) | optimum proven | optimizer (median) | proven floor (median) | reference best (median) | proven gap, worst | gap bound where not proven, worst | reference median (ms) |"
)
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for objective in objectives {
    for (kind, bench) in [(BoatKind.standard, 8), (.small, 2)] {
        var figures: [GapFigures] = []
        for index in 0..<rosters {
            let (lineup, roster) = try randomBoat(kind, bench: bench, seed: UInt64(1000 + index))
            figures.append(objective.measure(lineup, roster, kind, UInt64(1000 + index)))
        }
        let proven = figures.filter(\.proven)
        // A proven gap: the optimizer against the proven optimum, or against a better lineup the reference found.
        let provenGap = figures.map {
            $0.proven
                ? $0.optimized - $0.lowerBound : ($0.referenceBest < $0.optimized ? $0.optimized - $0.referenceBest : 0)
        }
        let bounds = figures.filter { !$0.proven }.map { $0.optimized - $0.lowerBound }
        print(
            "| \(objective.name) | \(kind.rawValue) + \(bench) | \(figures.count) | \(f(median(figures.map(\.seconds)) * 1000)) | \(f((figures.map(\.seconds).max() ?? 0) * 1000)) | \(proven.count)/\(figures.count) | \(f(median(figures.map(\.optimized)), 4)) | \(f(median(figures.map(\.lowerBound)), 4)) | \(figures.allSatisfy { $0.referenceBest.isNaN } ? "–" : f(median(figures.map(\.referenceBest)), 4)) | \(f(provenGap.max() ?? 0, 6)) | \(bounds.isEmpty ? "–" : f(bounds.max() ?? 0, 4)) | \(f(median(figures.map(\.referenceSeconds)) * 1000, 0)) |"
        )
    }
}
