/// What the optimizer may do and how hard it looks.
public struct OptimizerOptions: Hashable, Sendable {
    /// At most this many paddlers change place; nil for as many as help.
    public var maxMoves: Int?
    /// The cap on people who change place that the command line and the server use unless told otherwise,
    /// for every objective: a coach calls each move on the dock, and more than this is a new lineup
    /// rather than a correction (`OptimizerResult.beyondMoveCap` says when it held back a better one).
    public static let defaultMaxMoves = 8
    /// At most this many pairwise exchanges, counted as `LineupPlan.minimumExchanges`; nil for as many as
    /// help.
    public var maxExchanges: Int?
    /// Also trade seated paddlers with paddlers on the bench.
    public var useBench: Bool
    /// Results whose imbalance is within this many kilograms of the best found count as equally good, and
    /// the one that moves the fewest paddlers wins (a coach calls each move); so a proposal must also gain at
    /// least this much on the lineup as it is, or nobody moves. 0 asks for the best there is.
    public var toleranceKg: Double
    /// Restarts of the local search: more finds better results on hard rosters, slower.
    public var restarts: Int
    /// The random generator's seed, so that a run can be repeated exactly.
    public var seed: UInt64
    /// With at most this many places to rearrange, every arrangement is tried (8 places: 40,320), so the
    /// result is the true optimum; beyond, the local search.
    public var exhaustiveUpTo: Int
    /// With a longer bench, only this many bench paddlers take part (`LineupOptimizer.benchCandidates`):
    /// the search's work grows with the cube of the places it rearranges.
    public var benchCandidates: Int
    /// Keep a short crew in the rows it starts in, filled from the front: nobody moves behind the last row
    /// taken, and no seat ahead of the first empty row is left empty (only sides within a row, and
    /// places among those rows, change). The regatta planner seats crews from the front this way.
    public var keepsCrewAtFront: Bool
    /// What the search makes small; with `strength` and `both` the tolerance is in the objective's
    /// kilogram-equivalents (for `strength`, the imbalance among arrangements of equal seat fit).
    public var objective: OptimizerObjective
    /// Bench paddlers not there for a race the boat races (`regatta attend`, answers, injuries): never
    /// brought in, as inactive ones are not, so that a proposal never seats someone who is away.
    public var away: Set<PaddlerID>

    public init(
        maxMoves: Int? = nil, maxExchanges: Int? = nil, useBench: Bool = false, toleranceKg: Double = 0.5,
        restarts: Int = 120, seed: UInt64 = 1, exhaustiveUpTo: Int = 8, benchCandidates: Int = 32,
        keepsCrewAtFront: Bool = false, objective: OptimizerObjective = .balance, away: Set<PaddlerID> = []
    ) {
        self.objective = objective
        self.away = away
        self.maxMoves = maxMoves
        self.maxExchanges = maxExchanges
        self.useBench = useBench
        self.toleranceKg = toleranceKg
        self.restarts = restarts
        self.seed = seed
        self.exhaustiveUpTo = exhaustiveUpTo
        self.benchCandidates = benchCandidates
        self.keepsCrewAtFront = keepsCrewAtFront
    }
}

/// What a search looked at, so that a front end can say so.
public struct OptimizerScope: Hashable, Sendable {
    /// Unlocked row seats the search rearranged.
    public var seats: Int
    /// Bench paddlers who took part (0 without the bench).
    public var benchConsidered: Int
    /// Everyone on the bench.
    public var benchTotal: Int
    /// Bench paddlers left out because they are marked inactive (with the bench).
    public var benchInactive: Int
    /// Bench paddlers left out because their weight is unknown (with the bench).
    public var benchUnweighed: Int
    /// Bench paddlers left out because they are not there for a race of the boat (with the bench).
    public var benchAway: Int = 0
    /// Bench paddlers left out because the crew rules could never take them (with the bench).
    public var benchRuledOut: Int
    /// Bench paddlers kept on the bench to take an inactive paddler's seat, as the boat was levelled with
    /// them there (with the bench; `InactiveSeat`).
    public var benchReserved: Int = 0
    /// Bench paddlers left out by the candidate limit (with the bench).
    public var benchBeyondLimit: Int
    /// Of those considered, the best-ranked bench paddlers of each side taken before the rest when the
    /// limit left some out (`strength` and `both`; 0 otherwise).
    public var benchBestRanked: Int = 0
    /// Whether every arrangement was tried (few places), rather than the local search.
    public var exhaustive: Bool
    /// Arrangements whose balance the search worked out: its amount of work, independent of the machine.
    public var arrangementsEvaluated: Int
}

