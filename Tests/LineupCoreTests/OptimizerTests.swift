import LineupCore
import Testing

@Suite("The optimizer")
struct OptimizerTests {
    let model = BalanceModel.defaults(for: .standard)

    /// A full boat of `kind` with random weights (50–100 kg, halves), drummer and steerer; `free` row seats
    /// left unlocked, the rest locked; `sides` paddlers with a side preference; `bench` paddlers on it.
    static func randomBoat(
        _ kind: BoatKind, seed: UInt64, free: Int? = nil, sides: Int = 0, bench: Int = 0, unknown: Int = 0
    ) throws -> (Lineup, [PaddlerID: Paddler]) {
        var random = SeededRandomGenerator(seed: seed)
        let rowSeats = (1...kind.rowCount).flatMap { [Place.left(row: $0), .right(row: $0)] }
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        let places = [Place.drummer, .steerer] + rowSeats + (0..<bench).map { Place.bench(position: $0 + 1) }
        for (index, place) in places.enumerated() {
            let id = PaddlerID(index + 1)
            roster[id] = Paddler(
                id: id, name: "P\(id)", weightKg: Double(Int.random(in: 100...200, using: &random)) / 2,
                sex: Bool.random(using: &random) ? .female : .male)
            placements.append((id, place))
        }
        for id in roster.keys.sorted().shuffled(using: &random).prefix(sides) {
            roster[id]?.side = Bool.random(using: &random) ? .left : .right
        }
        for id in roster.keys.sorted().dropFirst(2).shuffled(using: &random).prefix(unknown) {
            roster[id]?.weightKg = nil
        }
        let locked = free.map { Set(rowSeats.shuffled(using: &random).dropFirst($0)) } ?? []
        return (try Lineup(kind: kind, placements: placements, lockedSeats: locked), roster)
    }

    /// Whether `paddler` may sit at `place` by their side preference (where they started is always fine).
    static func sideAllows(_ paddler: Paddler?, _ place: Place, origin: Place?) -> Bool {
        if place == origin { return true }
        switch (paddler?.side ?? .either, place) {
        case (.left, .right), (.right, .left): return false
        default: return true
        }
    }

    /// The true optimum by brute force: every arrangement of the unlocked row seats' occupants (limited
    /// to `maxExchanges` transpositions from the start when given), judged by `Lineup.balanceMoments`
    /// itself, independently of the optimizer's incremental arithmetic.
    func exhaustiveBest(_ lineup: Lineup, _ roster: [PaddlerID: Paddler], maxExchanges: Int? = nil) throws -> Double {
        let seats = Place.seats(of: lineup.kind).filter { $0.row != nil && !lineup.isLocked($0) }
        let occupants = seats.map { lineup[$0] }
        let weights = roster.compactMapValues(\.weightKg)
        var fixed = lineup
        for case let id? in occupants { fixed.remove(id) }
        var best = Double.infinity
        var order = Array(occupants.indices)
        func distance(_ permutation: [Int]) -> Int {
            var seen = [Bool](repeating: false, count: permutation.count)
            var cycles = 0
            for start in permutation.indices where !seen[start] {
                cycles += 1
                var index = start
                while !seen[index] {
                    seen[index] = true
                    index = permutation[index]
                }
            }
            return permutation.count - cycles
        }
        func evaluate() throws {
            if let maxExchanges, distance(order) > maxExchanges { return }
            var placements = fixed.placements
            for (seatIndex, occupantIndex) in order.enumerated() {
                guard let id = occupants[occupantIndex] else { continue }
                guard Self.sideAllows(roster[id], seats[seatIndex], origin: seats[occupantIndex]) else { return }
                placements.append((id, seats[seatIndex]))
            }
            let candidate = try Lineup(kind: lineup.kind, placements: placements)
            best = min(
                best, candidate.balanceMoments(weights: weights, model: model).imbalanceKg(model, kind: lineup.kind))
        }
        // Heap's algorithm over every permutation.
        var counters = [Int](repeating: 0, count: order.count)
        try evaluate()
        var index = 0
        while index < order.count {
            if counters[index] < index {
                order.swapAt(index % 2 == 0 ? 0 : counters[index], index)
                try evaluate()
                counters[index] += 1
                index = 0
            } else {
                counters[index] = 0
                index += 1
            }
        }
        return best
    }

    func optimize(
        _ setup: (Lineup, [PaddlerID: Paddler]), rules: RulesPreset = .open, _ options: OptimizerOptions
    ) -> OptimizerResult {
        LineupOptimizer.optimize(
            setup.0, roster: setup.1, model: model, rules: CrewRules(rules, kind: setup.0.kind), options: options)
    }

    /// The local search alone (the exhaustive path switched off) on standard boats with seven free seats.
    @Test(arguments: 1...20)
    func theLocalSearchReachesTheTrueOptimumOfStandardBoatsWithSevenFreeSeats(seed: UInt64) throws {
        let setup = try Self.randomBoat(.standard, seed: seed, free: 7, sides: seed % 3 == 0 ? 6 : 0)
        let result = optimize(setup, OptimizerOptions(toleranceKg: 0, exhaustiveUpTo: 0))
        let best = try exhaustiveBest(setup.0, setup.1)
        #expect(abs(result.afterImbalanceKg - best) < 1e-6, "seed \(seed): \(result.afterImbalanceKg) vs \(best)")
    }

