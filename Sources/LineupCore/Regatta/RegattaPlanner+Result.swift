/// Turning chosen crews into lineups, and finding what the plan could not satisfy and why.
extension PlanningModel {
    func result(_ chosen: [CrewChoice], method: RegattaPlan.Method, proven: Bool, budget: SearchBudget)
        -> RegattaPlan
    {
        let choices = matchingEnds(chosen)
        var planned = regatta
        var changed: [Int] = []
        var keptMoves: [Int: [PlanFinding.KeptMove]] = [:]
        let seated = seatAll(choices)
        for index in boats.indices {
            guard let (lineup, moves) = seated[index] else { continue }
            if lineup != boats[index].original { changed.append(boats[index].boat) }
            planned.boats[boats[index].boat].lineup = lineup
            if !moves.isEmpty { keptMoves[index] = moves }
        }
        let score = score(choices)
        let report = PlanReport(model: self, choices: choices, planned: planned, keptMoves: keptMoves)
        var unmet: [PlanFinding] = []
        if score.brokenRules > 0 && proven { unmet.append(.noPlanKeepsEveryRule) }
        unmet += report.unmet()
        return RegattaPlan(
            regatta: planned, changedBoats: changed, score: score, method: method, isProvenBest: proven,
            options: options,
            unmet: unmet, notes: notLevel(planned, changed: changed) + report.notes(), work: budget.work,
            iterationsPerRestart: options.iterations ?? defaultIterations, stoppedEarly: budget.stoppedByFrontEnd,
            fingerprint: PlanFingerprint.of(input: regatta, options: options, planned: planned))
    }

    /// Linked crews with the drum or the helm held by different people of both (the search weighs who races,
    /// not who drums): each boat's drummer and steerer are those of the first boat of its linked group (the
    /// heat of a chain of copies) wherever that person paddles its rows, so that a final is seated as its
    /// heat; kept when the plan scores no worse so.
    func matchingEnds(_ choices: [CrewChoice]) -> [CrewChoice] {
        var matched = choices
        let byFirstRace = { (a: Int, b: Int) in (boats[a].races.min() ?? 0, a) < (boats[b].races.min() ?? 0, b) }
        for second in boats.indices where !carries.isEmpty {
            guard let first = linkedGroup(of: second).min(by: byFirstRace), first != second else { continue }
            for end in [\CrewChoice.drummer, \CrewChoice.steerer] {
                let open = end == \CrewChoice.drummer ? \PlannedBoat.drummerOpen : \PlannedBoat.steererOpen
                guard boats[first][keyPath: open], boats[second][keyPath: open],
                    let wanted = matched[first][keyPath: end], let current = matched[second][keyPath: end],
                    wanted != current, let row = matched[second].rows.firstIndex(of: wanted)
                else { continue }
                matched[second].rows[row] = current
                matched[second].rows.sort()
                matched[second][keyPath: end] = wanted
            }
        }
        return score(choices) < score(matched) ? choices : matched
    }

    /// Each boat of the plan left plainly off level on an axis, seated anew by it or left as it is, in the
    /// order of its first race: notes (balance is no rule of the regatta), but a plan never reads as meeting
    /// everything while a boat lists or trims that far (`PlanWords.verdict`), however often it is made again.
    func notLevel(_ planned: Regatta, changed: [Int]) -> [PlanFinding] {
        let weights = planned.roster.compactMapValues(\.weightKg)
        return boats.indices.sorted {
            (boats[$0].races.min() ?? 0, $0) < (boats[$1].races.min() ?? 0, $1)
        }.compactMap { index in
            let boat = planned.boats[boats[index].boat]
            let verdict = BalanceVerdict(lineup: boat.lineup, weights: weights, model: boat.balanceModel)
            let axes = verdict.axes.filter { $0.level == .heavy }
            // Those seated of unknown weight count as 0 kg: the figure may be theirs.
            let unweighed = Place.seats(of: boat.lineup.kind).compactMap { boat.lineup[$0] }.filter {
                planned.roster[$0]?.weightKg == nil
            }.compactMap { planned.roster[$0]?.name }
            return axes.isEmpty
                ? nil
                : .boatNotLevel(
                    races: boats[index].races, boat: boat.name, axes: axes, unweighed: unweighed,
                    freelyLevels: options.keepsSeated && !boats[index].fixedMembers.isEmpty
                        && boats[index].racesElsewhere.isEmpty ? levelsFreely(boat.lineup, boat: index) : nil,
                    seatedByPlan: changed.contains(boats[index].boat))
        }
    }

    /// Whether boat `index`, planned as `lineup`, sits level (no axis plainly off) once seated afresh: every
    /// seat but the locked ones open to the optimizer, with anyone on its bench free for its races: the
    /// optimizer with the bench is suggested only then, and otherwise the plan says no level crew was found
    /// (looked at only keeping seated crews, for a boat with a kept crew). Planning freely is not suggested: it
    /// chooses crews by the rules and a fair share first, and was found to leave such boats as far off.
    func levelsFreely(_ lineup: Lineup, boat index: Int) -> Bool {
        let boat = boats[index]
        guard let rules = boat.rules.first else { return false }
        var start = lineup
        start.lockedSeats = boat.original.lockedSeats
        let free = Set(boat.candidates.map { people[$0].id })
        let result = LineupOptimizer.optimize(
            start, roster: regatta.roster, model: regatta.boats[boat.boat].balanceModel, rules: rules,
            options: OptimizerOptions(
                useBench: true, toleranceKg: 0, restarts: 30, seed: options.seed, keepsCrewAtFront: true,
                away: Set(start.bench.filter { !free.contains($0) })))
        return !isPlainlyOffLevel(result.lineup, boat: index)
    }

    /// The boats `only` (every boat when nil) seated with `choices` (`seat`), in the order of their first
    /// races, each knowing the crews it is linked with (`carries`): as already seated here, or as they are.
    func seatAll(_ choices: [CrewChoice], only: Set<Int>? = nil)
        -> [Int: (lineup: Lineup, keptMoves: [PlanFinding.KeptMove])]
    {
        var seated: [Int: (lineup: Lineup, keptMoves: [PlanFinding.KeptMove])] = [:]
        let order = boats.indices.filter { only?.contains($0) ?? true }.sorted {
            (boats[$0].races.min() ?? 0, $0) < (boats[$1].races.min() ?? 0, $1)
        }
        for index in order {
            // Every boat linked with this one, directly or through others (a semi copied from a final copied
            // from the heat), those seated first first: the whole chain is seated alike.
            let others = linkedGroup(of: index).filter { $0 != index }.sorted {
                (boats[$0].races.min() ?? 0, $0) < (boats[$1].races.min() ?? 0, $1)
            }
            // Copied first: the seats linked boats not seated yet keep locked, then the linked boats seated.
            var locked: [Lineup] = []
            for other in others where seated[other] == nil {
                var held = Lineup(kind: boats[other].original.kind)
                for seat in boats[other].original.lockedSeats where seat.row != nil {
                    held.set(boats[other].original[seat], at: seat)
                }
                if !held.placements.isEmpty { locked.append(held) }
            }
            // The exchanges those seated already made to level their crews, for this boat to repeat.
            let levelledBy = others.compactMap { seated[$0] }.flatMap { boat in
                boat.keptMoves.compactMap { move -> SeatExchange? in
                    guard case .toLevel = move.reason else { return nil }
                    return SeatExchange(
                        first: move.from, second: move.to, firstPerson: boat.lineup[move.to],
                        secondPerson: boat.lineup[move.from])
                }
            }
            // A boat racing in another regatta too stays exactly as it is: its crew is theirs as well.
            guard boats[index].racesElsewhere.isEmpty else {
                seated[index] = (boats[index].original, [])
                continue
            }
            seated[index] = seat(
                index, choices[index], copying: others.compactMap { seated[$0]?.lineup },
                waiting: others.filter { seated[$0] == nil }, lockedElsewhere: locked,
                exchangesOfLinked: levelledBy)
        }
        return seated
    }

