import LineupCore

/// `boat list --json` and `list --json`: every boat with its counts.
public struct BoatListDocument: Encodable {
    public struct Entry: Encodable {
        public let name: String
        public let kind: String
        public let rules: String
        public let seated: Int
        public let bench: Int
        public let current: Bool
    }

    public let boats: [Entry]

    public init(_ boats: [BoatSummary]) {
        self.boats = boats.map {
            Entry(
                name: $0.boat.name, kind: $0.boat.kind.rawValue, rules: $0.boat.rules.rawValue, seated: $0.seatedCount,
                bench: $0.benchCount, current: $0.isCurrent)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try boats.encode(to: encoder)
    }
}
