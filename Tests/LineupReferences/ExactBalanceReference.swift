import LineupCore

/// The least imbalance any lineup allowed to the optimizer can have, found by branch and bound and written
/// apart from the optimizer's search: it reads only the lineup, the roster and the balance model's public
/// lever arms, and works out every bound itself.
///
/// It fills the unlocked row seats one at a time, the seats with the longest lever arms first; each takes
/// a paddler still free (with the bench, bench paddlers too) or stays empty. Paddlers alike in weight, sex
/// and the seats they may take are one kind, tried once per seat. A branch ends when a lower bound on the
/// imbalance of every way to fill the remaining seats is no better than the best lineup found. The bound:
/// the remaining seats' trim and list each lie in an interval (by the rearrangement inequality the heaviest
/// paddlers on the most negative arms give the least sum; per group of paddlers that may take the same
/// seats, and for all of them together, the tighter of the two), and the imbalance is at least the distance
/// of the box the intervals span from level. The first lineup to beat is the best of a descent of its own
/// (`descend`), and a node allocates nothing (`BranchAndBound`). The rules kept are the optimizer's
/// promises: sides, rows, locks, drummer and steerer, unknown weights (they stay), taken row-1 seats never
/// emptied, a crew kept at the front, and with the bench never more broken crew rules than at the start.
public struct ExactBalanceReference {
    /// The least imbalance found, the seating that has it, and the work the proof took.
    public struct Answer {
        /// `BalanceMoments.imbalanceKg` of the best lineup found: the optimum when `isComplete`.
        public var imbalanceKg: Double
        /// The paddler of each seat in the search in the best lineup found (nil: empty).
        public var seating: [Place: PaddlerID?]
        /// Search nodes visited.
        public var nodes: Int
        /// Whether every branch was closed within the node budget, so that `imbalanceKg` is proven least.
        public var isComplete: Bool
        /// The bound at the root: no allowed lineup is more level than this.
        public var rootLowerBoundKg: Double
    }

    /// Tokens interchangeable to the objective and the rules: alike paddlers, or the empty seats.
    struct TokenKind {
        var paddlers: [PaddlerID]
        var weight: Double
        var sex: Sex?
        var isEmptySeat: Bool
        /// Per seat in the search: whether this kind may end there.
        var allowed: [Bool]
        /// Whether it may end on the bench.
        var maySitOut: Bool
    }

    /// The seats in the search, longest lever arms first, and their arms divided by the model's yardsticks,
    /// so that trim and list add up in kilograms.
    let seats: [Place]
    let trimArm: [Double]
    let listArm: [Double]
    let baseTrim: Double
    let baseList: Double
    let kinds: [TokenKind]
    /// The kind at each seat at the start: the first lineup known to be allowed.
    let startKinds: [Int]
    let rules: CrewRules
    /// With the bench the crew can change, so its rules are checked.
    let checksRules: Bool
    /// Row paddlers and counted sexes outside the search (locks, unknown weights, drummer and steerer).
    let fixedRowPaddlers: Int
    let fixedSexes: [Sex?]
    let startViolations: Int
    /// Groups of kinds that may take the same seats (and the bench alike), for the bound.
    let groups: [[Int]]

