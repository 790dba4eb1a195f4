import LineupCore
import Testing

/// The optimizer's objectives beyond weight: seat roles, preferred rows and the strength ranking
/// (`SeatFit`), alone (`strength`) or added to the imbalance (`both`); the explanation of each move; and
/// inactive paddlers left seated with the bench paddler who would best take their seat.
@Suite("OptimizerObjective: roles, rows and strength")
struct OptimizerObjectiveTests {
    let model = BalanceModel.defaults(for: .standard)

    /// A full standard boat of 70 kg paddlers (drummer, steerer and 20 row seats), each named after their
    /// place (`L3`, `R10`, `D`, `S`), plus `bench` paddlers `B1…`; ids in chart order.
    static func evenBoat(bench: Int = 0) -> (
        placements: [(paddler: PaddlerID, place: Place)], roster: [PaddlerID: Paddler]
    ) {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        let places = Place.seats(of: .standard) + (0..<bench).map { Place.bench(position: $0 + 1) }
        for (index, place) in places.enumerated() {
            let id = PaddlerID(index + 1)
            roster[id] = Paddler(id: id, name: place.description, weightKg: 70)
            placements.append((id, place))
        }
        return (placements, roster)
    }

    static func isLeft(_ place: Place?) -> Bool {
        if case .left = place { return true }
        return false
    }

    static func id(at place: Place, _ placements: [(paddler: PaddlerID, place: Place)]) throws -> PaddlerID {
        try #require(placements.first { $0.place == place }?.paddler)
    }