    /// The lineup of boat `index` with `choice`: fixed seats as they are, the drummer and steerer, and the
    /// paddlers in the open seats from the front (row 1 first: a short crew leaves the back rows empty, as
    /// coaches seat one, and the strokers' rows are never empty), nobody in a row their allowed rows exclude
    /// where the crew can sit otherwise, sided paddlers on their side where there is room, paddlers of a role
    /// in the boat's rows for it and in their preferred rows where there is room (`arrangeByRows`); then
    /// levelled by the optimizer, which keeps the crew in those rows and moves nobody into a row they may not
    /// sit in. Everyone else of the boat
    /// goes to the bench, those already there first in their order. A crew that is the one already seated
    /// (nobody in or out, nobody moved to or from the drum or the helm) stays as it is. Keeping seated crews,
    /// kept paddlers move only to let a sided newcomer sit on their side, to close a hole in front of a short
    /// crew, or in one exchange when the filled boat is plainly less level than the coach had it, or, in a
    /// crew the coach seated as a linked crew seated already, in the fewest moves (up to the optimizer's
    /// default) that level it when someone of it not there leaves it plainly off level where that crew is
    /// not; each such move is returned with its reason. That exchange is not made when it would leave the boat differing from
    /// a crew it is linked with (a heat and the final carrying its crew) in more seats than before: those
    /// seated by this plan already (`copying`) as they are, those not seated yet (`waiting`) as they are unless
    /// they lose their crew as this one does (`PlannedBoat.isDisturbed(as:)`), when they will make the same
    /// exchange. An exchange a linked crew seated already made to level itself (`exchangesOfLinked`,
    /// `SeatExchange.repeated`) is the one tried first, so that linked crews short of the same person level
    /// alike.
    /// Newcomers are seated as the linked crews this plan seated already (`copying`) seat them, and as the
    /// locked seats of linked boats not seated yet hold them (`lockedElsewhere`, first) (`copySeats`);
    /// planning freely, the whole crew is, and a crew left as it is is seated again when it sits apart from
    /// them or plainly off level.
    func seat(
        _ index: Int, _ choice: CrewChoice, copying seatedLinked: [Lineup] = [], waiting: [Int] = [],
        lockedElsewhere: [Lineup] = [], exchangesOfLinked: [SeatExchange] = []
    ) -> (
        lineup: Lineup, keptMoves: [PlanFinding.KeptMove]
    ) {
        let boat = boats[index]
        let original = boat.original
        let copying = lockedElsewhere + seatedLinked
        // The crews linked with this one: as seated by this plan, or as they are (not seated yet).
        let linked = seatedLinked + waiting.map { boats[$0].original }
        // A crew the plan leaves as it is keeps its seats: planning again changes nothing that needs no change,
        // unless someone sits in an open seat in a row they may not sit in.
        let current = currentChoice(index)
        let outsideTheirRows = boat.openSeats.contains { seat in
            guard let row = seat.row, let id = original[seat] else { return false }
            return regatta.roster[id]?.maySit(inRow: row) == false
        }
        if current.isWhole && current.choice == choice && !outsideTheirRows
            && (options.keepsSeated
                || !(sitsApart(original, from: copying) || isPlainlyOffLevel(original, boat: index)))
        {
            return (original, [])
        }
        var lineup = Lineup(kind: original.kind)
        lineup.lockedSeats = original.lockedSeats
        for (place, person) in boat.fixed { lineup.set(person.map { people[$0].id }, at: place) }
        if boat.drummerOpen { lineup.set(choice.drummer.map { people[$0].id }, at: .drummer) }
        if boat.steererOpen { lineup.set(choice.steerer.map { people[$0].id }, at: .steerer) }
        let rows = choice.rows.sorted { (people[$0].weightKg ?? 0, $0) > (people[$1].weightKg ?? 0, $1) }
        let used = frontSeats(of: boat, for: rows)
        // The heaviest nearest the middle of the rows taken, so the optimizer starts from a plausible trim.
        let lastRow = used.compactMap(\.row).max() ?? 1
        let middle = Double(1 + lastRow) / 2
        func middleOut(_ seats: [Place]) -> [Place] {
            seats.sorted {
                (abs(Double($0.row ?? 0) - middle), $0.row ?? 0) < (abs(Double($1.row ?? 0) - middle), $1.row ?? 0)
            }
        }
        var left = middleOut(used.filter(\.isLeft))
        var right = middleOut(used.filter { !$0.isLeft })
        var leftKg = 0.0
        var rightKg = 0.0
        var overflow: [Int] = []
        for person in rows where people[person].side != .either {
            if people[person].side == .left, !left.isEmpty {
                lineup.set(people[person].id, at: left.removeFirst())
                leftKg += people[person].weightKg ?? 0
            } else if people[person].side == .right, !right.isEmpty {
                lineup.set(people[person].id, at: right.removeFirst())
                rightKg += people[person].weightKg ?? 0
            } else {
                overflow.append(person)
            }
        }
        for person in rows.filter({ people[$0].side == .either }) + overflow {
            let toLeft = right.isEmpty || (!left.isEmpty && leftKg <= rightKg)
            guard let seat = toLeft ? left.first : right.first else { continue }
            if toLeft {
                left.removeFirst()
                leftKg += people[person].weightKg ?? 0
            } else {
                right.removeFirst()
                rightKg += people[person].weightKg ?? 0
            }
            lineup.set(people[person].id, at: seat)
        }
        arrangeByRows(&lineup, seats: used, wanted: regatta.boats[boat.boat].wantedRoles)
        // Keeping seated crews, whether the plan itself moved kept paddlers or took someone out of a seat.
        var keptCrewDisturbed = !boat.notKept.isEmpty || !boat.restReleased.isEmpty || !boat.endReleased.isEmpty
        // Everyone the plan keeps where they are: in locked seats and, keeping seated crews, in theirs.
        let kept = Set(boat.fixedMembers.map { people[$0].id })
        // Those in a linked crew seated already take their seats there (a final seated as its heat).
        copySeats(&lineup, from: copying, kept: kept)
        if !options.keepsSeated { closeHolesInFront(&lineup, linked: copying) }
        // Why each kept paddler moved, the last reason counting.
        var reasons: [PaddlerID: PlanFinding.KeptMove.Reason] = [:]
        if options.keepsSeated {
            for (moved, newcomer) in crossToTheirSide(&lineup, kept: kept) {
                reasons[moved] = .toTheirSide(newcomer: regatta.roster[newcomer]?.name ?? "paddler #\(newcomer)")
            }
            let closed = closeHolesInFront(&lineup, kept: kept, linked: linked)
            for moved in closed where kept.contains(moved) { reasons[moved] = .holeInFront }
            if !closed.isEmpty { keptCrewDisturbed = true }
        }
        // Newcomers in the seat a linked crew seated already gives them stay there while the boat is levelled.
        let copied = Set(
            Place.seats(of: lineup.kind).compactMap { seat in
                lineup[seat].flatMap { id in !kept.contains(id) && copying.contains { $0[seat] == id } ? id : nil }
            })
        let seated = Set(lineup.placements.map(\.paddler))
        lineup.bench =
            original.bench.filter { !seated.contains($0) }
            + original.placements.filter { $0.place.isSeat && !seated.contains($0.paddler) }.map(\.paddler)
        // A kept paddler freed to drum or steer, who does.
        for released in boat.endReleased where lineup[released.end] == people[released.person].id {
            reasons[people[released.person].id] = .nobodyElseAble(end: released.end == .drummer ? .drummer : .steerer)
        }
        func keptMoves(in result: Lineup) -> [PlanFinding.KeptMove] {
            Place.seats(of: result.kind).compactMap { seat in
                guard let id = result[seat], let from = original.place(of: id), from != seat, let reason = reasons[id],
                    kept.contains(id) || seat == .drummer || seat == .steerer
                else { return nil }
                return PlanFinding.KeptMove(
                    name: regatta.roster[id]?.name ?? "paddler #\(id)", from: from, to: seat, reason: reason)
            }
        }
        guard options.balances, let rules = boat.rules.first else { return (lineup, keptMoves(in: lineup)) }
        // The optimizer moves no locked seat: kept paddlers' seats (where they sit now) are locked for it, and
        // unlocked again after.
        var toLevel = lineup
        for seat in Place.seats(of: lineup.kind)
        where lineup[seat].map({ kept.contains($0) || copied.contains($0) }) ?? false {
            toLevel.setLocked(true, seat: seat)
        }
        let model = regatta.boats[boat.boat].balanceModel
        let fit = seatFit(for: boat)
        var balanced = LineupOptimizer.optimize(
            toLevel, roster: regatta.roster, model: model, rules: rules,
            options: OptimizerOptions(
                toleranceKg: 0, restarts: 30, seed: options.seed, keepsCrewAtFront: true, objective: fit.objective),
            fit: fit.fit)
        func imbalance(_ lineup: Lineup) -> Double {
            lineup.balanceMoments(weights: regatta.roster.compactMapValues(\.weightKg), model: model)
                .imbalanceKg(model, kind: lineup.kind)
        }
        if options.keepsSeated && keptCrewDisturbed
            && balanced.afterImbalanceKg >= imbalance(original) + AxisVerdict.levelBelowKg
        {
            // The plan took someone out of the crew or closed a hole, and kept in their seats the crew is
            // plainly less level than the coach had it: one exchange more (two paddlers, kept or new), when that
            // makes the boat plainly better. A crew the coach seated off level, only filled, stays as they chose;
            // a re-plan after one change moves as few people as it can. The exchange a linked crew made to level
            // itself comes first, where this boat has the same two people in the same two seats.
            var start = balanced.lineup
            start.lockedSeats = original.lockedSeats
            // The exchange a linked crew made, else the best one by the seat fit, else (seated by roles and rows,
            // when that one is not taken) the best one weighing the fit kilogram for kilogram against the
            // imbalance (`both`): an exchange that keeps every seat role as it is may level the boat where the
            // best by the fit alone moves a role and levels nothing.
            func exchange(_ objective: OptimizerObjective) -> Lineup {
                LineupOptimizer.optimize(
                    start, roster: regatta.roster, model: model, rules: rules,
                    options: OptimizerOptions(
                        maxExchanges: Self.keptCrewExchangesForBalance, toleranceKg: 0.5, restarts: 30,
                        seed: options.seed, keepsCrewAtFront: true, objective: objective),
                    fit: fit.fit
                ).lineup
            }
            let repeated = exchangesOfLinked.lazy.compactMap({ $0.repeated(in: start) }).first
            let objectives: [OptimizerObjective] = fit.objective == .balance ? [.balance] : [fit.objective, .both]
            let candidates: [() -> Lineup] =
                repeated.map { lineup in [{ lineup }] } ?? objectives.map { objective in { exchange(objective) } }
            // Levelling one of two linked crews must not widen the gap between them (a final carrying its heat's
            // crew drifts a little further at every re-plan otherwise): an exchange that would is left out, one
            // that repeats in this boat an exchange the other already made is kept. A linked boat not seated yet
            // that loses its kept crew as this one does, both people sitting there as they sat here before the
            // plan (a copy of this crew), makes the same exchange when it is seated (`exchangesOfLinked`): that
            // is no gap.
            func seatsApart(_ lineup: Lineup, _ other: Lineup) -> Int {
                Place.seats(of: lineup.kind).filter { lineup[$0] != other[$0] }.count
            }
            for candidate in candidates {
                let freed = candidate()
                func widens(_ other: Lineup) -> Bool {
                    other.kind == start.kind && seatsApart(freed, other) > seatsApart(balanced.lineup, other)
                }
                let exchanged = SeatExchange(from: start, to: freed).map { [$0.firstPerson, $0.secondPerson] } ?? []
                func repeatsThere(_ other: Int) -> Bool {
                    !exchanged.isEmpty && boat.isDisturbed(as: boats[other])
                        && exchanged.allSatisfy { id in
                            id.map { boats[other].original.place(of: $0) == original.place(of: $0) } ?? true
                        }
                }
                let widensGap =
                    seatedLinked.contains(where: widens)
                    || waiting.contains { !repeatsThere($0) && widens(boats[$0].original) }
                let (from, to) = (balanced.afterImbalanceKg, imbalance(freed))
                guard !widensGap && to <= from - Self.keptCrewExchangeGainKg else { continue }
                for seat in Place.seats(of: start.kind) {
                    guard let id = freed[seat], kept.contains(id), start.place(of: id) != seat else { continue }
                    reasons[id] = .toLevel(fromKg: from, toKg: to)
                }
                balanced.lineup = freed
                balanced.afterImbalanceKg = to
                break
            }
        }
        // Keeping seated crews, a crew the coach seated as a linked crew seated already, short of someone of it
        // who is not there (the plan took them out or closed a hole).
        let keptAsLinked =
            options.keepsSeated && keptCrewDisturbed
            && seatedLinked.contains { $0.kind == original.kind && !sitsApart(original, from: [$0]) }
        // How level a copy is held to be: level, when a linked crew is; else no further off than the most level
        // of them plus the plainly-off step (a heat the coach seated 17 kg off did not let its semi and final,
        // each short of someone, be levelled at all, and they were left 43-59 kg off).
        let linkedIsLevel = seatedLinked.contains(where: { !isPlainlyOffLevel($0, boat: index) })
        let linkedKg = seatedLinked.filter { $0.kind == original.kind }.map(imbalance).min()
        func offLevel(_ lineup: Lineup) -> Bool {
            guard isPlainlyOffLevel(lineup, boat: index) else { return false }
            guard !linkedIsLevel else { return true }
            return linkedKg.map { imbalance(lineup) >= $0 + AxisVerdict.slightlyBelowKg } ?? false
        }
        if (!copied.isEmpty || keptAsLinked) && offLevel(balanced.lineup) {
            // A crew seated as its linked crew that is plainly off level so where that crew is not (someone of it
            // not there, and the other crew levelled without them): the fewest moves that level it (at most the
            // optimizer's default), when that makes it plainly better. Keeping seated crews, those copied move
            // first; kept paddlers too when that is not enough, each named with why. A crew off level as its
            // linked one is (a short crew, seated from the front) stays a copy of it.
            func levelled(lockingKept: Bool, objective: OptimizerObjective = fit.objective) -> OptimizerResult {
                var start = balanced.lineup
                start.lockedSeats = original.lockedSeats
                if lockingKept {
                    for seat in Place.seats(of: start.kind) where start[seat].map(kept.contains) ?? false {
                        start.setLocked(true, seat: seat)
                    }
                }
                return LineupOptimizer.optimize(
                    start, roster: regatta.roster, model: model, rules: rules,
                    options: OptimizerOptions(
                        maxMoves: OptimizerOptions.defaultMaxMoves, toleranceKg: 0.5, seed: options.seed,
                        keepsCrewAtFront: true, objective: objective),
                    fit: fit.fit)
            }
            var moved = levelled(lockingKept: options.keepsSeated)
            if options.keepsSeated && offLevel(moved.lineup) {
                // Kept paddlers move only when that levels the boat: moving them for a little less imbalance
                // would disturb the crew and leave it off level all the same.
                // Seated by roles and rows, the seat fit gives way to the balance kilogram for kilogram (`both`)
                // when keeping it whole levels nothing.
                // The exchange a linked crew made to level itself comes first, when it levels this one too.
                var start = balanced.lineup
                start.lockedSeats = original.lockedSeats
                if let repeated = exchangesOfLinked.lazy.compactMap({ $0.repeated(in: start) }).first,
                    !offLevel(repeated)
                {
                    moved.lineup = repeated
                    moved.afterImbalanceKg = imbalance(repeated)
                } else if let freed = [fit.objective, .both].lazy.map({ levelled(lockingKept: false, objective: $0) })
                    .first(where: { !offLevel($0.lineup) })
                {
                    moved = freed
                }
            }
            if moved.afterImbalanceKg <= balanced.afterImbalanceKg - Self.keptCrewExchangeGainKg {
                for seat in Place.seats(of: moved.lineup.kind) {
                    guard let id = moved.lineup[seat], kept.contains(id), balanced.lineup.place(of: id) != seat
                    else { continue }
                    reasons[id] = .toLevel(fromKg: balanced.afterImbalanceKg, toKg: moved.afterImbalanceKg)
                }
                balanced = moved
            }
        }
        var levelled = balanced.lineup
        levelled.lockedSeats = original.lockedSeats
        return (levelled, keptMoves(in: levelled))
    }

