import Foundation
import GRDB
import LineupCore

/// The roster table's row. Rows are read and written column by column rather than through `Codable`,
/// which costs a measurable share of a command's run time in a short-lived process.
struct PaddlerRow: FetchableRecord, MutablePersistableRecord {
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
    var active: Bool

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
        active = paddler.isActive
    }

    init(row: Row) {
        id = row["id"]
        name = row["name"]
        nameKey = row["name_key"]
        weightKg = row["weight_kg"]
        sex = row["sex"]
        side = row["side"]
        canDrum = row["can_drum"]
        canSteer = row["can_steer"]
        notes = row["notes"]
        active = row["active"]
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["name_key"] = nameKey
        container["weight_kg"] = weightKg
        container["sex"] = sex
        container["side"] = side
        container["can_drum"] = canDrum
        container["can_steer"] = canSteer
        container["notes"] = notes
        container["active"] = active
    }

    var paddler: Paddler {
        Paddler(
            id: id ?? 0, name: name, weightKg: weightKg, sex: sex.flatMap(Sex.init(rawValue:)),
            side: SidePreference(rawValue: side) ?? .either, canDrum: canDrum, canSteer: canSteer, notes: notes,
            isActive: active)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

/// The boat table's row.
struct BoatRow: FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "boat"
    var id: Int64?
    var name: String
    var nameKey: String
    var kind: String
    var rowCount: Int
    var createdAt: String
    var rules: String

    init(name: String, kind: BoatKind, rules: RulesPreset = .open, createdAt: Date) {
        self.name = name
        nameKey = PaddlerRules.nameKey(name)
        self.kind = kind.rawValue
        rowCount = kind.rowCount
        self.rules = rules.rawValue
        self.createdAt = Timestamp.text(from: createdAt)
    }

    init(row: Row) {
        id = row["id"]
        name = row["name"]
        nameKey = row["name_key"]
        kind = row["kind"]
        rowCount = row["row_count"]
        createdAt = row["created_at"]
        rules = row["rules"]
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["name_key"] = nameKey
        container["kind"] = kind
        container["row_count"] = rowCount
        container["created_at"] = createdAt
        container["rules"] = rules
    }

    var boat: Boat {
        Boat(
            id: id ?? 0, name: name, kind: BoatKind(rawValue: kind) ?? .standard,
            rules: RulesPreset(rawValue: rules) ?? .open)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}

// Plain SQL for the lookups every command makes: GRDB's query interface would first read the schema.
extension PaddlerRow {
    /// Every paddler, by name.
    static func all(_ db: Database) throws -> [PaddlerRow] {
        try fetchAll(db, sql: "SELECT * FROM paddler ORDER BY name_key, id")
    }

    /// The paddler whose name has the key `nameKey`, if any.
    static func withKey(_ nameKey: String, _ db: Database) throws -> PaddlerRow? {
        // A cached statement: an import asks this once per line.
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM paddler WHERE name_key = ?"), arguments: [nameKey])
    }
}

extension BoatRow {
    /// Every boat, by name.
    static func all(_ db: Database) throws -> [BoatRow] {
        try fetchAll(db, sql: "SELECT * FROM boat ORDER BY name_key")
    }

    /// The boat whose name has the key `nameKey`, if any.
    static func withKey(_ nameKey: String, _ db: Database) throws -> BoatRow? {
        try fetchOne(db, sql: "SELECT * FROM boat WHERE name_key = ?", arguments: [nameKey])
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
