/// The plain balance sums coaches read first, in kilograms. Unknown weights count zero and are listed.
public struct BalanceSums: Equatable, Sendable {
    /// Left-side seats of every row.
    public var leftKg: Double
    /// Right-side seats of every row.
    public var rightKg: Double
    /// The drummer and the front half of the rows.
    public var frontKg: Double
    /// The back half of the rows and the steerer.
    public var backKg: Double
    /// Occupied seats whose paddler has no known weight, in chart order.
    public var unknownWeights: [Place]

    /// Right minus left: positive when the boat leans right.
    public var rightMinusLeftKg: Double { rightKg - leftKg }
    /// Front minus back: positive when the boat is bow-heavy.
    public var frontMinusBackKg: Double { frontKg - backKg }
}

extension Lineup {
    /// The balance sums of the seated crew. Left and right count the rows only; front is the drummer and
    /// the front half of the rows, back the back half and the steerer; with an odd number of rows the
    /// middle row counts half to each.
    public func balanceSums(weights: [PaddlerID: Double]) -> BalanceSums {
        var sums = BalanceSums(leftKg: 0, rightKg: 0, frontKg: 0, backKg: 0, unknownWeights: [])
        let rows = kind.rowCount
        for seat in Place.seats(of: kind) {
            guard let paddler = self[seat] else { continue }
            guard let weight = weights[paddler] else {
                sums.unknownWeights.append(seat)
                continue
            }
            switch seat {
            case .drummer: sums.frontKg += weight
            case .steerer: sums.backKg += weight
            case .left(let row), .right(let row):
                if case .left = seat { sums.leftKg += weight } else { sums.rightKg += weight }
                let twiceRow = 2 * row
                if twiceRow < rows + 1 {
                    sums.frontKg += weight
                } else if twiceRow > rows + 1 {
                    sums.backKg += weight
                } else {
                    sums.frontKg += weight / 2
                    sums.backKg += weight / 2
                }
            case .bench: break
            }
        }
        return sums
    }
}
