/// The least-cost assignment of rows to columns of a cost matrix (the Hungarian algorithm with potentials,
/// O(n²m)): the exact reference for an objective that adds one cost per (paddler, seat), such as a fit
/// cost, where the optimizer's answer can be checked against the true optimum of the linear assignment.
///
/// Rows are paddlers, columns seats (or seats and bench places); there may be more columns than rows, and
/// each row gets a different column. A forbidden pair (a side the paddler does not paddle) is `.infinity`.
public enum HungarianAssignment {
    /// The least total cost and the column of each row; nil when no assignment avoids every forbidden pair.
    public static func solve(_ cost: [[Double]]) -> (total: Double, columnOfRow: [Int])? {
        let rowCount = cost.count
        guard rowCount > 0 else { return (0, []) }
        let columnCount = cost[0].count
        precondition(cost.allSatisfy { $0.count == columnCount }, "a rectangular matrix")
        guard rowCount <= columnCount else { return nil }
        // Forbidden pairs cost more than any allowed assignment can, so that they are chosen only when
        // nothing else is possible, which the total then shows.
        let finite = cost.flatMap { $0 }.filter(\.isFinite)
        let forbidden = (finite.map(abs).max() ?? 0) * Double(rowCount + 1) * 4 + 1
        func price(_ row: Int, _ column: Int) -> Double {
            cost[row - 1][column - 1].isFinite ? cost[row - 1][column - 1] : forbidden
        }
        // 1-based with a virtual column 0, as in the classic formulation.
        var rowPotential = [Double](repeating: 0, count: rowCount + 1)
        var columnPotential = [Double](repeating: 0, count: columnCount + 1)
        var rowOfColumn = [Int](repeating: 0, count: columnCount + 1)
        var way = [Int](repeating: 0, count: columnCount + 1)
        for row in 1...rowCount {
            rowOfColumn[0] = row
            var column = 0
            var least = [Double](repeating: .infinity, count: columnCount + 1)
            var used = [Bool](repeating: false, count: columnCount + 1)
            repeat {
                used[column] = true
                let current = rowOfColumn[column]
                var delta = Double.infinity
                var next = 0
                for candidate in 1...columnCount where !used[candidate] {
                    let reduced = price(current, candidate) - rowPotential[current] - columnPotential[candidate]
                    if reduced < least[candidate] {
                        least[candidate] = reduced
                        way[candidate] = column
                    }
                    if least[candidate] < delta {
                        delta = least[candidate]
                        next = candidate
                    }
                }
                for candidate in 0...columnCount {
                    if used[candidate] {
                        rowPotential[rowOfColumn[candidate]] += delta
                        columnPotential[candidate] -= delta
                    } else {
                        least[candidate] -= delta
                    }
                }
                column = next
            } while rowOfColumn[column] != 0
            repeat {
                let previous = way[column]
                rowOfColumn[column] = rowOfColumn[previous]
                column = previous
            } while column != 0
        }
        var columnOfRow = [Int](repeating: -1, count: rowCount)
        for column in 1...columnCount where rowOfColumn[column] != 0 {
            columnOfRow[rowOfColumn[column] - 1] = column - 1
        }
        var total = 0.0
        for (row, column) in columnOfRow.enumerated() {
            guard cost[row][column].isFinite else { return nil }
            total += cost[row][column]
        }
        return (total, columnOfRow)
    }
}
