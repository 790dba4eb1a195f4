import LineupCore

/// `regatta list --json`: the regattas by date, each with its minimum gap and how many races it has.
public struct RegattaListDocument: Encodable {
    public struct Regatta: Encodable {
        public let name: String
        /// `YYYY-MM-DD`.
        public let date: String
        public let minimumGapMinutes: Int
        public let races: Int
    }

    public let regattas: [Regatta]

    public init(_ regattas: [RegattaInfo]) {
        self.regattas = regattas.map {
            Regatta(name: $0.name, date: $0.date, minimumGapMinutes: $0.minimumGapMinutes, races: $0.raceCount)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(regattas)
    }
}