    /// An exchange of two people between two seats, as a linked crew made it to level itself: who sat in
    /// `first` (`firstPerson`) moved to `second`, and who sat in `second` to `first`.
    struct SeatExchange: Hashable {
        var first: Place
        var second: Place
        var firstPerson: PaddlerID?
        var secondPerson: PaddlerID?

        init(first: Place, second: Place, firstPerson: PaddlerID?, secondPerson: PaddlerID?) {
            (self.first, self.second, self.firstPerson, self.secondPerson) = (first, second, firstPerson, secondPerson)
        }

        /// The one exchange that makes `after` of `before`, if that is what they differ by.
        init?(from before: Lineup, to after: Lineup) {
            let changed = Place.seats(of: before.kind).filter { before[$0] != after[$0] }
            guard changed.count == 2, before[changed[0]] == after[changed[1]], before[changed[1]] == after[changed[0]]
            else { return nil }
            self.init(
                first: changed[0], second: changed[1], firstPerson: before[changed[0]],
                secondPerson: before[changed[1]])
        }

        /// `lineup` with the same exchange made, when the same two people sit in the same two seats as before it
        /// and neither seat is locked; nil otherwise.
        func repeated(in lineup: Lineup) -> Lineup? {
            guard first != second, lineup[first] == firstPerson, lineup[second] == secondPerson,
                !lineup.isLocked(first), !lineup.isLocked(second)
            else { return nil }
            var result = lineup
            result.set(secondPerson, at: first)
            result.set(firstPerson, at: second)
            return result
        }
    }

