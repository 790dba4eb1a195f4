/// The complete search: every boat's possible crews are listed (those that keep the boat's own rules),
/// then boats are given crews one at a time, the boat with the fewest crews still possible first. After
/// each choice the crews of the other boats that would put someone in two races too close together, or
/// over `--max-races`, are struck out (forward checking); a boat left with none ends that branch, and so
/// does a branch whose lower bound on the score is no better than the best plan found.
extension PlanningModel {
    /// A possible crew of one boat, with the people in it as a bit mask and its own part of the score.
    struct PossibleCrew {
        var choice: CrewChoice
        var mask: UInt64
        var score: PlanScore
    }

    /// Every crew of boat `index` that keeps its own rules; nil when there would be more than `limit` to try.
    func possibleCrews(of index: Int, limit: Int) -> [PossibleCrew]? {
        let boat = boats[index]
        let drummers: [Int?] = boat.drummerOpen ? boat.candidates.map { $0 } : [nil]
        let steerers: [Int?] = boat.steererOpen ? boat.candidates.map { $0 } : [nil]
        let lowest = max(0, boat.lowest - boat.fixedRowCount)
        let highest = min(boat.highest - boat.fixedRowCount, boat.openLeft + boat.openRight)
        guard lowest <= highest else { return [] }
        // Estimated in floating point: the count can be astronomically large for a full standard boat.
        var estimate = 0.0
        let pool = max(0, boat.candidates.count - (boat.drummerOpen ? 1 : 0) - (boat.steererOpen ? 1 : 0))
        for size in lowest...highest { estimate += binomial(pool, size) }
        estimate *= Double(max(1, drummers.count)) * Double(max(1, steerers.count))
        guard estimate <= Double(limit) else { return nil }

        var fixedMask: UInt64 = 0
        for person in boat.fixedMembers { fixedMask |= 1 << UInt64(person) }
        var crews: [PossibleCrew] = []
        for drummer in drummers {
            for steerer in steerers where steerer == nil || steerer != drummer {
                let pool = boat.candidates.filter { $0 != drummer && $0 != steerer }
                for size in lowest...highest {
                    forEachCombination(of: pool, size: size) { rows in
                        let choice = CrewChoice(drummer: drummer, steerer: steerer, rows: rows)
                        let score = boatScore(index, choice)
                        guard score.brokenRules == 0 else { return }
                        var mask = fixedMask
                        for person in [drummer, steerer].compactMap({ $0 }) + rows { mask |= 1 << UInt64(person) }
                        crews.append(PossibleCrew(choice: choice, mask: mask, score: score))
                    }
                }
            }
        }
        return crews
    }

    /// The best plan that keeps every rule, and whether the search finished (so that no better plan, or
    /// when `best` is nil no plan at all, exists); nil when the regatta is too large to search completely.
    func exhaustiveSearch(budget: SearchBudget) -> (best: [CrewChoice]?, complete: Bool)? {
        guard people.count <= 64 else { return nil }
        var lists: [[PossibleCrew]] = []
        for index in boats.indices {
            guard let crews = possibleCrews(of: index, limit: options.exhaustiveCrewLimit) else { return nil }
            lists.append(crews)
        }
        guard !lists.contains(where: \.isEmpty) else { return (nil, true) }
        budget.begin(budget: options.exhaustiveNodeLimit, from: 0, to: 0.3)
        var search = ExhaustiveSearch(model: self, lists: lists, budget: budget)
        search.run()
        return (search.best, search.complete)
    }

    private func binomial(_ n: Int, _ k: Int) -> Double {
        guard k >= 0, k <= n else { return 0 }
        var result = 1.0
        for step in 0..<min(k, n - k) { result = result * Double(n - step) / Double(step + 1) }
        return result
    }

    private func forEachCombination(of items: [Int], size: Int, _ body: ([Int]) -> Void) {
        guard size <= items.count else { return }
        var indices = Array(0..<size)
        while true {
            body(indices.map { items[$0] })
            var position = size - 1
            while position >= 0 && indices[position] == items.count - size + position { position -= 1 }
            guard position >= 0 else { return }
            indices[position] += 1
            for next in (position + 1)..<size { indices[next] = indices[next - 1] + 1 }
        }
    }
}

/// The state of the complete search.
struct ExhaustiveSearch {
    let model: PlanningModel
    let lists: [[PlanningModel.PossibleCrew]]
    var chosen: [Int?]
    var races: [Int]
    /// People who may not join each boat: they race a boat whose races are too close to its own.
    var blocked: [UInt64]
    var partial = PlanScore()
    /// Crews looked at so far, against `exhaustiveNodeLimit`.
    var work = 0
    let budget: SearchBudget
    var complete = true
    var best: [CrewChoice]?
    var bestScore: PlanScore?

    init(model: PlanningModel, lists: [[PlanningModel.PossibleCrew]], budget: SearchBudget) {
        self.model = model
        self.lists = lists
        self.budget = budget
        chosen = Array(repeating: nil, count: lists.count)
        races = Array(repeating: 0, count: model.people.count)
        blocked = Array(repeating: 0, count: lists.count)
    }

