/// A ranking of one side from pairwise seat-race comparisons.
///
/// Each paddler gets a score in seconds, chosen by least squares so that for every comparison "x faster than y
/// by d" the difference of scores is as close to d as it can be. When the comparisons agree (as in a plain chain,
/// or in the worked example where c−b = (c−d) + (d−b)) the scores meet every comparison exactly; when a pair is
/// compared twice or the comparisons contradict each other, the scores split the disagreement evenly and
/// `largestMisfit` says how far the worst comparison is from them. Paddlers linked by no chain of comparisons
/// cannot be placed against each other: each linked group is ranked on its own, largest group first.
public struct SwapRanking: Hashable, Sendable {
    /// One ranked paddler.
    public struct Entry: Hashable, Sendable {
        public var name: String
        /// Seconds ahead of the slowest of their group over one piece.
        public var score: Double
        /// Seconds ahead of the next one down; nil for the last of a group.
        public var aheadOfNext: Double?
        /// How many comparisons they took part in.
        public var comparisons: Int
        /// Which linked group they belong to (0 is the largest).
        public var group: Int
        /// How far their comparisons disagree with each other, in seconds: the most minus the least that one
        /// of them says beyond the scores, seen from this paddler (two saying "faster by 5" and "faster by 1"
        /// disagree by 4); 0 for a single comparison or comparisons that agree.
        public var spread: Double = 0
    }

    public var side: SeatRaceSide
    public var entries: [Entry]
    /// Paddlers on this side who were never compared.
    public var notRanked: [String]
    /// The largest gap, in seconds, between a comparison and the scores; 0 when the comparisons agree.
    public var largestMisfit: Double

    /// The ranking of `side` from `comparisons`; `everyone` names the side's paddlers so that those never
    /// compared are listed as not ranked.
    public init(side: SeatRaceSide, comparisons: [SwapComparison], everyone: [String]) {
        let edges = comparisons.filter { $0.side == side }
        var names: [String] = []
        for edge in edges {
            for name in [edge.faster, edge.slower] where !names.contains(name) { names.append(name) }
        }
        let index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        // Who each paddler was compared with, and how often: read once, so that grouping and counting stay
        // linear in the comparisons.
        var neighbours = Array(repeating: [Int](), count: names.count)
        var counts = Array(repeating: 0, count: names.count)
        for edge in edges {
            guard let a = index[edge.faster], let b = index[edge.slower] else { continue }
            neighbours[a].append(b)
            neighbours[b].append(a)
            counts[a] += edge.weight
            counts[b] += edge.weight
        }
        var groupOf = Array(repeating: -1, count: names.count)
        var groups: [[Int]] = []
        for start in names.indices where groupOf[start] < 0 {
            var members = [start]
            groupOf[start] = groups.count
            var cursor = 0
            while cursor < members.count {
                let node = members[cursor]
                cursor += 1
                for other in neighbours[node] where groupOf[other] < 0 {
                    groupOf[other] = groups.count
                    members.append(other)
                }
            }
            groups.append(members)
        }
        var score = Array(repeating: 0.0, count: names.count)
        for members in groups {
            let solved = Self.leastSquares(members: members, edges: edges, index: index)
            let slowest = solved.values.min() ?? 0
            for (node, value) in solved { score[node] = value - slowest }
        }
        let ordered = groups.enumerated().sorted {
            ($0.element.count, names[$1.element[0]]) > ($1.element.count, names[$0.element[0]])
        }
        var entries: [Entry] = []
        for (rank, group) in ordered.enumerated() {
            let members = group.element.sorted { (score[$0], names[$1]) > (score[$1], names[$0]) }
            for (position, node) in members.enumerated() {
                let next = position + 1 < members.count ? score[node] - score[members[position + 1]] : nil
                let count = counts[node]
                entries.append(
                    Entry(name: names[node], score: score[node], aheadOfNext: next, comparisons: count, group: rank))
            }
        }
        var misfit = 0.0
        var beyond = Array(repeating: (least: Double.infinity, most: -Double.infinity), count: names.count)
        for edge in edges {
            guard let a = index[edge.faster], let b = index[edge.slower] else { continue }
            // The comparisons it stands for said from `least` to `most`.
            let difference = score[a] - score[b]
            let (low, high) = (edge.least - difference, edge.most - difference)
            misfit = max(misfit, abs(low), abs(high))
            beyond[a] = (min(beyond[a].least, low), max(beyond[a].most, high))
            beyond[b] = (min(beyond[b].least, -high), max(beyond[b].most, -low))
        }
        for position in entries.indices {
            guard let node = index[entries[position].name] else { continue }
            entries[position].spread = max(0, beyond[node].most - beyond[node].least)
        }
        self.side = side
        self.entries = entries
        self.notRanked = everyone.filter { index[$0] == nil }
        self.largestMisfit = misfit
    }

