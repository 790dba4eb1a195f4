/// The optimizer's search for the final arrangement: the places it may change, their occupants, weights
/// and lever arms.
///
/// Token `t` is whoever sat at position `t` at the start: a paddler, or the hole of an empty seat. An
/// assignment gives the token at each position; the start is `[0, 1, 2, …]`. Holes are interchangeable,
/// and so are bench positions (the bench is a pool): neither counts as a move.
struct OptimizerSearch {
    /// Caps on how far from the start an arrangement may be.
    struct Limits {
        var moves: Int?
        var exchanges: Int?
    }

    /// The places the search may change: unlocked row seats, then the bench places taking part.
    let positions: [Place]
    let start: [Int]
    /// Per token: the paddler's weight (0 for a hole).
    let weight: [Double]
    /// Per position: the lever arms.
    let trimArm: [Double]
    let listArm: [Double]
    /// Whether a token may be put at a position, at `token * positions.count + position`: its side and rows
    /// allow it, a hole stays among the seats, and someone of unknown weight stays where they are.
    let fitting: [Bool]
    /// Per token: a hole.
    let isEmpty: [Bool]
    /// Per position, and so per token for where it started: a bench place.
    let isBench: [Bool]
    /// Per token and position, at `token * positions.count + position`: the seat-fit cost in
    /// kilogram-equivalents (`SeatFit`); empty for `balance`, which ignores it.
    let fitCost: [Double]
    /// Per token: a paddler who starts in a row barred to them (their rows or never-rows). Nobody moves into
    /// a barred row (`fitting`), so such a paddler is in one only at their own start; staying there costs
    /// `barredPenalty`, which outweighs any imbalance and seat fit: leaving a barred row comes first.
    let startsBarred: [Bool]
    /// Whether an arrangement has a cost beside the moments: a seat fit, or someone starting in a barred row.
    let hasCost: Bool
    let baseTrim: Double
    let baseList: Double
    let trimScale: Double
    let listScale: Double
    let options: OptimizerOptions
    /// The crew rules' size and sex counts, for trades with the bench.
    let compositionViolations: ([Int]) -> Int
    let startViolations: Int
    let progress: ((Double) -> Void)?
    var random: SeededRandomGenerator
    /// Arrangements evaluated so far: the search's work.
    private(set) var evaluations = 0
    /// The imbalance of the best arrangement found, set by `run`.
    private(set) var bestImbalance = 0.0
    /// The objective's figure (`measure`) of the best arrangement found, set by `run`.
    private(set) var bestMeasure = 0.0
    /// A better arrangement than the best within the move cap, found without the cap; set by `run`.
    private(set) var beyondMoveCap: OptimizerResult.BeyondMoveCap?

