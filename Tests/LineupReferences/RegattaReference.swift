import LineupCore

/// The best `PlanScore` of any plan for a small regatta, by trying every plan, and lower bounds on the
/// score of every plan for a large one, written apart from the regatta planner: it reads only the public
/// regatta, roster and rules, and scores a plan by the rules `PlanScore` and `RegattaPlanner` document.
///
/// A plan gives each boat the races use a drummer, a steerer and row paddlers (any of them may be missing),
/// chosen among the active paddlers in the boat's lineup who are there for every race of the boat. Its score,
/// term by term as `PlanScore` orders them:
/// - two boats whose races start at the same time: each person in both; races closer than the minimum gap:
///   each person in both, as a rest break;
/// - the sex rule of each different rule set of the boat's races: each counted person (the row paddlers,
///   with the drummer and steerer when the rules count them) who is not a woman under women's rules (an
///   unknown sex is not counted), and under mixed rules each woman or man short of or over the limits;
/// - a boat without a drummer, without a steerer; each row paddler short of the most demanding lower limit
///   of its rules or over the least upper limit (and the seats there are);
/// - `maximumRaces`: each race over it, per person;
/// - each drummer not able to drum and steerer not able to steer, and each sided paddler who cannot have a
///   seat of their side when the crew fills the boat from the front (with `n` in the rows, at most `n`, and
///   at most the side's seats, on each side): a broken rule where any of the boat's rules makes it one,
///   otherwise a mismatch;
/// - a drummer or steerer of unknown weight;
/// - `minimumRaces`: each race short of it, per person available for at least one race;
/// - each row seat the crew leaves empty below the rules' upper limit, per race of the boat;
/// - seats taken by someone who answered maybe (0: the reference takes regattas without answers);
/// - the sum over the people available for at least one race of their race count squared;
/// - each person moved into a crew (every boat starts with everyone on its bench).
///
/// It takes only regattas whose raced boats have no locked seat and nobody seated (everyone on the bench),
/// nobody with allowed rows, and no answers: the cases where these rules are the whole of the score.
public struct RegattaReference {
    /// One boat's crew.
    public struct Crew: Hashable, Sendable {
        public var drummer: PaddlerID?
        public var steerer: PaddlerID?
        /// The row paddlers, in ascending order of id.
        public var rows: [PaddlerID]

        public init(drummer: PaddlerID?, steerer: PaddlerID?, rows: [PaddlerID]) {
            self.drummer = drummer
            self.steerer = steerer
            self.rows = rows.sorted()
        }
    }

    let regatta: Regatta
    let minimumRaces: Int?
    let maximumRaces: Int?
    /// Everyone in the raced boats' lineups, in ascending order of id.
    let people: [PaddlerID]
    /// The boats the races use, in ascending order, and per boat its races and its different rule sets.
    public let boats: [Int]
    let racesOf: [[Int]]
    let rulesOf: [[CrewRules]]
    /// Per boat, the people (indices into `people`) who may race in it.
    let candidates: [[Int]]
    /// Per person: available for at least one race.
    let counted: [Bool]
    /// Per pair of boats: 0 when nobody is kept from racing both, 1 when two of their races are closer
    /// than the minimum gap, 2 when two start at the same time.
    let conflict: [[Int]]