    /// Whether someone of `lineup` sits in a row seat other than theirs in a crew of `others` (linked crews).
    func sitsApart(_ lineup: Lineup, from others: [Lineup]) -> Bool {
        others.contains { other in
            other.kind == lineup.kind
                && Place.seats(of: lineup.kind).contains { seat in
                    guard seat.row != nil, let id = lineup[seat], let there = other.place(of: id) else { return false }
                    return there.row != nil && there != seat
                }
        }
    }

    /// Whether `lineup`, seated in boat `index`, lists or trims plainly (a heavy axis of `BalanceVerdict`).
    func isPlainlyOffLevel(_ lineup: Lineup, boat index: Int) -> Bool {
        let verdict = BalanceVerdict(
            lineup: lineup, weights: regatta.roster.compactMapValues(\.weightKg),
            model: regatta.boats[boats[index].boat].balanceModel)
        return verdict.axes.contains { $0.level == .heavy }
    }

    /// Each of the crew who sits in a row seat of a linked crew (`sources`, seated already by this plan: a
    /// final carrying its heat's crew) takes that seat here, exchanged with whoever sits there, where both
    /// seats are open and neither of the two is `kept`; so linked crews differ only where their people do.
    func copySeats(_ lineup: inout Lineup, from sources: [Lineup], kept: Set<PaddlerID> = []) {
        var placed = kept
        for source in sources where source.kind == lineup.kind {
            for seat in Place.seats(of: lineup.kind) where seat.row != nil && !lineup.isLocked(seat) {
                guard let id = source[seat], !placed.contains(id), let from = lineup.place(of: id),
                    from.row != nil, !lineup.isLocked(from), lineup[seat].map({ !placed.contains($0) }) ?? true
                else { continue }
                let occupant = lineup[seat]
                lineup.set(id, at: seat)
                lineup.set(occupant, at: from)
                placed.insert(id)
            }
        }
    }

    /// Keeping seated crews, at most this many exchanges (two paddlers each) level a boat that is plainly less
    /// level than it was with everyone kept in their seat.
    static let keptCrewExchangesForBalance = 1
    /// The exchange is made when it takes at least this much off the imbalance (half the plainly-level step:
    /// one exchange rarely mends both trim and list, and a boat brought closer to level is worth two moves).
    static let keptCrewExchangeGainKg = 1.0

    /// What the optimizer weighs besides balance when it levels `boat`: the seat roles and preferred rows of the
    /// crew (`SeatFit`, no strength ranking), before the balance, so that levelling keeps the rows the crew
    /// was seated in for them; the balance alone when nobody in the boat has a role or preferred rows (the
    /// plans of such regattas stay as they were).
    func seatFit(for boat: PlannedBoat) -> (fit: SeatFit?, objective: OptimizerObjective) {
        let fitted = boat.original.placements.contains { placement in
            guard let paddler = regatta.roster[placement.paddler] else { return false }
            return paddler.role != .any || paddler.preferredRows != nil
        }
        guard fitted else { return (nil, .balance) }
        return (SeatFit(wantedRoles: regatta.boats[boat.boat].wantedRoles), .strength)
    }

    /// Keeping seated crews, a newcomer who paddles on one side and found no open seat there takes the seat
    /// of a kept paddler of either side on that side (the nearest row first), who crosses to the newcomer's
    /// seat: one kept paddler moves so that nobody sits on a side they do not paddle.
    /// Returns each kept paddler who crossed, with the newcomer who took their seat.
    @discardableResult
    func crossToTheirSide(_ lineup: inout Lineup, kept: Set<PaddlerID>) -> [(moved: PaddlerID, for: PaddlerID)] {
        var crossed: [(moved: PaddlerID, for: PaddlerID)] = []
        for seat in Place.seats(of: lineup.kind) where seat.row != nil && !lineup.isLocked(seat) {
            guard let id = lineup[seat], !kept.contains(id), let person = regatta.roster[id] else { continue }
            let wrongSide = person.side == .left && !seat.isLeft || person.side == .right && seat.isLeft
            guard wrongSide, let row = seat.row else { continue }
            // Neither of the two may land in a row their allowed rows exclude.
            let partners = Place.seats(of: lineup.kind).filter { other in
                guard let otherRow = other.row, other.isLeft != seat.isLeft, !lineup.isLocked(other),
                    let occupant = lineup[other], kept.contains(occupant), person.maySit(inRow: otherRow),
                    let partner = regatta.roster[occupant]
                else { return false }
                return partner.side == .either && partner.maySit(inRow: row)
            }
            guard let partner = partners.min(by: { abs(($0.row ?? 0) - row) < abs(($1.row ?? 0) - row) }) else {
                continue
            }
            let occupant = lineup[partner]
            lineup.set(occupant, at: seat)
            lineup.set(id, at: partner)
            if let occupant { crossed.append((occupant, id)) }
        }
        return crossed
    }

