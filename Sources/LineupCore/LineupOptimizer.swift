/// What the optimizer may do and how hard it looks.
public struct OptimizerOptions: Hashable, Sendable {
    /// At most this many exchanges; nil for as many as help.
    public var maxExchanges: Int?
    /// Also exchange seated paddlers with paddlers on the bench.
    public var useBench: Bool
    /// Results whose imbalance is within this many kilograms of the best count as equally good, and the
    /// one with the fewest exchanges wins (a coach has to announce each one). 0 asks for the best there is.
    public var toleranceKg: Double
    /// Restarts of the local search: more finds better results on hard rosters, slower.
    public var restarts: Int
    /// The random generator's seed, so that a run can be repeated exactly.
    public var seed: UInt64
    /// With at most this many places to rearrange, every arrangement is tried (8 places: 40,320), so the
    /// result is the true optimum; beyond, the local search.
    public var exhaustiveUpTo: Int

    public init(
        maxExchanges: Int? = nil, useBench: Bool = false, toleranceKg: Double = 0.5, restarts: Int = 120,
        seed: UInt64 = 1, exhaustiveUpTo: Int = 8
    ) {
        self.exhaustiveUpTo = exhaustiveUpTo
        self.maxExchanges = maxExchanges
        self.useBench = useBench
        self.toleranceKg = toleranceKg
        self.restarts = restarts
        self.seed = seed
    }
}

/// The optimizer's proposal: exchanges in the order to make them, and the lineup they lead to.
public struct OptimizerResult: Sendable {
    /// Pairs of places, each exchanged in turn (`first` holds a paddler when it is made).
    public var exchanges: [(first: Place, second: Place)]
    /// What each exchange moved, in the same order, with the paddlers' names (`change.summary()` reads
    /// "L3 Ann ⇄ R7 Bo").
    public var changes: [LineupChange]
    public var lineup: Lineup
    public var before: BalanceMoments
    public var after: BalanceMoments
    public var beforeImbalanceKg: Double
    public var afterImbalanceKg: Double
}

/// Finds the exchanges that level the boat best while keeping locks, side preferences, the drummer and
/// steerer (never moved), paddlers of unknown weight (never moved), and the crew rules (never more rule
/// violations than before).
///
/// The objective is the imbalance of `BalanceMoments.imbalanceKg`: trim as kilograms in row 1 and list
/// as kilograms in a middle seat, combined. With few places to rearrange every arrangement is tried;
/// otherwise the search is an iterated local search over exchanges (and rotations of three) with
/// incremental moment updates; then, for fewer exchanges, every result of one and two exchanges is tried
/// exhaustively and longer ones by the same search capped at each length, and the shortest within the
/// tolerance of the best is chosen.
public enum LineupOptimizer {
    public static func optimize(
        _ lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules,
        options: OptimizerOptions = OptimizerOptions()
    ) -> OptimizerResult {
        var search = Search(lineup: lineup, roster: roster, model: model, rules: rules, options: options)
        let chosen = search.run()
        var result = lineup
        var exchanges: [(first: Place, second: Place)] = []
        var changes: [LineupChange] = []
        let names = roster.mapValues(\.name)
        for (p, q) in search.exchanges(to: chosen) {
            let (first, second) =
                result[search.positions[p]] != nil
                ? (search.positions[p], search.positions[q]) : (search.positions[q], search.positions[p])
            // Every exchange is between unlocked places the search may use: it cannot fail.
            guard let next = try? result.exchanging(first, with: second, names: names) else { continue }
            result = next.lineup
            exchanges.append((first, second))
            changes.append(next.change)
        }
        let weights = roster.compactMapValues(\.weightKg)
        let before = lineup.balanceMoments(weights: weights, model: model)
        let after = result.balanceMoments(weights: weights, model: model)
        return OptimizerResult(
            exchanges: exchanges, changes: changes, lineup: result, before: before, after: after,
            beforeImbalanceKg: before.imbalanceKg(model, kind: lineup.kind),
            afterImbalanceKg: after.imbalanceKg(model, kind: lineup.kind))
    }
}

/// The search's working state: positions it may use, the occupant tokens, their weights and arms.
struct Search {
    /// The places the search may change: unlocked row seats, then (with the bench) bench places.
    let positions: [Place]
    /// Per position: the occupant at the start, as a token (paddler ids, and one token per empty seat).
    let start: [Int]
    let weight: [Double]
    let trimArm: [Double]
    let listArm: [Double]
    /// allowed[token][position]: the paddler may sit there (side preference, bench rules).
    let allowed: [[Bool]]
    /// Tokens of empty seats (interchangeable) and of bench positions' occupants.
    let isEmpty: [Bool]
    let isBench: [Bool]
    let baseTrim: Double
    let baseList: Double
    let trimScale: Double
    let listScale: Double
    let options: OptimizerOptions
    /// The crew rules' size and sex counts, for checking exchanges with the bench.
    let compositionViolations: ([Int]) -> Int
    let startViolations: Int
    var random: SeededRandomGenerator

