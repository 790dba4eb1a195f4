import LineupCore

/// `roster list --json`: the roster by name.
public struct RosterDocument: Encodable {
    public struct Entry: Encodable {
        public let name: String
        public let weightKg: Double?
        public let sex: String?
        public let side: String
        public let canDrum: Bool
        public let canSteer: Bool
        public let notes: String
        public let active: Bool

        enum CodingKeys: String, CodingKey {
            case name, weightKg, sex, side, canDrum, canSteer, notes, active
        }

        // Spelled out so that an unknown weight or sex is `null`, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(weightKg, forKey: .weightKg)
            try container.encode(sex, forKey: .sex)
            try container.encode(side, forKey: .side)
            try container.encode(canDrum, forKey: .canDrum)
            try container.encode(canSteer, forKey: .canSteer)
            try container.encode(notes, forKey: .notes)
            try container.encode(active, forKey: .active)
        }
    }

    public let paddlers: [Entry]

    public init(_ paddlers: [Paddler]) {
        self.paddlers = paddlers.map {
            Entry(
                name: $0.name, weightKg: JSONCoding.rounded($0.weightKg), sex: $0.sex?.rawValue, side: $0.side.rawValue,
                canDrum: $0.canDrum, canSteer: $0.canSteer, notes: $0.notes, active: $0.isActive)
        }
    }

    // The document is the array itself, as it has always been.
    public func encode(to encoder: any Encoder) throws {
        try paddlers.encode(to: encoder)
    }
}
