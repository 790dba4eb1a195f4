import LineupCore

/// `roster rank --json`: each side's combined ranking, best first, with what it rests on and how sure it is.
public struct StrengthRankingDocument: Encodable {
    public struct Entry: Encodable {
        public let place: Int
        public let name: String
        /// "seat racing", "trials" or "none".
        public let evidence: String
        /// Seconds ahead of the slowest seat-raced paddler, or best seconds per 500 m; null without evidence.
        public let value: Double?
        /// "sure", "likely", "too close to call" or "no evidence".
        public let confidence: String
        /// For seat racing, the linked group from 1: paddlers of different groups were never compared, so their
        /// places are not an order between them. Null for trials and no evidence.
        public let group: Int?
    }

    public struct Side: Encodable {
        public let side: String
        public let paddlers: [Entry]
    }

    public let sides: [Side]
    /// Seat races left out because they no longer hold together.
    public let unreadableSeatRaces: [String]

    public init(_ rankings: [StrengthRanking], unreadableSeatRaces: [String]) {
        sides = rankings.map { ranking in
            Side(
                side: ranking.side.rawValue,
                paddlers: ranking.entries.enumerated().map { index, entry in
                    Entry(
                        place: index + 1, name: entry.name, evidence: entry.evidence.rawValue,
                        value: JSONCoding.rounded(entry.value), confidence: entry.confidence.rawValue,
                        group: entry.group.map { $0 + 1 })
                })
        }
        self.unreadableSeatRaces = unreadableSeatRaces
    }
}