    /// Small boats with eight free seats and side preferences: few enough places that the optimizer tries
    /// every arrangement, compared with the independent brute force.
    @Test(arguments: 1...8)
    func reachesTheTrueOptimumOfSmallBoats(seed: UInt64) throws {
        let setup = try Self.randomBoat(.small, seed: seed + 100, free: 8, sides: 2)
        let result = optimize(setup, OptimizerOptions(toleranceKg: 0))
        let best = try exhaustiveBest(setup.0, setup.1)
        #expect(abs(result.afterImbalanceKg - best) < 1e-6, "seed \(seed): \(result.afterImbalanceKg) vs \(best)")
    }

    @Test(arguments: [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
    func reachesTheTrueOptimumWithinAnExchangeLimit(seed: UInt64, limit: Int) throws {
        let setup = try Self.randomBoat(.standard, seed: seed + 200, free: 7)
        let result = optimize(setup, OptimizerOptions(maxExchanges: limit, toleranceKg: 0))
        #expect(result.exchanges.count <= limit)
        let best = try exhaustiveBest(setup.0, setup.1, maxExchanges: limit)
        #expect(abs(result.afterImbalanceKg - best) < 1e-6, "seed \(seed): \(result.afterImbalanceKg) vs \(best)")
    }

    @Test func oneExchangeUndoesOneExchange() throws {
        // Level a boat as far as it goes, then swap two paddlers: one exchange is all it takes back.
        let setup = try Self.randomBoat(.standard, seed: 7)
        let level = optimize(setup, OptimizerOptions(toleranceKg: 0))
        let (unlevel, _) = try level.lineup.exchanging(.left(row: 1), with: .right(row: 9), names: [:])
        let result = optimize((unlevel, setup.1), OptimizerOptions(toleranceKg: 0))
        #expect(result.exchanges.count == 1)
        #expect(result.afterImbalanceKg <= level.afterImbalanceKg + 1e-9)
    }

    @Test func aLevelBoatGetsNoExchange() throws {
        let setup = try Self.randomBoat(.standard, seed: 8)
        let level = optimize(setup, OptimizerOptions())
        let again = optimize((level.lineup, setup.1), OptimizerOptions())
        #expect(again.exchanges.isEmpty)
        #expect(again.lineup == level.lineup)
    }

    @Test func theToleranceTradesAlittleBalanceForFewerExchanges() throws {
        let setup = try Self.randomBoat(.standard, seed: 9)
        let exact = optimize(setup, OptimizerOptions(toleranceKg: 0))
        let relaxed = optimize(setup, OptimizerOptions(toleranceKg: 2))
        #expect(relaxed.exchanges.count <= exact.exchanges.count)
        #expect(relaxed.afterImbalanceKg <= exact.afterImbalanceKg + 2 + 1e-9)
    }

    /// On random boats with locks, side preferences, unknown weights, a bench and mixed rules: locked
    /// seats, drummer, steerer and the unweighed stay put; nobody lands on a side they do not paddle; no
    /// new broken rule; the exchanges, made in order, give the proposed lineup; and it is never worse.
    @Test(arguments: 1...25)
    func keepsEveryConstraint(seed: UInt64) throws {
        let setup = try Self.randomBoat(.standard, seed: seed + 300, free: 14, sides: 8, bench: 6, unknown: 2)
        let (start, roster) = setup
        let rules = CrewRules(.idbfMixed, kind: .standard)
        let limit = seed % 2 == 0 ? Int(seed % 5) + 1 : nil
        let result = optimize(
            setup, rules: .idbfMixed, OptimizerOptions(maxExchanges: limit, useBench: true, seed: seed))
        let end = result.lineup
        for seat in start.lockedSeats { #expect(end[seat] == start[seat]) }
        #expect(end.drummer == start.drummer && end.steerer == start.steerer)
        #expect(end.lockedSeats == start.lockedSeats)
        for (id, paddler) in roster {
            let before = start.place(of: id)
            let after = end.place(of: id)
            if paddler.weightKg == nil { #expect(after == before, "unweighed \(paddler.name) moved") }
            if let after { #expect(Self.sideAllows(paddler, after, origin: before), "\(paddler.name) at \(after)") }
        }
        #expect(Set(end.placements.map(\.paddler)) == Set(start.placements.map(\.paddler)))
        let broken = { (lineup: Lineup) in
            lineup.check(rules, roster: roster).filter { $0.severity == .violation }.count
        }
        #expect(broken(end) <= broken(start))
        if let limit { #expect(result.exchanges.count <= limit) }
        #expect(result.changes.count == result.exchanges.count)
        var replayed = start
        for (first, second) in result.exchanges {
            replayed = try replayed.exchanging(first, with: second, names: [:]).lineup
        }
        #expect(replayed == end)
        #expect(result.afterImbalanceKg <= result.beforeImbalanceKg + 1e-9)
        let weights = roster.compactMapValues(\.weightKg)
        #expect(
            abs(
                end.balanceMoments(weights: weights, model: model).imbalanceKg(model, kind: .standard)
                    - result.afterImbalanceKg) < 1e-9)
    }
}