    init(
        lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules, benchPositions: [Int],
        fit: SeatFit, options: OptimizerOptions, progress: ((Double) -> Void)?
    ) {
        let kind = lineup.kind
        let rowSeats = Place.seats(of: kind).filter { $0.row != nil && !lineup.isLocked($0) }
        let positions = rowSeats + benchPositions.map { Place.bench(position: $0) }
        self.positions = positions
        let tokenPaddler = positions.map { lineup[$0] }
        start = Array(positions.indices)
        weight = tokenPaddler.map { id in id.flatMap { roster[$0]?.weightKg } ?? 0 }
        trimArm = positions.map { model.longitudinalArm($0, kind: kind) }
        listArm = positions.map { model.lateralArm($0, kind: kind) }
        isEmpty = tokenPaddler.map { $0 == nil }
        isBench = positions.map { !$0.isSeat }
        // With `keepsCrewAtFront`, paddlers stay in the rows up to the last one taken, and empty seats in
        // the rows from the first one with an empty seat: a crew seated from the front stays so.
        let rows = zip(rowSeats, tokenPaddler).compactMap { seat, id in seat.row.map { (row: $0, taken: id != nil) } }
        let lastTakenRow = options.keepsCrewAtFront ? rows.filter(\.taken).map(\.row).max() ?? 0 : Int.max
        let firstEmptyRow = options.keepsCrewAtFront ? rows.filter { !$0.taken }.map(\.row).min() ?? Int.max : 0
        fitting = tokenPaddler.enumerated().flatMap { token, id in
            positions.enumerated().map { index, place in
                if index == token { return true }  // where they are now is always allowed
                // A short crew leaves seats empty further back, never in row 1: its paddlers set the stroke
                // rate. So an empty seat moves to any seat but row 1, and a taken row-1 seat stays taken.
                guard let id else { return place.isSeat && place.row != 1 && (place.row ?? 0) >= firstEmptyRow }
                if let row = place.row, row > lastTakenRow { return false }
                // Someone of unknown weight cannot be balanced: they stay where they are. Nor does an inactive
                // paddler move: the coach is told who would best take their seat instead.
                guard roster[id]?.weightKg != nil, roster[id]?.isActive != false else { return false }
                // Rows a paddler may not sit in are as firm as a side they never paddle on.
                if let row = place.row, roster[id]?.maySit(inRow: row) == false { return false }
                switch (roster[id]?.side ?? .either, place) {
                case (.left, .right), (.right, .left): return false
                default: return true
                }
            }
        }
        startsBarred = zip(positions, tokenPaddler).map { place, id in
            guard let id, let row = place.row, let paddler = roster[id] else { return false }
            return !paddler.maySit(inRow: row)
        }
        hasCost = options.objective != .balance || startsBarred.contains(true)
        fitCost =
            options.objective == .balance
            ? []
            : tokenPaddler.flatMap { id in
                positions.map { place in id.flatMap { roster[$0] }.map { fit.cost(of: $0, at: place) } ?? 0 }
            }
        // Fixed parts: drummer, steerer, locked seats and the equipment.
        let weights = roster.compactMapValues(\.weightKg)
        var fixed = lineup
        for case let id? in tokenPaddler { fixed.remove(id) }
        let fixedMoments = fixed.balanceMoments(weights: weights, model: model)
        baseTrim = fixedMoments.trimKgM
        baseList = fixedMoments.listKgM
        trimScale = model.endRowArm(kind: kind)
        listScale = model.middleHalfWidthM
        self.options = options
        self.progress = progress
        random = SeededRandomGenerator(seed: options.seed)

        // Crew composition of the rows, for the rules: paddlers, women, men.
        let sexes = tokenPaddler.map { id in id.flatMap { roster[$0]?.sex } }
        let fixedCrew = Place.seats(of: kind).filter { $0.row != nil && lineup.isLocked($0) }.compactMap { lineup[$0] }
        let extra = rules.countsDrummerAndSteerer ? [lineup.drummer, lineup.steerer].compactMap { $0 } : []
        let fixedWomen = (fixedCrew + extra).filter { roster[$0]?.sex == .female }.count
        let fixedMen = (fixedCrew + extra).filter { roster[$0]?.sex == .male }.count
        let isBench = isBench
        let isEmpty = isEmpty
        compositionViolations = { assignment in
            var paddlers = fixedCrew.count
            var women = fixedWomen
            var men = fixedMen
            for (position, token) in assignment.enumerated() where !isBench[position] && !isEmpty[token] {
                paddlers += 1
                if sexes[token] == .female { women += 1 }
                if sexes[token] == .male { men += 1 }
            }
            // How far the crew is from its rules, not only how many rules it breaks: three men in a women's
            // crew are further than one, twelve men of a mixed crew further than eleven.
            var violations = CrewRuleMending.distance(paddlers, from: rules.paddlers)
            switch rules.sex {
            case .any: break
            case .womenOnly: violations += paddlers - fixedCrew.count - (women - fixedWomen)
            case .mixed(let each):
                violations += CrewRuleMending.distance(women, from: each) + CrewRuleMending.distance(men, from: each)
            }
            return violations
        }
        startViolations = compositionViolations(start)
    }

    // MARK: - Measures of an arrangement

    /// What a paddler left in a row barred to them costs, in the units of `cost`: a power of two (so that
    /// adding it keeps the figures below exact to a few nanograms) larger than any imbalance or seat fit.
    static let barredPenalty = 16_777_216.0
    /// What a paddler left in a barred row adds to `measure`, in kilograms: more than any imbalance.
    static let barredMeasure = 1_000_000.0

