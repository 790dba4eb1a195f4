import LineupCore

/// `history --json`: a boat's records, newest first, `time` in ISO 8601 UTC.
public struct HistoryDocument: Encodable {
    public struct Entry: Encodable {
        public let id: Int64
        public let time: String
        public let summary: String
        public let undone: Bool
    }

    public let entries: [Entry]

    public init(_ entries: [HistoryEntry]) {
        self.entries = entries.map {
            Entry(id: $0.id, time: DateText.iso8601($0.time), summary: $0.summary, undone: $0.undone)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try entries.encode(to: encoder)
    }
}