    init(
        lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules,
        options: OptimizerOptions
    ) {
        let kind = lineup.kind
        let rowSeats = Place.seats(of: kind).filter { $0.row != nil && !lineup.isLocked($0) }
        let benchPlaces = options.useBench ? lineup.bench.indices.map { Place.bench(position: $0 + 1) } : []
        positions = rowSeats + benchPlaces
        var tokenPaddler: [PaddlerID?] = []
        var start: [Int] = []
        for place in positions {
            start.append(tokenPaddler.count)
            tokenPaddler.append(lineup[place])
        }
        self.start = start
        weight = tokenPaddler.map { id in id.flatMap { roster[$0]?.weightKg } ?? 0 }
        trimArm = positions.map { model.longitudinalArm($0, kind: kind) }
        listArm = positions.map { model.lateralArm($0, kind: kind) }
        isEmpty = tokenPaddler.map { $0 == nil }
        isBench = positions.map { !$0.isSeat }
        let positions = positions
        allowed = tokenPaddler.enumerated().map { token, id in
            positions.enumerated().map { index, place in
                if index == token { return true }  // where they are now is always allowed
                guard let id else { return place.isSeat }  // an empty seat stays among the seats
                // Someone of unknown weight cannot be balanced: they stay where they are.
                guard roster[id]?.weightKg != nil else { return false }
                switch (roster[id]?.side ?? .either, place) {
                case (.left, .right), (.right, .left): return false
                default: return true
                }
            }
        }
        // Fixed parts: drummer, steerer, locked seats and the equipment.
        let weights = roster.compactMapValues(\.weightKg)
        var fixed = lineup
        for place in positions { if let id = lineup[place] { fixed.remove(id) } }
        let fixedMoments = fixed.balanceMoments(weights: weights, model: model)
        baseTrim = fixedMoments.trimKgM
        baseList = fixedMoments.listKgM
        trimScale = model.endRowArm(kind: kind)
        listScale = model.middleHalfWidthM
        self.options = options
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
            var violations = rules.paddlers.contains(paddlers) ? 0 : 1
            switch rules.sex {
            case .any: break
            case .womenOnly: violations += paddlers - fixedCrew.count - (women - fixedWomen) > 0 ? 1 : 0
            case .mixed(let each): violations += (each.contains(women) ? 0 : 1) + (each.contains(men) ? 0 : 1)
            }
            return violations
        }
        startViolations = compositionViolations(start)
    }

    func objective(trim: Double, list: Double) -> Double {
        let t = trim / trimScale
        let l = list / listScale
        return t * t + l * l
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

    func objective(_ assignment: [Int]) -> Double {
        let (trim, list) = moments(assignment)
        return objective(trim: trim, list: list)
    }

    /// Whether exchanging the occupants of positions p and q is allowed in `assignment`.
    func canExchange(_ assignment: [Int], _ p: Int, _ q: Int) -> Bool {
        let a = assignment[p]
        let b = assignment[q]
        if isEmpty[a] && isEmpty[b] { return false }
        // The bench only trades with seated paddlers, never with an empty seat (the bench would close up).
        if isBench[p] != isBench[q] && (isEmpty[a] || isEmpty[b]) { return false }
        if isBench[p] && isBench[q] { return false }
        return allowed[a][q] && allowed[b][p]
    }

    /// Exchanges that turn the start into `assignment` as far as balance goes, as pairs of positions: one
    /// per position put right, the fewest for distinct paddlers. Empty seats are interchangeable, and so
    /// are bench places (only who is on the bench matters, not in which order). The bench is put right
    /// first, each place by a paddler, so that no exchange pairs the bench with an empty seat (which
    /// would close the bench up and shift the places after it).
    func exchanges(to assignment: [Int]) -> [(Int, Int)] {
        var current = start
        var settled = [Bool](repeating: false, count: current.count)
        var result: [(Int, Int)] = []
        let benchPositions = current.indices.filter { isBench[$0] }
        let benched = Set(benchPositions.map { assignment[$0] })
        for p in benchPositions {
            settled[p] = true
            if benched.contains(current[p]) { continue }
            guard let q = current.indices.first(where: { !isBench[$0] && benched.contains(current[$0]) }) else {
                continue
            }
            current.swapAt(p, q)
            result.append((p, q))
        }
        for p in current.indices where !isBench[p] {
            settled[p] = true
            let wanted = assignment[p]
            if current[p] == wanted || (isEmpty[current[p]] && isEmpty[wanted]) { continue }
            guard
                let q = current.indices.first(where: { index in
                    !settled[index] && (current[index] == wanted || (isEmpty[wanted] && isEmpty[current[index]]))
                })
            else { continue }
            current.swapAt(p, q)
            result.append((p, q))
        }
        return result
    }

    func distance(_ assignment: [Int]) -> Int { exchanges(to: assignment).count }

    func isAcceptable(_ assignment: [Int]) -> Bool {
        !options.useBench || compositionViolations(assignment) <= startViolations
    }

    /// Steepest descent from `assignment`: the best exchange each time until none improves, staying
    /// within `limit` exchanges of the start.
    mutating func descend(_ assignment: inout [Int], limit: Int?) {
        var (trim, list) = moments(assignment)
        var value = objective(trim: trim, list: list)
        while true {
            let best = improvingExchanges(assignment, trim: trim, list: list, value: value).min { $0.value < $1.value }
            guard let move = best else {
                // No exchange helps: try rotating three places, which reaches arrangements that single
                // exchanges cannot when side preferences forbid every step in between.
                guard let rotation = bestRotation(assignment, trim: trim, list: list, value: value, limit: limit)
                else { return }
                assignment = rotation.assignment
                (trim, list, value) = (rotation.trim, rotation.list, rotation.value)
                continue
            }
            assignment.swapAt(move.p, move.q)
            if (limit.map { distance(assignment) > $0 } ?? false) || !isAcceptable(assignment) {
                assignment.swapAt(move.p, move.q)
                // Look for the best move that keeps within the limit, one candidate at a time.
                guard let fallback = bestMove(assignment, trim: trim, list: list, value: value, limit: limit) else {
                    return
                }
                assignment.swapAt(fallback.p, fallback.q)
                (trim, list, value) = (fallback.trim, fallback.list, fallback.value)
                continue
            }
            (trim, list, value) = (move.trim, move.list, move.value)
        }
    }

    /// Every allowed exchange that lowers the objective below `value`, with the moments it leads to.
    func improvingExchanges(_ assignment: [Int], trim: Double, list: Double, value: Double)
        -> [(p: Int, q: Int, value: Double, trim: Double, list: Double)]
    {
        var moves: [(p: Int, q: Int, value: Double, trim: Double, list: Double)] = []
        for p in assignment.indices {
            for q in (p + 1)..<assignment.count where canExchange(assignment, p, q) {
                let difference = weight[assignment[q]] - weight[assignment[p]]
                let newTrim = trim + difference * (trimArm[p] - trimArm[q])
                let newList = list + difference * (listArm[p] - listArm[q])
                let newValue = objective(trim: newTrim, list: newList)
                if newValue < value - 1e-12 { moves.append((p, q, newValue, newTrim, newList)) }
            }
        }
        return moves
    }

    /// The best improving rotation of three places (p's occupant to q, q's to r, r's to p) that keeps
    /// within `limit` and the rules.
    func bestRotation(_ assignment: [Int], trim: Double, list: Double, value: Double, limit: Int?)
        -> (assignment: [Int], value: Double, trim: Double, list: Double)?
    {
        var best: (assignment: [Int], value: Double, trim: Double, list: Double)?
        let count = assignment.count
        for p in 0..<count {
            let a = assignment[p]
            for q in 0..<count where q != p && allowed[a][q] {
                let b = assignment[q]
                for r in 0..<count where r != p && r != q && allowed[b][r] && allowed[assignment[r]][p] {
                    let c = assignment[r]
                    if isEmpty[a] && isEmpty[b] || isEmpty[b] && isEmpty[c] || isEmpty[a] && isEmpty[c] { continue }
                    // Bench places only trade paddlers with seats, never empty seats.
                    if (isBench[p] || isBench[q] || isBench[r]) && (isEmpty[a] || isEmpty[b] || isEmpty[c]) { continue }
                    let newTrim =
                        trim + weight[a] * (trimArm[q] - trimArm[p]) + weight[b] * (trimArm[r] - trimArm[q])
                        + weight[c] * (trimArm[p] - trimArm[r])
                    let newList =
                        list + weight[a] * (listArm[q] - listArm[p]) + weight[b] * (listArm[r] - listArm[q])
                        + weight[c] * (listArm[p] - listArm[r])
                    let newValue = objective(trim: newTrim, list: newList)
                    guard newValue < (best?.value ?? value) - 1e-12 else { continue }
                    var rotated = assignment
                    rotated[q] = a
                    rotated[r] = b
                    rotated[p] = c
                    if (limit.map { distance(rotated) > $0 } ?? false) || !isAcceptable(rotated) { continue }
                    best = (rotated, newValue, newTrim, newList)
                }
            }
        }
        return best
    }

    /// The best improving exchange that keeps within `limit` and the rules (the slow path of `descend`).
    func bestMove(_ assignment: [Int], trim: Double, list: Double, value: Double, limit: Int?)
        -> (p: Int, q: Int, value: Double, trim: Double, list: Double)?
    {
        let candidates = improvingExchanges(assignment, trim: trim, list: list, value: value)
        var trial = assignment
        for candidate in candidates.sorted(by: { $0.value < $1.value }) {
            trial.swapAt(candidate.p, candidate.q)
            defer { trial.swapAt(candidate.p, candidate.q) }
            if (limit.map { distance(trial) <= $0 } ?? true) && isAcceptable(trial) { return candidate }
        }
        return nil
    }

    /// Iterated local search: descend from the start, then from random shakes of the best so far.
    mutating func localSearch(limit: Int?, restarts: Int) -> [Int] {
        var best = start
        descend(&best, limit: limit)
        var bestValue = objective(best)
        guard positions.count > 1 else { return best }
        for round in 0..<restarts {
            var state = round % 4 == 3 ? start : best
            let shakes = 2 + Int(random.next() % 3)
            for _ in 0..<shakes {
                let p = Int(random.next() % UInt64(positions.count))
                let q = Int(random.next() % UInt64(positions.count))
                if p != q && canExchange(state, p, q) {
                    state.swapAt(p, q)
                    if (limit.map { distance(state) > $0 } ?? false) || !isAcceptable(state) { state.swapAt(p, q) }
                }
            }
            descend(&state, limit: limit)
            let value = objective(state)
            if value < bestValue - 1e-12 || (abs(value - bestValue) <= 1e-12 && distance(state) < distance(best)) {
                best = state
                bestValue = value
            }
        }
        return best
    }

    /// The best of every allowed arrangement of the places (Heap's algorithm), within `limit` exchanges.
    func everyArrangement(limit: Int?) -> [Int] {
        var state = start
        var best = start
        var bestValue = objective(start)
        func consider() {
            for (position, token) in state.enumerated() {
                guard allowed[token][position], !(isBench[position] && isEmpty[token]) else { return }
            }
            let value = objective(state)
            guard value < bestValue - 1e-12 || (abs(value - bestValue) <= 1e-12 && distance(state) < distance(best))
            else { return }
            if (limit.map { distance(state) > $0 } ?? false) || !isAcceptable(state) { return }
            best = state
            bestValue = value
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
        return best
    }

    /// The best result of exactly one or two exchanges, tried exhaustively.
    func exhaustive(exchanges count: Int) -> [Int] {
        var best = start
        var bestValue = objective(start)
        var state = start
        func visit(_ depth: Int) {
            for p in state.indices {
                for q in (p + 1)..<state.count where canExchange(state, p, q) {
                    state.swapAt(p, q)
                    if isAcceptable(state) {
                        let value = objective(state)
                        if value < bestValue - 1e-12 {
                            best = state
                            bestValue = value
                        }
                        if depth < count { visit(depth + 1) }
                    }
                    state.swapAt(p, q)
                }
            }
        }
        visit(1)
        return best
    }

    /// The chosen result: the best within the cap, then the fewest exchanges within the tolerance of it.
    mutating func run() -> [Int] {
        let best =
            positions.count <= options.exhaustiveUpTo
            ? everyArrangement(limit: options.maxExchanges)
            : localSearch(limit: options.maxExchanges, restarts: options.restarts)
        let bestImbalance = objective(best).squareRoot()
        let bestDistance = distance(best)
        if objective(start).squareRoot() <= bestImbalance + options.toleranceKg + 1e-9 { return start }
        guard bestDistance > 1 else { return best }
        for count in 1..<bestDistance {
            let candidate =
                count <= 2
                ? exhaustive(exchanges: count) : localSearch(limit: count, restarts: max(10, options.restarts / 4))
            if objective(candidate).squareRoot() <= bestImbalance + options.toleranceKg + 1e-9,
                distance(candidate) <= count
            {
                return candidate
            }
        }
        return best
    }
}