    /// The figure the search makes small: for `balance` the square of the imbalance (as the square root
    /// keeps the order, it is left out) plus the barred-row penalties in `cost`, otherwise the objective's
    /// figure (`SeatFit.combine`).
    func score(trim: Double, list: Double, cost: Double) -> Double {
        let t = trim / trimScale
        let l = list / listScale
        let squared = t * t + l * l
        return options.objective == .balance
            ? squared + cost
            : SeatFit.combine(imbalanceKg: squared.squareRoot(), costKg: cost, objective: options.objective)
    }

    /// The objective's figure in kilograms (or kilogram-equivalents) for a `score` without barred-row
    /// penalties.
    func measure(score: Double) -> Double { options.objective == .balance ? score.squareRoot() : score }

    /// The seat-fit cost of `token` at `position`, with `barredPenalty` for a paddler left in a barred row.
    func cost(_ token: Int, _ position: Int) -> Double {
        guard hasCost else { return 0 }
        return (fitCost.isEmpty ? 0 : fitCost[token &* positions.count &+ position])
            + (token == position && startsBarred[token] ? Self.barredPenalty : 0)
    }

    /// The seat-fit cost of an arrangement, with the barred-row penalties.
    func cost(_ assignment: [Int]) -> Double {
        guard hasCost else { return 0 }
        var total = 0.0
        for (position, token) in assignment.enumerated() { total += cost(token, position) }
        return total
    }

    /// How many paddlers the arrangement leaves in a row barred to them.
    func barred(_ assignment: [Int]) -> Int {
        var count = 0
        for (position, token) in assignment.enumerated() where token == position && startsBarred[token] {
            count += 1
        }
        return count
    }

    func moments(_ assignment: [Int]) -> (trim: Double, list: Double) {
        var trim = baseTrim
        var list = baseList
        for (position, token) in assignment.enumerated() {
            trim += weight[token] * trimArm[position]
            list += weight[token] * listArm[position]
        }
        return (trim, list)
    }

    func score(_ assignment: [Int]) -> Double {
        let (trim, list) = moments(assignment)
        return score(trim: trim, list: list, cost: cost(assignment))
    }

    /// The imbalance in kilograms.
    func imbalance(_ assignment: [Int]) -> Double {
        let (trim, list) = moments(assignment)
        let t = trim / trimScale
        let l = list / listScale
        return (t * t + l * l).squareRoot()
    }

    /// The objective's figure of an arrangement, in kilograms or kilogram-equivalents, without the
    /// barred-row penalties: what a front end shows.
    func plainMeasure(_ assignment: [Int]) -> Double {
        let (trim, list) = moments(assignment)
        let penalties = Double(barred(assignment)) * Self.barredPenalty
        return measure(score: score(trim: trim, list: list, cost: cost(assignment) - penalties))
    }

    /// The figure the choice compares: `plainMeasure`, plus `barredMeasure` for each paddler left in a
    /// barred row, so that fewer of them always wins and the tolerance applies among equals.
    func measure(_ assignment: [Int]) -> Double {
        plainMeasure(assignment) + Double(barred(assignment)) * Self.barredMeasure
    }

    /// Whether `token` at `position` has moved: a paddler in another seat, or off or onto the bench.
    func isMoved(_ token: Int, at position: Int) -> Bool {
        !isEmpty[token] && (isBench[position] ? !isBench[token] : token != position)
    }

    /// How many paddlers the arrangement moves.
    func moved(_ assignment: [Int]) -> Int {
        var count = 0
        for (position, token) in assignment.enumerated() where isMoved(token, at: position) { count += 1 }
        return count
    }

    /// The fewest pairwise exchanges that reach the arrangement (`LineupPlan.minimumExchanges`).
    func exchanges(_ assignment: [Int]) -> Int {
        let pool = LineupPlan.benchNode
        var moves: [(from: Int, to: Int)] = []
        for (position, token) in assignment.enumerated() where isMoved(token, at: position) {
            moves.append((isBench[token] ? pool : token, isBench[position] ? pool : position))
        }
        return LineupPlan.minimumExchanges(moves, pool: pool)
    }

