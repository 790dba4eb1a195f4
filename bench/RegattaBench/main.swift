// The regatta planner's time and quality on full-size random regattas, timed with Swift's own clock.
//   swift run -c release RegattaBench [REGATTAS] [PADDLERS] [RACES] [REFERENCE-RUNS]
// Each regatta (default 10, seeds 1…; default 40 paddlers and 8 races): paddlers half women, half men (a
// quarter left-only and a quarter right-only; 7 in 40 able to drum, 7 in 40 to steer; weights 50-100 kg),
// 3 in 40 absent and 6 in 40 with arrival or departure times; races between 09:00 and 16:00 in three crew
// kinds (standard boats under idbf-mixed rules, standard boats under open rules, small boats under women's
// rules), a quarter of them finals raced by the crew of an earlier race, and in every six boats two pairs
// (a standard and a small boat each) closer than the 30-minute gap. With 40 and 8 this is the same
// regatta as before the sizes were added. Planned with --min-races 3 four ways:
//   greedy       the planner's greedy first plan alone (no annealing), for scale;
//   planner      `lineup regatta plan` as shipped (default options, seed 1; no time limit: the bench
//                measures the search's fixed budget);
//   search only  the same without levelling the boats (the optimizer's share of the time);
//   reference    a long randomised search: the planner's annealing with 5x the moves and 8 restarts, run
//                with 3 seeds, the best plan kept (30x the planner's annealing).
// With a fifth argument ANSWERED (a percentage, 0 by default), that share of the paddlers also answered for
// themselves: a fifth of them maybe for every race, a fifth out of one race, the rest in; the planner is then
// timed once more on the regatta with those answers ("planner, N% answered").
// Printed: medians over the regattas of time, broken rules (as `check --regatta` findings, and in the
// planner's own units: each person short or over a limit, each conflict), races short of --min-races, the fairness
// figures (races per available paddler: min, median, max, and the spread max-min), paddlers sitting out,
// balance (mean imbalance per boat after levelling, kg), and rows left empty in front of a taken row.
// With --bound-only (after the numbers), only the planner's plan (not levelled: the score does not read the
// balance) against lower bounds of `RegattaReference` that hold for every plan keeping the rules: term by term
// in `PlanScore`'s order, the first term where the plan is above its bound, or "proven best" when it meets
// every bound (see bench/RESULTS.md).
import Foundation
import LineupCore
import LineupReferences

/// The time `minutes` after midnight, kept within the day.
func clock(_ minutes: Int) -> TimeOfDay {
    guard let time = TimeOfDay(minutes: min(max(minutes, 0), 1439)) else { preconditionFailure("a time of day") }
    return time
}

