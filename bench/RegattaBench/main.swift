// The regatta planner's time and quality on full-size random regattas, timed with Swift's own clock.
//   swift run -c release RegattaBench [REGATTAS]
// Each regatta (default 10, seeds 1…): 40 paddlers (20 women, 20 men; a quarter left-only and a quarter
// right-only; 7 able to drum, 7 to steer; weights 50-100 kg), 3 absent and 6 with arrival or departure
// times; 8 races between 09:00 and 16:00 in three crew kinds (standard boats under idbf-mixed rules,
// standard boats under open rules, small boats under women's rules), two pairs of them sharing a crew, and
// two pairs (a standard and a small boat each) closer than the 30-minute gap. Planned with --min-races 3 three ways:
//   greedy       the planner's greedy first plan alone (no annealing), for scale;
//   planner      `lineup regatta plan` as shipped (default options, seed 1);
//   reference    a long randomised search: the planner's annealing with 5x the moves and 8 restarts, run
//                with 3 seeds, the best plan kept (30x the planner's annealing).
// Printed: medians over the regattas of time, broken rules (as `check --regatta` findings, and in the
// planner's own units: each person short or over a limit, each conflict), races short of --min-races, the fairness
// figures (races per available paddler: min, median, max, and the spread max-min), paddlers sitting out,
// and balance (mean imbalance per boat after levelling, kg).
import Foundation
import LineupCore

/// The time `minutes` after midnight, kept within the day.
func clock(_ minutes: Int) -> TimeOfDay {
    guard let time = TimeOfDay(minutes: min(max(minutes, 0), 1439)) else { preconditionFailure("a time of day") }
    return time
}