    /// Keeping seated crews leaves holes where those not there sat; a short crew is seated from the front.
    /// When a hole is ahead of a taken seat, the crew in the open row seats (locked seats never move, and are
    /// never filled) is seated again among them by `cheapestAssignment`, weighing these in turn: nobody moved
    /// into a row their allowed rows exclude, nor onto a side they do not paddle; the crew as far forward as
    /// it can sit (the least sum of rows: a hole is left behind a taken seat only where sides leave no other
    /// way, so a paddler of one side at the back crosses to a seat of their side and the one who sat there
    /// fills the hole); the fewest kept paddlers moved (`kept`); the most people in the seat they have in the
    /// crews linked with this one (`linked`: a heat and the final carrying it close their holes alike); the
    /// fewest newcomers moved; the shortest moves; the fewest changes of side. Returns the paddlers who moved.
    @discardableResult
    func closeHolesInFront(_ lineup: inout Lineup, kept: Set<PaddlerID> = [], linked: [Lineup] = []) -> [PaddlerID] {
        let rowSeats = Place.seats(of: lineup.kind).filter { $0.row != nil && !lineup.isLocked($0) }
        let lastTaken = rowSeats.filter { lineup[$0] != nil }.compactMap(\.row).max() ?? 0
        guard rowSeats.contains(where: { lineup[$0] == nil && ($0.row ?? 0) < lastTaken }) else { return [] }
        let crew = rowSeats.compactMap { seat in lineup[seat].map { (id: $0, seat: seat) } }
        let linked = linked.filter { $0.kind == lineup.kind }
        func cost(_ id: PaddlerID, from: Place, to seat: Place) -> Int {
            guard let row = seat.row, let fromRow = from.row else { return 0 }
            var cost = row * HoleCost.row
            let linkedSeats = linked.compactMap { $0.place(of: id) }.filter { $0.row != nil }
            if linkedSeats.contains(where: { $0 != seat }) { cost += HoleCost.unlinkedSeat }
            guard seat != from else { return cost }
            let paddler = regatta.roster[id]
            if paddler?.maySit(inRow: row) == false { cost += HoleCost.outsideRows }
            switch paddler?.side ?? .either {
            case .either: break
            case .left: if !seat.isLeft { cost += HoleCost.wrongSide }
            case .right: if seat.isLeft { cost += HoleCost.wrongSide }
            }
            cost += kept.contains(id) ? HoleCost.keptMove : HoleCost.newcomerMove
            return cost + abs(row - fromRow) * HoleCost.rowMoved + (seat.isLeft == from.isLeft ? 0 : 1)
        }
        // One line for each of the crew, and one for each seat left empty (costing nothing anywhere).
        let costs =
            crew.map { entry in rowSeats.map { cost(entry.id, from: entry.seat, to: $0) } }
            + Array(repeating: Array(repeating: 0, count: rowSeats.count), count: rowSeats.count - crew.count)
        let columns = Self.cheapestAssignment(costs)
        var moved: [PaddlerID] = []
        for seat in rowSeats { lineup.set(nil, at: seat) }
        for (entry, column) in zip(crew, columns) {
            lineup.set(entry.id, at: rowSeats[column])
            if rowSeats[column] != entry.seat { moved.append(entry.id) }
        }
        return moved
    }

    /// What `closeHolesInFront` weighs, each term above every sum of the ones below it for a crew of 20 (a
    /// change of side counts 1).
    enum HoleCost {
        /// Each row back a row moved (a 9-row move of all 20 with every side changed stays below a newcomer's move).
        static let rowMoved = 21
        static let newcomerMove = 3_801
        /// A seat other than one the person has in a linked crew.
        static let unlinkedSeat = 80_000
        static let keptMove = 4_000_000
        /// Each row back a seat is: the crew as far forward as it can sit.
        static let row = 100_000_000
        static let wrongSide = 25_000_000_000
        static let outsideRows = 600_000_000_000
    }

    /// The open seats `rows` take: for the sided paddlers, the front-most open seats of their side; for the
    /// others, the front-most of those left (row by row, left before right). A crew with no more sided
    /// paddlers than the front rows have room for takes the rows from the front, as coaches seat one; a hole
    /// at the back that kept seats leave on one side takes someone who paddles on that side.
    func frontSeats(of boat: PlannedBoat, for rows: [Int]) -> [Place] {
        let count = min(rows.count, boat.openSeats.count)
        let leftOnly = rows.filter { people[$0].side == .left }.count
        let rightOnly = rows.filter { people[$0].side == .right }.count
        var chosen = Set(boat.openSeats.filter(\.isLeft).prefix(min(leftOnly, count)))
        chosen.formUnion(boat.openSeats.filter { !$0.isLeft }.prefix(min(rightOnly, count - chosen.count)))
        let rest = boat.openSeats.filter { !chosen.contains($0) }
        chosen.formUnion(rest.prefix(count - chosen.count))
        return boat.openSeats.filter { chosen.contains($0) }
    }
}

extension Place {
    /// True for a left row seat.
    var isLeft: Bool {
        if case .left = self { true } else { false }
    }
}

/// What a plan could not satisfy and what is worth knowing, each with its cause: who was not there, who
/// raced too close, who had reached `maximumRaces`. Facts only: `PlanWords` says them.
struct PlanReport {
    let model: PlanningModel
    let choices: [CrewChoice]
    let planned: Regatta
    /// Each person's boats in the plan, by model index.
    let boatsOf: [[Int]]
    /// Each person's races in the plan.
    let raceCount: [Int]
    /// Keeping seated crews, the kept paddlers each boat's seating moved, by model index.
    let keptMoves: [Int: [PlanFinding.KeptMove]]

    init(
        model: PlanningModel, choices: [CrewChoice], planned: Regatta, keptMoves: [Int: [PlanFinding.KeptMove]] = [:]
    ) {
        self.model = model
        self.choices = choices
        self.planned = planned
        self.keptMoves = keptMoves
        var boatsOf = [[Int]](repeating: [], count: model.people.count)
        var raceCount = [Int](repeating: 0, count: model.people.count)
        for index in model.boats.indices {
            for member in model.members(index, choices[index]) {
                boatsOf[member.person].append(index)
                raceCount[member.person] += model.boats[index].weight
            }
        }
        self.boatsOf = boatsOf
        self.raceCount = raceCount
    }

    var people: [Paddler] { model.people }

    /// The races of boat `index`.
    func races(_ index: Int) -> [Int] { model.boats[index].races }

    func names(_ persons: [Int]) -> [String] { persons.map { people[$0].name } }

    func isMember(_ person: Int, of index: Int) -> Bool { boatsOf[person].contains(index) }

    /// Where each of `persons` (candidates of boat `index`, not in its crew) is instead: in a boat too close
    /// in time (by that boat), or at `maximumRaces`; the rest are free.
    func locate(_ persons: [Int], forBoat index: Int) -> (busy: [Int: [Int]], capped: [Int], free: [Int]) {
        var busy: [Int: [Int]] = [:]
        var capped: [Int] = []
        var free: [Int] = []
        for person in persons {
            if let other = boatsOf[person].first(where: { model.tooClose[index][$0] }) {
                busy[other, default: []].append(person)
            } else if let maximum = model.options.maximumRaces,
                raceCount[person] + model.boats[index].weight > maximum
            {
                capped.append(person)
            } else {
                free.append(person)
            }
        }
        return (busy, capped, free)
    }