func randomRegatta(seed: UInt64, people: Int, races raceCount: Int) throws -> Regatta {
    var random = SeededRandomGenerator(seed: seed)
    var roster: [PaddlerID: Paddler] = [:]
    let ids = (1...people).map { PaddlerID($0) }
    for id in ids {
        let sides: [SidePreference] = [.either, .either, .left, .right]
        roster[id] = Paddler(
            id: id, name: "P\(id)", weightKg: Double(Int.random(in: 100...200, using: &random)) / 2,
            sex: Int(id) <= people / 2 ? .female : .male, side: sides.randomElement(using: &random) ?? .either)
    }
    let share = { (count: Int) in max(1, people * count / 40) }
    for id in ids.shuffled(using: &random).prefix(share(7)) { roster[id]?.canDrum = true }
    for id in ids.shuffled(using: &random).prefix(share(7)) { roster[id]?.canSteer = true }
    var availability: [PaddlerID: Availability] = [:]
    let shuffled = ids.shuffled(using: &random)
    for id in shuffled.prefix(share(3)) { availability[id] = .absent }
    for id in shuffled.dropFirst(share(3)).prefix(share(3)) {
        availability[id] = .window(from: clock(11 * 60), until: nil)
    }
    for id in shuffled.dropFirst(2 * share(3)).prefix(share(3)) {
        availability[id] = .window(from: nil, until: clock(13 * 60))
    }

    let kinds: [(BoatKind, RulesPreset)] = [(.standard, .idbfMixed), (.standard, .open), (.small, .women)]
    var boats: [Regatta.Boat] = []
    var races: [Regatta.Race] = []
    // A quarter of the races are finals raced by an earlier race's boat (a heat and its final, one crew).
    let boatCount = raceCount - raceCount / 4
    var starts = (0..<raceCount).map { _ in 9 * 60 + 10 * Int.random(in: 0...42, using: &random) }
    // In every six boats two pairs closer than the gap, each a standard and a small boat: enough paddlers
    // for both, if the planner shares them out well.
    for block in stride(from: 0, to: boatCount, by: 6) {
        if block + 2 < boatCount { starts[block + 2] = starts[block] + 20 }
        if block + 5 < boatCount { starts[block + 5] = starts[block + 3] + 15 }
    }
    for index in 0..<boatCount {
        let (kind, preset) = kinds[index % 3]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        for (position, id) in ids.enumerated() { placements.append((id, .bench(position: position + 1))) }
        boats.append(Regatta.Boat(name: "Boat \(index + 1)", lineup: try Lineup(kind: kind, placements: placements)))
        races.append(
            Regatta.Race(
                name: "Race \(index + 1)", start: clock(starts[index]),
                boat: index, rules: CrewRules(preset, kind: kind)))
    }
    for offset in 0..<(raceCount - boatCount) {
        let boat = (offset / 2) * 6 + (offset % 2) * 2
        let start = max(starts[boatCount + offset], races[boat].start.minutes + 120)
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
    var frontGaps: [Double] = []

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
        // Rows with no paddler in front of a row with one: a crew not seated from the front.
        frontGaps.append(
            Double(
                used.map { index in
                    let lineup = regatta.boats[index].lineup
                    let taken = (1...lineup.kind.rowCount).map { row in
                        lineup[.left(row: row)] != nil || lineup[.right(row: row)] != nil
                    }
                    let last = taken.lastIndex(of: true) ?? -1
                    return taken.prefix(max(0, last)).filter { !$0 }.count
                }.reduce(0, +)))
    }
}

/// `regatta` with `percent` of its paddlers answering for themselves (see the top of the file).
func withAnswers(_ regatta: Regatta, seed: UInt64, percent: Int) -> Regatta {
    var random = SeededRandomGenerator(seed: seed &+ 7)
    var answered = regatta
    let ids = regatta.roster.keys.sorted().shuffled(using: &random)
    let answering = ids.prefix(ids.count * percent / 100)
    for (index, id) in answering.enumerated() {
        answered.answers.answered.insert(id)
        switch index % 5 {
        case 0: answered.answers.maybes[id] = Set(regatta.races.map(\.name))
        case 1:
            let race = regatta.races[Int(random.next() % UInt64(regatta.races.count))].name
            answered.answers.raceOuts[id] = [race: .paddler]
        default: break
        }
    }
    return answered
}

let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
let count = arguments.first.flatMap { $0 } ?? 10
let people = arguments.dropFirst().first.flatMap { $0 } ?? 40
let raceCount = arguments.dropFirst(2).first.flatMap { $0 } ?? 8
// 0 leaves the long reference search out (on large regattas it takes many minutes).
let referenceRuns = arguments.dropFirst(3).first.flatMap { $0 } ?? 3
let answeredPercent = arguments.dropFirst(4).first.flatMap { $0 } ?? 0
let stopwatch = ContinuousClock()

