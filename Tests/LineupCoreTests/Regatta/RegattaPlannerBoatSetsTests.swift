import Testing

@testable import LineupCore

/// The local search's sets of boats, checked against plain sets on either side of 64 boats.
@Suite("The regatta planner's boat sets")
struct RegattaPlannerBoatSetsTests {
    @Test(arguments: [1, 63, 64, 65, 130])
    func boatSetsAgreeWithPlainSets(boats: Int) {
        var random = SeededRandomGenerator(seed: UInt64(boats))
        let rows = 5
        var sets = BoatSets(rows: rows, boats: boats)
        var plain = [Set<Int>](repeating: [], count: rows)
        for _ in 0..<(boats * 6) {
            let row = Int(random.next() % UInt64(rows))
            let boat = Int(random.next() % UInt64(boats))
            if random.next() % 3 == 0 {
                sets.remove(boat, from: row)
                plain[row].remove(boat)
            } else {
                sets.insert(boat, in: row)
                plain[row].insert(boat)
            }
        }
        var copy = BoatSets(rows: rows, boats: boats)
        for row in 0..<rows {
            var listed: [Int] = []
            sets.forEach(in: row) { listed.append($0) }
            #expect(listed == plain[row].sorted())
            #expect((0..<boats).allSatisfy { sets.contains($0, in: row) == plain[row].contains($0) })
            #expect(copy.isSame(row, as: sets, row) == plain[row].isEmpty)
            copy.copy(row, from: sets, row)
            #expect(copy.isSame(row, as: sets, row))
            for other in 0..<rows {
                let both = plain[row].intersection(plain[other])
                #expect(sets.common(row, sets, other) == both.sorted())
                #expect(sets.intersects(row, sets, other) == !both.isEmpty)
                for boat in [0, 62, 63, 64, boats - 1] where boat < boats {
                    #expect(sets.countCommon(after: boat, row, sets, other) == both.filter { $0 > boat }.count)
                }
            }
        }
    }
}
