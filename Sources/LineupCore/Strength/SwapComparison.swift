/// One seat-race finding: two pieces whose crews differ by one swap on one side, and what the swap did to the
/// margin, credited to the two who swapped ("c faster than b by 4.7").
public struct SwapComparison: Hashable, Sendable {
    public var side: SeatRaceSide
    public var faster: String
    public var slower: String
    /// How much faster, in seconds over the piece (never negative).
    public var seconds: Double
    /// The numbers of the two pieces compared (none for a comparison that stands for several).
    public var pieces: [Int]
    /// How many comparisons of the same two this one stands for (`seconds` being their mean): a ranking
    /// reads a long session's comparisons summed up pair by pair (`rankingSwapComparisons`).
    public var weight: Int = 1
    /// The least and the most that the comparisons it stands for said, in seconds `faster` was ahead (the
    /// least may be negative: some said the other way); both `seconds` for a single comparison.
    public var least: Double
    public var most: Double

    public init(side: SeatRaceSide, faster: String, slower: String, seconds: Double, pieces: [Int]) {
        self.side = side
        self.faster = faster
        self.slower = slower
        self.seconds = seconds
        self.pieces = pieces
        least = seconds
        most = seconds
    }
}

extension SeatRaceSession {
    /// Every pair of pieces (not only consecutive ones) whose crews differ by exactly one swap on one side and
    /// not at all on the other, with the change of margin credited to the two who swapped.
    public var swapComparisons: [SwapComparison] {
        // Pieces are found by who sat in the second crew, so each piece looks up only the few crews one swap away
        // instead of comparing itself with every other piece (quadratic: 1,000 pieces made half a million pairs).
        let crews = pieces.map(SecondCrews.init)
        var piecesWith: [SecondCrews.Key: [Int]] = [:]
        for (index, crew) in crews.enumerated() { piecesWith[crew.key, default: []].append(index) }
        var found: [SwapComparison] = []
        for (index, before) in pieces.enumerated() {
            var swaps: [(after: Int, side: SeatRaceSide, joined: String, left: String)] = []
            let ownKey = crews[index].key
            for side in SeatRaceSide.allCases {
                let second = crews[index][side]
                let first = before.seats.filter { $0.side == side && $0.crew == .first }.map(\.paddler)
                for joined in first {
                    for left in second {
                        let key = ownKey.swapping(left, for: joined, on: side)
                        for after in piecesWith[key] ?? []
                        where after > index && crews[after].isSwap(of: crews[index], left, for: joined, on: side) {
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
    /// `swapComparisons` summed up for a ranking: the comparisons between two groups of pieces with the same
    /// crews (two pieces one swap apart, every pair of them) as one, weighted by how many they are, with their
    /// mean, least and most. Least squares over these is least squares over every comparison, and a session
    /// of 1,000 alternating pieces makes one instead of 250,000.
    public var rankingSwapComparisons: [SwapComparison] {
        var groups: [SecondCrews: (first: Int, margins: [Double])] = [:]
        for (index, piece) in pieces.enumerated() {
            groups[SecondCrews(piece), default: (index, [])].margins.append(piece.margin)
        }
        // Groups found by their key: a swap changes a key by two sums, so a candidate costs no copy of a crew.
        var groupsWith: [SecondCrews.Key: [SecondCrews]] = [:]
        for crews in groups.keys { groupsWith[crews.key, default: []].append(crews) }
        let onSide = SeatRaceSide.allCases.map { side in paddlers.filter { $0.side == side }.map(\.paddler) }
        var found: [(first: Int, other: Int, comparison: SwapComparison)] = []
        for (crews, group) in groups {
            let ownKey = crews.key
            for (side, everyone) in zip(SeatRaceSide.allCases, onSide) {
                let second = crews[side]
                for joined in everyone where !second.contains(joined) {
                    for left in second {
                        // Each pair of groups once, from the one whose first piece comes first.
                        let key = ownKey.swapping(left, for: joined, on: side)
                        guard
                            let swapped = groupsWith[key]?.first(where: {
                                $0.isSwap(of: crews, left, for: joined, on: side)
                            }),
                            let other = groups[swapped], group.first < other.first
                        else { continue }
                        // In the other group `joined` sits in the second crew: a larger lead there means
                        // `joined` is faster.
                        let count = group.margins.count * other.margins.count
                        let mean =
                            other.margins.reduce(0, +) / Double(other.margins.count)
                            - group.margins.reduce(0, +) / Double(group.margins.count)
                        let least = (other.margins.min() ?? 0) - (group.margins.max() ?? 0)
                        let most = (other.margins.max() ?? 0) - (group.margins.min() ?? 0)
                        var comparison = SwapComparison(
                            side: side, faster: mean >= 0 ? joined : left, slower: mean >= 0 ? left : joined,
                            seconds: abs(mean), pieces: [])
                        comparison.weight = count
                        (comparison.least, comparison.most) = mean >= 0 ? (least, most) : (-most, -least)
                        found.append((group.first, other.first, comparison))
                    }
                }
            }
        }
        return found.sorted { ($0.first, $0.other, $0.comparison.faster) < ($1.first, $1.other, $1.comparison.faster) }
            .map(\.comparison)
    }

    /// How many comparisons `swapComparisons` makes, counted without making them: the weights of
    /// `rankingSwapComparisons`, one per pair of pieces of two groups one swap apart.
    public var swapComparisonCount: Int { rankingSwapComparisons.reduce(0) { $0 + $1.weight } }
}

/// Who sat in the second crew of a piece, side by side: two pieces one swap apart differ by one name on one side.
private struct SecondCrews: Hashable {
    var left: Set<String> = []
    var right: Set<String> = []

    /// The crews summed up as two numbers, one per side: the sum of the names' hashes (in this process), so
    /// that a swap's key is found in a few additions, and crews with different keys are different crews.
    struct Key: Hashable {
        var left = 0
        var right = 0

        /// The key of the crews with `left` out of, and `joined` into, `side`'s second crew.
        func swapping(_ left: String, for joined: String, on side: SeatRaceSide) -> Key {
            var key = self
            let change = joined.hashValue &- left.hashValue
            if side == .left { key.left &+= change } else { key.right &+= change }
            return key
        }
    }

    var key: Key {
        Key(
            left: left.reduce(0) { $0 &+ $1.hashValue }, right: right.reduce(0) { $0 &+ $1.hashValue })
    }

    init(_ piece: SeatRacePiece) {
        for seat in piece.seats where seat.crew == .second { self[seat.side].insert(seat.paddler) }
    }

    subscript(side: SeatRaceSide) -> Set<String> {
        get { side == .left ? left : right }
        set {
            if side == .left { left = newValue } else { right = newValue }
        }
    }

    /// Whether these are `other` with `left` out of, and `joined` into, `side`'s second crew (a key match is
    /// checked with this: two different crews may share a key).
    func isSwap(of other: SecondCrews, _ left: String, for joined: String, on side: SeatRaceSide) -> Bool {
        let mine = self[side]
        let theirs = other[side]
        return self[side == .left ? .right : .left] == other[side == .left ? .right : .left]
            && mine.count == theirs.count && mine.contains(joined) && !mine.contains(left)
            && theirs.contains(left) && !theirs.contains(joined)
            && mine.subtracting([joined]) == theirs.subtracting([left])
    }
}