    /// Within the limits and never further from the crew rules than at the start.
    func isFeasible(_ assignment: [Int], _ limits: Limits) -> Bool {
        if let most = limits.moves, moved(assignment) > most { return false }
        if let most = limits.exchanges, exchanges(assignment) > most { return false }
        return !options.useBench || compositionViolations(assignment) <= startViolations
    }

    /// Whether `token` may be put at `position`: its side and rows allow it, and the bench only holds paddlers.
    func fits(_ token: Int, _ position: Int) -> Bool {
        fitting[token &* positions.count &+ position]
    }

    /// Whether exchanging the occupants of positions p and q is allowed in `assignment`.
    func canExchange(_ assignment: [Int], _ p: Int, _ q: Int) -> Bool {
        let a = assignment[p]
        let b = assignment[q]
        // Two holes, or two bench places, change nothing that counts.
        if isEmpty[a] && isEmpty[b] || isBench[p] && isBench[q] { return false }
        return fits(a, q) && fits(b, p)
    }

    // MARK: - Local search

    /// The least a step of the descent must lower the objective from `value` by: more than the rounding of
    /// moments updated step by step, so that rounding alone never makes a step look better and the descent
    /// cannot go round in a circle of equal arrangements.
    /// The barred-row penalties are left out of the relative part, and the rounding of a figure that holds
    /// them (a few ulps) is covered.
    func minimumGain(from value: Double) -> Double {
        let unit = options.objective == .strength ? Self.barredPenalty * SeatFit.strengthWeight : Self.barredPenalty
        return max(1e-12, value.truncatingRemainder(dividingBy: unit) * 1e-9, 4 * value.ulp)
    }

    /// Every allowed exchange that lowers the objective below `value` by more than `minimumGain`, with the
    /// moments it leads to.
    mutating func improvingExchanges(_ assignment: [Int], trim: Double, list: Double, cost: Double, value: Double)
        -> [(p: Int, q: Int, value: Double, trim: Double, list: Double)]
    {
        var moves: [(p: Int, q: Int, value: Double, trim: Double, list: Double)] = []
        var visited = 0
        defer { evaluations += visited }
        let gain = minimumGain(from: value)
        for p in assignment.indices {
            for q in (p + 1)..<assignment.count where canExchange(assignment, p, q) {
                visited += 1
                let difference = weight[assignment[q]] - weight[assignment[p]]
                let newTrim = trim + difference * (trimArm[p] - trimArm[q])
                let newList = list + difference * (listArm[p] - listArm[q])
                let (a, b) = (assignment[p], assignment[q])
                let newCost =
                    !hasCost ? 0 : cost + self.cost(a, q) + self.cost(b, p) - self.cost(a, p) - self.cost(b, q)
                let newValue = score(trim: newTrim, list: newList, cost: newCost)
                if newValue < value - gain { moves.append((p, q, newValue, newTrim, newList)) }
            }
        }
        return moves
    }

    /// Steepest descent from `assignment`: the best feasible exchange each time, or when none helps the
    /// best rotation of three, until neither improves. The moments are summed afresh after each step, so
    /// that their rounding never adds up.
    mutating func descend(_ assignment: inout [Int], limits: Limits) {
        while true {
            let (trim, list) = moments(assignment)
            let cost = cost(assignment)
            let value = score(trim: trim, list: list, cost: cost)
            var candidates = improvingExchanges(assignment, trim: trim, list: list, cost: cost, value: value)
            if let best = candidates.indices.min(by: { candidates[$0].value < candidates[$1].value }) {
                // The best is usually feasible; the others are sorted only when it is not.
                candidates.swapAt(0, best)
                candidates[1...].sort { $0.value < $1.value }
            }
            var stepped = false
            for move in candidates {
                assignment.swapAt(move.p, move.q)
                if isFeasible(assignment, limits) {
                    stepped = true
                    break
                }
                assignment.swapAt(move.p, move.q)
            }
            if stepped { continue }
            // No exchange helps: try rotating three places, which reaches arrangements that single
            // exchanges cannot when side preferences forbid every step in between.
            guard
                let rotation = bestRotation(
                    assignment, trim: trim, list: list, cost: cost, value: value, limits: limits)
            else { return }
            assignment = rotation.assignment
        }
    }

