import LineupCore
import LineupReferences
import Testing

/// The Hungarian reference for an additive per-(paddler, seat) cost against trying every assignment.
@Suite("The Hungarian assignment reference")
struct HungarianAssignmentTests {
    /// The least total over every injective assignment of rows to columns, by trying them all.
    static func bruteForce(_ cost: [[Double]]) -> Double? {
        let columnCount = cost.first?.count ?? 0
        var best: Double?
        var used = [Bool](repeating: false, count: columnCount)
        func extend(_ row: Int, _ total: Double) {
            guard row < cost.count else {
                best = min(best ?? total, total)
                return
            }
            for column in 0..<columnCount where !used[column] && cost[row][column].isFinite {
                used[column] = true
                extend(row + 1, total + cost[row][column])
                used[column] = false
            }
        }
        extend(0, 0)
        return best
    }

    /// A random matrix of `rows` × `columns` costs (some negative, some forbidden when `forbidden`).
    static func randomMatrix(rows: Int, columns: Int, seed: UInt64, forbidden: Bool) -> [[Double]] {
        var random = SeededRandomGenerator(seed: seed)
        return (0..<rows).map { _ in
            (0..<columns).map { _ in
                if forbidden && Int.random(in: 0..<4, using: &random) == 0 { return .infinity }
                return Double(Int.random(in: -400...900, using: &random)) / 8
            }
        }
    }

    @Test(arguments: 1...60)
    func matchesEveryAssignmentTriedOnSmallMatrices(seed: UInt64) {
        let rows = Int(seed % 6) + 1
        let columns = rows + Int(seed % 3)
        let cost = Self.randomMatrix(rows: rows, columns: columns, seed: seed, forbidden: seed % 2 == 0)
        let exact = Self.bruteForce(cost)
        let answer = HungarianAssignment.solve(cost)
        #expect(answer?.total.isNaN != true)
        guard let exact else {
            #expect(answer == nil, "seed \(seed): no assignment avoids the forbidden pairs")
            return
        }
        guard let answer else {
            Issue.record("seed \(seed): an assignment exists with total \(exact)")
            return
        }
        #expect(abs(answer.total - exact) < 1e-9, "seed \(seed): \(answer.total) against \(exact)")
        // The columns are distinct, allowed, and add up to the total reported.
        #expect(Set(answer.columnOfRow).count == rows)
        let total = answer.columnOfRow.enumerated().reduce(0.0) { $0 + cost[$1.offset][$1.element] }
        #expect(abs(total - answer.total) < 1e-9)
    }

    /// Twenty paddlers and twenty-eight places (a standard boat and a bench of eight, the bench costing 0),
    /// too many to try every assignment: the answer is checked against every single exchange of two
    /// paddlers' places and every move to a free place, none of which may lower the total.
    @Test(arguments: 1...4)
    func noExchangeImprovesAFullBoat(seed: UInt64) throws {
        var cost = Self.randomMatrix(rows: 20, columns: 28, seed: seed, forbidden: false)
        for row in cost.indices { for column in 20..<28 { cost[row][column] = 0 } }
        let answer = try #require(HungarianAssignment.solve(cost))
        let columns = answer.columnOfRow
        for first in columns.indices {
            for second in columns.indices where second > first {
                let now = cost[first][columns[first]] + cost[second][columns[second]]
                let exchanged = cost[first][columns[second]] + cost[second][columns[first]]
                #expect(exchanged >= now - 1e-9, "seed \(seed): exchanging \(first) and \(second) helps")
            }
            for free in Set(0..<28).subtracting(columns) {
                #expect(cost[first][free] >= cost[first][columns[first]] - 1e-9, "seed \(seed): a free place helps")
            }
        }
    }

    @Test func aKnownSmallMatrix() throws {
        // The least total is 1 + 2 + 2 = 5: row 0 → column 1, row 1 → column 0, row 2 → column 2.
        let cost: [[Double]] = [[4, 1, 3], [2, 0, 5], [3, 2, 2]]
        let answer = try #require(HungarianAssignment.solve(cost))
        #expect(answer.total == 5)
        #expect(answer.columnOfRow == [1, 0, 2])
    }
}
