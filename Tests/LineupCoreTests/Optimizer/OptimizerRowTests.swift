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
}