    func optimize(
        _ lineup: Lineup, _ roster: [PaddlerID: Paddler], _ objective: OptimizerObjective,
        fit: SeatFit? = nil, useBench: Bool = false, tolerance: Double = 0.5, exhaustiveUpTo: Int = 8,
        rules: CrewRules = CrewRules(.open, kind: .standard), seed: UInt64 = 1
    ) -> OptimizerResult {
        LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: rules,
            options: OptimizerOptions(
                useBench: useBench, toleranceKg: tolerance, seed: seed, exhaustiveUpTo: exhaustiveUpTo,
                objective: objective),
            fit: fit)
    }

    // MARK: - Roles and preferred rows

    /// A pacer in the last stroke row stays; one row behind it (one past the constraint) they trade with a
    /// paddler of the stroke rows, which costs no balance here (every weight is alike) and saves
    /// `roleOutsideRowsKg`. `balance` moves nobody, the boat being as level either way.
    @Test(arguments: [(2, false), (3, true), (4, false), (5, true)])
    func aPacerIsMovedIntoTheStrokeRowsOnlyFromOutsideThem(row: Int, moved: Bool) throws {
        var (placements, roster) = Self.evenBoat()
        let pacer = try Self.id(at: .left(row: row), placements)
        roster[pacer]?.role = .stroke
        // Rows 1–2 by default; 1–4 for the second pair, so that row 4 is the last stroke row then.
        let roles =
            row <= 3
            ? WantedRoles.defaults(for: .standard)
            : WantedRoles(stroke: RowSet(1...4), engine: RowSet(5...8), rear: RowSet(9...10))
        let lineup = try Lineup(kind: .standard, placements: placements)
        for objective in [OptimizerObjective.strength, .both] {
            let result = optimize(lineup, roster, objective, fit: SeatFit(wantedRoles: roles))
            let place = try #require(result.lineup.place(of: pacer))
            if moved {
                #expect(roles.stroke.contains(place.row ?? 0), "\(objective): pacer at \(place)")
                #expect(result.afterFitKg == result.beforeFitKg - SeatFit.roleOutsideRowsKg)
                let explanation = try #require(result.explanations.first { $0.move.paddler == pacer })
                #expect(explanation.reasons.contains(.intoRoleRows(.stroke)))
            } else {
                #expect(result.plan.isEmpty, "\(objective): \(result.plan.summary())")
            }
        }
        #expect(optimize(lineup, roster, .balance, fit: SeatFit(wantedRoles: roles)).plan.isEmpty)
    }

    /// The role cost agrees with `check`: with no row wanting stroke (`boat roles --stroke none`), rows 1–2
    /// want no role, so nobody's role costs anything there and `check` notes nothing; elsewhere a role the
    /// row does not want costs exactly where `check` notes it. A rear paddler in row 1 stays put.
    @Test func theRoleCostIsChargedExactlyWhereCheckNotesAMismatch() throws {
        let roles = WantedRoles(stroke: RowSet([]), engine: RowSet(3...8), rear: RowSet(9...10))
        let fit = SeatFit(wantedRoles: roles)
        let rules = CrewRules(.open, kind: .standard)
        for role in [SeatRole.stroke, .engine, .rear] {
            for row in 1...10 {
                var (placements, roster) = Self.evenBoat()
                let paddler = try Self.id(at: .left(row: row), placements)
                roster[paddler]?.role = role
                let lineup = try Lineup(kind: .standard, placements: placements)
                let noted = lineup.check(rules, roster: roster, wantedRoles: roles).contains { finding in
                    if case .roleMismatch = finding.kind { return true }
                    return false
                }
                let person = try #require(roster[paddler])
                let costs = fit.parts(of: person, at: .left(row: row)).roleMissed != nil
                #expect(noted == costs, "\(role) in row \(row)")
                #expect(noted == (row >= 3 && roles.role(ofRow: row) != role), "\(role) in row \(row)")
            }
        }
        var (placements, roster) = Self.evenBoat()
        let rear = try Self.id(at: .left(row: 1), placements)
        roster[rear]?.role = .rear
        let lineup = try Lineup(kind: .standard, placements: placements)
        for objective in [OptimizerObjective.strength, .both] {
            let result = optimize(lineup, roster, objective, fit: fit)
            #expect(result.beforeFitKg == 0)
            #expect(result.plan.isEmpty, "\(objective): \(result.plan.summary())")
        }
    }

    /// Preferred rows count less than a role: a paddler outside their preferred rows moves into them when
    /// nothing else is at stake, and the cost falls by `outsidePreferredRowsKg`.
    @Test func aPaddlerOutsideTheirPreferredRowsIsMovedIntoThem() throws {
        var (placements, roster) = Self.evenBoat()
        let paddler = try Self.id(at: .right(row: 9), placements)
        roster[paddler]?.preferredRows = RowSet(4...5)
        let lineup = try Lineup(kind: .standard, placements: placements)
        let result = optimize(lineup, roster, .strength)
        let row = try #require(result.lineup.place(of: paddler)?.row)
        #expect((4...5).contains(row))
        #expect(result.beforeFitKg - result.afterFitKg == SeatFit.outsidePreferredRowsKg)
        #expect(result.plan.peopleMoved == 2)
    }

    // MARK: - Strength

    /// With the bench, `strength` brings in both ranked bench paddlers for unranked paddlers of that side
    /// (who count below the last ranked), never for a measured one; every weight is alike, so `balance`
    /// moves nobody.
    @Test(arguments: [0, 8])
    func strengthBringsInTheHigherRankedBenchPaddler(exhaustiveUpTo: Int) throws {
        let (placements, roster) = Self.evenBoat(bench: 2)
        let strong = try Self.id(at: .bench(position: 2), placements)
        let weak = try Self.id(at: .bench(position: 1), placements)
        let low = try Self.id(at: .left(row: 5), placements)
        let second = try Self.id(at: .left(row: 3), placements)
        // Everyone else on the left has no evidence and counts one below the last ranked: 5th of 4.
        let places = StrengthPlaces(left: [strong, second, low, weak])
        let lineup = try Lineup(kind: .standard, placements: placements)
        let fit = SeatFit(wantedRoles: .defaults(for: .standard), strength: places)
        let result = optimize(lineup, roster, .strength, fit: fit, useBench: true, exhaustiveUpTo: exhaustiveUpTo)
        // Both ranked bench paddlers take seats of unranked ones (who count 5th): strong saves 4, weak (4th) 1;
        // the measured L5 (3rd) and L3 (2nd) stay in the boat.
        #expect(Self.isLeft(result.lineup.place(of: strong)))
        #expect(Self.isLeft(result.lineup.place(of: weak)))
        #expect(result.lineup.place(of: low)?.isSeat == true)
        #expect(result.lineup.place(of: second)?.isSeat == true)
        #expect(result.afterFitKg == result.beforeFitKg - 5 * SeatFit.rankPlaceKg)
        let coming = try #require(result.explanations.first { $0.move.paddler == strong })
        guard case .ranked(side: .left, place: 1, let replacing)? = coming.reasons.first else {
            Issue.record("\(coming.reasons)")
            return
        }
        #expect(replacing == nil || replacing?.place == nil)
        // Of the 20 in the boat, L3, L5 and (now) strong and weak have a place on the left; nobody on the right.
        #expect(result.unrankedSeated == 16)
        #expect(optimize(lineup, roster, .balance, fit: fit, useBench: true).plan.isEmpty)
    }

    /// Being measured is never worse than not being measured: the 2nd of two ranked on the left stays in the
    /// boat rather than giving the seat to an untested bench paddler (who counts as 3rd), for `strength` and
    /// `both` alike, however small the tolerance.
    @Test(arguments: [0, 8])
    func aRankedPaddlerIsNotBenchedForAnUntestedOne(exhaustiveUpTo: Int) throws {
        var (placements, roster) = Self.evenBoat(bench: 1)
        let untested = try Self.id(at: .bench(position: 1), placements)
        let second = try Self.id(at: .left(row: 5), placements)
        let first = try Self.id(at: .left(row: 3), placements)
        for id in [untested, second, first] { roster[id]?.side = .left }
        let fit = SeatFit(wantedRoles: .defaults(for: .standard), strength: StrengthPlaces(left: [first, second]))
        let lineup = try Lineup(kind: .standard, placements: placements)
        for objective in [OptimizerObjective.strength, .both] {
            let result = optimize(
                lineup, roster, objective, fit: fit, useBench: true, tolerance: 0.01, exhaustiveUpTo: exhaustiveUpTo)
            #expect(result.lineup.place(of: second)?.isSeat == true, "\(objective): \(result.plan.summary())")
            #expect(result.lineup.place(of: untested) == .bench(position: 1), "\(objective)")
        }
    }

    /// With a long bench (120, beyond the 32 candidates), the best-ranked bench paddler is one the spread over
    /// the weights leaves out; `strength` and `both` still consider them (the best-ranked of each side come
    /// first) and `strength` seats them, while `balance` keeps the spread.
    @Test func theBestRankedBenchPaddlerIsConsideredOnALongBench() throws {
        var (placements, roster) = Self.evenBoat(bench: 120)
        for position in 1...120 {
            let id = try Self.id(at: .bench(position: position), placements)
            roster[id]?.weightKg = 60 + Double(position % 40)
        }
        let lineup = try Lineup(kind: .standard, placements: placements)
        let rules = CrewRules(.open, kind: .standard)
        let spread = LineupOptimizer.benchCandidates(lineup, roster: roster, rules: rules, limit: 32)
        let leftOut = try #require((1...120).first { !spread.chosen.contains($0) })
        let best = try Self.id(at: .bench(position: leftOut), placements)
        let places = StrengthPlaces(left: [best])
        let selection = LineupOptimizer.benchCandidates(
            lineup, roster: roster, rules: rules, limit: 32, strength: places)
        #expect(selection.chosen.contains(leftOut))
        #expect(selection.chosen.count == 32)
        #expect(selection.bestRanked == 1)
        #expect(selection.beyondLimit == 120 - 32)
        let fit = SeatFit(wantedRoles: .defaults(for: .standard), strength: places)
        let result = optimize(lineup, roster, .strength, fit: fit, useBench: true)
        #expect(result.lineup.place(of: best)?.isSeat == true, "\(result.plan.summary())")
        #expect(result.scope.benchBestRanked == 1)
        #expect(result.scope.benchConsidered == 32)
        #expect(optimize(lineup, roster, .balance, fit: fit, useBench: true).scope.benchBestRanked == 0)
    }

    /// An inactive paddler on the bench is never seated, even when ranked first.
    @Test func anInactiveBenchPaddlerIsNeverSeatedWhateverTheirRank() throws {
        var (placements, roster) = Self.evenBoat(bench: 2)
        let gone = try Self.id(at: .bench(position: 1), placements)
        let next = try Self.id(at: .bench(position: 2), placements)
        roster[gone]?.isActive = false
        let low = try Self.id(at: .left(row: 5), placements)
        // On the right, where nobody is ranked, they would count as first: they keep to the left.
        roster[low]?.side = .left
        let lineup = try Lineup(kind: .standard, placements: placements)
        let fit = SeatFit(
            wantedRoles: .defaults(for: .standard), strength: StrengthPlaces(left: [gone, next, low]))
        for objective in OptimizerObjective.allCases {
            let result = optimize(lineup, roster, objective, fit: fit, useBench: true)
            #expect(result.lineup.place(of: gone) == .bench(position: 1), "\(objective)")
            #expect(!result.plan.moves.contains { $0.paddler == gone })
        }
        let strength = optimize(lineup, roster, .strength, fit: fit, useBench: true)
        // The 2nd-ranked bench paddler takes the seat of an unranked one (who counts 4th), not of L5 (3rd).
        #expect(Self.isLeft(strength.lineup.place(of: next)), "\(strength.plan.summary())")
        #expect(strength.lineup.place(of: low) == .left(row: 5))
    }

    // MARK: - The exchange rate of `both`

    /// A heavy pacer in L5 and a 70 kg paddler in L1, every other seat locked: trading them puts the pacer in
    /// the stroke rows (−`roleOutsideRowsKg`) and changes the imbalance from I0 to I1, both worked out here
    /// by `Lineup.balanceMoments`. `both` trades exactly when I1 < I0 + the rate; `strength` always trades;
    /// `balance` never (I1 > I0 for these weights). Weights are picked on both sides of the rate.
    @Test(arguments: [(9.0, 9.8), (10.2, 11.0)], [8, 0])
    func bothTradesImbalanceForARoleAtTheStatedRate(extra: (low: Double, high: Double), exhaustiveUpTo: Int) throws {
        var (placements, roster) = Self.evenBoat()
        let pacer = try Self.id(at: .left(row: 5), placements)
        let front = try Self.id(at: .left(row: 1), placements)
        roster[pacer]?.role = .stroke
        let free: Set<Place> = [.left(row: 1), .left(row: 5)]
        let locked = Set(Place.seats(of: .standard).filter { $0.row != nil && !free.contains($0) })
        let start = try Lineup(kind: .standard, placements: placements, lockedSeats: locked)
        let traded = try Lineup(
            kind: .standard,
            placements: placements.map { entry in
                entry.paddler == pacer
                    ? (pacer, .left(row: 1)) : entry.paddler == front ? (front, .left(row: 5)) : entry
            }, lockedSeats: locked)
        func imbalance(_ lineup: Lineup, _ roster: [PaddlerID: Paddler]) -> Double {
            lineup.balanceMoments(weights: roster.compactMapValues(\.weightKg), model: model)
                .imbalanceKg(model, kind: .standard)
        }
        // The pacer's weight whose trade costs between `low` and `high` kg more imbalance than staying.
        var weight = 70.0
        var costs = 0.0
        while weight < 200 {
            roster[pacer]?.weightKg = weight
            costs = imbalance(traded, roster) - imbalance(start, roster)
            if costs > extra.low && costs < extra.high { break }
            weight += 0.25
        }
        try #require(costs > extra.low && costs < extra.high, "no weight found")
        let trades = costs < SeatFit.roleOutsideRowsKg
        let both = optimize(start, roster, .both, tolerance: 0, exhaustiveUpTo: exhaustiveUpTo)
        #expect((both.lineup.place(of: pacer) == .left(row: 1)) == trades, "pacer \(weight) kg costs \(costs) kg")
        let strength = optimize(start, roster, .strength, tolerance: 0, exhaustiveUpTo: exhaustiveUpTo)
        #expect(strength.lineup.place(of: pacer) == .left(row: 1))
        let balance = optimize(start, roster, .balance, tolerance: 0, exhaustiveUpTo: exhaustiveUpTo)
        #expect(balance.lineup.place(of: pacer) == .left(row: 5))
    }

    // MARK: - Invariants on random boats

    /// A random boat with roles, preferred rows, rows, inactive paddlers, a ranking and mixed rules.
    static func randomSetup(seed: UInt64) throws -> (Lineup, [PaddlerID: Paddler], SeatFit) {
        let (lineup, roster0) = try OptimizerTests.randomBoat(
            .standard, seed: seed + 700, free: 12 + Int(seed % 9), sides: 8, bench: 8, unknown: 1,
            empty: Int(seed % 3))
        var roster = roster0
        var random = SeededRandomGenerator(seed: seed &+ 77)
        let ids = roster.keys.sorted()
        for id in ids.shuffled(using: &random).prefix(10) {
            roster[id]?.role = [.stroke, .engine, .rear].randomElement(using: &random) ?? .any
        }
        for id in ids.shuffled(using: &random).prefix(5) {
            let first = Int.random(in: 1...10, using: &random)
            roster[id]?.preferredRows = RowSet(first...min(10, first + 2))
        }
        for id in ids.shuffled(using: &random).prefix(5) {
            let first = Int.random(in: 1...6, using: &random)
            roster[id]?.rows = RowSet(first...10)
        }
        for id in ids.shuffled(using: &random).prefix(3) { roster[id]?.isActive = false }
        let places = StrengthPlaces(
            left: Array(ids.shuffled(using: &random).prefix(9)), right: Array(ids.shuffled(using: &random).prefix(7)))
        return (lineup, roster, SeatFit(wantedRoles: .defaults(for: .standard), strength: places))
    }

    /// Every objective keeps locks, sides, the drummer and steerer, the unweighed, row 1 (`expectSound`), the
    /// rows paddlers may sit in, inactive paddlers where they are, and the crew rules; and the proposal is
    /// never worse by the objective than the start, each explanation's moments adding up to the whole change.
    @Test(arguments: 1...12)
    func everyObjectiveKeepsEveryConstraint(seed: UInt64) throws {
        let (start, roster, fit) = try Self.randomSetup(seed: seed)
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let before = Dictionary(uniqueKeysWithValues: start.placements.map { ($0.paddler, $0.place) })
        let weights = roster.compactMapValues(\.weightKg)
        for objective in OptimizerObjective.allCases {
            let result = optimize(
                start, roster, objective, fit: fit, useBench: true, exhaustiveUpTo: seed % 3 == 0 ? 0 : 8,
                rules: rules, seed: seed)
            // Leaving a barred row comes before the objective, and a seated inactive paddler's seat is levelled
            // with the replacement in it: with either, the lineup as written may be less level than before.
            let barredBefore = BarredSeat.find(in: start, roster: roster).count
            let inactiveSeated = start.placements.contains {
                $0.place.row != nil && roster[$0.paddler]?.isActive == false
            }
            let comparable = barredBefore == 0 && !inactiveSeated
            #expect(BarredSeat.find(in: result.lineup, roster: roster).count <= barredBefore)
            try OptimizerTests().expectSound(
                result, from: start, roster: roster, levels: objective == .balance && comparable)
            for placement in result.lineup.placements {
                let paddler = try #require(roster[placement.paddler])
                if !paddler.isActive {
                    #expect(placement.place == before[paddler.id], "inactive \(paddler.name) moved")
                }
                if let row = placement.place.row, placement.place != before[paddler.id] {
                    #expect(paddler.maySit(inRow: row), "\(paddler.name) into \(placement.place)")
                }
            }
            let broken = { (lineup: Lineup) in
                lineup.check(rules, roster: roster).filter { $0.severity == .violation }.count
            }
            #expect(broken(result.lineup) <= broken(start))
            let score = { (lineup: Lineup) in fit.score(of: lineup, roster: roster, model: model, objective: objective)
            }
            if comparable { #expect(score(result.lineup) <= score(start) + 1e-6, "\(objective)") }
            #expect(abs(result.afterFitKg - fit.cost(of: result.lineup, roster: roster)) < 1e-9)
            // The moves' moments add up to the whole change.
            let momentsBefore = start.balanceMoments(weights: weights, model: model)
            let momentsAfter = result.lineup.balanceMoments(weights: weights, model: model)
            let trim = result.explanations.map(\.trimKgM).reduce(0, +)
            let list = result.explanations.map(\.listKgM).reduce(0, +)
            #expect(abs(trim - (momentsAfter.trimKgM - momentsBefore.trimKgM)) < 1e-6)
            #expect(abs(list - (momentsAfter.listKgM - momentsBefore.listKgM)) < 1e-6)
            #expect(result.explanations.map(\.move) == result.plan.moves)
            if objective != .balance {
                let fitChange = result.explanations.compactMap(\.fitChangeKg).reduce(0, +)
                #expect(abs(fitChange - (result.afterFitKg - result.beforeFitKg)) < 1e-6)
            }
        }
    }

    /// `balance` does exactly as before the objectives came: the seat fit never changes its proposal.
    @Test(arguments: 1...6)
    func balanceIgnoresTheSeatFit(seed: UInt64) throws {
        var (start, roster, fit) = try Self.randomSetup(seed: seed)
        for id in roster.keys { roster[id]?.isActive = true }
        let plain = optimize(start, roster, .balance, useBench: true, seed: seed)
        let withFit = optimize(start, roster, .balance, fit: fit, useBench: true, seed: seed)
        #expect(plain.lineup == withFit.lineup)
        fit.strength = StrengthPlaces()
        #expect(plain.unrankedSeated == 0 && withFit.unrankedSeated == 0)
        start = plain.lineup
        #expect(optimize(start, roster, .balance, useBench: true, tolerance: 0.5, seed: seed).plan.isEmpty)
    }

    // MARK: - Inactive paddlers left seated

    /// An inactive paddler in a seat stays there and is named with the bench paddler who would best take the
    /// seat: the one a brute force over the bench picks (each active bench paddler of known weight allowed in
    /// that seat whom the plan leaves on the bench, no more broken rules, the best by the objective, ties to
    /// the front of the bench).
    @Test(arguments: 1...8)
    func anInactiveSeatedPaddlerIsFlaggedWithTheBestReplacement(seed: UInt64) throws {
        let (start0, roster0, fit) = try Self.randomSetup(seed: seed)
        var roster = roster0
        for id in roster.keys { roster[id]?.isActive = true }
        let start = start0
        let seats = Place.seats(of: .standard).filter { $0.row != nil && start[$0] != nil }
        let seat = seats[Int(seed) % seats.count]
        let gone = try #require(start[seat])
        roster[gone]?.isActive = false
        if roster[gone]?.weightKg == nil { roster[gone]?.weightKg = 70 }
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let objective = OptimizerObjective.allCases[Int(seed % 3)]
        let result = optimize(start, roster, objective, fit: fit, useBench: true, rules: rules, seed: seed)
        #expect(result.lineup[seat] == gone)
        #expect(!result.plan.moves.contains { $0.paddler == gone })
        let flagged = try #require(result.inactiveSeated.first { $0.paddler == gone })
        #expect(flagged.seat == seat)

        let lineup = result.lineup
        let violations = { (lineup: Lineup) in
            lineup.check(rules, roster: roster).filter { $0.severity == .violation }.count
        }
        var best: (score: Double, paddler: PaddlerID)?
        let moving = Set(result.plan.moves.compactMap(\.paddler))
        // A locked seat keeps its paddler: nobody is suggested for it.
        #expect(flagged.isLocked == lineup.isLocked(seat))
        for (index, candidate) in lineup.bench.enumerated() where !moving.contains(candidate) && !lineup.isLocked(seat)
        {
            guard let paddler = roster[candidate], paddler.isActive, paddler.weightKg != nil,
                OptimizerTests.sideAllows(paddler, seat, origin: nil), paddler.maySit(inRow: seat.row ?? 0)
            else { continue }
            let trial = try Lineup(
                kind: .standard,
                placements: lineup.placements.map { entry in
                    entry.paddler == candidate
                        ? (candidate, seat) : entry.paddler == gone ? (gone, .bench(position: index + 1)) : entry
                }, lockedSeats: lineup.lockedSeats)
            guard violations(trial) <= violations(lineup) else { continue }
            let score = fit.score(of: trial, roster: roster, model: model, objective: objective)
            if best == nil || score < (best?.score ?? 0) - 1e-9 { best = (score, candidate) }
        }
        #expect(flagged.replacement?.paddler == best?.paddler, "seed \(seed), \(objective)")
    }
}