/// The optimizer's proposal: the lineup it leads to, and the plan that gets there.
public struct OptimizerResult: Sendable {
    /// A better arrangement the move cap held back: found by a search without the cap, better than the
    /// best within it by more than the tolerance.
    public struct BeyondMoveCap: Hashable, Sendable {
        /// The cap on people who change place that held it back (`OptimizerOptions.maxMoves`).
        public var cap: Int
        /// How many people change place to reach it: the fewest found within the tolerance of the best
        /// found without the cap.
        public var peopleMoved: Int
        /// Its imbalance in kilograms.
        public var imbalanceKg: Double
        /// Its objective figure (`SeatFit.score`), to compare with `bestScore`.
        public var score: Double

        public init(cap: Int, peopleMoved: Int, imbalanceKg: Double, score: Double) {
            self.cap = cap
            self.peopleMoved = peopleMoved
            self.imbalanceKg = imbalanceKg
            self.score = score
        }
    }

    /// The proposed lineup.
    public var lineup: Lineup
    /// Who moves where, in calling order, with the fewest exchanges that would do the same.
    public var plan: LineupPlan
    public var before: BalanceMoments
    public var after: BalanceMoments
    public var beforeImbalanceKg: Double
    public var afterImbalanceKg: Double
    /// The imbalance of the best arrangement found; with `balance`, the proposal is within the tolerance of it.
    public var bestImbalanceKg: Double
    public var scope: OptimizerScope
    /// What the search made small.
    public var objective: OptimizerObjective
    /// The seat-fit cost of the row seats before and after, in kilogram-equivalents (`SeatFit`).
    public var beforeFitKg: Double
    public var afterFitKg: Double
    /// The objective's figure of the best arrangement found (`SeatFit.score`); the proposal is within the
    /// tolerance of it.
    public var bestScore: Double
    /// Why each move of the plan helps, in the plan's order.
    public var explanations: [MoveExplanation]
    /// Nil unless the move cap stopped further improvements: what a search without it found.
    public var beyondMoveCap: BeyondMoveCap?
    /// Inactive paddlers left in row seats (the optimizer never moves them), each with the bench paddler
    /// who would best take the seat.
    public var inactiveSeated: [InactiveSeat]
    /// Paddlers the proposal leaves in a row barred to them because no allowed arrangement frees them
    /// (every objective moves such a paddler out when one does).
    public var barredSeated: [BarredSeat]
    /// Paddlers in the proposal's row seats with no place on their side's strength ranking (they count one
    /// place below its last); 0 with `balance`, which reads no ranking.
    public var unrankedSeated: Int
}