    /// The best improving, feasible rotation of three places (p's occupant to q, q's to r, r's to p).
    /// Rotations through two bench places are left out: the bench is a pool, so they are exchanges.
    mutating func bestRotation(
        _ assignment: [Int], trim: Double, list: Double, cost: Double, value: Double, limits: Limits
    )
        -> (assignment: [Int], value: Double, trim: Double, list: Double)?
    {
        var best: (assignment: [Int], value: Double, trim: Double, list: Double)?
        var threshold = value - minimumGain(from: value)
        var visited = 0
        let count = assignment.count
        // p is the rotation's first place in index order, so each rotation is tried once; the bench places
        // come after the seats, so p is a seat.
        let seats = isBench.firstIndex(of: true) ?? count
        for p in 0..<seats {
            let a = assignment[p]
            let (weightA, trimP, listP) = (weight[a], trimArm[p], listArm[p])
            for q in (p + 1)..<count where fits(a, q) {
                let b = assignment[q]
                if isEmpty[a] && isEmpty[b] { continue }
                let (weightB, trimQ, listQ, benchQ) = (weight[b], trimArm[q], listArm[q], isBench[q])
                let trimAB = trim + weightA * (trimQ - trimP)
                let listAB = list + weightA * (listQ - listP)
                for r in (p + 1)..<count where r != q && fits(b, r) {
                    let c = assignment[r]
                    if benchQ && isBench[r] || !fits(c, p) || isEmpty[c] && (isEmpty[a] || isEmpty[b]) { continue }
                    visited += 1
                    let (weightC, trimR, listR) = (weight[c], trimArm[r], listArm[r])
                    let newTrim = trimAB + weightB * (trimR - trimQ) + weightC * (trimP - trimR)
                    let newList = listAB + weightB * (listR - listQ) + weightC * (listP - listR)
                    let newCost =
                        !hasCost
                        ? 0
                        : cost + self.cost(a, q) + self.cost(b, r) + self.cost(c, p) - self.cost(a, p)
                            - self.cost(b, q) - self.cost(c, r)
                    let newValue = score(trim: newTrim, list: newList, cost: newCost)
                    guard newValue < threshold else { continue }
                    var rotated = assignment
                    rotated[q] = a
                    rotated[r] = b
                    rotated[p] = c
                    guard isFeasible(rotated, limits) else { continue }
                    best = (rotated, newValue, newTrim, newList)
                    threshold = newValue - minimumGain(from: value)
                }
            }
        }
        evaluations += visited
        return best
    }

    /// Iterated local search: descend from the start, then from random shakes of the best so far. Ties in
    /// balance go to the arrangement that moves fewer paddlers.
    mutating func localSearch(limits: Limits, restarts: Int, progressFrom low: Double, to high: Double) -> [Int] {
        var best = start
        descend(&best, limits: limits)
        var bestValue = score(best)
        guard positions.count > 1 else { return best }
        for round in 0..<restarts {
            progress?(low + (high - low) * Double(round) / Double(max(1, restarts)))
            var state = round % 4 == 3 ? start : best
            let shakes = 2 + Int(random.next() % 3)
            for _ in 0..<shakes {
                let p = Int(random.next() % UInt64(positions.count))
                let q = Int(random.next() % UInt64(positions.count))
                if p != q && canExchange(state, p, q) {
                    state.swapAt(p, q)
                    if !isFeasible(state, limits) { state.swapAt(p, q) }
                }
            }
            descend(&state, limits: limits)
            let value = score(state)
            if value < bestValue - 1e-12 || (abs(value - bestValue) <= 1e-12 && moved(state) < moved(best)) {
                best = state
                bestValue = value
            }
        }
        return best
    }