    /// Solves the normal equations of one linked group with its first member held at zero.
    private static func leastSquares(members: [Int], edges: [SwapComparison], index: [String: Int]) -> [Int: Double] {
        let unknowns = Array(members.dropFirst())
        let position = Dictionary(uniqueKeysWithValues: unknowns.enumerated().map { ($1, $0) })
        let size = unknowns.count
        var matrix = Array(repeating: Array(repeating: 0.0, count: size + 1), count: size)
        for edge in edges {
            guard let a = index[edge.faster], let b = index[edge.slower] else { continue }
            // score[a] - score[b] ≈ seconds, as often as the comparison's weight.
            let weight = Double(edge.weight)
            if let i = position[a] {
                matrix[i][i] += weight
                matrix[i][size] += weight * edge.seconds
                if let j = position[b] { matrix[i][j] -= weight }
            }
            if let j = position[b] {
                matrix[j][j] += weight
                matrix[j][size] -= weight * edge.seconds
                if let i = position[a] { matrix[j][i] -= weight }
            }
        }
        for column in 0..<size {
            let pivot = (column..<size).max { abs(matrix[$0][column]) < abs(matrix[$1][column]) } ?? column
            matrix.swapAt(column, pivot)
            let lead = matrix[column][column]
            guard abs(lead) > 1e-12 else { continue }
            for row in 0..<size where row != column {
                let factor = matrix[row][column] / lead
                guard factor != 0 else { continue }
                for k in column...size { matrix[row][k] -= factor * matrix[column][k] }
            }
        }
        var solved: [Int: Double] = [members[0]: 0]
        for (i, node) in unknowns.enumerated() {
            let lead = matrix[i][i]
            solved[node] = abs(lead) > 1e-12 ? matrix[i][size] / lead : 0
        }
        return solved
    }
}

/// A ranking of one side by each paddler's total time over all pieces (the time of the crew they sat in),
/// for sessions with more than one swap between pieces.
///
/// Two neighbours are too close to call when their totals, rounded to the 0.1 s timing resolution, differ by at
/// most `tooClosePerPiece` seconds for every piece (0.3 s by default, about 0.2 % of a 2:40 piece: the drift wind,
/// steering and starts put between two boats). Over the worked example's six pieces that is 1.8 s: b and d (1.6)
/// and 3 and 1 (1.8) are too close, b and a (1.9) are not.
public struct TotalsRanking: Hashable, Sendable {
    /// One paddler's total.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var total: Double
        /// Seconds behind the one above; nil for the first.
        public var behindPrevious: Double?
        /// True when they cannot be told apart from the one above.
        public var tooCloseToPrevious: Bool
    }

    /// The default allowance per piece, in seconds.
    public static let defaultTooClosePerPiece = 0.3

    public var side: SeatRaceSide
    public var entries: [Entry]

    public init(session: SeatRaceSession, side: SeatRaceSide, tooClosePerPiece: Double = defaultTooClosePerPiece) {
        let totals = session.paddlers.filter { $0.side == side }.map { seat in
            (seat.paddler, session.pieces.reduce(0.0) { $0 + ($1.time(of: seat.paddler) ?? 0) })
        }
        .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        let allowedTenths = Int((tooClosePerPiece * Double(session.pieces.count) * 10).rounded())
        var entries: [Entry] = []
        for (position, (name, total)) in totals.enumerated() {
            let behind = position > 0 ? total - totals[position - 1].1 : nil
            let close = behind.map { Int(($0 * 10).rounded()) <= allowedTenths } ?? false
            entries.append(Entry(name: name, total: total, behindPrevious: behind, tooCloseToPrevious: close))
        }
        self.side = side
        self.entries = entries
    }
}

extension SeatRaceSession {
    /// True when no two consecutive pieces swap on both sides at once: the session is read swap by swap.
    /// Otherwise (two swaps between pieces) it is read by each paddler's total time.
    public var swapsOneAtATime: Bool {
        zip(pieces, pieces.dropFirst()).allSatisfy { before, after in
            SeatRaceSide.allCases.filter { !Self.moves(from: before, to: after, side: $0).toSecond.isEmpty }.count <= 1
        }
    }

    /// The paddlers of one side, in the order of the first piece.
    public func paddlers(on side: SeatRaceSide) -> [String] {
        paddlers.filter { $0.side == side }.map(\.paddler)
    }
}