    /// The problem the optimizer faces for `lineup` with `useBench` and `keepsCrewAtFront` as in its
    /// options. Every active bench paddler of known weight takes part: the tests keep benches shorter than
    /// the optimizer's candidate limit.
    public init(
        lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules,
        useBench: Bool,
        keepsCrewAtFront: Bool = false
    ) {
        let kind = lineup.kind
        let trimScale = model.endRowArm(kind: kind)
        let listScale = model.middleHalfWidthM
        func leverage(_ place: Place) -> Double {
            abs(model.longitudinalArm(place, kind: kind) / trimScale)
                + abs(model.lateralArm(place, kind: kind) / listScale)
        }
        let unlocked = Place.seats(of: kind).filter { $0.row != nil && !lineup.isLocked($0) }
        // Someone of unknown weight stays where they are: their seat is outside the search.
        let searched = unlocked.filter { place in
            lineup[place].map { roster[$0]?.weightKg != nil } ?? true
        }
        .sorted { (leverage($0), $1) > (leverage($1), $0) }
        let outside = Place.seats(of: kind).filter { !searched.contains($0) }
        seats = searched
        trimArm = searched.map { model.longitudinalArm($0, kind: kind) / trimScale }
        listArm = searched.map { model.lateralArm($0, kind: kind) / listScale }
        var trim = model.drumKg * model.longitudinalArm(.drummer, kind: kind)
        trim += model.steeringOarKg * model.longitudinalArm(.steerer, kind: kind)
        var list = 0.0
        for place in outside {
            guard let id = lineup[place], let weight = roster[id]?.weightKg else { continue }
            trim += weight * model.longitudinalArm(place, kind: kind)
            list += weight * model.lateralArm(place, kind: kind)
        }
        baseTrim = trim / trimScale
        baseList = list / listScale

        let rowsTaken = unlocked.compactMap { place in
            place.row.map { (row: $0, taken: lineup[place] != nil) }
        }
        let lastTakenRow = keepsCrewAtFront ? rowsTaken.filter(\.taken).map(\.row).max() ?? 0 : Int.max
        let firstEmptyRow =
            keepsCrewAtFront ? rowsTaken.filter { !$0.taken }.map(\.row).min() ?? Int.max : 0
        func allows(_ paddler: Paddler, _ place: Place, start: Place?) -> Bool {
            if place == start { return true }
            guard let row = place.row, row <= lastTakenRow, paddler.maySit(inRow: row) else {
                return false
            }
            switch (paddler.side, place) {
            case (.left, .right), (.right, .left): return false
            default: return true
            }
        }
        var kinds: [TokenKind] = []
        func add(_ token: TokenKind) -> Int {
            let same = kinds.firstIndex {
                $0.weight == token.weight && $0.sex == token.sex && $0.isEmptySeat == token.isEmptySeat
                    && $0.allowed == token.allowed && $0.maySitOut == token.maySitOut
            }
            guard let same else {
                kinds.append(token)
                return kinds.count - 1
            }
            kinds[same].paddlers += token.paddlers
            return same
        }
        var startKinds: [Int] = []
        for place in searched {
            guard let id = lineup[place], let paddler = roster[id], let weight = paddler.weightKg else {
                // An empty seat may end where a seat was empty at the start, or in any row but row 1 (and,
                // with the crew kept at the front, not ahead of the first empty row).
                let allowed = searched.map {
                    lineup[$0] == nil || ($0.row != 1 && ($0.row ?? 0) >= firstEmptyRow)
                }
                startKinds.append(
                    add(
                        TokenKind(
                            paddlers: [], weight: 0, sex: nil, isEmptySeat: true, allowed: allowed,
                            maySitOut: false)))
                continue
            }
            startKinds.append(
                add(
                    TokenKind(
                        paddlers: [id], weight: weight, sex: paddler.sex, isEmptySeat: false,
                        allowed: searched.map { allows(paddler, $0, start: place) }, maySitOut: useBench)))
        }
        let movableCrew = searched.compactMap { lineup[$0] }
        if useBench {
            let onlyWomenToReplace = movableCrew.allSatisfy { roster[$0]?.sex == .female }
            for id in lineup.bench {
                guard let paddler = roster[id], paddler.isActive, let weight = paddler.weightKg else {
                    continue
                }
                // A women's crew whose movable paddlers are all women can never take a man from the bench.
                if rules.sex == .womenOnly, onlyWomenToReplace, paddler.sex != .female { continue }
                _ = add(
                    TokenKind(
                        paddlers: [id], weight: weight, sex: paddler.sex, isEmptySeat: false,
                        allowed: searched.map { allows(paddler, $0, start: nil) }, maySitOut: true))
            }
        }
        self.kinds = kinds
        self.startKinds = startKinds
        self.rules = rules
        checksRules = useBench
        let fixedRowPeople = outside.filter { $0.row != nil }.compactMap { lineup[$0] }
        let fixedCounted =
            fixedRowPeople + (rules.countsDrummerAndSteerer ? [lineup.drummer, lineup.steerer] : [])
        fixedRowPaddlers = fixedRowPeople.count
        fixedSexes = fixedCounted.compactMap { $0 }.map { roster[$0]?.sex }
        let crewSexes = fixedSexes + movableCrew.map { roster[$0]?.sex }
        startViolations = Self.violations(
            rules: rules, rowPaddlers: fixedRowPeople.count + movableCrew.count,
            women: crewSexes.filter { $0 == .female }.count, men: crewSexes.filter { $0 == .male }.count,
            counted: crewSexes.count)
        var groups: [[Int]] = []
        for (index, token) in kinds.enumerated() where !token.isEmptySeat {
            if let group = groups.firstIndex(where: {
                kinds[$0[0]].allowed == token.allowed && kinds[$0[0]].maySitOut == token.maySitOut
            }) {
                groups[group].append(index)
            } else {
                groups.append([index])
            }
        }
        self.groups = groups
    }