    // MARK: - Exhaustive searches

    /// Calls `visit` with every feasible arrangement of the places (Heap's algorithm); returns how many.
    func forEveryArrangement(limits: Limits, _ visit: ([Int]) -> Void) -> Int {
        var state = start
        var visited = 0
        func consider() {
            for (position, token) in state.enumerated() where !fits(token, position) { return }
            guard isFeasible(state, limits) else { return }
            visited += 1
            visit(state)
        }
        var counters = [Int](repeating: 0, count: state.count)
        consider()
        var index = 0
        while index < state.count {
            if counters[index] < index {
                state.swapAt(index % 2 == 0 ? 0 : counters[index], index)
                consider()
                counters[index] += 1
                index = 0
            } else {
                counters[index] = 0
                index += 1
            }
        }
        return visited
    }

    /// The best arrangement that moves at most `most` paddlers, every such arrangement tried.
    ///
    /// An arrangement is a set of disjoint cycles of places, each occupant going to the next place of its
    /// cycle. Each cycle is built from its first place in index order, and the next cycle starts after it,
    /// so every set of cycles comes once. A cycle holds at most one hole and one bench place: holes are
    /// interchangeable and the bench is a pool, so a cycle with two of either is the same arrangement as
    /// two smaller cycles, which are tried anyway.
    mutating func bestMovingAtMost(_ most: Int, limits: Limits) -> [Int] {
        let count = positions.count
        var used = [Bool](repeating: false, count: count)
        // The places of the cycles so far, each with the token that goes there.
        var trail: [(position: Int, token: Int)] = []
        trail.reserveCapacity(2 * most + 2)
        var best = start
        var bestValue = score(start)
        var bestMoved = 0
        var visited = 0
        let (startTrim, startList) = moments(start)
        let startCost = cost(start)

        func consider(moved: Int, trim: Double, list: Double, cost: Double) {
            visited += 1
            let value = score(trim: trim, list: list, cost: cost)
            guard value < bestValue - 1e-12 || (abs(value - bestValue) <= 1e-12 && moved < bestMoved) else { return }
            var state = start
            for (position, token) in trail { state[position] = token }
            guard isFeasible(state, limits) else { return }
            (best, bestValue, bestMoved) = (state, value, moved)
        }
        // Cycles starting at `first` or later; `moved`, `trim`, `list`, `cost` are those of the cycles so far.
        func cycles(from first: Int, moved: Int, trim: Double, list: Double, cost: Double) {
            for head in first..<count where !used[head] {
                let moving = moved + (isEmpty[head] ? 0 : 1)
                guard moving <= most else { continue }
                used[head] = true
                extend(
                    head: head, last: head, holes: isEmpty[head] ? 1 : 0, bench: isBench[head] ? 1 : 0,
                    moved: moving, trim: trim, list: list, cost: cost)
                used[head] = false
            }
        }
        // Whoever sat at `last` goes to a next place; then the cycle closes, or grows.
        func extend(
            head: Int, last: Int, holes: Int, bench: Int, moved: Int, trim: Double, list: Double, cost: Double
        ) {
            let lastWeight = weight[last]
            for next in (head + 1)..<count where !used[next] && fits(last, next) {
                let holes = holes + (isEmpty[next] ? 1 : 0)
                let bench = bench + (isBench[next] ? 1 : 0)
                let moving = moved + (isEmpty[next] ? 0 : 1)
                guard holes <= 1, bench <= 1, moving <= most else { continue }
                let trim = trim + lastWeight * (trimArm[next] - trimArm[last])
                let list = list + lastWeight * (listArm[next] - listArm[last])
                let cost = cost + self.cost(last, next) - self.cost(last, last)
                used[next] = true
                trail.append((next, last))
                if fits(next, head) {
                    trail.append((head, next))
                    let closedTrim = trim + weight[next] * (trimArm[head] - trimArm[next])
                    let closedList = list + weight[next] * (listArm[head] - listArm[next])
                    let closedCost = cost + self.cost(next, head) - self.cost(next, next)
                    consider(moved: moving, trim: closedTrim, list: closedList, cost: closedCost)
                    if moving < most {
                        cycles(from: head + 1, moved: moving, trim: closedTrim, list: closedList, cost: closedCost)
                    }
                    trail.removeLast()
                }
                if moving < most || (holes == 0 && moving == most) {
                    extend(
                        head: head, last: next, holes: holes, bench: bench, moved: moving, trim: trim, list: list,
                        cost: cost)
                }
                trail.removeLast()
                used[next] = false
            }
        }
        cycles(from: 0, moved: 0, trim: startTrim, list: startList, cost: startCost)
        evaluations += visited
        return best
    }