/// The plan's terms against the reference's bounds in `PlanScore`'s order: the first term above its bound
/// (name, plan, bound), or nil when the plan meets every bound and so has the least score there is.
func firstGap(_ score: PlanScore, _ bounds: RegattaReference.Bounds) -> (term: String, plan: Int, bound: Int?)? {
    let terms: [(String, Int, Int?)] = [
        ("same-time races", score.sameTimeRaces, 0), ("sex rule", score.sexRuleBreaks, 0),
        ("missing steerers", score.missingSteerers, 0), ("missing drummers", score.missingDrummers, 0),
        ("paddlers short", score.paddlersShort, 0), ("rest breaks", score.restBreaks, 0),
        ("over --max-races", score.overMaximumRaces, 0), ("required fit", score.requiredFitBreaks, 0),
        ("mismatches", score.mismatches, 0), ("unweighed ends", score.unweighedEnds, 0),
        ("races short", score.racesShort, bounds.racesShort), ("empty seats", score.emptySeats, bounds.emptySeats),
        ("maybe seats", score.maybeSeats, 0),
        ("sum of squared races", score.sumOfSquaredRaces, bounds.sumOfSquaredRaces[safe: score.emptySeats] ?? nil),
        ("changes", score.changes, bounds.changes[safe: score.emptySeats] ?? nil),
    ]
    for (name, value, bound) in terms where bound.map({ value > $0 }) ?? true { return (name, value, bound) }
    return nil
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

if CommandLine.arguments.contains("--bound-only") {
    print("\(people) paddlers, \(raceCount) races: the planner (--min-races 3, not levelled) against the bounds")
    print(
        "| regatta | plan time (ms) | broken rules | races short (plan / bound) | empty seats (plan / bound) | sum of squared races (plan / bound) | changes (plan / bound) | first term above its bound |"
    )
    print("|---:|---:|---:|---|---|---|---|---|")
    var proven = 0
    for seed in 1...UInt64(count) {
        let regatta = try randomRegatta(seed: seed, people: people, races: raceCount)
        var plan: RegattaPlan?
        let elapsed = stopwatch.measure {
            plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(minimumRaces: 3, balances: false))
        }
        guard let plan, let reference = RegattaReference(regatta: regatta, minimumRaces: 3, maximumRaces: nil) else {
            continue
        }
        // The reference scores the plan's crews itself: its reading must agree with the planner's.
        let read = reference.score(reference.crews(of: plan.regatta))
        let bounds = reference.bounds()
        let gap = firstGap(plan.score, bounds)
        if gap == nil { proven += 1 }
        let empty = plan.score.emptySeats
        let squares = bounds.sumOfSquaredRaces[safe: empty].flatMap { $0 }.map(String.init) ?? "–"
        let changes = bounds.changes[safe: empty].flatMap { $0 }.map(String.init) ?? "–"
        let verdict =
            gap.map { "\($0.term): \($0.plan) against \($0.bound.map(String.init) ?? "no bound")" }
            ?? "none: proven best"
        print(
            "| \(seed) | \(f(seconds(elapsed) * 1000, 0)) | \(plan.score.brokenRules) | \(plan.score.racesShort) / \(bounds.racesShort) | \(empty) / \(bounds.emptySeats) | \(plan.score.sumOfSquaredRaces) / \(squares) | \(plan.score.changes) / \(changes) | \(verdict)\(read == plan.score ? "" : " (the reference reads the plan's score differently)") |"
        )
    }
    print("\nProven best: \(proven) of \(count)")
    exit(0)
}
var greedy = Measure()
var planner = Measure()
var searchOnly = Measure()
var reference = Measure()
var answered = Measure()
// A re-plan after one change: the shipped plan written, then one paddler seated in it drops out; planned again
// keeping the seated crews (the default) and freely. People who change place, and the plans' quality.
var replanMoved: [String: [Double]] = [:]
// The same, counted only on the regattas whose written plan kept every rule (elsewhere a re-plan also moves
// people to mend what the first plan could not).
var replanMovedKept: [String: [Double]] = [:]
// Present people (seated before and after) who change seat, and of them those who change side.
var replanSeatMoves: [String: [Double]] = [:]
var replanSideMoves: [String: [Double]] = [:]
var replanKept = Measure()
var replanFree = Measure()
for seed in 1...UInt64(count) {
    let regatta = try randomRegatta(seed: seed, people: people, races: raceCount)
    let greedyOptions = RegattaPlanOptions(minimumRaces: 3, seed: seed, iterations: 0, restarts: 1)
    greedy.add(RegattaPlanner.plan(regatta, options: greedyOptions), time: 0)
    var plan: RegattaPlan?
    let elapsed = stopwatch.measure {
        plan = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(minimumRaces: 3))
    }
    if let plan {
        planner.add(plan, time: seconds(elapsed))
        var written = plan.regatta
        var random = SeededRandomGenerator(seed: seed &+ 99)
        let seated = Set(written.races.map(\.boat)).sorted().flatMap { boat in
            Place.seats(of: written.boats[boat].lineup.kind).compactMap { written.boats[boat].lineup[$0] }
        }
        if let leaving = Array(Set(seated)).sorted().randomElement(using: &random) {
            written.availability[leaving] = .absent
            for (name, keeps) in [("kept", true), ("free", false)] {
                var replanned: RegattaPlan?
                let time = stopwatch.measure {
                    replanned = RegattaPlanner.plan(
                        written, options: RegattaPlanOptions(minimumRaces: 3, keepsSeated: keeps))
                }
                guard let replanned else { continue }
                let moved = written.crewChanges(to: replanned.regatta, boats: replanned.changedBoats)
                    .map(\.peopleMoved).reduce(0, +)
                replanMoved[name, default: []].append(Double(moved))
                let seatMoves = written.crewChanges(to: replanned.regatta, boats: replanned.changedBoats)
                    .flatMap(\.moved)
                let sideMoves = seatMoves.filter { move in
                    let sides = [move.from, move.to].map { place -> Int in
                        if case .left = place { return 0 }
                        if case .right = place { return 1 }
                        return 2
                    }
                    return sides[0] != 2 && sides[1] != 2 && sides[0] != sides[1]
                }
                replanSeatMoves[name, default: []].append(Double(seatMoves.count))
                replanSideMoves[name, default: []].append(Double(sideMoves.count))
                if planner.broken.last == 0 { replanMovedKept[name, default: []].append(Double(moved)) }
                if keeps {
                    replanKept.add(replanned, time: seconds(time))
                } else {
                    replanFree.add(replanned, time: seconds(time))
                }
            }
        }
    }
    var unbalanced: RegattaPlan?
    let searchTime = stopwatch.measure {
        unbalanced = RegattaPlanner.plan(regatta, options: RegattaPlanOptions(minimumRaces: 3, balances: false))
    }
    if let unbalanced { searchOnly.add(unbalanced, time: seconds(searchTime)) }
    if answeredPercent > 0 {
        let asked = withAnswers(regatta, seed: seed, percent: answeredPercent)
        var answeredPlan: RegattaPlan?
        let answeredTime = stopwatch.measure {
            answeredPlan = RegattaPlanner.plan(asked, options: RegattaPlanOptions(minimumRaces: 3))
        }
        if let answeredPlan { answered.add(answeredPlan, time: seconds(answeredTime)) }
    }
    var best: RegattaPlan?
    let started = stopwatch.now
    for run in 0..<referenceRuns {
        let options = RegattaPlanOptions(
            minimumRaces: 3, seed: seed * 1000 + UInt64(run + 1),
            iterations: (plan?.iterationsPerRestart ?? 30_000) * 5,
            restarts: 8)
        let candidate = RegattaPlanner.plan(regatta, options: options)
        if best.map({ candidate.score < $0.score }) ?? true { best = candidate }
    }
    if let best { reference.add(best, time: seconds(stopwatch.now - started)) }
    FileHandle.standardError.write(
        Data(
            "regatta \(seed): planner \(planner.time.last ?? 0) s (search \(searchOnly.time.last ?? 0) s), broken \(planner.broken.last ?? 0); reference broken \(reference.broken.last ?? 0)\n"
                .utf8))
}
func f(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
print("\(people) paddlers, \(raceCount) races")
print(
    "| method | regattas | time, median (ms) | every rule kept | broken rules (findings), median | broken-rule units (planner's measure), median | races short of 3, median | races per paddler: min / median / max (medians) | spread max-min, median | sitting out, median | imbalance per boat, median (kg) | empty rows in front of a taken row, total |"
)
print("|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|")
for (name, measure) in [
    ("greedy start only", greedy), ("planner (shipped)", planner), ("search only, not levelled", searchOnly),
    ("planner, \(answeredPercent)% answered", answered), ("reference (long search)", reference),
] where !measure.time.isEmpty || name.hasPrefix("greedy") {
    print(
        "| \(name) | \(count) | \(name.hasPrefix("greedy") ? "–" : f(median(measure.time) * 1000, 0)) | \(measure.kept)/\(count) | \(f(median(measure.broken))) | \(f(median(measure.units))) | \(f(median(measure.short))) | \(f(median(measure.minimum))) / \(f(median(measure.middle))) / \(f(median(measure.maximum))) | \(f(median(measure.spread))) | \(f(median(measure.sittingOut))) | \(f(median(measure.imbalance), 2)) | \(Int(measure.frontGaps.reduce(0, +))) |"
    )
}
print("")
print("Re-plan after one seated paddler drops out (the shipped plan written first):")
print(
    "| re-plan | regattas | people who change place, median (min–max) | the same where the written plan kept every rule | present people who change seat, median (max) | of them changing side, median (max) | time, median (ms) | every rule kept | broken rules (findings), median | imbalance per boat, median (kg) | empty rows in front of a taken row, total |"
)
print("|---|---:|---|---|---|---|---:|---:|---:|---:|---:|")
for (name, label, measure) in [
    ("kept", "keeping seated crews (default)", replanKept), ("free", "--replan-freely", replanFree),
] where !measure.time.isEmpty {
    let moved = replanMoved[name] ?? []
    let clean = replanMovedKept[name] ?? []
    let seatMoves = replanSeatMoves[name] ?? []
    let sideMoves = replanSideMoves[name] ?? []
    print(
        "| \(label) | \(measure.time.count) | \(f(median(moved), 0)) (\(f(moved.min() ?? 0, 0))–\(f(moved.max() ?? 0, 0))) | \(f(median(clean), 0)) (\(f(clean.min() ?? 0, 0))–\(f(clean.max() ?? 0, 0)), \(clean.count) regattas) | \(f(median(seatMoves), 0)) (\(f(seatMoves.max() ?? 0, 0))) | \(f(median(sideMoves), 0)) (\(f(sideMoves.max() ?? 0, 0))) | \(f(median(measure.time) * 1000, 0)) | \(measure.kept)/\(measure.time.count) | \(f(median(measure.broken))) | \(f(median(measure.imbalance), 2)) | \(Int(measure.frontGaps.reduce(0, +))) |"
    )
}

// A coach's day: 26 paddlers (13 women, 13 men, weights 55-95 kg), a mixed heat at 09:00 and its final at
// 11:00 in their own standard boats, seated by a plan and written; then one paddler of the heat arrives at
// 10:00 and the day is planned again keeping seated crews. Counted in the heat: present people who change
// seat, of them those who change side, and the heat's imbalance before and after (kg).
print("")
print("Heat and final, 26 paddlers, one heat paddler late, re-planned keeping seated crews (seeds 1-\(count)):")
print("| seed | present people who change seat | of them changing side | heat imbalance before → after (kg) |")
print("|---:|---:|---:|---|")
for seed in 1...UInt64(count) {
    var random = SeededRandomGenerator(seed: seed)
    var roster: [PaddlerID: Paddler] = [:]
    for index in 0..<26 {
        let id = PaddlerID(index + 1)
        roster[id] = Paddler(
            id: id, name: "P\(index + 1)", weightKg: Double(Int.random(in: 110...190, using: &random)) / 2,
            sex: index < 13 ? .female : .male)
    }
    let ids = roster.keys.sorted()
    let bench = try Lineup(
        kind: .standard,
        placements: ids.enumerated().map { (paddler: $0.element, place: .bench(position: $0.offset + 1)) })
    var day = Regatta(
        name: "Cup", date: "2026-06-13", minimumGapMinutes: 30,
        races: [
            Regatta.Race(name: "Heat", start: clock(9 * 60), boat: 0, rules: CrewRules(.idbfMixed, kind: .standard)),
            Regatta.Race(name: "Final", start: clock(11 * 60), boat: 1, rules: CrewRules(.idbfMixed, kind: .standard)),
        ],
        boats: [Regatta.Boat(name: "Heat", lineup: bench), Regatta.Boat(name: "Final", lineup: bench)], roster: roster)
    day.boats = RegattaPlanner.plan(day, options: RegattaPlanOptions(seed: seed)).regatta.boats
    let rowSeats = Place.seats(of: .standard).filter { $0.row != nil }
    guard let late = day.boats[0].lineup[rowSeats[Int(seed * 3) % rowSeats.count]] else { continue }
    var changed = day
    changed.availability[late] = .window(from: clock(10 * 60), until: nil)
    let replanned = RegattaPlanner.plan(changed, options: RegattaPlanOptions(keepsSeated: true, seed: seed))
    let moves = changed.crewChanges(to: replanned.regatta, boats: [0]).flatMap(\.moved)
    let sides = moves.filter { move in
        if case .left = move.from, case .right = move.to { return true }
        if case .right = move.from, case .left = move.to { return true }
        return false
    }
    let weights = roster.compactMapValues(\.weightKg)
    let model = day.boats[0].balanceModel
    let imbalance = { (lineup: Lineup) in
        lineup.balanceMoments(weights: weights, model: model).imbalanceKg(model, kind: lineup.kind)
    }
    print(
        "| \(seed) | \(moves.count) | \(sides.count) | \(f(imbalance(day.boats[0].lineup))) → \(f(imbalance(replanned.regatta.boats[0].lineup))) |"
    )
}
