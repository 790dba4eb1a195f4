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
/// of the box the intervals span from level. The rules kept are the optimizer's promises: sides, rows,
/// locks, drummer and steerer, unknown weights (they stay), taken row-1 seats never emptied, a crew kept at
/// the front, and with the bench never more broken crew rules than at the start.
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
        lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules, useBench: Bool,
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
        let searched = unlocked.filter { place in lineup[place].map { roster[$0]?.weightKg != nil } ?? true }
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

        let rowsTaken = unlocked.compactMap { place in place.row.map { (row: $0, taken: lineup[place] != nil) } }
        let lastTakenRow = keepsCrewAtFront ? rowsTaken.filter(\.taken).map(\.row).max() ?? 0 : Int.max
        let firstEmptyRow = keepsCrewAtFront ? rowsTaken.filter { !$0.taken }.map(\.row).min() ?? Int.max : 0
        func allows(_ paddler: Paddler, _ place: Place, start: Place?) -> Bool {
            if place == start { return true }
            guard let row = place.row, row <= lastTakenRow, paddler.maySit(inRow: row) else { return false }
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
                let allowed = searched.map { lineup[$0] == nil || ($0.row != 1 && ($0.row ?? 0) >= firstEmptyRow) }
                startKinds.append(
                    add(
                        TokenKind(
                            paddlers: [], weight: 0, sex: nil, isEmptySeat: true, allowed: allowed, maySitOut: false)))
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
                guard let paddler = roster[id], paddler.isActive, let weight = paddler.weightKg else { continue }
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
        let fixedCounted = fixedRowPeople + (rules.countsDrummerAndSteerer ? [lineup.drummer, lineup.steerer] : [])
        fixedRowPaddlers = fixedRowPeople.count
        fixedSexes = fixedCounted.compactMap { $0 }.map { roster[$0]?.sex }
        startViolations = Self.violations(
            rules: rules, rowPaddlers: fixedRowPeople.count + movableCrew.count,
            sexes: fixedSexes + movableCrew.map { roster[$0]?.sex })
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

    /// The crew rules a crew of `rowPaddlers` row paddlers breaks, whose counted people have `sexes`.
    static func violations(rules: CrewRules, rowPaddlers: Int, sexes: [Sex?]) -> Int {
        var broken = rules.paddlers.contains(rowPaddlers) ? 0 : 1
        let women = sexes.filter { $0 == .female }.count
        let men = sexes.filter { $0 == .male }.count
        switch rules.sex {
        case .any: break
        case .womenOnly: broken += women == sexes.count ? 0 : 1
        case .mixed(let each): broken += (each.contains(women) ? 0 : 1) + (each.contains(men) ? 0 : 1)
        }
        return broken
    }

    /// The least of Σ weight × arm over putting each of `weights` (heaviest first) on a different arm of
    /// `arms` (ascending), when `sitOut` of them may instead take an arm of 0 (the bench) and `mustFill`
    /// arms must be taken: heaviest on the most negative arms.
    static func leastSum(weights: [Double], arms: [Double], mayLeaveOut: Bool) -> Double {
        // Each weight goes to its own arm; with the bench any may take 0 instead. The sum is least with the
        // heaviest on the most negative arms, and (with the bench) nobody on a positive one.
        var sum = 0.0
        for (weight, arm) in zip(weights, arms) {
            if mayLeaveOut && arm > 0 { break }
            sum += weight * arm
        }
        return sum
    }

    /// The least trim (or list, per `arms`) the seats from `depth` on can add, over every way to fill them
    /// with the tokens in `remaining`, relaxing which seats each token may take except by group.
    func leastAddition(arms: [Double], depth: Int, remaining: [Int]) -> Double {
        let open = Array(depth..<seats.count)
        var everyone: [Double] = []
        var paddlerCount = 0
        var mayLeaveOut = false
        var byGroups = 0.0
        for group in groups {
            var weights: [Double] = []
            for index in group where remaining[index] > 0 {
                weights += Array(repeating: kinds[index].weight, count: remaining[index])
            }
            guard !weights.isEmpty else { continue }
            weights.sort(by: >)
            let groupLeaves = kinds[group[0]].maySitOut
            mayLeaveOut = mayLeaveOut || groupLeaves
            let groupArms = open.filter { kinds[group[0]].allowed[$0] }.map { arms[$0] }.sorted()
            byGroups += Self.leastSum(weights: weights, arms: groupArms, mayLeaveOut: groupLeaves)
            everyone += weights
            paddlerCount += weights.count
        }
        everyone.sort(by: >)
        let openArms = open.map { arms[$0] }.sorted()
        let emptySeats = kinds.indices.filter { kinds[$0].isEmptySeat }.reduce(0) { $0 + remaining[$1] }
        // All together: with no bench every open seat takes a token, empty seats (0 kg) included, so the
        // paddlers fill all but `emptySeats` of the arms; with the bench also only as many.
        let seated = openArms.count - emptySeats
        var together = Double.infinity
        if !mayLeaveOut {
            together = Self.leastSum(
                weights: everyone + Array(repeating: 0, count: emptySeats), arms: openArms, mayLeaveOut: false)
        } else {
            // `seated` of the paddlers take seats: some heaviest on the most negative arms, the rest the
            // lightest on the remaining arms; every split is tried.
            for heavy in 0...max(0, min(seated, everyone.count)) {
                let light = seated - heavy
                guard light >= 0, heavy + light <= everyone.count else { continue }
                let chosen =
                    Array(everyone.prefix(heavy)) + Array(everyone.suffix(light))
                    + Array(repeating: 0, count: emptySeats)
                together = min(together, Self.leastSum(weights: chosen, arms: openArms, mayLeaveOut: false))
            }
        }
        return max(byGroups, together.isFinite ? together : byGroups)
    }

    /// The least squared imbalance of any completion from `depth` with trim and list so far.
    func bound(depth: Int, trim: Double, list: Double, remaining: [Int]) -> Double {
        let negatedTrim = trimArm.map { -$0 }
        let negatedList = listArm.map { -$0 }
        let trimLow = trim + leastAddition(arms: trimArm, depth: depth, remaining: remaining)
        let trimHigh = trim - leastAddition(arms: negatedTrim, depth: depth, remaining: remaining)
        let listLow = list + leastAddition(arms: listArm, depth: depth, remaining: remaining)
        let listHigh = list - leastAddition(arms: negatedList, depth: depth, remaining: remaining)
        let trimGap = trimLow > 0 ? trimLow : (trimHigh < 0 ? -trimHigh : 0)
        let listGap = listLow > 0 ? listLow : (listHigh < 0 ? -listHigh : 0)
        return trimGap * trimGap + listGap * listGap
    }

    /// The proven least imbalance, or with more than `nodeBudget` nodes the best found and no proof.
    public func solve(nodeBudget: Int = 50_000_000) -> Answer {
        var remaining = kinds.map { $0.paddlers.isEmpty ? 0 : $0.paddlers.count }
        for (index, token) in kinds.enumerated() where token.isEmptySeat {
            remaining[index] = startKinds.filter { $0 == index }.count
        }
        // The start is allowed: its imbalance is the first to beat.
        var startTrim = baseTrim
        var startList = baseList
        for (seat, kind) in startKinds.enumerated() {
            startTrim += kinds[kind].weight * trimArm[seat]
            startList += kinds[kind].weight * listArm[seat]
        }
        var best = startTrim * startTrim + startList * startList
        var bestChoice = startKinds
        let rootBound = bound(depth: 0, trim: baseTrim, list: baseList, remaining: remaining)
        var choice = [Int](repeating: -1, count: seats.count)
        var nodes = 0
        var exhausted = false
        // Below this relative margin two imbalances are the same figure in different rounding.
        let margin = 1e-12

        func crewKeepsRules() -> Bool {
            guard checksRules else { return true }
            var rowPaddlers = fixedRowPaddlers
            var sexes = fixedSexes
            for kind in choice where !kinds[kind].isEmptySeat {
                rowPaddlers += 1
                sexes.append(kinds[kind].sex)
            }
            return Self.violations(rules: rules, rowPaddlers: rowPaddlers, sexes: sexes) <= startViolations
        }

        func visit(_ depth: Int, _ trim: Double, _ list: Double) {
            nodes += 1
            if nodes > nodeBudget {
                exhausted = true
                return
            }
            if depth == seats.count {
                // Whoever is left must be able to sit out: empty seats never do.
                for (index, count) in remaining.enumerated() where count > 0 && !kinds[index].maySitOut { return }
                let value = trim * trim + list * list
                if value < best - margin * max(1, best), crewKeepsRules() {
                    best = value
                    bestChoice = choice
                }
                return
            }
            var options: [(kind: Int, trim: Double, list: Double, bound: Double)] = []
            for index in kinds.indices where remaining[index] > 0 && kinds[index].allowed[depth] {
                let nextTrim = trim + kinds[index].weight * trimArm[depth]
                let nextList = list + kinds[index].weight * listArm[depth]
                remaining[index] -= 1
                let lower = bound(depth: depth + 1, trim: nextTrim, list: nextList, remaining: remaining)
                remaining[index] += 1
                if lower < best - margin * max(1, best) { options.append((index, nextTrim, nextList, lower)) }
            }
            for option in options.sorted(by: { $0.bound < $1.bound }) where !exhausted {
                guard option.bound < best - margin * max(1, best) else { break }
                remaining[option.kind] -= 1
                choice[depth] = option.kind
                visit(depth + 1, option.trim, option.list)
                remaining[option.kind] += 1
            }
        }
        visit(0, baseTrim, baseList)

        var seating: [Place: PaddlerID?] = [:]
        var handedOut = [Int](repeating: 0, count: kinds.count)
        for (seat, kind) in bestChoice.enumerated() {
            let token = kinds[kind]
            seating[seats[seat]] = token.isEmptySeat ? PaddlerID?.none : token.paddlers[handedOut[kind]]
            handedOut[kind] += 1
        }
        return Answer(
            imbalanceKg: best.squareRoot(), seating: seating, nodes: nodes, isComplete: !exhausted,
            rootLowerBoundKg: rootBound.squareRoot())
    }
}