    /// `locate` as a finding's facts, with `free` in place of those it found free when given.
    /// For the row seats (`forRows`), those whose allowed rows leave out every row of the boat are named
    /// apart (`noRow`), never as free.
    func whereabouts(of persons: [Int], forBoat index: Int, forRows: Bool = false, free: (([Int]) -> [Int])? = nil)
        -> PlanFinding.Whereabouts
    {
        let rowless = forRows ? persons.filter { mayTakeNoRow($0, ofBoat: index) } : []
        let found = locate(persons.filter { !rowless.contains($0) }, forBoat: index)
        return PlanFinding.Whereabouts(
            busy: found.busy.keys.sorted().map { .init(races: races($0), names: names(found.busy[$0] ?? [])) },
            capped: names(found.capped), maximumRaces: model.options.maximumRaces,
            free: names(free?(found.free) ?? found.free), noRow: names(rowless))
    }

    /// Whether person `person`'s allowed rows leave out every row of boat `index`.
    func mayTakeNoRow(_ person: Int, ofBoat index: Int) -> Bool {
        let rows = 1...model.boats[index].original.kind.rowCount
        return !rows.contains { people[person].maySit(inRow: $0) }
    }

    /// Those of the boat's lineup who are not there for all its races, counted by reason.
    func absentees(_ index: Int, matching include: (Paddler) -> Bool) -> PlanFinding.Absentees {
        let boat = model.boats[index]
        var counts = PlanFinding.Absentees()
        for (id, _) in boat.original.placements {
            guard let paddler = planned.roster[id], include(paddler) else { continue }
            guard paddler.isActive else {
                counts.inactive += 1
                continue
            }
            let availability = planned.availability(of: id)
            let starts = boat.races.map { planned.races[$0].start }
            if availability == .absent
                || boat.races.contains(where: { planned.answers.raceOuts[id]?[planned.races[$0].name] != nil })
            {
                counts.absent += 1
            } else if case .window(let from, _) = availability, let from,
                starts.contains(where: { $0 < from })
            {
                counts.arriveLater += 1
            } else if case .window(_, let until) = availability, let until, starts.contains(where: { $0 >= until }) {
                counts.leaveEarlier += 1
            } else if boat.races.contains(where: { race in
                if case .racingElsewhere = planned.absence(of: id, for: race) { true } else { false }
            }) {
                counts.racingElsewhere += 1
            }
        }
        return counts
    }

    /// Why boat `index` has fewer of `kind` than it needs: how many are there at its time, and where the
    /// others are.
    func shortage(
        _ index: Int, of kind: PlanFinding.Kind, matching include: (Paddler) -> Bool, needed: Int,
        needs: PlanFinding.Shortage.Needs
    ) -> PlanFinding.Shortage {
        let boat = model.boats[index]
        let pool = boat.candidates.filter { include(people[$0]) }
        let there = pool.count + boat.fixedMembers.filter { include(people[$0]) }.count
        let detail: PlanFinding.Shortage.Detail =
            there < needed
            ? .tooFewThere(absentees(index, matching: include))
            : .elsewhere(whereabouts(of: pool.filter { !isMember($0, of: index) }, forBoat: index, forRows: true))
        return PlanFinding.Shortage(
            kind: kind, races: races(index), available: there, needed: needed, needs: needs,
            seats: 2 * boat.original.kind.rowCount, detail: detail)
    }

    // MARK: - What could not be satisfied

    func unmet() -> [PlanFinding] {
        var findings: [PlanFinding] = []
        let order = model.boats.indices.sorted { model.boats[$0].races.min() ?? 0 < model.boats[$1].races.min() ?? 0 }
        for index in model.selfConflicts {
            findings.append(
                .sharedBoatTooClose(
                    races: races(index), boat: planned.boats[model.boats[index].boat].name,
                    gapMinutes: planned.effectiveGapMinutes))
        }
        for index in order { findings += problems(ofBoat: index) }
        findings += restProblems()
        findings += planned.availabilityConflicts().map { conflict in
            let boat = planned.races[conflict.race].boat
            let shared = model.boats.contains { $0.boat == boat && !$0.racesElsewhere.isEmpty }
            return .lockedSeatUnavailable(conflict, sharedBoat: shared)
        }
        if let maximum = model.options.maximumRaces {
            let over = people.indices.filter { raceCount[$0] > maximum }
            if !over.isEmpty {
                findings.append(
                    .overMaximumRaces(
                        maximum: maximum,
                        counts: over.map { .init(name: people[$0].name, races: raceCount[$0], availableFor: nil) }))
            }
        }
        if let minimum = model.options.minimumRaces {
            let short = people.indices.filter { model.counted[$0] && raceCount[$0] < minimum }
            if !short.isEmpty {
                let counts = short.map { person -> PlanFinding.RaceCount in
                    let possible = planned.races.indices.filter { planned.isAvailable(people[person].id, for: $0) }
                        .count
                    return .init(
                        name: people[person].name, races: raceCount[person],
                        availableFor: possible < minimum ? possible : nil)
                }
                findings.append(.underMinimumRaces(minimum: minimum, counts: counts))
            }
        }
        return findings
    }

    /// The broken rules of one boat's crew, each with its cause.
    func problems(ofBoat index: Int) -> [PlanFinding] {
        let boat = model.boats[index]
        let choice = choices[index]
        let races = races(index)
        var findings: [PlanFinding] = []
        let rows = boat.fixedRowCount + choice.rows.count
        let drummer = boat.drummerOpen ? choice.drummer : boat.fixedDrummer
        let steerer = boat.steererOpen ? choice.steerer : boat.fixedSteerer
        // Only those the sex rules let in can fill a crew.
        let womenOnly = boat.rules.contains { if case .womenOnly = $0.sex { true } else { false } }
        let eligible: (Paddler) -> Bool = womenOnly ? { $0.sex != .male && $0.sex != .other } : { _ in true }
        // An end seat locked empty stays empty whoever is free: the lock is the cause, not a shortage.
        let steererLocked = !boat.steererOpen && steerer == nil
        let drummerLocked = !boat.drummerOpen && drummer == nil
        for (locked, end) in [(steererLocked, PlanFinding.CrewEnd.steerer), (drummerLocked, .drummer)] where locked {
            findings.append(.endLockedEmpty(races: races, end: end))
        }
        if rows < boat.lowest || (drummer == nil && !drummerLocked) || (steerer == nil && !steererLocked) {
            // A women's crew counts its women: its drummer and steerer among them only where its rules count
            // them (a man may drum or steer it otherwise, and is never the reason it is short).
            let endsCounted = !womenOnly || boat.rules.contains { $0.countsDrummerAndSteerer }
            let drums = endsCounted && !drummerLocked
            let steers = endsCounted && !steererLocked
            var missing: [PlanFinding.CrewGap] = []
            if steerer == nil && !steererLocked { missing.append(.noSteerer) }
            if drummer == nil && !drummerLocked { missing.append(.noDrummer) }
            if rows < boat.lowest { missing.append(.paddlers(rows: rows, needed: boat.lowest)) }
            findings.append(
                .crewShort(
                    races: races, missing: missing,
                    shortage: shortage(
                        index, of: womenOnly ? .women : .people, matching: eligible,
                        // The whole crew, as `there` counts everyone (kept paddlers too): counting only the
                        // open places read "15 people are available and it needs 7" of a crew 3 short.
                        needed: boat.lowest + (drums ? 1 : 0) + (steers ? 1 : 0),
                        needs: .crew(lowest: boat.lowest, drummer: drums, steerer: steers))))
        }
        if rows > boat.highest {
            findings.append(.tooManyKept(races: races, rows: rows, highest: boat.highest))
        }
        for rules in boat.rules {
            let counted = rules.countsDrummerAndSteerer
            let crew = choice.rows + boat.fixedRowPeople + (counted ? [drummer, steerer].compactMap { $0 } : [])
            let needed = boat.lowest + (counted ? 2 : 0)
            switch rules.sex {
            case .any: break
            case .womenOnly:
                let notWomen = crew.filter { people[$0].sex == .male || people[$0].sex == .other }
                if !notWomen.isEmpty {
                    findings.append(
                        .notWomen(
                            races: races, names: names(notWomen), rules: rules.name,
                            shortage: shortage(
                                index, of: .women, matching: { $0.sex == .female }, needed: needed,
                                needs: .exactly(needed))))
                }
            case .mixed(let each):
                for sex in [Sex.female, .male] {
                    let number = crew.filter { people[$0].sex == sex }.count
                    if number < each.lowerBound {
                        findings.append(
                            .tooFew(
                                races: races, sex: sex, count: number, rules: rules.name, allowed: each,
                                shortage: shortage(
                                    index, of: PlanFinding.Kind(sex), matching: { $0.sex == sex },
                                    needed: each.lowerBound, needs: .atLeast(each.lowerBound))))
                    } else if number > each.upperBound {
                        findings.append(
                            .tooMany(races: races, sex: sex, count: number, rules: rules.name, most: each.upperBound))
                    }
                }
            }
        }
        if boat.capabilityIsRule { findings += unableEnds(index, drummer: drummer, steerer: steerer) }
        if boat.sidesAreRules { findings += sideProblems(index) }
        let (seatedOutside, keptOutside) = outsideRows(index)
        if !seatedOutside.isEmpty { findings.append(.outsideRows(races: races, people: seatedOutside, kept: false)) }
        // Kept where the coach seated them, outside their rows: `check` fails the race on it, so the plan never
        // reads as meeting everything (it is unmet, not a note).
        if !keptOutside.isEmpty { findings.append(.outsideRows(races: races, people: keptOutside, kept: true)) }
        return findings
    }