    /// The reference for `regatta` planned with `minimumRaces` and `maximumRaces`; nil when the regatta is
    /// outside what it takes (a raced boat with a locked seat or someone seated, allowed rows, answers).
    public init?(regatta: Regatta, minimumRaces: Int?, maximumRaces: Int?) {
        self.regatta = regatta
        self.minimumRaces = minimumRaces
        self.maximumRaces = maximumRaces
        let boats = Array(Set(regatta.races.map(\.boat))).sorted()
        self.boats = boats
        var ids = Set<PaddlerID>()
        for boat in boats {
            let lineup = regatta.boats[boat].lineup
            guard lineup.lockedSeats.isEmpty, Place.seats(of: lineup.kind).allSatisfy({ lineup[$0] == nil }) else {
                return nil
            }
            ids.formUnion(lineup.placements.map(\.paddler))
        }
        guard regatta.answers.maybes.isEmpty, regatta.answers.raceOuts.isEmpty else { return nil }
        let people = ids.filter { regatta.roster[$0] != nil }.sorted()
        guard people.allSatisfy({ regatta.roster[$0]?.rows == nil }) else { return nil }
        self.people = people
        racesOf = boats.map { boat in regatta.races.indices.filter { regatta.races[$0].boat == boat } }
        rulesOf = racesOf.map { races in
            var rules: [CrewRules] = []
            for race in races where !rules.contains(regatta.races[race].rules) {
                rules.append(regatta.races[race].rules)
            }
            return rules
        }
        let racesOf = racesOf
        candidates = boats.indices.map { index in
            let inBoat = Set(regatta.boats[boats[index]].lineup.placements.map(\.paddler))
            return people.indices.filter { person in
                inBoat.contains(people[person])
                    && racesOf[index].allSatisfy { regatta.isAvailable(people[person], for: $0) }
            }
        }
        counted = people.map { id in regatta.races.indices.contains { regatta.isAvailable(id, for: $0) } }
        let gap = max(1, regatta.minimumGapMinutes)
        conflict = racesOf.map { first in
            racesOf.map { second in
                guard first != second else { return 0 }
                var level = 0
                for a in first {
                    for b in second {
                        let apart = abs(regatta.races[a].start.minutes - regatta.races[b].start.minutes)
                        if apart == 0 { level = 2 } else if apart < gap { level = max(level, 1) }
                    }
                }
                return level
            }
        }
    }

    /// The crews of the raced boats in `planned` (the regatta with a plan's lineups), in `boats` order.
    public func crews(of planned: Regatta) -> [Crew] {
        boats.map { boat in
            let lineup = planned.boats[boat].lineup
            let rows = Place.seats(of: lineup.kind).filter { $0.row != nil }.compactMap { lineup[$0] }
            return Crew(drummer: lineup.drummer, steerer: lineup.steerer, rows: rows)
        }
    }

    /// The rows of a boat's rules: the most demanding lower limit and the least upper one (within its seats).
    func crewSize(_ index: Int) -> (lowest: Int, highest: Int) {
        let seats = regatta.boats[boats[index]].lineup.kind.rowCount * 2
        let lowest = rulesOf[index].map(\.paddlers.lowerBound).max() ?? 0
        let highest = min(rulesOf[index].map(\.paddlers.upperBound).min() ?? seats, seats)
        return (lowest, max(0, highest))
    }

    /// The terms one boat's crew decides alone.
    func boatScore(_ index: Int, drummer: Int?, steerer: Int?, rows: [Int]) -> PlanScore {
        var score = PlanScore()
        let roster = regatta.roster
        func paddler(_ person: Int) -> Paddler? { roster[people[person]] }
        let (lowest, highest) = crewSize(index)
        score.paddlersShort = max(0, lowest - rows.count) + max(0, rows.count - highest)
        if drummer == nil { score.missingDrummers = 1 }
        if steerer == nil { score.missingSteerers = 1 }
        var unable = 0
        if let drummer, paddler(drummer)?.canDrum != true { unable += 1 }
        if let steerer, paddler(steerer)?.canSteer != true { unable += 1 }
        for end in [drummer, steerer] {
            if let end, paddler(end)?.weightKg == nil { score.unweighedEnds += 1 }
        }
        let seatsPerSide = regatta.boats[boats[index]].lineup.kind.rowCount
        let room = min(rows.count, seatsPerSide)
        let leftOnly = rows.filter { paddler($0)?.side == .left }.count
        let rightOnly = rows.filter { paddler($0)?.side == .right }.count
        let misfits = max(0, leftOnly - room) + max(0, rightOnly - room)
        let rules = rulesOf[index]
        if rules.contains(where: \.capabilityIsRule) {
            score.requiredFitBreaks += unable
        } else {
            score.mismatches += unable
        }
        if rules.contains(where: \.sidesAreRules) {
            score.requiredFitBreaks += misfits
        } else {
            score.mismatches += misfits
        }
        for rule in rules {
            let countedPeople = rows + (rule.countsDrummerAndSteerer ? [drummer, steerer].compactMap { $0 } : [])
            let sexes = countedPeople.map { paddler($0)?.sex }
            switch rule.sex {
            case .any: break
            case .womenOnly: score.sexRuleBreaks += sexes.filter { $0 != nil && $0 != .female }.count
            case .mixed(let each):
                for count in [sexes.filter { $0 == .female }.count, sexes.filter { $0 == .male }.count] {
                    score.sexRuleBreaks += max(0, each.lowerBound - count) + max(0, count - each.upperBound)
                }
            }
        }
        score.emptySeats = max(0, highest - rows.count) * racesOf[index].count
        score.changes = rows.count + (drummer == nil ? 0 : 1) + (steerer == nil ? 0 : 1)
        return score
    }