/// Finds the lineup that levels the boat best while keeping locks, side preferences, the rows each paddler
/// may sit in (nobody is moved into a row their rows exclude, and whoever starts in one is moved out of it
/// first, whenever some allowed arrangement does so: a barred row counts before any imbalance), the drummer and
/// steerer (never moved), paddlers of unknown weight (never moved), the paddlers of row 1 (a taken row-1
/// seat is never left empty; an empty one may be filled), and the crew rules (never more rule
/// violations than before); among lineups within the tolerance of the best it finds, the one that moves
/// the fewest paddlers. Inactive paddlers are never moved: one left in a seat is reported with the bench
/// paddler who would best take it (`InactiveSeat`), and the boat is levelled as it will race: with that
/// replacement in the seat (who then stays on the bench for it), or without the inactive paddler's weight
/// when nobody on the bench may take it.
///
/// With `OptimizerOptions.objective` `strength` the search makes the seat-fit cost small (`SeatFit`, the
/// imbalance breaking ties), with `both` the imbalance plus that cost; with `balance` (the default)
/// the objective is the imbalance of `BalanceMoments.imbalanceKg`: trim as kilograms in row 1 and list
/// as kilograms in a middle seat, combined. With few places to rearrange every arrangement is tried;
/// otherwise an iterated local search over exchanges (and rotations of three) with incremental moment
/// updates finds the best. Then, for fewer moves: for a count of moved paddlers, every arrangement moving
/// that many is tried (up to `OptimizerSearch.exactMovesUpTo`), beyond it the same search capped at that
/// count; bisection finds the smallest count within the tolerance. The plan (`LineupPlan`) moves each
/// paddler once, straight to their final place.
public enum LineupOptimizer {
    /// The proposal for `lineup`. `progress` hears the share of the work done, from 0 to 1, now and then.
    public static func optimize(
        _ lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules,
        options: OptimizerOptions = OptimizerOptions(), fit: SeatFit? = nil, progress: ((Double) -> Void)? = nil
    ) -> OptimizerResult {
        let fit = fit ?? SeatFit(wantedRoles: .defaults(for: lineup.kind))
        // The boat is levelled as it will race: an inactive paddler's seat weighs what the replacement
        // suggested for it weighs (nothing when nobody may take it), and that replacement stays on the bench
        // for the seat, so that making the suggestion keeps the boat level.
        let replacements = InactiveSeat.replacements(
            in: lineup, roster: roster, model: model, rules: rules, fit: fit, objective: options.objective,
            away: options.away)
        var racing = roster
        for (inactive, replacement) in replacements {
            racing[inactive]?.weightKg = replacement.flatMap { roster[$0]?.weightKg }
        }
        let reserved = Set(replacements.values.compactMap { $0 })
        // With the bench, a crew outside the counts of its rules is brought within them first, where the
        // caps allow; the search starts there and never breaks those rules again.
        var searchOptions = options
        var start = lineup
        var mendingMoves = 0
        if options.useBench {
            start = CrewRuleMending.mended(
                lineup, roster: racing, model: model, rules: rules,
                candidates: Set(lineup.bench).subtracting(reserved).subtracting(options.away),
                maxMoves: options.maxMoves,
                maxExchanges: options.maxExchanges)
            let mending = LineupPlan(from: lineup, to: start, names: roster.mapValues(\.name))
            mendingMoves = mending.moves.count
            searchOptions.maxMoves = options.maxMoves.map { max(0, $0 - mendingMoves) }
            searchOptions.maxExchanges = options.maxExchanges.map { max(0, $0 - mending.minimumExchanges) }
        }
        var bench =
            options.useBench
            ? benchCandidates(
                start, roster: roster, rules: rules, limit: options.benchCandidates,
                strength: options.objective == .balance ? nil : fit.strength, away: options.away)
            : BenchSelection(chosen: [], inactive: 0, unweighed: 0, ruledOut: 0, beyondLimit: 0)
        bench.chosen.removeAll { start.bench.indices.contains($0 - 1) && reserved.contains(start.bench[$0 - 1]) }
        bench.reserved = options.useBench ? reserved.count : 0
        var search = OptimizerSearch(
            lineup: start, roster: racing, model: model, rules: rules, benchPositions: bench.chosen,
            fit: fit, options: searchOptions, progress: progress)
        let chosen = search.run()
        var result = search.lineup(chosen, from: start)
        if mendingMoves > 0 {
            // The trades that mended the rules and the search's moves are one plan: the lineup is the one its
            // moves make from the lineup as it was (the bench in the order calling them leaves it).
            let plan = LineupPlan(from: lineup, to: result, names: roster.mapValues(\.name))
            if let made = try? lineup.applying(LineupChange(moves: plan.moves), names: roster.mapValues(\.name)) {
                result = made
            }
        }
        let weights = roster.compactMapValues(\.weightKg)
        let before = lineup.balanceMoments(weights: weights, model: model)
        let after = result.balanceMoments(weights: weights, model: model)
        // The bench as the coach sees it: after trades that mended the rules, counted on the bench as it was.
        var shown = bench
        if mendingMoves > 0 {
            shown = benchCandidates(
                lineup, roster: roster, rules: rules, limit: options.benchCandidates,
                strength: options.objective == .balance ? nil : fit.strength, away: options.away)
            shown.chosen.removeAll {
                lineup.bench.indices.contains($0 - 1) && reserved.contains(lineup.bench[$0 - 1])
            }
            shown.reserved = reserved.count
        }
        let scope = OptimizerScope(
            seats: search.positions.count - bench.chosen.count, benchConsidered: shown.chosen.count,
            benchTotal: lineup.bench.count, benchInactive: shown.inactive, benchUnweighed: shown.unweighed,
            benchAway: shown.away,
            benchRuledOut: shown.ruledOut, benchReserved: shown.reserved,
            benchBeyondLimit: shown.beyondLimit, benchBestRanked: shown.bestRanked,
            exhaustive: search.positions.count <= options.exhaustiveUpTo, arrangementsEvaluated: search.evaluations)
        let plan = LineupPlan(from: lineup, to: result, names: roster.mapValues(\.name))
        let usesFit = options.objective != .balance
        return OptimizerResult(
            lineup: result, plan: plan,
            before: before, after: after, beforeImbalanceKg: before.imbalanceKg(model, kind: lineup.kind),
            afterImbalanceKg: after.imbalanceKg(model, kind: lineup.kind), bestImbalanceKg: search.bestImbalance,
            scope: scope, objective: options.objective, beforeFitKg: fit.cost(of: lineup, roster: roster),
            afterFitKg: fit.cost(of: result, roster: roster), bestScore: search.bestMeasure,
            explanations: MoveExplanation.explain(
                plan, from: lineup, to: result, roster: roster, model: model, fit: usesFit ? fit : nil,
                rules: rules),
            beyondMoveCap: search.beyondMoveCap.map { beyond in
                var beyond = beyond
                (beyond.cap, beyond.peopleMoved) = (beyond.cap + mendingMoves, beyond.peopleMoved + mendingMoves)
                return beyond
            },
            inactiveSeated: InactiveSeat.find(
                in: result, roster: roster, model: model, rules: rules, fit: fit, objective: options.objective,
                moving: Set(plan.moves.compactMap(\.paddler)), chosen: replacements),
            barredSeated: BarredSeat.find(in: result, roster: roster),
            unrankedSeated: usesFit ? fit.unranked(in: result) : 0)
    }

