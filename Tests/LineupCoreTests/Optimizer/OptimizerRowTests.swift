import LineupCore
import Testing

/// The rows a paddler may sit in are a hard limit: the optimizer never moves anyone into a row their rows
/// exclude, as it never moves anyone to a side they do not paddle on.
@Suite("The optimizer keeps the rows paddlers may sit in")
struct OptimizerRowTests {
    let model = BalanceModel.defaults(for: .standard)

    /// A random boat whose paddlers each have rows (some of them starting outside them).
    static func boatWithRows(_ kind: BoatKind, seed: UInt64, limited: Int, bench: Int) throws -> (
        Lineup, [PaddlerID: Paddler]
    ) {
        let (lineup, roster0) = try OptimizerTests.randomBoat(kind, seed: seed, bench: bench)
        var roster = roster0
        var random = SeededRandomGenerator(seed: seed &+ 1000)
        for id in roster.keys.sorted().shuffled(using: &random).prefix(limited) {
            let first = Int.random(in: 1...kind.rowCount, using: &random)
            let last = Int.random(in: first...kind.rowCount, using: &random)
            roster[id]?.rows = RowSet(first...last)
        }
        return (lineup, roster)
    }

    @Test(arguments: 1...24)
    func nobodyIsMovedIntoARowTheirRowsExclude(seed: UInt64) throws {
        let kind: BoatKind = seed % 3 == 0 ? .small : .standard
        let (lineup, roster) = try Self.boatWithRows(kind, seed: seed, limited: Int(seed % 12) + 4, bench: 4)
        let options = OptimizerOptions(useBench: seed % 2 == 0, seed: seed, exhaustiveUpTo: seed % 4 == 0 ? 9 : 0)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: BalanceModel.defaults(for: kind), rules: CrewRules(.open, kind: kind),
            options: options)
        let before = Dictionary(uniqueKeysWithValues: lineup.placements.map { ($0.paddler, $0.place) })
        for placement in result.lineup.placements {
            guard let row = placement.place.row, let paddler = roster[placement.paddler] else { continue }
            // Where they already sat is theirs to keep; moving there is what is never done.
            if before[placement.paddler] == placement.place { continue }
            #expect(paddler.maySit(inRow: row), "seed \(seed): \(paddler.name) moved to \(placement.place)")
        }
        for move in result.plan.moves {
            guard let row = move.to.row, let paddler = move.paddler.flatMap({ roster[$0] }) else { continue }
            #expect(paddler.maySit(inRow: row), "seed \(seed): \(paddler.name) planned to \(move.to)")
        }
    }

    /// A heavy paddler in row 1 whose exchange with a middle-row paddler levels the boat: made when row 6 is
    /// the last row they may sit in (exactly on the limit), not made when it is one past it.
    @Test(arguments: [(6, true), (5, false)])
    func anExchangeExactlyOnTheLimitIsMadeAndOnePastItIsNot(lastRowOfHeavy: Int, exchanged: Bool) throws {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        var id: PaddlerID = 0
        for place in Place.seats(of: .standard) {
            id += 1
            roster[id] = Paddler(id: id, name: "P\(id)", weightKg: 70)
            placements.append((id, place))
        }
        let heavy = try #require(placements.first { $0.place == .left(row: 1) }?.paddler)
        roster[heavy]?.weightKg = 110
        roster[heavy]?.rows = RowSet(1...lastRowOfHeavy)
        // Only L1 and L6 are free, so the search either exchanges the two or leaves the boat as it is.
        let locked = Set(
            Place.seats(of: .standard).filter { $0.row != nil && $0 != .left(row: 1) && $0 != .left(row: 6) })
        let lineup = try Lineup(kind: .standard, placements: placements, lockedSeats: locked)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions(toleranceKg: 0))
        #expect((result.lineup.place(of: heavy) == .left(row: 6)) == exchanged)
        #expect(result.plan.peopleMoved == (exchanged ? 2 : 0))
        #expect(result.afterImbalanceKg < result.beforeImbalanceKg || !exchanged)
    }

    /// An even 70 kg boat whose L1 paddler may sit only in rows 3–10; `free` seats besides L1 are unlocked
    /// (nil: all).
    static func barredAtL1(free: [Place]?) throws -> (Lineup, [PaddlerID: Paddler], PaddlerID) {
        let (placements, roster0) = OptimizerObjectiveTests.evenBoat()
        var roster = roster0
        let barred = try OptimizerObjectiveTests.id(at: .left(row: 1), placements)
        roster[barred]?.rows = RowSet(3...10)
        let locked =
            free.map { free in
                Set(Place.seats(of: .standard).filter { $0.row != nil && $0 != .left(row: 1) && !free.contains($0) })
            } ?? []
        return (try Lineup(kind: .standard, placements: placements, lockedSeats: locked), roster, barred)
    }

    /// A level boat with someone in a row barred to them: every objective moves them out (the barred row
    /// counts before the imbalance, so even a level boat changes), with the local search and with every
    /// arrangement tried, never into another barred row, and the move says why.
    @Test(arguments: OptimizerObjective.allCases, [false, true])
    func aPaddlerInABarredRowIsMovedOut(objective: OptimizerObjective, fewPlaces: Bool) throws {
        let free: [Place]? = fewPlaces ? [.left(row: 2), .left(row: 5), .right(row: 7)] : nil
        let (lineup, roster, barred) = try Self.barredAtL1(free: free)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions(objective: objective))
        let row = try #require(result.lineup.place(of: barred)?.row)
        #expect((3...10).contains(row), "\(objective): \(result.plan.summary())")
        #expect(result.barredSeated.isEmpty)
        #expect(BarredSeat.find(in: result.lineup, roster: roster).isEmpty)
        let explanation = try #require(result.explanations.first { $0.move.paddler == barred })
        #expect(explanation.reasons.contains(.outOfBarredRow(1)))
        // Whoever takes L1 may sit there.
        let taker = try #require(result.lineup[.left(row: 1)])
        #expect(roster[taker]?.maySit(inRow: 1) == true)
    }

    /// A cap of one person changing place cannot free a barred seat (an exchange moves two): the paddler
    /// stays, and the result says the cap held back a plan that frees them (with how many it moves), with
    /// the local search and with every arrangement tried.
    @Test(arguments: [false, true])
    func aCapTooSmallToFreeABarredSeatIsSaidToBeTheCap(fewPlaces: Bool) throws {
        let free: [Place]? = fewPlaces ? [.left(row: 2), .left(row: 5), .right(row: 7)] : nil
        let (lineup, roster, barred) = try Self.barredAtL1(free: free)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions(maxMoves: 1))
        #expect(result.lineup.place(of: barred) == .left(row: 1))
        #expect(result.barredSeated.map(\.paddler) == [barred])
        let beyond = try #require(result.beyondMoveCap, "the cap held back the exchange that frees L1")
        #expect(beyond.cap == 1 && beyond.peopleMoved >= 2, "\(beyond)")
    }

    /// When every seat of their rows is locked, nobody can free them: they stay, and the result says so,
    /// while the rest of the boat is still levelled as before.
    @Test func aPaddlerNoSeatCanFreeIsReported() throws {
        let (lineup, roster, barred) = try Self.barredAtL1(free: [.left(row: 2), .right(row: 1)])
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions())
        #expect(result.lineup.place(of: barred) == .left(row: 1))
        #expect(result.barredSeated.map(\.paddler) == [barred])
        #expect(result.barredSeated.first?.seat == .left(row: 1))
        #expect(result.barredSeated.first?.rows == RowSet(3...10))
        #expect(result.barredSeated.first?.mayBeFreed == false)
    }

    /// Three left paddlers who may sit only in rows 1–2, one of them at L9: no arrangement seats all three
    /// there (two left seats), whatever the cap, and the barred seat says so; with a right-side seat of those
    /// rows open to one of them (her side either), one does. Before, a capped run blamed the cap.
    @Test(arguments: [false, true])
    func threeForTwoFrontSeatsIsNoCapsDoing(oneMayCross: Bool) throws {
        let (placements, roster0) = OptimizerObjectiveTests.evenBoat()
        var roster = roster0
        let front = try [Place.left(row: 1), .left(row: 2), .left(row: 9)].map {
            try OptimizerObjectiveTests.id(at: $0, placements)
        }
        for id in front {
            roster[id]?.rows = RowSet(1...2)
            roster[id]?.side = .left
        }
        if oneMayCross { roster[front[2]]?.side = .either }
        let lineup = try Lineup(kind: .standard, placements: placements)
        let barred = try #require(BarredSeat.find(in: lineup, roster: roster).first)
        #expect(barred.paddler == front[2])
        #expect(barred.mayBeFreed == oneMayCross)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions(maxMoves: 1))
        #expect(result.barredSeated.first?.mayBeFreed == oneMayCross)
    }

    /// Freeing a barred seat comes first even when it leaves the boat less level than it was: a heavy
    /// paddler barred from row 1 whose only free seat is in row 10 moves there, although the boat was level.
    @Test func leavingABarredRowComesBeforeTheImbalance() throws {
        let (placements, roster0) = OptimizerObjectiveTests.evenBoat()
        var roster = roster0
        let heavy = try OptimizerObjectiveTests.id(at: .left(row: 1), placements)
        let back = try OptimizerObjectiveTests.id(at: .left(row: 10), placements)
        roster[heavy]?.weightKg = 100
        roster[heavy]?.rows = RowSet(2...10)
        roster[back]?.weightKg = 100
        let locked = Set(
            Place.seats(of: .standard).filter { $0.row != nil && $0 != .left(row: 1) && $0 != .left(row: 9) })
        let lineup = try Lineup(kind: .standard, placements: placements, lockedSeats: locked)
        let result = LineupOptimizer.optimize(
            lineup, roster: roster, model: model, rules: CrewRules(.open, kind: .standard),
            options: OptimizerOptions())
        #expect(result.lineup.place(of: heavy) == .left(row: 9))
        #expect(result.afterImbalanceKg > result.beforeImbalanceKg)
    }
}