    /// The crew rules a crew of `rowPaddlers` row paddlers breaks, whose `counted` people include `women`
    /// women and `men` men.
    static func violations(rules: CrewRules, rowPaddlers: Int, women: Int, men: Int, counted: Int)
        -> Int
    {
        var broken = rules.paddlers.contains(rowPaddlers) ? 0 : 1
        switch rules.sex {
        case .any: break
        case .womenOnly: broken += women == counted ? 0 : 1
        case .mixed(let each): broken += (each.contains(women) ? 0 : 1) + (each.contains(men) ? 0 : 1)
        }
        return broken
    }

    /// Whether the crew with `kindAt` in the searched seats breaks no more crew rules than at the start.
    func keepsRules(_ kindAt: [Int]) -> Bool {
        guard checksRules else { return true }
        var rowPaddlers = fixedRowPaddlers
        var women = fixedSexes.filter { $0 == .female }.count
        var men = fixedSexes.filter { $0 == .male }.count
        for kind in kindAt where !kinds[kind].isEmptySeat {
            rowPaddlers += 1
            if kinds[kind].sex == .female { women += 1 }
            if kinds[kind].sex == .male { men += 1 }
        }
        return Self.violations(
            rules: rules, rowPaddlers: rowPaddlers, women: women, men: men,
            counted: fixedSexes.count + rowPaddlers - fixedRowPaddlers) <= startViolations
    }

    /// The imbalance squared of `kindAt` in the searched seats.
    func squaredImbalance(_ kindAt: [Int]) -> Double {
        var trim = baseTrim
        var list = baseList
        for (seat, kind) in kindAt.enumerated() {
            trim += kinds[kind].weight * trimArm[seat]
            list += kinds[kind].weight * listArm[seat]
        }
        return trim * trim + list * list
    }