    /// The terms that depend on who races what: conflicts between boats and the race counts.
    func addSharedTerms(members: [Set<Int>], to score: inout PlanScore) {
        for first in boats.indices {
            for second in (first + 1)..<boats.count where conflict[first][second] > 0 {
                let both = members[first].intersection(members[second]).count
                if conflict[first][second] == 2 { score.sameTimeRaces += both } else { score.restBreaks += both }
            }
        }
        for person in people.indices {
            let races = boats.indices.filter { members[$0].contains(person) }.reduce(0) { $0 + racesOf[$1].count }
            if let maximumRaces { score.overMaximumRaces += max(0, races - maximumRaces) }
            guard counted[person] else { continue }
            if let minimumRaces { score.racesShort += max(0, minimumRaces - races) }
            score.sumOfSquaredRaces += races * races
        }
    }

    /// The score of `crews` (in `boats` order).
    public func score(_ crews: [Crew]) -> PlanScore {
        let index = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($0.element, $0.offset) })
        var total = PlanScore()
        var members: [Set<Int>] = []
        for (boat, crew) in crews.enumerated() {
            let drummer = crew.drummer.flatMap { index[$0] }
            let steerer = crew.steerer.flatMap { index[$0] }
            let rows = crew.rows.compactMap { index[$0] }
            Self.add(boatScore(boat, drummer: drummer, steerer: steerer, rows: rows), to: &total)
            members.append(Set(rows + [drummer, steerer].compactMap { $0 }))
        }
        addSharedTerms(members: members, to: &total)
        return total
    }

    /// Each boat's possible crews: drummer, steerer (either may be missing) and any set of the other
    /// candidates that fits the rows.
    func crewOptions(_ index: Int) -> [(drummer: Int?, steerer: Int?, rows: [Int])] {
        let pool = candidates[index]
        let seats = regatta.boats[boats[index]].lineup.kind.rowCount * 2
        var options: [(drummer: Int?, steerer: Int?, rows: [Int])] = []
        for drummer in [nil] + pool.map(Optional.some) {
            for steerer in [nil] + pool.map(Optional.some) where steerer == nil || steerer != drummer {
                let rest = pool.filter { $0 != drummer && $0 != steerer }
                for subset in 0..<(1 << rest.count) where subset.nonzeroBitCount <= seats {
                    let rows = rest.indices.filter { subset & (1 << $0) != 0 }.map { rest[$0] }
                    options.append((drummer, steerer, rows))
                }
            }
        }
        return options
    }

    /// How many plans `solve` would try.
    public var planCount: Int {
        boats.indices.reduce(1) { count, index in
            let pool = candidates[index].count
            // drummer and steerer each missing or one of the pool, the rest any subset
            var options = 1 << pool
            if pool >= 1 { options += 2 * pool * (1 << (pool - 1)) }
            if pool >= 2 { options += pool * (pool - 1) * (1 << (pool - 2)) }
            return count.multipliedReportingOverflow(by: options).overflow ? .max : count * options
        }
    }

    /// The best score of every plan, and crews that have it; nil when there are more than `planLimit` plans.
    ///
    /// Every term fits in a byte on regattas this small, so a score packs into two words compared in order.
    public func solve(planLimit: Int = 5_000_000) -> (score: PlanScore, crews: [Crew])? {
        guard planCount <= planLimit, people.count <= 12, regatta.races.count <= 4 else { return nil }
        let options = boats.indices.map(crewOptions)
        let local = boats.indices.map { index in
            options[index].map { option in
                let score = boatScore(index, drummer: option.drummer, steerer: option.steerer, rows: option.rows)
                var mask = 0
                for person in option.rows + [option.drummer, option.steerer].compactMap({ $0 }) { mask |= 1 << person }
                return (key: Self.pack(score), mask: mask)
            }
        }
        var best: (high: UInt64, low: UInt64) = (.max, .max)
        var bestChoice = [Int](repeating: 0, count: boats.count)
        var choice = [Int](repeating: 0, count: boats.count)
        var masks = [Int](repeating: 0, count: boats.count)
        let raceCounts = racesOf.map(\.count)

        func leaf(_ high: UInt64, _ low: UInt64) {
            var sameTime = 0
            var rest = 0
            for first in boats.indices {
                for second in (first + 1)..<boats.count where conflict[first][second] > 0 {
                    let both = (masks[first] & masks[second]).nonzeroBitCount
                    if conflict[first][second] == 2 { sameTime += both } else { rest += both }
                }
            }
            var over = 0
            var short = 0
            var squares = 0
            for person in people.indices {
                var races = 0
                for boat in boats.indices where masks[boat] & (1 << person) != 0 { races += raceCounts[boat] }
                if let maximumRaces { over += max(0, races - maximumRaces) }
                guard counted[person] else { continue }
                if let minimumRaces { short += max(0, minimumRaces - races) }
                squares += races * races
            }
            let totalHigh = high + UInt64(sameTime) << 56 + UInt64(rest) << 16 + UInt64(over) << 8
            let totalLow = low + UInt64(short) << 32 + UInt64(squares) << 8
            if (totalHigh, totalLow) < best {
                best = (totalHigh, totalLow)
                bestChoice = choice
            }
        }
        func visit(_ boat: Int, _ high: UInt64, _ low: UInt64) {
            guard boat < boats.count else { return leaf(high, low) }
            for (index, option) in local[boat].enumerated() {
                choice[boat] = index
                masks[boat] = option.mask
                visit(boat + 1, high + option.key.high, low + option.key.low)
            }
        }
        visit(0, 0, 0)
        let crews = boats.indices.map { index in
            let option = options[index][bestChoice[index]]
            return Crew(
                drummer: option.drummer.map { people[$0] }, steerer: option.steerer.map { people[$0] },
                rows: option.rows.map { people[$0] })
        }
        return (score(crews), crews)
    }

    // MARK: - Bounds for regattas too large to try every plan

    /// The most races `person` (an index into `people`) can have in a plan that breaks no rule: the largest
    /// total over sets of boats they may race in, no two with races too close, and at most `maximumRaces`.
    func mostRaces(_ person: Int) -> Int {
        let open = boats.indices.filter { candidates[$0].contains(person) }
        precondition(open.count <= 20, "few boats per person")
        var most = 0
        for subset in 0..<(1 << open.count) {
            let chosen = open.indices.filter { subset & (1 << $0) != 0 }.map { open[$0] }
            let apart = chosen.allSatisfy { a in chosen.allSatisfy { b in a == b || conflict[a][b] == 0 } }
            if apart { most = max(most, chosen.reduce(0) { $0 + racesOf[$1].count }) }
        }
        return min(most, maximumRaces ?? .max)
    }

    /// Lower bounds on the terms that follow the rules, for every plan that breaks no rule (a plan that breaks
    /// one scores worse than a plan that breaks none, whatever comes after). Each later bound holds for
    /// plans equal to the given plan on the terms before it, so a chain of them is read in order: a plan at
    /// every bound up to a term is proven best up to that term.
    public struct Bounds: Sendable {
        /// Races short of `minimumRaces`: each person's shortfall below the most races they can have.
        public var racesShort: Int
        /// Empty row seats per race: the seats below the rules' upper limits that the people there cannot
        /// fill (everyone's most races, less a drummer and a steerer per boat and race; no boat's rows
        /// beyond its candidates less those two).
        public var emptySeats: Int
        /// Per number of empty seats (index), the least sum of squared race counts: with that many empty
        /// seats the races to share out are fixed, and they are shared as evenly as the most races allow;
        /// nil where no plan keeping the rules has that many.
        public var sumOfSquaredRaces: [Int?]
        /// Per number of empty seats, the fewest people moved into crews: the fewest row paddlers that fill
        /// those seat-races (the boats with the most races first), plus a drummer and a steerer a boat.
        public var changes: [Int?]
    }

    /// The bounds of `Bounds` for this regatta (maybe answers are not read: the term is bounded by 0).
    public func bounds() -> Bounds {
        let most = people.indices.map(mostRaces)
        var short = 0
        if let minimumRaces {
            for person in people.indices where counted[person] { short += max(0, minimumRaces - most[person]) }
        }
        let weights = racesOf.map(\.count)
        let sizes = boats.indices.map(crewSize)
        let fullRows = boats.indices.reduce(0) { $0 + sizes[$1].highest * weights[$1] }
        let ends = 2 * weights.reduce(0, +)
        let rowCap = boats.indices.reduce(0) {
            $0 + max(0, min(sizes[$1].highest, candidates[$1].count - 2)) * weights[$1]
        }
        let supply = most.reduce(0, +)
        let emptySeats = max(0, fullRows - min(rowCap, supply - ends))
        var squares: [Int?] = []
        var changes: [Int?] = []
        for empty in 0...fullRows {
            let filled = fullRows - empty
            let total = filled + ends
            // Shared out one race at a time to whoever has the fewest so far and room for more.
            var races = [Int](repeating: 0, count: people.count)
            var left = total
            var order = people.indices.filter { counted[$0] && most[$0] > 0 }
            while left > 0, !order.isEmpty {
                order.sort { (races[$0], $0) < (races[$1], $1) }
                races[order[0]] += 1
                if races[order[0]] == most[order[0]] { order.removeFirst() }
                left -= 1
            }
            squares.append(left > 0 ? nil : races.reduce(0) { $0 + $1 * $1 })
            // Fewest row paddlers: every boat at its lower limit, the rest in the boats with the most races.
            var rows = boats.indices.map { sizes[$0].lowest }
            var remaining = filled - boats.indices.reduce(0) { $0 + rows[$1] * weights[$1] }
            for index in boats.indices.sorted(by: { (weights[$0], $1) > (weights[$1], $0) }) where remaining > 0 {
                let room = max(0, min(sizes[index].highest, candidates[index].count - 2)) - rows[index]
                let added = min(room, (remaining + weights[index] - 1) / weights[index])
                rows[index] += added
                remaining -= added * weights[index]
            }
            changes.append(remaining > 0 ? nil : rows.reduce(0, +) + 2 * boats.count)
        }
        return Bounds(racesShort: short, emptySeats: emptySeats, sumOfSquaredRaces: squares, changes: changes)
    }

    /// `part` added to `total`, term by term.
    static func add(_ part: PlanScore, to total: inout PlanScore) {
        total.sameTimeRaces += part.sameTimeRaces
        total.sexRuleBreaks += part.sexRuleBreaks
        total.missingSteerers += part.missingSteerers
        total.missingDrummers += part.missingDrummers
        total.paddlersShort += part.paddlersShort
        total.restBreaks += part.restBreaks
        total.overMaximumRaces += part.overMaximumRaces
        total.requiredFitBreaks += part.requiredFitBreaks
        total.mismatches += part.mismatches
        total.unweighedEnds += part.unweighedEnds
        total.racesShort += part.racesShort
        total.emptySeats += part.emptySeats
        total.maybeSeats += part.maybeSeats
        total.sumOfSquaredRaces += part.sumOfSquaredRaces
        total.changes += part.changes
    }

    /// A score as two words, a byte per term, the first terms the most significant.
    static func pack(_ score: PlanScore) -> (high: UInt64, low: UInt64) {
        let high = [
            score.sameTimeRaces, score.sexRuleBreaks, score.missingSteerers, score.missingDrummers,
            score.paddlersShort, score.restBreaks, score.overMaximumRaces, score.requiredFitBreaks,
        ]
        let low = [
            score.mismatches, score.unweighedEnds, score.racesShort, score.emptySeats, score.maybeSeats,
            score.sumOfSquaredRaces, score.changes,
        ]
        precondition((high + low).allSatisfy { (0..<64).contains($0) }, "a regatta small enough for bytes")
        return (
            high.reduce(0) { $0 << 8 | UInt64($1) },
            low.reduce(0) { $0 << 8 | UInt64($1) }
        )
    }
}