    // MARK: - The choice

    /// Up to this many moves, the fewest-moves stage tries every arrangement (`bestMovingAtMost`): about
    /// n⁴/4 of them for four moves among n places, so four only while the places are few.
    var exactMovesUpTo: Int { positions.count <= 30 ? 4 : 3 }

    /// The chosen arrangement: the best within the limits, then the fewest moves within the tolerance of it
    /// that also gains at least the tolerance on the start (`bound`).
    mutating func run() -> [Int] {
        let limits = Limits(moves: options.maxMoves, exchanges: options.maxExchanges)
        defer { progress?(1) }
        if positions.count <= options.exhaustiveUpTo { return exhaustiveChoice(limits: limits) }
        let best = localSearch(limits: limits, restarts: options.restarts, progressFrom: 0, to: 0.6)
        bestImbalance = imbalance(best)
        bestMeasure = plainMeasure(best)
        defer { findBestBeyondMoveCap(best, limits: limits) }
        let bound = bound(best: measure(best))
        if measure(start) <= bound || measure(best) > bound { return start }
        // The fewest moves within the bound, by bisection: allowing more moves never makes the best worse,
        // so the count where results start to fall within the bound is found in a few searches.
        var chosen = best
        var (low, high) = (1, moved(best))
        var (step, steps) = (0.0, 1.0)
        while Int(1 << Int(steps)) < high { steps += 1 }
        while low < high {
            let (from, to) = (0.6 + 0.4 * min(1, step / steps), 0.6 + 0.4 * min(1, (step + 1) / steps))
            progress?(from)
            step += 1
            let count = (low + high) / 2
            let capped = Limits(moves: min(limits.moves ?? count, count), exchanges: limits.exchanges)
            let candidate =
                count <= exactMovesUpTo
                ? bestMovingAtMost(count, limits: capped)
                : localSearch(limits: capped, restarts: max(10, options.restarts / 4), progressFrom: from, to: to)
            if measure(candidate) <= bound {
                chosen = candidate
                high = min(count, moved(candidate))
            } else {
                low = count + 1
            }
        }
        return chosen
    }

    /// The largest objective figure a proposal may have: within the tolerance of the best found, and at
    /// least the tolerance below the start's, since results within the tolerance of each other count as
    /// equal and the start moves nobody (so a gain smaller than the tolerance is never proposed).
    func bound(best: Double) -> Double {
        min(best + options.toleranceKg, measure(start) - options.toleranceKg) + 1e-9
    }