    mutating func run() { visit() }

    /// People who would go over `--max-races` by joining boat `index`.
    private func overLimit(_ index: Int) -> UInt64 {
        guard let maximum = model.options.maximumRaces else { return 0 }
        var mask: UInt64 = 0
        for person in races.indices where races[person] + model.boats[index].weight > maximum {
            mask |= 1 << UInt64(person)
        }
        return mask
    }

    private mutating func visit() {
        guard complete else { return }
        let remaining = lists.indices.filter { chosen[$0] == nil }
        if remaining.isEmpty {
            var score = partial
            model.addCountTerms(races, to: &score)
            for carry in model.carries {
                guard let first = chosen[carry.earlier], let second = chosen[carry.later] else { continue }
                let (early, late) = (lists[carry.earlier][first].mask, lists[carry.later][second].mask)
                score.carryBreaks += carry.breaks(
                    inEarlier: { early & (1 << UInt64($0)) != 0 }, inLater: { late & (1 << UInt64($0)) != 0 })
            }
            if bestScore.map({ score < $0 }) ?? true {
                bestScore = score
                best = lists.indices.compactMap { index in chosen[index].map { lists[index][$0].choice } }
            }
            return
        }
        // Forward checking, and the bound: each remaining boat's best own score among the crews still open.
        var open: [Int: [Int]] = [:]
        var bound = partial
        var potential = [Int](repeating: 0, count: races.count)
        for index in remaining {
            let forbidden = blocked[index] | overLimit(index)
            work += lists[index].count
            if work > model.options.exhaustiveNodeLimit || !budget.spend(lists[index].count) {
                complete = false
                return
            }
            let crews = lists[index].indices.filter { lists[index][$0].mask & forbidden == 0 }
            guard !crews.isEmpty else { return }
            open[index] = crews
            var union: UInt64 = 0
            var maybes = Int.max
            var mismatches = Int.max
            var unweighed = Int.max
            var empty = Int.max
            var changes = Int.max
            for crew in crews {
                let score = lists[index][crew].score
                maybes = min(maybes, score.maybeSeats)
                mismatches = min(mismatches, score.mismatches)
                unweighed = min(unweighed, score.unweighedEnds)
                empty = min(empty, score.emptySeats)
                changes = min(changes, score.changes)
                union |= lists[index][crew].mask
            }
            bound.mismatches += mismatches
            bound.maybeSeats += maybes
            bound.unweighedEnds += unweighed
            bound.emptySeats += empty
            bound.changes += changes
            for person in potential.indices where union & (1 << UInt64(person)) != 0 {
                potential[person] += model.boats[index].weight
            }
        }
        var least = 0
        for index in remaining {
            let boat = model.boats[index]
            let places =
                max(0, boat.lowest - boat.fixedRowCount) + (boat.drummerOpen ? 1 : 0) + (boat.steererOpen ? 1 : 0)
            least += places * boat.weight
        }
        var counts: [(races: Int, room: Int)] = []
        for person in races.indices where model.counted[person] {
            if let minimum = model.options.minimumRaces {
                bound.racesShort += max(0, minimum - races[person] - potential[person])
            }
            counts.append((races[person], potential[person]))
        }
        // The remaining boats add at least `least` races among the people who can still join them; the sum
        // of squares is smallest when each race goes to whoever has fewest (a lower bound on the real one).
        while least > 0 {
            guard
                let next = counts.indices.filter({ counts[$0].room > 0 }).min(by: {
                    counts[$0].races < counts[$1].races
                })
            else { return }
            counts[next].races += 1
            counts[next].room -= 1
            least -= 1
        }
        bound.sumOfSquaredRaces += counts.reduce(0) { $0 + $1.races * $1.races }
        if let bestScore, !(bound < bestScore) { return }

        guard let index = remaining.min(by: { (open[$0]?.count ?? 0) < (open[$1]?.count ?? 0) }),
            let crews = open[index]
        else { return }
        // The most promising crews first: the best own score, then people with the fewest races so far.
        let ordered = crews.map { crew -> (Int, PlanScore, Int) in
            let load = model.people.indices.reduce(0) { sum, person in
                lists[index][crew].mask & (1 << UInt64(person)) != 0 ? sum + races[person] : sum
            }
            return (crew, lists[index][crew].score, load)
        }.sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.2 < $1.2) }

        let weight = model.boats[index].weight
        for (crew, score, _) in ordered {
            let mask = lists[index][crew].mask
            let savedBlocked = blocked
            let savedPartial = partial
            for other in remaining where model.tooClose[index][other] { blocked[other] |= mask }
            for person in races.indices where mask & (1 << UInt64(person)) != 0 { races[person] += weight }
            partial.add(score)
            chosen[index] = crew
            visit()
            chosen[index] = nil
            for person in races.indices where mask & (1 << UInt64(person)) != 0 { races[person] -= weight }
            blocked = savedBlocked
            partial = savedPartial
            guard complete else { return }
        }
    }
}