    /// Which bench paddlers take part in a search, and how many were left out and why.
    public struct BenchSelection: Hashable, Sendable {
        /// Bench positions (1-based, as in `B3`) of the paddlers taking part, in bench order.
        public var chosen: [Int]
        public var inactive: Int
        public var unweighed: Int
        public var ruledOut: Int
        public var beyondLimit: Int
        /// Left out as not there for a race of the boat (`OptimizerOptions.away`).
        public var away: Int = 0
        /// Of `chosen`, those taken first as the best-ranked of a side (with `strength`).
        public var bestRanked: Int = 0
        /// Left out as the replacement of an inactive paddler (`LineupOptimizer.optimize`).
        public var reserved: Int = 0
    }

    /// The bench paddlers most likely to help, at most `limit` of them.
    ///
    /// Balance depends only on weight, on the side a paddler can take (which seats they may fill) and, for
    /// the crew rules, on sex: bench paddlers alike in those are interchangeable to the search. So the
    /// bench is grouped by sex and side; inactive paddlers (the coach has taken them off the roster's
    /// active list, though an undo can bring one back to a bench), paddlers of unknown weight (who never
    /// move) and those the rules could never seat (a man in a women's crew) are left out.
    /// When more remain than `limit`, each group gets a share of the places in proportion to its size (at
    /// least one), filled with paddlers spread evenly over the group's weights, always with its lightest
    /// and heaviest: the extremes make the largest corrections, the ones between the fine steps. Ties go to the
    /// front of the bench. With `strength` (the objectives `strength` and `both`), the best-ranked bench
    /// paddlers of each side who may paddle it come first, up to a third of `limit` per side, so that the
    /// strongest are never left out for their weight; the rest are filled as above.
    public static func benchCandidates(
        _ lineup: Lineup, roster: [PaddlerID: Paddler], rules: CrewRules, limit: Int,
        strength: StrengthPlaces? = nil, away: Set<PaddlerID> = []
    ) -> BenchSelection {
        let limit = max(1, limit)
        var weighed: [(position: Int, paddler: Paddler, weight: Double)] = []
        var inactive = 0
        var unweighed = 0
        var ruledOut = 0
        var awayCount = 0
        for (index, id) in lineup.bench.enumerated() {
            if let paddler = roster[id], !paddler.isActive {
                inactive += 1
                continue
            }
            if away.contains(id) {
                awayCount += 1
                continue
            }
            guard let paddler = roster[id], let weight = paddler.weightKg else {
                unweighed += 1
                continue
            }
            // A women's crew takes no man from the bench: not even for a man seated (a man for a man keeps it
            // as far from its rules, and reads as bringing a man in).
            if rules.sex == .womenOnly, paddler.sex != .female {
                ruledOut += 1
                continue
            }
            weighed.append((index + 1, paddler, weight))
        }
        guard weighed.count > limit else {
            return BenchSelection(
                chosen: weighed.map(\.position), inactive: inactive, unweighed: unweighed, ruledOut: ruledOut,
                beyondLimit: 0, away: awayCount)
        }
        var ranked: [Int] = []
        if let strength {
            for side in SeatRaceSide.allCases {
                let mayPaddle = weighed.filter {
                    $0.paddler.side == .either || $0.paddler.side.rawValue == side.rawValue
                }
                let best = mayPaddle.compactMap { entry in
                    strength.place(of: entry.paddler.id, on: side).map { (place: $0, position: entry.position) }
                }
                .sorted { ($0.place, $0.position) < ($1.place, $1.position) }
                .map(\.position).filter { !ranked.contains($0) }.prefix(limit / 3)
                ranked += best
            }
        }
        let rest = weighed.filter { !ranked.contains($0.position) }
        let spread = ranked.count < limit ? spreadOverWeights(rest, limit: limit - ranked.count) : []
        let chosen = (ranked + spread).sorted()
        return BenchSelection(
            chosen: chosen, inactive: inactive, unweighed: unweighed, ruledOut: ruledOut,
            beyondLimit: weighed.count - chosen.count, away: awayCount, bestRanked: ranked.count)
    }