    /// A good first lineup to beat, found by a descent of its own (exchanges of two seats' occupants and
    /// trades of a seat's paddler with one who may sit out, each kept when it levels the boat more) from
    /// the start and from `kicks` random shakes of the best found: the better the first incumbent, the
    /// fewer branches the proof opens.
    func descend(from start: [Int], kicks: Int = 40, seed: UInt64 = 1) -> (
        value: Double, kindAt: [Int]
    ) {
        var pool = kinds.map { $0.isEmptySeat || !$0.maySitOut ? 0 : $0.paddlers.count }
        for kind in start where !kinds[kind].isEmptySeat && kinds[kind].maySitOut { pool[kind] -= 1 }
        func improve(_ kindAt: inout [Int], _ pool: inout [Int]) -> Double {
            var value = squaredImbalance(kindAt)
            var improved = true
            while improved {
                improved = false
                var bestMove: (first: Int, second: Int, poolKind: Int?, value: Double)?
                for first in kindAt.indices {
                    let a = kindAt[first]
                    for second in (first + 1)..<kindAt.count {
                        let b = kindAt[second]
                        guard a != b, kinds[a].allowed[second], kinds[b].allowed[first] else { continue }
                        kindAt.swapAt(first, second)
                        let next = squaredImbalance(kindAt)
                        kindAt.swapAt(first, second)
                        if next < (bestMove?.value ?? value) - 1e-12 { bestMove = (first, second, nil, next) }
                    }
                    guard kinds[a].maySitOut, !kinds[a].isEmptySeat else { continue }
                    for b in kinds.indices where pool[b] > 0 && b != a && kinds[b].allowed[first] {
                        kindAt[first] = b
                        let next = squaredImbalance(kindAt)
                        if next < (bestMove?.value ?? value) - 1e-12, keepsRules(kindAt) {
                            bestMove = (first, first, b, next)
                        }
                        kindAt[first] = a
                    }
                }
                if let move = bestMove {
                    if let b = move.poolKind {
                        pool[kindAt[move.first]] += 1
                        pool[b] -= 1
                        kindAt[move.first] = b
                    } else {
                        kindAt.swapAt(move.first, move.second)
                    }
                    value = move.value
                    improved = true
                }
            }
            return value
        }
        var best = start
        var bestPool = pool
        var bestValue = improve(&best, &bestPool)
        var random = SeededRandomGenerator(seed: seed)
        for _ in 0..<kicks where best.count > 1 {
            var kindAt = best
            var kickedPool = bestPool
            for _ in 0..<3 {
                let first = Int.random(in: 0..<kindAt.count, using: &random)
                let second = Int.random(in: 0..<kindAt.count, using: &random)
                if kinds[kindAt[first]].allowed[second], kinds[kindAt[second]].allowed[first] {
                    kindAt.swapAt(first, second)
                }
            }
            let value = improve(&kindAt, &kickedPool)
            if value < bestValue - 1e-12 {
                best = kindAt
                bestPool = kickedPool
                bestValue = value
            }
        }
        return (bestValue, best)
    }

    /// The proven least imbalance, or with more than `nodeBudget` nodes the best found and no proof.
    public func solve(nodeBudget: Int = 50_000_000) -> Answer {
        let search = BranchAndBound(reference: self, nodeBudget: nodeBudget)
        let rootBound = search.bound(depth: 0, trim: baseTrim, list: baseList)
        search.run()
        var seating: [Place: PaddlerID?] = [:]
        var handedOut = [Int](repeating: 0, count: kinds.count)
        for (seat, kind) in search.bestChoice.enumerated() {
            let token = kinds[kind]
            seating[seats[seat]] = token.isEmptySeat ? PaddlerID?.none : token.paddlers[handedOut[kind]]
            handedOut[kind] += 1
        }
        return Answer(
            imbalanceKg: search.best.squareRoot(), seating: seating, nodes: search.nodes,
            isComplete: !search.exhausted, rootLowerBoundKg: rootBound.squareRoot())
    }
}

/// The depth-first search of `ExactBalanceReference.solve`, with every table the bound reads worked out
/// once and its buffers reused, so that a node allocates nothing.
final class BranchAndBound {
    let reference: ExactBalanceReference
    let nodeBudget: Int
    let weight: [Double]
    let trimArm: [Double]
    let listArm: [Double]
    let seatCount: Int
    /// Per direction (trim, −trim, list, −list) and depth: the arms of the seats from that depth on, in
    /// ascending order.
    let openArms: [[[Double]]]
    /// The same per group, of the seats the group may take.
    let groupArms: [[[[Double]]]]
    /// The kinds of paddlers heaviest first, all together and per group.
    let heaviestFirst: [Int]
    let groupHeaviestFirst: [[Int]]
    let groupMaySitOut: [Bool]
    let emptyKinds: [Int]
    let maySitOut: [Bool]
    /// Per kind and seat, at `kind * seatCount + seat`.
    let allowed: [Bool]
    var remaining: [Int]
    var choice: [Int]
    /// The weights of the paddlers left, heaviest first (the bound's buffer).
    var scratch: [Double]
    /// Per depth, the children worth opening: kind, trim, list and bound.
    var childKind: [[Int]]
    var childTrim: [[Double]]
    var childList: [[Double]]
    var childBound: [[Double]]
    var best: Double
    var bestChoice: [Int]
    var nodes = 0
    var exhausted = false
    /// Below this relative margin two imbalances are the same figure in different rounding.
    let margin = 1e-12

