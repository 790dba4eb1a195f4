import Foundation
import GRDB
import LineupCore

/// A boat as listed: one lineup in the club's database.
public struct Boat: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var kind: BoatKind
    public var createdAt: Date
}

/// A boat with its lineup and the roster it draws on.
public struct BoatState: Sendable {
    public var boat: Boat
    public var lineup: Lineup
    /// Every paddler of the roster, by id.
    public var roster: [PaddlerID: Paddler]

    /// The paddlers' names, by id.
    public var names: [PaddlerID: String] { roster.mapValues(\.name) }

    /// The known weights, by id.
    public var weights: [PaddlerID: Double] { roster.compactMapValues(\.weightKg) }

    /// The balance sums of the seated crew.
    public var balance: BalanceSums { lineup.balanceSums(weights: weights) }

    /// The paddler at `place`, if any.
    public func paddler(at place: Place) -> Paddler? { lineup[place].flatMap { roster[$0] } }
}

/// One undoable record of a boat's history.
public struct HistoryEntry: Hashable, Sendable {
    public var id: Int64
    public var time: Date
    public var summary: String
    /// True when the record has been undone (and can be redone).
    public var undone: Bool
}

/// The roster table's row.
struct PaddlerRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "paddler"
    var id: Int64?
    var name: String
    var nameKey: String
    var weightKg: Double?
    var sex: String?
    var side: String
    var canDrum: Bool
    var canSteer: Bool
    var notes: String

    enum CodingKeys: String, CodingKey {
        case id, name, nameKey = "name_key", weightKg = "weight_kg", sex, side, canDrum = "can_drum"
        case canSteer = "can_steer", notes
    }

    init(_ paddler: Paddler) {
        id = paddler.id > 0 ? paddler.id : nil
        name = paddler.name
        nameKey = PaddlerRules.nameKey(paddler.name)
        weightKg = paddler.weightKg
        sex = paddler.sex?.rawValue
        side = paddler.side.rawValue
        canDrum = paddler.canDrum
        canSteer = paddler.canSteer
        notes = paddler.notes
    }

    var paddler: Paddler {
        Paddler(
            id: id ?? 0, name: name, weightKg: weightKg, sex: sex.flatMap(Sex.init(rawValue:)),
            side: SidePreference(rawValue: side) ?? .either, canDrum: canDrum, canSteer: canSteer, notes: notes)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// The boat table's row.
struct BoatRow: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "boat"
    var id: Int64?
    var name: String
    var nameKey: String
    var kind: String
    var rowCount: Int
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, name, nameKey = "name_key", kind, rowCount = "row_count", createdAt = "created_at"
    }

    init(name: String, kind: BoatKind, createdAt: Date) {
        self.name = name
        nameKey = PaddlerRules.nameKey(name)
        self.kind = kind.rawValue
        rowCount = kind.rowCount
        self.createdAt = createdAt
    }

    var boat: Boat {
        Boat(id: id ?? 0, name: name, kind: BoatKind(rawValue: kind) ?? .standard, createdAt: createdAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

extension Section {
    /// The section as stored, checked against the schema's list.
    static func stored(_ text: String) throws -> Section {
        guard let section = Section(rawValue: text) else {
            throw StoreError.database("unknown section '\(text)' in the database")
        }
        return section
    }
}
