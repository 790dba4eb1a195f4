/// One seat-race finding: two pieces whose crews differ by one swap on one side, and what the swap did to the
/// margin, credited to the two who swapped ("c faster than b by 4.7").
public struct SwapComparison: Hashable, Sendable {
    public var side: SeatRaceSide
    public var faster: String
    public var slower: String
    /// How much faster, in seconds over the piece (never negative).
    public var seconds: Double
    /// The numbers of the two pieces compared.
    public var pieces: [Int]

    public init(side: SeatRaceSide, faster: String, slower: String, seconds: Double, pieces: [Int]) {
        self.side = side
        self.faster = faster
        self.slower = slower
        self.seconds = seconds
        self.pieces = pieces
    }
}

extension SeatRaceSession {
    /// Every pair of pieces (not only consecutive ones) whose crews differ by exactly one swap on one side and
    /// not at all on the other, with the change of margin credited to the two who swapped.
    public var swapComparisons: [SwapComparison] {
        // Pieces are found by who sat in the second crew, so each piece looks up only the few crews one swap away
        // instead of comparing itself with every other piece (quadratic: 1,000 pieces made half a million pairs).
        let crews = pieces.map(SecondCrews.init)
        var piecesWith: [SecondCrews: [Int]] = [:]
        for (index, crew) in crews.enumerated() { piecesWith[crew, default: []].append(index) }
        var found: [SwapComparison] = []
        for (index, before) in pieces.enumerated() {
            var swaps: [(after: Int, side: SeatRaceSide, joined: String, left: String)] = []
            for side in SeatRaceSide.allCases {
                let second = crews[index][side]
                let first = before.seats.filter { $0.side == side && $0.crew == .first }.map(\.paddler)
                for joined in first {
                    for left in second {
                        var swapped = crews[index]
                        swapped[side].remove(left)
                        swapped[side].insert(joined)
                        for after in piecesWith[swapped] ?? [] where after > index {
                            swaps.append((after, side, joined, left))
                        }
                    }
                }
            }
            for swap in swaps.sorted(by: { $0.after < $1.after }) {
                let after = pieces[swap.after]
                // The one who joined the second crew replaced the one who left it: a larger second-crew lead
                // afterwards means the newcomer is faster.
                let change = after.margin - before.margin
                found.append(
                    SwapComparison(
                        side: swap.side, faster: change >= 0 ? swap.joined : swap.left,
                        slower: change >= 0 ? swap.left : swap.joined, seconds: abs(change),
                        pieces: [before.number, after.number]))
            }
        }
        return found
    }
}

extension SeatRaceSession {
    /// How many comparisons `swapComparisons` makes, counted without making them: pieces with the same crews
    /// are grouped, and two groups one swap apart make one comparison per pair of their pieces.
    public var swapComparisonCount: Int {
        var piecesWith: [SecondCrews: Int] = [:]
        for piece in pieces { piecesWith[SecondCrews(piece), default: 0] += 1 }
        let onSide = SeatRaceSide.allCases.map { side in paddlers.filter { $0.side == side }.map(\.paddler) }
        var ordered = 0
        for (crews, count) in piecesWith {
            for (side, everyone) in zip(SeatRaceSide.allCases, onSide) {
                let second = crews[side]
                for joined in everyone where !second.contains(joined) {
                    for left in second {
                        var swapped = crews
                        swapped[side].remove(left)
                        swapped[side].insert(joined)
                        ordered += count * (piecesWith[swapped] ?? 0)
                    }
                }
            }
        }
        // Each pair of groups was met from both ends.
        return ordered / 2
    }
}

/// Who sat in the second crew of a piece, side by side: two pieces one swap apart differ by one name on one side.
private struct SecondCrews: Hashable {
    var left: Set<String> = []
    var right: Set<String> = []

    init(_ piece: SeatRacePiece) {
        for seat in piece.seats where seat.crew == .second { self[seat.side].insert(seat.paddler) }
    }

    subscript(side: SeatRaceSide) -> Set<String> {
        get { side == .left ? left : right }
        set {
            if side == .left { left = newValue } else { right = newValue }
        }
    }
}
