/// Two lineups compared seat by seat: who sits where in each, and who moved. The two may be of different
/// kinds: seats that exist in only one boat (rows 6 to 10 of a standard boat against a small one) are
/// compared with nobody, and marked.
public struct LineupComparison: Hashable, Sendable {
    /// One seat in both boats.
    public struct Seat: Hashable, Sendable {
        public var place: Place
        /// The paddler there in each boat; nil when empty or when the boat has no such seat.
        public var first: PaddlerID?
        public var second: PaddlerID?
        /// False for a seat the first (or second) boat does not have.
        public var inFirst: Bool
        public var inSecond: Bool

        /// True when the seat holds someone else (or exists in one boat only).
        public var differs: Bool { first != second || inFirst != inSecond }
    }

    /// A paddler seated in at least one of the boats whose place differs; nil `first`/`second` means on the
    /// bench (or not in that boat at all). Moving along the bench is no move.
    public struct Move: Hashable, Sendable {
        public var paddler: PaddlerID
        public var first: Place?
        public var second: Place?
    }

    /// Every seat of either boat, in chart order (D, L1, R1, …, S).
    public var seats: [Seat]
    /// Paddlers seated differently, in the first boat's chart order, then those seated only in the second.
    public var moves: [Move]

    /// Compares `first` with `second`.
    public init(_ first: Lineup, _ second: Lineup) {
        let larger = first.kind.rowCount >= second.kind.rowCount ? first.kind : second.kind
        seats = Place.seats(of: larger).map { place in
            let inFirst = Self.has(first, place)
            let inSecond = Self.has(second, place)
            return Seat(
                place: place, first: inFirst ? first[place] : nil, second: inSecond ? second[place] : nil,
                inFirst: inFirst, inSecond: inSecond)
        }
        func seat(_ lineup: Lineup, _ paddler: PaddlerID) -> Place? {
            lineup.place(of: paddler).flatMap { $0.isSeat ? $0 : nil }
        }
        var moves: [Move] = []
        var seen = Set<PaddlerID>()
        for (paddler, _) in first.placements + second.placements where seen.insert(paddler).inserted {
            let a = seat(first, paddler)
            let b = seat(second, paddler)
            if a != b { moves.append(Move(paddler: paddler, first: a, second: b)) }
        }
        self.moves = moves
    }

    /// The seats that differ.
    public var differing: [Seat] { seats.filter(\.differs) }

    private static func has(_ lineup: Lineup, _ place: Place) -> Bool {
        place.row.map { $0 <= lineup.kind.rowCount } ?? true
    }
}
