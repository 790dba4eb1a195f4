import LineupCore

/// `roster rank --json`: each side's combined ranking, best first, with what it rests on and how sure it is.
public struct StrengthRankingDocument: Encodable {
    public struct Entry: Encodable {
        /// The place the optimizer counts; null for a paddler nothing places against the others.
        public let place: Int?
        public let name: String
        /// "seat racing", "trials" or "none".
        public let evidence: String
        /// Seconds per piece ahead of the slowest seat-raced paddler, or best seconds per 500 m; null without
        /// evidence. `valueUnit` says which.
        public let value: Double?
        /// "seconds_per_piece" (seat racing), "seconds_per_500m" (trials), or null without evidence.
        public let valueUnit: String?
        /// "sure", "likely", "too close to call" or "no evidence".
        public let confidence: String
        /// For seat racing, the linked group from 1: paddlers of different groups were never compared, so their
        /// places are not an order between them. Null for trials and no evidence.
        public let group: Int?
        /// Best seconds per 500 m of the paddler's trials, whatever else they have; null without trials.
        public let trialPace: Double?
        /// True when trials set the place (trials only, or a seat-race group not linked to the first).
        public let placedByTrials: Bool

        init(entry: StrengthRanking.Entry) {
            place = entry.place
            name = entry.name
            evidence = entry.evidence.rawValue
            value = JSONCoding.rounded(entry.value)
            valueUnit =
                switch entry.evidence {
                case .seatRacing: "seconds_per_piece"
                case .trials: "seconds_per_500m"
                case .none: nil
                }
            confidence = entry.confidence.rawValue
            group = entry.group.map { $0 + 1 }
            trialPace = JSONCoding.rounded(entry.pace)
            placedByTrials = entry.isPlacedByTrials
        }

        enum CodingKeys: String, CodingKey {
            case place, name, evidence, value, valueUnit, confidence, group, trialPace, placedByTrials
        }

        // Spelled out so that a missing value, unit or group is `null`, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(place, forKey: .place)
            try container.encode(name, forKey: .name)
            try container.encode(evidence, forKey: .evidence)
            try container.encode(value, forKey: .value)
            try container.encode(valueUnit, forKey: .valueUnit)
            try container.encode(confidence, forKey: .confidence)
            try container.encode(group, forKey: .group)
            try container.encode(trialPace, forKey: .trialPace)
            try container.encode(placedByTrials, forKey: .placedByTrials)
        }
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
                paddlers: ranking.entries.map(Entry.init(entry:)))
        }
        self.unreadableSeatRaces = unreadableSeatRaces
    }
}