    /// The open drum and helm of boat `index` taken by someone not marked able, each with why.
    func unableEnds(_ index: Int, drummer: Int?, steerer: Int?) -> [PlanFinding] {
        let boat = model.boats[index]
        var findings: [PlanFinding] = []
        if boat.drummerOpen, let drummer, !people[drummer].canDrum {
            findings.append(
                .endNotAble(
                    races: races(index), name: people[drummer].name, end: .drummer,
                    cause: ableCause(index, drums: true)))
        }
        if boat.steererOpen, let steerer, !people[steerer].canSteer {
            findings.append(
                .endNotAble(
                    races: races(index), name: people[steerer].name, end: .steerer,
                    cause: ableCause(index, drums: false)))
        }
        return findings
    }

    /// Why nobody able to drum (or steer) drums (steers) boat `index`.
    func ableCause(_ index: Int, drums: Bool) -> PlanFinding.AbleCause {
        let boat = model.boats[index]
        let able: (Paddler) -> Bool = drums ? { $0.canDrum } : { $0.canSteer }
        let pool = (drums ? boat.drummerCandidates : boat.steererCandidates)
        let everyone = boat.original.placements.compactMap { model.indexOf[$0.paddler] }.filter { able(people[$0]) }
        guard !pool.isEmpty else {
            let kept = boat.fixed.filter { $0.place.row != nil }.compactMap { entry in
                entry.person.flatMap { person in
                    able(people[person])
                        ? PlanFinding.KeptAble(
                            name: people[person].name, place: entry.place,
                            isLocked: boat.original.isLocked(entry.place))
                        : nil
                }
            }
            guard kept.isEmpty else { return .keptInRows(races: races(index), kept: kept) }
            return .nobodyThere(races: races(index), away: names(everyone.filter { !boat.fixedMembers.contains($0) }))
        }
        let inCrew = pool.filter { isMember($0, of: index) }
        return .taken(
            whereabouts(of: pool.filter { !isMember($0, of: index) }, forBoat: index), inCrew: names(inCrew))
    }

    /// Sided paddlers the front rows cannot seat on their side.
    func sideProblems(_ index: Int) -> [PlanFinding] {
        let boat = model.boats[index]
        let rows = choices[index].rows
        let taken = min(rows.count, boat.leftRoom.count - 1)
        var findings: [PlanFinding] = []
        for (side, room) in [(SidePreference.left, boat.leftRoom[taken]), (.right, boat.rightRoom[taken])] {
            let sided = rows.filter { people[$0].side == side }
            if sided.count > room {
                findings.append(
                    .sidesShort(races: races(index), side: side, sided: sided.count, openSeats: rows.count, room: room))
            }
        }
        return findings
    }

    /// Each person in two races too close together, with the races and why.
    func restProblems() -> [PlanFinding] {
        let conflicts = planned.restConflicts().filter { planned.races[$0.first].boat != planned.races[$0.second].boat }
        return conflicts.map { conflict in
            let boats = [conflict.first, conflict.second].compactMap { race in
                model.boats.indices.first { model.boats[$0].boat == planned.races[race].boat }
            }
            let cause =
                boats.count == 2
                ? restCause(boats[0], boats[1], sex: planned.roster[conflict.paddler]?.sex) : nil
            return .restConflict(conflict, cause: cause)
        }
    }

    /// Why two boats too close in time share someone of `sex`: too few there for both crews, or too few of
    /// that sex; the count short by most.
    func restCause(_ first: Int, _ second: Int, sex personSex: Sex?) -> PlanFinding.RestCause {
        let pair = [model.boats[first], model.boats[second]]
        let both = Set(pair.flatMap { $0.candidates + $0.fixedMembers })
        func needed(_ boat: PlannedBoat, _ sex: Sex?) -> Int {
            let ends = (boat.drummerOpen ? 1 : 0) + (boat.steererOpen ? 1 : 0)
            let paddlers = max(0, boat.lowest - boat.fixedRowCount)
            guard let sex else { return paddlers + ends + boat.fixedMembers.count }
            return boat.rules.map { rules -> Int in
                switch rules.sex {
                case .any: 0
                case .womenOnly: sex == .female ? paddlers + (rules.countsDrummerAndSteerer ? ends : 0) : 0
                case .mixed(let each): each.lowerBound
                }
            }.max() ?? 0
        }
        var binding: (short: Int, cause: PlanFinding.RestCause)?
        for (sex, kind) in [(Sex?.none, PlanFinding.Kind.people), (.female, .women), (.male, .men)]
        where sex == nil || sex == personSex {
            let total = pair.reduce(0) { $0 + needed($1, sex) }
            let there = sex.map { sex in both.filter { people[$0].sex == sex }.count } ?? both.count
            if there < total && total - there > (binding?.short ?? 0) {
                binding = (total - there, .tooFew(kind: kind, needed: total, available: there))
            }
        }
        return binding?.cause ?? .noWayFound
    }

    // MARK: - Worth knowing