    /// When the best within the move cap uses all the moves it allows, or leaves someone in a barred row, a
    /// search without the cap: if it
    /// finds an arrangement better by more than the tolerance, `beyondMoveCap` says so (with the fewest
    /// moves found within the tolerance of it), for the front end to tell the coach that the cap stopped
    /// further improvements and how far to lift it.
    mutating func findBestBeyondMoveCap(_ best: [Int], limits: Limits) {
        // Someone left in a barred row may need more people moved than the cap allows (an exchange is two).
        guard let cap = limits.moves, moved(best) >= cap || barred(best) > 0 else { return }
        let free = Limits(moves: nil, exchanges: limits.exchanges)
        let beyond: [Int]
        if positions.count <= options.exhaustiveUpTo {
            var (value, state) = (score(start), start)
            evaluations += forEveryArrangement(limits: free) { candidate in
                let candidateValue = score(candidate)
                if candidateValue < value { (value, state) = (candidateValue, candidate) }
            }
            beyond = state
        } else {
            beyond = localSearch(limits: free, restarts: max(10, options.restarts / 4), progressFrom: 1, to: 1)
        }
        guard measure(beyond) < measure(best) - options.toleranceKg - 1e-9 else { return }
        // The fewest moves within the tolerance of it, by bisection as in `run`, so that the cap the coach
        // is told to give is no larger than it needs to be.
        var (fewest, low, high) = (beyond, cap + 1, moved(beyond))
        let bound = measure(beyond) + options.toleranceKg + 1e-9
        while low < high {
            let count = (low + high) / 2
            let limited = Limits(moves: count, exchanges: limits.exchanges)
            let candidate =
                count <= exactMovesUpTo
                ? bestMovingAtMost(count, limits: limited)
                : localSearch(limits: limited, restarts: max(10, options.restarts / 4), progressFrom: 1, to: 1)
            if measure(candidate) <= bound {
                fewest = candidate
                high = min(count, moved(candidate))
            } else {
                low = count + 1
            }
        }
        beyondMoveCap = OptimizerResult.BeyondMoveCap(
            cap: cap, peopleMoved: moved(fewest), imbalanceKg: imbalance(fewest), score: plainMeasure(fewest))
    }

    /// With few places: the true optimum, then among every arrangement within the bound (`bound`) the one
    /// with the fewest moves, then the fewest exchanges, then the best objective.
    mutating func exhaustiveChoice(limits: Limits) -> [Int] {
        var bestValue = score(start)
        var bestState = start
        var visited = forEveryArrangement(limits: limits) { state in
            let value = score(state)
            if value < bestValue { (bestValue, bestState) = (value, state) }
        }
        bestImbalance = imbalance(bestState)
        bestMeasure = plainMeasure(bestState)
        defer { findBestBeyondMoveCap(bestState, limits: limits) }
        let bound = bound(best: measure(bestState))
        var chosen = start
        var chosenKey = (moves: 0, exchanges: 0, measure: measure(start))
        if chosenKey.measure > bound {
            chosenKey = (Int.max, Int.max, Double.infinity)
            visited += forEveryArrangement(limits: limits) { state in
                let measure = measure(state)
                guard measure <= bound else { return }
                let key = (moves: moved(state), exchanges: exchanges(state), measure: measure)
                if key < chosenKey {
                    chosen = state
                    chosenKey = key
                }
            }
        }
        evaluations += visited
        return chosen
    }

    // MARK: - The lineup

    /// The lineup of `assignment`. Bench paddlers who stay keep their bench places; a paddler going to the
    /// bench takes the place of the one who came off it at the start of their chain (as an exchange
    /// would), so nobody else on the bench shifts.
    func lineup(_ assignment: [Int], from original: Lineup) -> Lineup {
        var result = original
        let paddler = positions.map { original[$0] }
        for (position, place) in positions.enumerated() where place.isSeat {
            result.set(paddler[assignment[position]], at: place)
        }
        var location = [Int](repeating: 0, count: assignment.count)
        for (position, token) in assignment.enumerated() { location[token] = position }
        let benchPlaces = positions.indices.filter { isBench[$0] }
        var arrivals = benchPlaces.map { assignment[$0] }.filter { !isBench[$0] }
        var vacated: [Int] = []
        for place in benchPlaces where !isBench[location[place]] {
            // Follow the chain: the seat this bench paddler took, where its occupant went, and so on.
            var seat = location[place]
            var closing: Int?
            for _ in assignment.indices {
                guard !isEmpty[seat] else { break }
                let next = location[seat]
                if isBench[next] {
                    closing = seat
                    break
                }
                seat = next
            }
            if let closing, let index = arrivals.firstIndex(of: closing), let id = paddler[closing] {
                arrivals.remove(at: index)
                result.bench[positions[place].position - 1] = id
            } else {
                vacated.append(place)
            }
        }
        // Only paddlers reach the bench (`fits`), so every arrival has an id.
        for (place, token) in zip(vacated, arrivals) {
            if let id = paddler[token] { result.bench[positions[place].position - 1] = id }
        }
        return result
    }
}
