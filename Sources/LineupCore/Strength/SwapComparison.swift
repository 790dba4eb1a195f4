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
        var found: [SwapComparison] = []
        for (index, before) in pieces.enumerated() {
            for after in pieces[(index + 1)...] {
                let changes = SeatRaceSide.allCases.map { Self.moves(from: before, to: after, side: $0) }
                let changed = zip(SeatRaceSide.allCases, changes).filter {
                    !$0.1.toSecond.isEmpty || !$0.1.toFirst.isEmpty
                }
                guard changed.count == 1, let (side, move) = changed.first, move.toSecond.count == 1,
                    move.toFirst.count == 1
                else { continue }
                // The one who joined the second crew replaced the one who left it: a larger second-crew lead
                // afterwards means the newcomer is faster.
                let change = after.margin - before.margin
                let joined = move.toSecond[0]
                let left = move.toFirst[0]
                found.append(
                    SwapComparison(
                        side: side, faster: change >= 0 ? joined : left, slower: change >= 0 ? left : joined,
                        seconds: abs(change), pieces: [before.number, after.number]))
            }
        }
        return found
    }
}
