// Optimizer time and quality on random rosters, timed with Swift's own clock.
//   swift run -c release OptimizerBench [ROSTERS]
// For each boat kind, ROSTERS (default 20) random rosters: a full boat with random weights (50-100 kg),
// sides and sexes, plus a bench (8 for a standard boat: a 30-paddler roster; 2 for a small one). Each is
// optimized as `lineup optimize --use-bench` does (default options) and with tolerance 0; the reference
// is the best of independent runs of the search (tolerance 0, new seeds) for ten times the optimizer's time.
// Printed:
// medians of time, of the imbalance before and after, and the gap to the reference.
import Foundation
import LineupCore

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
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let rosters = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20 : 20
let model = BalanceModel.defaults(for: .standard)
let clock = ContinuousClock()
print(
    "| boat | rosters | optimize median (ms) | reference median (ms) | imbalance before (kg) | after, default (kg) | after, tolerance 0 (kg) | reference (kg) | worst gap, tolerance 0 (kg) | median share of the possible improvement reached | exchanges, default (median) |"
)
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for (kind, bench) in [(BoatKind.standard, 8), (.small, 2)] {
    var times: [Double] = []
    var referenceTimes: [Double] = []
    var before: [Double] = []
    var afterDefault: [Double] = []
    var afterExact: [Double] = []
    var reference: [Double] = []
    var gaps: [Double] = []
    var shares: [Double] = []
    var exchanges: [Double] = []
    for index in 0..<rosters {
        let (lineup, roster) = try randomBoat(kind, bench: bench, seed: UInt64(1000 + index))
        let rules = CrewRules(.open, kind: kind)
        var result: OptimizerResult?
        times.append(
            seconds(
                clock.measure {
                    result = LineupOptimizer.optimize(
                        lineup, roster: roster, model: model, rules: rules, options: OptimizerOptions(useBench: true))
                }))
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
        guard let result else { continue }
        before.append(result.beforeImbalanceKg)
        afterDefault.append(result.afterImbalanceKg)
        afterExact.append(exact.afterImbalanceKg)
        reference.append(referenceValue)
        gaps.append(exact.afterImbalanceKg - referenceValue)
        let possible = result.beforeImbalanceKg - referenceValue
        shares.append(possible > 0 ? (result.beforeImbalanceKg - exact.afterImbalanceKg) / possible : 1)
        exchanges.append(Double(result.exchanges.count))
    }
    func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
    print(
        "| \(kind.rawValue) + \(bench) on the bench | \(rosters) | \(f(median(times) * 1000)) | \(f(median(referenceTimes) * 1000)) | \(f(median(before))) | \(f(median(afterDefault))) | \(f(median(afterExact), 3)) | \(f(median(reference), 3)) | \(f(gaps.max() ?? 0, 3)) | \(f(median(shares) * 100, 2)) % | \(f(median(exchanges), 0)) |"
    )
}
