import LineupCore
import Testing

@Suite("The plan from one lineup to another")
struct LineupPlanTests {
    let ann: PaddlerID = 1
    let bo: PaddlerID = 2
    let cy: PaddlerID = 3
    var names: [PaddlerID: String] { [ann: "Ann", bo: "Bo", cy: "Cy"] }

    func lineup(_ placements: [(PaddlerID, Place)], kind: BoatKind = .standard) throws -> Lineup {
        try Lineup(kind: kind, placements: placements.map { (paddler: $0.0, place: $0.1) })
    }

    @Test func aCycleIsCalledInItsOwnOrderFromTheFirstSeat() throws {
        let start = try lineup([(bo, .left(row: 3)), (ann, .left(row: 1)), (cy, .right(row: 5))])
        let end = try lineup([(ann, .left(row: 3)), (bo, .right(row: 5)), (cy, .left(row: 1))])
        let plan = LineupPlan(from: start, to: end, names: names)
        #expect(plan.summary() == "Ann L1 → L3, Bo L3 → R5, Cy R5 → L1")
        #expect(plan.peopleMoved == 3)
        #expect(plan.minimumExchanges == 2)
    }

    @Test func aChainIntoAnEmptySeatStartsWithWhoeverMovesIntoIt() throws {
        let start = try lineup([(ann, .left(row: 1)), (bo, .right(row: 1))])
        let end = try lineup([(ann, .left(row: 2)), (bo, .left(row: 1))])
        let plan = LineupPlan(from: start, to: end, names: names)
        #expect(plan.summary() == "Ann L1 → L2, Bo R1 → L1")
        // A path: every exchange seats one paddler.
        #expect(plan.minimumExchanges == 2)
    }

    @Test func aTradeWithTheBenchSendsTheBenchPaddlerInLast() throws {
        let start = try lineup([(ann, .left(row: 1)), (bo, .right(row: 1)), (cy, .bench(position: 1))])
        let end = try lineup([(cy, .left(row: 1)), (ann, .right(row: 1)), (bo, .bench(position: 1))])
        let plan = LineupPlan(from: start, to: end, names: names)
        #expect(plan.summary() == "Bo R1 → bench, Ann L1 → R1, Cy B1 → L1")
        // Closed through the bench: Cy and Bo trade, then Ann and Cy.
        #expect(plan.minimumExchanges == 2)
    }

    @Test func theBenchIsAPool() throws {
        let start = try lineup([(ann, .bench(position: 1)), (bo, .bench(position: 2)), (cy, .left(row: 1))])
        let end = try lineup([(bo, .bench(position: 1)), (ann, .bench(position: 2)), (cy, .left(row: 1))])
        let plan = LineupPlan(from: start, to: end, names: names)
        #expect(plan.isEmpty)
        #expect(plan.minimumExchanges == 0)
    }

