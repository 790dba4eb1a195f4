import LineupCore

/// `diff --json`: two boats seat by seat, who moved, and both boats' balance.
public struct DiffDocument: Encodable {
    public struct Seat: Encodable {
        public let seat: String
        public let first: String?
        public let second: String?
        /// False for a seat the first (or second) boat does not have (a small boat has rows 1 to 5).
        public let inFirst: Bool
        public let inSecond: Bool

        enum CodingKeys: String, CodingKey {
            case seat, first, second, inFirst, inSecond
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seat, forKey: .seat)
            try container.encode(first, forKey: .first)
            try container.encode(second, forKey: .second)
            try container.encode(inFirst, forKey: .inFirst)
            try container.encode(inSecond, forKey: .inSecond)
        }
    }

    /// A paddler's seat in each boat, or `bench`.
    public struct Move: Encodable {
        public let paddler: String
        public let first: String
        public let second: String
    }

    /// One boat's figures, in the shapes of `show --json`.
    public struct Figures: Encodable {
        public let boat: String
        public let kind: String
        public let balance: BalanceDocument
        public let moments: MomentsDocument
        public let verdict: VerdictDocument
    }

    public let seats: [Seat]
    public let moved: [Move]
    public let boats: [Figures]

    /// The comparison of `first` with `second`; `all` lists every seat, not only those that differ.
    public init(first: BoatState, second: BoatState, comparison: LineupComparison, all: Bool) {
        func name(_ state: BoatState, _ id: PaddlerID?) -> String? { id.flatMap { state.roster[$0]?.name } }
        seats = (all ? comparison.seats : comparison.differing).map {
            Seat(
                seat: $0.place.description, first: name(first, $0.first), second: name(second, $0.second),
                inFirst: $0.inFirst, inSecond: $0.inSecond)
        }
        moved = comparison.moves.map {
            Move(
                paddler: name(first, $0.paddler) ?? name(second, $0.paddler) ?? "?",
                first: $0.first?.description ?? "bench", second: $0.second?.description ?? "bench")
        }
        boats = [first, second].map {
            Figures(
                boat: $0.boat.name, kind: $0.boat.kind.rawValue, balance: BalanceDocument($0),
                moments: MomentsDocument($0), verdict: VerdictDocument($0.verdict()))
        }
    }
}
