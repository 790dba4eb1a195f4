import Foundation
import LineupCore
import LineupStore

/// The JSON documents the commands print with `--json`, with stable field names.
enum JSONOutput {
    struct SeatEntry: Encodable {
        let seat: String
        let paddler: String?
        let weightKg: Double?
        let locked: Bool

        enum CodingKeys: String, CodingKey {
            case seat, paddler, weightKg = "weight_kg", locked
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(seat, forKey: .seat)
            try container.encode(paddler, forKey: .paddler)
            try container.encode(weightKg, forKey: .weightKg)
            try container.encode(locked, forKey: .locked)
        }
    }

    struct Balance: Encodable {
        let leftKg: Double
        let rightKg: Double
        let frontKg: Double
        let backKg: Double
        let unknownWeightSeats: [String]

        enum CodingKeys: String, CodingKey {
            case leftKg = "left_kg", rightKg = "right_kg", frontKg = "front_kg", backKg = "back_kg"
            case unknownWeightSeats = "unknown_weight_seats"
        }
    }

    struct BoatLineup: Encodable {
        let boat: String
        let kind: String
        let seats: [SeatEntry]
        let balance: Balance
        let moments: Moments
        let rules: Rules
    }

    /// Trim (bow-heavy positive) and list (right-heavy positive) in kilogram-metres.
    struct Moments: Encodable {
        let trim: Double
        let list: Double
    }

    struct Rules: Encodable {
        let preset: String
        let violations: [String]
        let warnings: [String]
    }

    static func rules(_ rules: CrewRules, findings: [RuleFinding]) -> Rules {
        Rules(
            preset: rules.name, violations: findings.filter { $0.severity == .violation }.map(\.message),
            warnings: findings.filter { $0.severity == .warning }.map(\.message))
    }

    /// A figure rounded to thousandths, so that JSON does not show binary noise.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    struct RosterEntry: Encodable {
        let name: String
        let weightKg: Double?
        let sex: String?
        let side: String
        let canDrum: Bool
        let canSteer: Bool
        let notes: String

        enum CodingKeys: String, CodingKey {
            case name, weightKg = "weight_kg", sex, side, canDrum = "can_drum", canSteer = "can_steer", notes
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(weightKg, forKey: .weightKg)
            try container.encode(sex, forKey: .sex)
            try container.encode(side, forKey: .side)
            try container.encode(canDrum, forKey: .canDrum)
            try container.encode(canSteer, forKey: .canSteer)
            try container.encode(notes, forKey: .notes)
        }
    }

    struct BoatEntry: Encodable {
        let name: String
        let kind: String
        let seated: Int
        let bench: Int
        let current: Bool
    }

    struct HistoryItem: Encodable {
        let id: Int64
        let time: String
        let summary: String
        let undone: Bool
    }

    static func lineup(_ state: BoatState) -> BoatLineup {
        let sums = state.balance
        return BoatLineup(
            boat: state.boat.name, kind: state.boat.kind.rawValue,
            seats: state.lineup.allPlaces.map { place, _ in
                let paddler = state.paddler(at: place)
                return SeatEntry(
                    seat: place.description, paddler: paddler?.name, weightKg: paddler?.weightKg,
                    locked: state.lineup.isLocked(place))
            },
            balance: Balance(
                leftKg: sums.leftKg, rightKg: sums.rightKg, frontKg: sums.frontKg, backKg: sums.backKg,
                unknownWeightSeats: sums.unknownWeights.map(\.description)),
            moments: Moments(trim: rounded(state.moments.trimKgM), list: rounded(state.moments.listKgM)),
            rules: rules(state.rules, findings: state.lineup.check(state.rules, roster: state.roster)))
    }

    static func roster(_ paddlers: [Paddler]) -> [RosterEntry] {
        paddlers.map {
            RosterEntry(
                name: $0.name, weightKg: $0.weightKg, sex: $0.sex?.rawValue, side: $0.side.rawValue,
                canDrum: $0.canDrum, canSteer: $0.canSteer, notes: $0.notes)
        }
    }

    static func history(_ entries: [HistoryEntry]) -> [HistoryItem] {
        entries.map {
            HistoryItem(id: $0.id, time: Formatting.isoTimestamp($0.time), summary: $0.summary, undone: $0.undone)
        }
    }

    /// Pretty-printed JSON with a final newline.
    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}

/// Dates for people and for machines.
enum Formatting {
    /// `2026-11-22T02:49:24Z`.
    static func isoTimestamp(_ date: Date) -> String {
        Timestamp.iso8601(date)
    }

    /// `2026-11-22 14:05` in local time.
    static func localTime(_ date: Date) -> String {
        Timestamp.localMinutes(date)
    }
}