    /// Random rearrangements of small boats (at most five unlocked seats, up to three on the bench, empty
    /// seats): the plan moves exactly the paddlers whose place differs, each once, from their place to
    /// their final one; the moves, applied, give the target; they are called as chains (whoever lands on a
    /// taken seat is the next to move) with everyone going to the bench before anyone leaves it; and the
    /// minimum number of exchanges equals a breadth-first search over real exchanges of the engine.
    @Test(arguments: 0..<60)
    func matchesABreadthFirstSearchOverExchanges(seed: UInt64) throws {
        var random = SeededRandomGenerator(seed: seed + 5000)
        let seats = Place.seats(of: .small)
        let free = Array(seats.shuffled(using: &random).prefix(Int.random(in: 2...5, using: &random)))
        let locked = Set(seats).subtracting(free)
        var placements: [(paddler: PaddlerID, place: Place)] = []
        var next: PaddlerID = 1
        for seat in seats where locked.contains(seat) || Bool.random(using: &random) {
            placements.append((next, seat))
            next += 1
        }
        let benchCount = Int.random(in: 0...3, using: &random)
        for position in 0..<benchCount {
            placements.append((next + PaddlerID(position), .bench(position: position + 1)))
        }
        let start = try Lineup(kind: .small, placements: placements, lockedSeats: locked)
        // The target: the movable paddlers shuffled over the free seats and the bench.
        let movable = free.compactMap { start[$0] } + start.bench
        let slots = (free.map(Optional.some) + Array(repeating: nil, count: movable.count)).shuffled(using: &random)
        var targetPlacements = placements.filter { locked.contains($0.place) }
        var bench: [PaddlerID] = []
        for (paddler, slot) in zip(movable, slots) {
            if let slot { targetPlacements.append((paddler, slot)) } else { bench.append(paddler) }
        }
        for (index, paddler) in bench.enumerated() { targetPlacements.append((paddler, .bench(position: index + 1))) }
        let target = try Lineup(kind: .small, placements: targetPlacements, lockedSeats: locked)

        let plan = LineupPlan(from: start, to: target, names: [:])
        let differing = start.placements.filter { paddler, place in
            let after = target.place(of: paddler)
            return after != place && (place.isSeat || after?.isSeat == true)
        }
        #expect(plan.peopleMoved == differing.count)
        #expect(Set(plan.moves.compactMap(\.paddler)).count == plan.moves.count)
        for move in plan.moves {
            let paddler = try #require(move.paddler)
            #expect(move.from == start.place(of: paddler))
            #expect(move.to == target.place(of: paddler))
            #expect(!locked.contains(move.from) && !locked.contains(move.to))
        }
        let applied = try start.applying(LineupChange(moves: plan.moves), names: [:])
        #expect(Self.key(applied) == Self.key(target))
        Self.expectCalledAsChains(plan, from: start)
        #expect(plan.minimumExchanges == Self.fewestExchanges(from: start, to: target), "seed \(seed)")
    }

    /// Seats as they are, the bench as a set.
    struct Key: Hashable {
        var seats: [PaddlerID?]
        var bench: Set<PaddlerID>
    }

    static func key(_ lineup: Lineup) -> Key {
        Key(seats: Place.seats(of: lineup.kind).map { lineup[$0] }, bench: Set(lineup.bench))
    }

    /// Breadth-first search over every exchange the engine allows (seats, bench places, the end of the
    /// bench) until the seats match and the bench holds the same paddlers.
    static func fewestExchanges(from start: Lineup, to target: Lineup) -> Int {
        let goal = key(target)
        var seen: Set<Key> = [key(start)]
        var frontier = [start]
        if key(start) == goal { return 0 }
        var depth = 0
        while !frontier.isEmpty {
            depth += 1
            var next: [Lineup] = []
            for lineup in frontier {
                let places =
                    Place.seats(of: lineup.kind).filter { !lineup.isLocked($0) }
                    + (0...lineup.bench.count).map { Place.bench(position: $0 + 1) }
                for (index, first) in places.enumerated() {
                    for second in places[(index + 1)...] {
                        guard let (after, _) = try? lineup.exchanging(first, with: second, names: [:]) else {
                            continue
                        }
                        let reached = key(after)
                        if reached == goal { return depth }
                        if seen.insert(reached).inserted { next.append(after) }
                    }
                }
            }
            frontier = next
        }
        return -1
    }

    /// Whoever lands on a seat still taken is the next to move, and nobody leaves the bench before
    /// everyone going to it has gone.
    static func expectCalledAsChains(_ plan: LineupPlan, from start: Lineup) {
        var occupant: [Place: PaddlerID] = [:]
        for (paddler, place) in start.placements where place.isSeat { occupant[place] = paddler }
        var leftTheBench = false
        for (index, move) in plan.moves.enumerated() {
            guard let paddler = move.paddler else { continue }
            if occupant[move.from] == paddler { occupant[move.from] = nil }
            if move.to.isSeat {
                if let displaced = occupant[move.to] {
                    #expect(
                        plan.moves.indices.contains(index + 1) && plan.moves[index + 1].paddler == displaced,
                        "move \(index + 1) lands on a taken seat without calling its occupant next")
                }
                occupant[move.to] = paddler
            } else {
                #expect(!leftTheBench, "someone goes to the bench after someone left it")
            }
            if !move.from.isSeat { leftTheBench = true }
        }
    }
}