    init(reference: ExactBalanceReference, nodeBudget: Int) {
        self.reference = reference
        self.nodeBudget = nodeBudget
        let kinds = reference.kinds
        weight = kinds.map(\.weight)
        trimArm = reference.trimArm
        listArm = reference.listArm
        let seatCount = reference.seats.count
        self.seatCount = seatCount
        let directions = [trimArm, trimArm.map { -$0 }, listArm, listArm.map { -$0 }]
        openArms = directions.map { arms in
            (0...seatCount).map { depth in Array(arms[depth...]).sorted() }
        }
        groupArms = directions.map { arms in
            reference.groups.map { group in
                (0...seatCount).map { depth in
                    (depth..<seatCount).filter { kinds[group[0]].allowed[$0] }.map { arms[$0] }.sorted()
                }
            }
        }
        let paddlerKinds = kinds.indices.filter { !kinds[$0].isEmptySeat }
        heaviestFirst = paddlerKinds.sorted { (kinds[$0].weight, $1) > (kinds[$1].weight, $0) }
        groupHeaviestFirst = reference.groups.map { group in
            group.sorted { (kinds[$0].weight, $1) > (kinds[$1].weight, $0) }
        }
        groupMaySitOut = reference.groups.map { kinds[$0[0]].maySitOut }
        emptyKinds = kinds.indices.filter { kinds[$0].isEmptySeat }
        maySitOut = kinds.map(\.maySitOut)
        allowed = kinds.flatMap(\.allowed)
        var remaining = kinds.map { $0.paddlers.isEmpty ? 0 : $0.paddlers.count }
        for index in emptyKinds { remaining[index] = reference.startKinds.filter { $0 == index }.count }
        self.remaining = remaining
        choice = [Int](repeating: -1, count: seatCount)
        scratch = [Double](repeating: 0, count: max(1, remaining.reduce(0, +)))
        childKind = [[Int]](repeating: [Int](repeating: 0, count: kinds.count), count: seatCount + 1)
        childTrim = [[Double]](
            repeating: [Double](repeating: 0, count: kinds.count), count: seatCount + 1)
        childList = childTrim
        childBound = childTrim
        // The start is allowed; the descent's best is the first incumbent to beat.
        let first = reference.descend(from: reference.startKinds)
        best = first.value
        bestChoice = first.kindAt
    }

    /// The least trim (or list, per `direction`) the seats from `depth` on can add, over every way to fill
    /// them with the tokens left, relaxing which seats each token may take except by group: by the
    /// rearrangement inequality the heaviest paddlers on the most negative arms give the least sum (with
    /// the bench, nobody needs a positive arm); per group and for everyone together, the tighter.
    func leastAddition(direction: Int, depth: Int) -> Double {
        var byGroups = 0.0
        var mayLeaveOut = false
        for group in groupHeaviestFirst.indices {
            let members = groupHeaviestFirst[group]
            var any = false
            for kind in members where remaining[kind] > 0 {
                any = true
                break
            }
            guard any else { continue }
            let leaves = groupMaySitOut[group]
            mayLeaveOut = mayLeaveOut || leaves
            let arms = groupArms[direction][group][depth]
            var next = 0
            var sum = 0.0
            walk: for kind in members {
                var count = remaining[kind]
                while count > 0 {
                    guard next < arms.count else { break walk }
                    let arm = arms[next]
                    if leaves && arm > 0 { break walk }
                    sum += weight[kind] * arm
                    next += 1
                    count -= 1
                }
            }
            byGroups += sum
        }
        let arms = openArms[direction][depth]
        var together = Double.infinity
        if !mayLeaveOut {
            // Every open seat takes a token, empty seats (0 kg) the lightest: the paddlers the most negative.
            var next = 0
            var sum = 0.0
            walk: for kind in heaviestFirst {
                var count = remaining[kind]
                while count > 0 {
                    guard next < arms.count else { break walk }
                    sum += weight[kind] * arms[next]
                    next += 1
                    count -= 1
                }
            }
            together = sum
        } else {
            var count = 0
            for kind in heaviestFirst {
                for _ in 0..<remaining[kind] {
                    scratch[count] = weight[kind]
                    count += 1
                }
            }
            var emptySeats = 0
            for kind in emptyKinds { emptySeats += remaining[kind] }
            // `seated` of the paddlers take seats: some heaviest on the most negative arms, the rest the
            // lightest on the next arms, the empty seats the most positive; every split is tried.
            let seated = arms.count - emptySeats
            if seated >= 0 {
                for heavy in 0...max(0, min(seated, count)) {
                    let light = seated - heavy
                    guard heavy + light <= count else { continue }
                    var sum = 0.0
                    for index in 0..<heavy { sum += scratch[index] * arms[index] }
                    for index in 0..<light { sum += scratch[count - light + index] * arms[heavy + index] }
                    together = min(together, sum)
                }
            }
        }
        return max(byGroups, together.isFinite ? together : byGroups)
    }

