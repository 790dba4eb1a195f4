import LineupCore

/// `roster list --json`: the roster by name; with `showsWeights` false (a server's viewer when the club hides
/// weights), every entry without its `weightKg` key; with `showsNotes` false (a server's viewer, always),
/// without its `notes` key.
public struct RosterDocument: Encodable {
    public struct Entry: Encodable {
        public let name: String
        public let weightKg: Double?
        /// False when the weight is hidden: the key is then left out (null says the weight is unknown).
        let showsWeight: Bool
        public let sex: String?
        public let side: String
        public let canDrum: Bool
        public let canSteer: Bool
        public let notes: String
        /// False when the notes are hidden: the key is then left out.
        let showsNotes: Bool
        public let active: Bool
        /// `YYYY-MM-DD`, the last day of an injury; null when not injured.
        public let injuredUntil: String?
        /// `stroke`, `engine`, `rear` or `any`.
        public let role: String
        /// The only rows they may sit in, front to back; null for every row.
        public let rows: [Int]?
        /// The rows they would rather sit in; null for no preference.
        public let preferRows: [Int]?

        enum CodingKeys: String, CodingKey {
            case name, weightKg, sex, side, canDrum, canSteer, notes, active, injuredUntil, role, rows, preferRows
        }

        // Spelled out so that an unknown weight or sex is `null`, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            if showsWeight { try container.encode(weightKg, forKey: .weightKg) }
            try container.encode(sex, forKey: .sex)
            try container.encode(side, forKey: .side)
            try container.encode(canDrum, forKey: .canDrum)
            try container.encode(canSteer, forKey: .canSteer)
            if showsNotes { try container.encode(notes, forKey: .notes) }
            try container.encode(active, forKey: .active)
            try container.encode(injuredUntil, forKey: .injuredUntil)
            try container.encode(role, forKey: .role)
            try container.encode(rows, forKey: .rows)
            try container.encode(preferRows, forKey: .preferRows)
        }
    }

    public let paddlers: [Entry]

    /// The roster of `paddlers`; with `showsWeights` false, without their weights; with `showsNotes` false,
    /// without their notes.
    public init(_ paddlers: [Paddler], showsWeights: Bool = true, showsNotes: Bool = true) {
        self.paddlers = paddlers.map {
            Entry(
                name: $0.name, weightKg: showsWeights ? JSONCoding.rounded($0.weightKg) : nil,
                showsWeight: showsWeights, sex: $0.sex?.rawValue, side: $0.side.rawValue, canDrum: $0.canDrum,
                canSteer: $0.canSteer, notes: showsNotes ? $0.notes : "", showsNotes: showsNotes, active: $0.isActive,
                injuredUntil: $0.injuredUntil?.description, role: $0.role.rawValue, rows: $0.rows?.rows,
                preferRows: $0.preferredRows?.rows)
        }
    }

    // The document is the array itself, as it has always been.
    public func encode(to encoder: any Encoder) throws {
        try paddlers.encode(to: encoder)
    }
}
