/// How to turn one lineup of a boat into another as a coach calls it on the dock: who moves where, each
/// paddler once, straight from their place to their final one.
///
/// The bench is a pool: a paddler on the bench before and after does not move, whatever their position
/// on it. Empty seats are holes: nobody "moves" an empty seat.
///
/// **Calling order.** Seats are nodes and each moving paddler an arrow from where they are to where they
/// go; a seat has at most one arrow out (its occupant) and one in (its new occupant), the bench any
/// number. The arrows fall into chains and cycles, and each is called as a group:
/// - everyone going to the bench is called first; then the rest of each chain that ends on the bench,
///   from its end: whoever takes the seat just left, and so on back to the chain's start (a bench
///   paddler coming in, or someone whose seat stays empty);
/// - then chains that end in a seat that was empty, in the same way, from the one moving into it;
/// - then cycles among seats ("Ann to L3, Bo to R5, Cy to L1"), from the paddler in the first seat in
///   chart order, each next one being the paddler whose seat was just taken.
///
/// So every move of a chain lands on a free place, and in a cycle only the first one lands on a seat
/// still taken. Moves never pass through a third place, so when the target is a legal lineup, every
/// step of the plan is too.
///
/// **Minimum exchanges.** A coach may prefer to call pairwise exchanges (`lineup exchange`). The fewest
/// that reach the same arrangement (the bench as a pool) is `people moved − closed cycles`, where a
/// closed cycle is a cycle among seats (k paddlers, k − 1 exchanges; a swap is one) or a chain that
/// starts and ends on the bench (k paddlers, k − 1 exchanges: the one coming in trades with the last
/// one going out, then each exchange seats one more). A chain that starts at a seat left empty or ends
/// at a seat that was empty is a path: each exchange seats one paddler, k exchanges for k paddlers.
public struct LineupPlan: Hashable, Sendable {
    /// The moves in calling order: each moving paddler once, from their place in the first lineup to
    /// their place in the second (a bench position there when they go to the bench).
    public var moves: [PaddlerMove]
    /// The fewest pairwise exchanges that reach the same arrangement.
    public var minimumExchanges: Int

    /// How many paddlers change place.
    public var peopleMoved: Int { moves.count }

    /// True when nobody moves.
    public var isEmpty: Bool { moves.isEmpty }

    /// The plan that turns `original` into `target`, two lineups of one boat. Paddlers in only one of
    /// them are left out; `names` gives the moves' names.
    public init(from original: Lineup, to target: Lineup, names: [PaddlerID: String]) {
        var moving: [PaddlerMove] = []
        var destination: [PaddlerID: Place] = [:]
        for (paddler, place) in target.placements { destination[paddler] = place }
        for (paddler, from) in original.placements {
            guard let to = destination[paddler], to != from, from.isSeat || to.isSeat else { continue }
            moving.append(
                PaddlerMove(paddler: paddler, name: names[paddler] ?? "paddler #\(paddler)", from: from, to: to))
        }
        let node = { (place: Place) in place.isSeat ? Self.seatNode(place) : Self.benchNode }
        let groups = Self.groups(moving.map { (from: node($0.from), to: node($0.to)) }, pool: Self.benchNode)
        let rank = { (group: Group) -> (Int, Place) in
            (group.kind.rawValue, moving[group.members[0]].from)
        }
        let ordered = groups.sorted { rank($0) < rank($1) }
        // Everyone going to the bench goes first, which frees a seat at the end of each such chain.
        let benchOuts = ordered.filter { $0.kind == .chainToPool }.map { $0.members[0] }
        let rest = ordered.flatMap { group in
            group.kind == .chainToPool ? Array(group.members.dropFirst()) : group.members
        }
        moves = (benchOuts + rest).map { moving[$0] }
        minimumExchanges = moving.count - groups.filter(\.isClosed).count
    }

    /// Each move as a coach calls it, in order: `Ann L3 → R7`, `Bo R7 → bench`.
    public var calls: [String] {
        moves.map { "\($0.name) \($0.from) → \($0.to.isSeat ? $0.to.description : "bench")" }
    }

    /// A one-line account of the moves: `Ann L3 → R7, Bo R7 → bench, Cy B2 → L3`.
    public func summary() -> String {
        calls.joined(separator: ", ")
    }

    /// The history record's summary when the plan is applied, from the command line or the page alike:
    /// `optimize: Ann L3 → R7, Bo R7 → bench`.
    public var historySummary: String { "optimize: " + summary() }

    // MARK: - Chains and cycles

    static let benchNode = -1

    private static func seatNode(_ seat: Place) -> Int {
        switch seat {
        case .drummer: 0
        case .left(let row): 2 * row
        case .right(let row): 2 * row + 1
        case .steerer: Int.max
        case .bench: benchNode
        }
    }

    /// What a group of moves is, in calling order of the kinds.
    enum GroupKind: Int {
        case chainToPool, chainToHole, cycle
    }

    /// One chain or cycle: indices into the moves, in calling order.
    struct Group {
        var kind: GroupKind
        var members: [Int]
        /// Whether it saves an exchange: a cycle among seats, or a chain from the pool back to the pool.
        var isClosed: Bool
    }

    /// The fewest pairwise exchanges for `moves` (each a moving paddler's start and end node; `pool` is
    /// the bench, every other node a seat holding at most one paddler before and after).
    static func minimumExchanges(_ moves: [(from: Int, to: Int)], pool: Int) -> Int {
        moves.count - groups(moves, pool: pool).filter(\.isClosed).count
    }

    /// The moves split into chains and cycles (see the type's documentation).
    static func groups(_ moves: [(from: Int, to: Int)], pool: Int) -> [Group] {
        var leaving: [Int: Int] = [:]  // seat node -> the move of its occupant
        var arriving: [Int: Int] = [:]  // seat node -> the move of its new occupant
        for (index, move) in moves.enumerated() {
            if move.from != pool { leaving[move.from] = index }
            if move.to != pool { arriving[move.to] = index }
        }
        var seen = [Bool](repeating: false, count: moves.count)
        var groups: [Group] = []
        // A chain starts where nobody arrives: from the pool, or from a seat that ends up empty.
        for (index, move) in moves.enumerated() where move.from == pool || arriving[move.from] == nil {
            var chain: [Int] = []
            var current: Int? = index
            while let step = current, !seen[step] {
                seen[step] = true
                chain.append(step)
                let to = moves[step].to
                current = to == pool ? nil : leaving[to]
            }
            let end = moves[chain[chain.count - 1]].to
            groups.append(
                Group(
                    kind: end == pool ? .chainToPool : .chainToHole, members: chain.reversed(),
                    isClosed: move.from == pool && end == pool))
        }
        // What is left are cycles among seats; each starts at its member in the first seat.
        for index in moves.indices where !seen[index] {
            var cycle: [Int] = []
            var current = index
            while !seen[current] {
                seen[current] = true
                cycle.append(current)
                guard let next = leaving[moves[current].to] else { break }
                current = next
            }
            let first = cycle.indices.min { moves[cycle[$0]].from < moves[cycle[$1]].from } ?? 0
            groups.append(Group(kind: .cycle, members: Array(cycle[first...] + cycle[..<first]), isClosed: true))
        }
        return groups
    }
}