func randomRegatta(seed: UInt64) throws -> Regatta {
    var random = SeededRandomGenerator(seed: seed)
    var roster: [PaddlerID: Paddler] = [:]
    let ids = (1...40).map { PaddlerID($0) }
    for id in ids {
        let sides: [SidePreference] = [.either, .either, .left, .right]
        roster[id] = Paddler(
            id: id, name: "P\(id)", weightKg: Double(Int.random(in: 100...200, using: &random)) / 2,
            sex: id <= 20 ? .female : .male, side: sides.randomElement(using: &random) ?? .either)
    }
    for id in ids.shuffled(using: &random).prefix(7) { roster[id]?.canDrum = true }
    for id in ids.shuffled(using: &random).prefix(7) { roster[id]?.canSteer = true }
    var availability: [PaddlerID: Availability] = [:]
    let shuffled = ids.shuffled(using: &random)
    for id in shuffled.prefix(3) { availability[id] = .absent }
    for id in shuffled.dropFirst(3).prefix(3) { availability[id] = .window(from: clock(11 * 60), until: nil) }
    for id in shuffled.dropFirst(6).prefix(3) { availability[id] = .window(from: nil, until: clock(13 * 60)) }

    let kinds: [(BoatKind, RulesPreset)] = [(.standard, .idbfMixed), (.standard, .open), (.small, .women)]
    var boats: [Regatta.Boat] = []
    var races: [Regatta.Race] = []
    // Eight races: six boats, two of which race twice (a heat and its final with the same crew).
    var starts = (0..<8).map { _ in 9 * 60 + 10 * Int.random(in: 0...42, using: &random) }
    // Two pairs closer than the gap, each a standard and a small boat: enough paddlers for both, if the
    // planner shares them out well.
    starts[2] = starts[0] + 20
    starts[5] = starts[3] + 15
    for index in 0..<6 {
        let (kind, preset) = kinds[index % 3]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        for (position, id) in ids.enumerated() { placements.append((id, .bench(position: position + 1))) }
        boats.append(Regatta.Boat(name: "Boat \(index + 1)", lineup: try Lineup(kind: kind, placements: placements)))
        races.append(
            Regatta.Race(
                name: "Race \(index + 1)", start: clock(starts[index]),
                boat: index, rules: CrewRules(preset, kind: kind)))
    }
    for (offset, boat) in [0, 2].enumerated() {
        let start = max(starts[6 + offset], races[boat].start.minutes + 120)
        races.append(
            Regatta.Race(
                name: "Final \(offset + 1)", start: clock(min(start, 1400)),
                boat: boat, rules: races[boat].rules))
    }
    return Regatta(
        name: "Bench \(seed)", date: "2026-06-13", races: races, boats: boats, roster: roster,
        availability: availability)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

struct Measure {
    var time: [Double] = []
    var broken: [Double] = []
    var units: [Double] = []
    var kept = 0
    var short: [Double] = []
    var minimum: [Double] = []
    var middle: [Double] = []
    var maximum: [Double] = []
    var spread: [Double] = []
    var sittingOut: [Double] = []
    var imbalance: [Double] = []

    mutating func add(_ plan: RegattaPlan, time: Double) {
        self.time.append(time)
        let regatta = plan.regatta
        let rules =
            regatta.restConflicts().count + regatta.availabilityConflicts().count
            + regatta.races.indices.map { regatta.ruleFindings(of: $0).filter { $0.severity == .violation }.count }
            .reduce(0, +)
        broken.append(Double(rules))
        units.append(Double(plan.score.brokenRules))
        if rules == 0 { kept += 1 }
        short.append(Double(plan.score.racesShort))
        let fairness = regatta.fairness()
        minimum.append(Double(fairness.minimum))
        middle.append(fairness.median)
        maximum.append(Double(fairness.maximum))
        spread.append(Double(fairness.maximum - fairness.minimum))
        sittingOut.append(Double(fairness.sittingOut.count))
        let weights = regatta.roster.compactMapValues(\.weightKg)
        let used = Set(regatta.races.map(\.boat))
        let values = used.map { index in
            let boat = regatta.boats[index]
            return boat.lineup.balanceMoments(weights: weights, model: boat.balanceModel)
                .imbalanceKg(boat.balanceModel, kind: boat.lineup.kind)
        }
        imbalance.append(values.reduce(0, +) / Double(max(1, values.count)))
    }
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 10 : 10
let stopwatch = ContinuousClock()
var greedy = Measure()
var planner = Measure()
var reference = Measure()
for seed in 1...UInt64(count) {
    let regatta = try randomRegatta(seed: seed)
    var plan: RegattaPlan?
    let greedyOptions = RegattaPlanOptions(minimumRaces: 3, seed: seed, iterations: 0, restarts: 1)
    greedy.add(RegattaPlanner.plan(regatta, options: greedyOptions), time: 0)
    let elapsed = stopwatch.measure {
        plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(minimumRaces: 3))
    }
    if let plan { planner.add(plan, time: seconds(elapsed)) }
    var best: RegattaPlan?
    let started = stopwatch.now
    for run in 1...3 {
        let options = RegattaPlanOptions(
            minimumRaces: 3, seed: seed * 1000 + UInt64(run), iterations: RegattaPlanOptions().iterations * 5,
            restarts: 8)
        let candidate = RegattaPlanner.plan(regatta, options: options)
        if best.map({ candidate.score < $0.score }) ?? true { best = candidate }
    }
    if let best { reference.add(best, time: seconds(stopwatch.now - started)) }
    FileHandle.standardError.write(
        Data(
            "regatta \(seed): planner \(planner.time.last ?? 0) s, broken \(planner.broken.last ?? 0); reference broken \(reference.broken.last ?? 0)\n"
                .utf8))
}
func f(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
print(
    "| method | regattas | time, median (ms) | every rule kept | broken rules (findings), median | broken-rule units (planner's measure), median | races short of 3, median | races per paddler: min / median / max (medians) | spread max-min, median | sitting out, median | imbalance per boat, median (kg) |"
)
print("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|")
for (name, measure) in [
    ("greedy start only", greedy), ("planner (shipped)", planner), ("reference (long search)", reference),
] {
    print(
        "| \(name) | \(count) | \(name.hasPrefix("greedy") ? "–" : f(median(measure.time) * 1000, 0)) | \(measure.kept)/\(count) | \(f(median(measure.broken))) | \(f(median(measure.units))) | \(f(median(measure.short))) | \(f(median(measure.minimum))) / \(f(median(measure.middle))) / \(f(median(measure.maximum))) | \(f(median(measure.spread))) | \(f(median(measure.sittingOut))) | \(f(median(measure.imbalance), 2)) |"
    )
}