    /// The bench positions of at most `limit` of `weighed`, spread over the weights of each sex and side.
    private static func spreadOverWeights(
        _ weighed: [(position: Int, paddler: Paddler, weight: Double)], limit: Int
    ) -> [Int] {
        guard weighed.count > limit else { return weighed.map(\.position) }
        let groups = Dictionary(grouping: weighed) { GroupKey(sex: $0.paddler.sex, side: $0.paddler.side) }
            .values.map { group in group.sorted { ($0.weight, $0.position) < ($1.weight, $1.position) } }
            .sorted { $0[0].position < $1[0].position }
        // Shares in proportion to size, at least one each, the rest by the largest remainders.
        var shares = groups.map { max(1, limit * $0.count / weighed.count) }
        var spare = limit - shares.reduce(0, +)
        let byRemainder = groups.indices.sorted {
            (limit * groups[$0].count % weighed.count, -$0) > (limit * groups[$1].count % weighed.count, -$1)
        }
        while spare > 0, let next = byRemainder.first(where: { shares[$0] < groups[$0].count }) {
            shares[next] += 1
            spare -= 1
        }
        var chosen: [Int] = []
        for (group, share) in zip(groups, shares) {
            let picks = min(share, group.count)
            guard picks > 1 else {
                chosen.append(group[group.count / 2].position)
                continue
            }
            var taken = Set<Int>()
            for step in 0..<picks {
                taken.insert((step * (group.count - 1) + (picks - 1) / 2) / (picks - 1))
            }
            chosen += taken.map { group[$0].position }
        }
        return Array(chosen.sorted().prefix(limit))
    }

    private struct GroupKey: Hashable {
        var sex: Sex?
        var side: SidePreference
    }
}