    func notes() -> [PlanFinding] {
        var notes: [PlanFinding] = []
        for index in model.boats.indices.sorted(by: {
            model.boats[$0].races.min() ?? 0 < model.boats[$1].races.min() ?? 0
        }) {
            let boat = model.boats[index]
            let choice = choices[index]
            let races = races(index)
            if !boat.capabilityIsRule { notes += unableEnds(index, drummer: choice.drummer, steerer: choice.steerer) }
            for (person, end) in [(choice.drummer, PlanFinding.CrewEnd.drummer), (choice.steerer, .steerer)] {
                if let person, people[person].weightKg == nil {
                    notes.append(.endWithoutWeight(races: races, name: people[person].name, end: end))
                }
            }
            if !boat.racesElsewhere.isEmpty {
                notes.append(
                    .boatRacesElsewhere(
                        races: races, boat: planned.boats[boat.boat].name, elsewhere: boat.racesElsewhere))
            }
            if !boat.notKept.isEmpty {
                // Inactive (injured, say) before any time of day: they race no race at all.
                let who = boat.notKept.map { place, person in
                    PlanFinding.NotKept(
                        name: people[person].name, place: place,
                        reason: !people[person].isActive
                            ? .inactive
                            : boat.races.lazy.compactMap {
                                self.planned.absence(of: self.people[person].id, for: $0)
                            }.first ?? .absent)
                }
                notes.append(.seatsNotKept(races: races, people: who))
            }
            if !boat.restReleased.isEmpty {
                let who = boat.restReleased.map { place, person, race in
                    PlanFinding.ReleasedForRest(name: people[person].name, place: place, race: race)
                }
                notes.append(.seatsReleasedForRest(races: races, people: who))
            }
            let lineup = planned.boats[boat.boat].lineup
            let onMaybe = Place.seats(of: lineup.kind).compactMap { lineup[$0] }.filter { id in
                boat.races.contains { planned.isMaybe(id, for: $0) }
            }.compactMap { planned.roster[$0]?.name }
            if !onMaybe.isEmpty {
                notes.append(
                    .seatedOnMaybe(races: races, names: onMaybe.sorted(), avoided: model.options.maybes == .avoid))
            }
            for carry in model.carries where carry.later == index {
                let earlier = planned.boats[model.boats[carry.earlier].boat].lineup
                let later = planned.boats[boat.boat].lineup
                // Whether `id` is not there for one of `races`.
                func away(_ id: PaddlerID?, for races: [Int]) -> Bool {
                    id.map { id in races.contains { planned.absence(of: id, for: $0) != nil } } ?? false
                }
                let differences = Place.seats(of: later.kind).filter { earlier[$0] != later[$0] }.map { seat in
                    let awayOne =
                        away(earlier[seat], for: boat.races)
                        ? earlier[seat] : away(later[seat], for: model.boats[carry.earlier].races) ? later[seat] : nil
                    return PlanFinding.CarryDifference(
                        place: seat, earlier: earlier[seat].flatMap { planned.roster[$0]?.name },
                        later: later[seat].flatMap { planned.roster[$0]?.name },
                        away: awayOne.flatMap { planned.roster[$0]?.name })
                }
                let from = model.boats[carry.earlier].races
                let shared = Place.seats(of: later.kind).contains { earlier[$0] != nil && earlier[$0] == later[$0] }
                guard shared || differences.isEmpty else {
                    let notThere = Place.seats(of: earlier.kind).compactMap { earlier[$0] }.filter {
                        away($0, for: boat.races)
                    }.compactMap { planned.roster[$0]?.name }
                    notes.append(.crewNotCarried(races: races, from: from, away: notThere))
                    continue
                }
                notes.append(.crewCarried(races: races, from: from, differences: differences))
            }
            if let moves = keptMoves[index], !moves.isEmpty { notes.append(.keptCrewMoved(races: races, moves: moves)) }
            let misses = seatFitMisses(index)
            if !misses.isEmpty { notes.append(.seatFitMissed(races: races, misses: misses)) }
            if !boat.sidesAreRules { notes += sideProblems(index) }
            let rows = boat.fixedRowCount + choice.rows.count
            let seats = 2 * boat.original.kind.rowCount
            if rows < boat.highest || (rows < seats && boat.highest < seats) {
                notes.append(
                    .seatsFilled(
                        races: races, rows: rows, seats: seats,
                        cause: rows < boat.highest ? emptySeatCause(index) : nil))
            }
            for race in boat.races {
                for finding in planned.ruleFindings(of: race)
                where finding.severity == .warning && isSideWarning(finding) {
                    notes.append(.raceWarning(race: race, finding: finding))
                }
            }
        }
        return notes
    }

    /// Those of boat `index` seated outside the rows of their seat role, as `Lineup.check` notes them (a
    /// `roleMismatch`), or outside their preferred rows, in seat order.
    func seatFitMisses(_ index: Int) -> [PlanFinding.SeatFitMiss] {
        let boat = model.boats[index]
        let lineup = planned.boats[boat.boat].lineup
        let wanted = planned.boats[boat.boat].wantedRoles
        var roleMissed: [Place: (role: SeatRole, wanted: SeatRole)] = [:]
        let rules = boat.rules.first ?? CrewRules(.open, kind: lineup.kind)
        for finding in lineup.check(rules, roster: planned.roster, wantedRoles: wanted) {
            if case .roleMismatch(_, let role, let rowRole, let seat) = finding.kind {
                roleMissed[seat] = (role, rowRole)
            }
        }
        return Place.seats(of: lineup.kind).compactMap { seat in
            guard let row = seat.row, let id = lineup[seat], let paddler = planned.roster[id] else { return nil }
            let preferred = paddler.preferredRows.flatMap { $0.contains(row) ? nil : $0 }
            let role = roleMissed[seat]
            guard role != nil || preferred != nil else { return nil }
            return PlanFinding.SeatFitMiss(
                name: paddler.name, place: seat, role: role?.role, rowRole: role?.wanted, preferredRows: preferred)
        }
    }

    /// Why boat `index` has fewer paddlers than it could: nobody else there, or where the others are.
    func emptySeatCause(_ index: Int) -> PlanFinding.EmptySeatCause {
        let boat = model.boats[index]
        let choice = choices[index]
        let outside = boat.candidates.filter { !isMember($0, of: index) }
        guard !outside.isEmpty else { return .nobodyElse(races: races(index), womenOnly: false) }
        // Only those the crew's sex rules let in could fill the seats: the others are named only as left out
        // (mixed crews), never as busy elsewhere.
        let barredBySex = { (person: Int) -> Bool in
            let paddler = people[person]
            return boat.rules.contains { rules in
                switch rules.sex {
                case .any: false
                case .womenOnly: paddler.sex == .male || paddler.sex == .other
                case .mixed(let each):
                    (choice.rows + boat.fixedRowPeople).filter { people[$0].sex == paddler.sex }.count
                        >= each.upperBound
                }
            }
        }
        let womenOnly = boat.rules.contains { if case .womenOnly = $0.sex { true } else { false } }
        let barred = womenOnly ? [] : outside.filter(barredBySex)
        let found = locate(outside.filter { !barredBySex($0) }, forBoat: index)
        let rowless = outside.contains { !barredBySex($0) && mayTakeNoRow($0, ofBoat: index) }
        guard !found.busy.isEmpty || !found.capped.isEmpty || !found.free.isEmpty || !barred.isEmpty || rowless
        else {
            return .nobodyElse(races: races(index), womenOnly: womenOnly)
        }
        let taken = min(choice.rows.count, boat.leftRoom.count - 1)
        let leftFull =
            choice.rows.filter { people[$0].side == .left }.count
            >= boat.leftRoom[min(taken + 1, boat.leftRoom.count - 1)]
        let rightFull =
            choice.rows.filter { people[$0].side == .right }.count
            >= boat.rightRoom[min(taken + 1, boat.rightRoom.count - 1)]
        let isSidedToFullSide = { (person: Int) -> Bool in
            let side = people[person].side
            return side == .left && leftFull || side == .right && rightFull
        }
        return .others(
            whereabouts(
                of: outside.filter { !barredBySex($0) }, forBoat: index, forRows: true,
                free: { $0.filter { !isSidedToFullSide($0) } }),
            barred: names(barred),
            sided: names(found.free.filter { isSidedToFullSide($0) && !mayTakeNoRow($0, ofBoat: index) }))
    }

    /// Side warnings of the crew rules (drum/steer ones are explained above).
    private func isSideWarning(_ finding: RuleFinding) -> Bool {
        if case .wrongSide = finding.kind { true } else { false }
    }
}