    /// The least squared imbalance of any completion from `depth` with trim and list so far: the distance
    /// from level of the box the trim and list intervals span.
    func bound(depth: Int, trim: Double, list: Double) -> Double {
        let trimLow = trim + leastAddition(direction: 0, depth: depth)
        let trimHigh = trim - leastAddition(direction: 1, depth: depth)
        let listLow = list + leastAddition(direction: 2, depth: depth)
        let listHigh = list - leastAddition(direction: 3, depth: depth)
        let trimGap = trimLow > 0 ? trimLow : (trimHigh < 0 ? -trimHigh : 0)
        let listGap = listLow > 0 ? listLow : (listHigh < 0 ? -listHigh : 0)
        return trimGap * trimGap + listGap * listGap
    }

    func run() {
        visit(0, reference.baseTrim, reference.baseList)
    }

    func visit(_ depth: Int, _ trim: Double, _ list: Double) {
        nodes += 1
        if nodes > nodeBudget {
            exhausted = true
            return
        }
        if depth == seatCount {
            // Whoever is left must be able to sit out: empty seats never do.
            for index in remaining.indices where remaining[index] > 0 && !maySitOut[index] { return }
            let value = trim * trim + list * list
            if value < best - margin * max(1, best), reference.keepsRules(choice) {
                best = value
                bestChoice = choice
            }
            return
        }
        var count = 0
        for index in remaining.indices where remaining[index] > 0 && allowed[index * seatCount + depth] {
            let nextTrim = trim + weight[index] * trimArm[depth]
            let nextList = list + weight[index] * listArm[depth]
            remaining[index] -= 1
            let lower = bound(depth: depth + 1, trim: nextTrim, list: nextList)
            remaining[index] += 1
            guard lower < best - margin * max(1, best) else { continue }
            // Kept in ascending order of bound (insertion): the most promising child first.
            var slot = count
            while slot > 0 && childBound[depth][slot - 1] > lower {
                childKind[depth][slot] = childKind[depth][slot - 1]
                childTrim[depth][slot] = childTrim[depth][slot - 1]
                childList[depth][slot] = childList[depth][slot - 1]
                childBound[depth][slot] = childBound[depth][slot - 1]
                slot -= 1
            }
            childKind[depth][slot] = index
            childTrim[depth][slot] = nextTrim
            childList[depth][slot] = nextList
            childBound[depth][slot] = lower
            count += 1
        }
        for slot in 0..<count where !exhausted {
            guard childBound[depth][slot] < best - margin * max(1, best) else { break }
            let kind = childKind[depth][slot]
            remaining[kind] -= 1
            choice[depth] = kind
            visit(depth + 1, childTrim[depth][slot], childList[depth][slot])
            remaining[kind] += 1
        }
    }
}
