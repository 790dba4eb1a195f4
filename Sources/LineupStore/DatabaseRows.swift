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
        self.init(SQLRow(row))
    }

    init(_ row: SQLRow) {
        id = row.integer("id")
        name = row.text("name")
        nameKey = row.text("name_key")
        weightKg = row.optionalReal("weight_kg")
        sex = row.optionalText("sex")
        side = row.text("side")
        canDrum = row.bool("can_drum")
        canSteer = row.bool("can_steer")
        notes = row.text("notes")
        active = row.bool("active")
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
        self.init(SQLRow(row))
    }

    init(_ row: SQLRow) {
        id = row.integer("id")
        name = row.text("name")
        nameKey = row.text("name_key")
        kind = row.text("kind")
        rowCount = row.int("row_count")
        createdAt = row.text("created_at")
        rules = row.text("rules")
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

// Plain SQL for the lookups every command makes, on either connection (`SQLRunner`).
extension PaddlerRow {
    /// Every paddler, by name.
    static func all(_ db: some SQLRunner) throws -> [PaddlerRow] {
        try db.rows("SELECT * FROM paddler ORDER BY name_key, id").map(PaddlerRow.init)
    }

    /// The paddler whose name has the key `nameKey`, if any.
    static func withKey(_ nameKey: String, _ db: Database) throws -> PaddlerRow? {
        // A cached statement: an import asks this once per line.
        try fetchOne(db.cachedStatement(sql: "SELECT * FROM paddler WHERE name_key = ?"), arguments: [nameKey])
    }
}

extension BoatRow {
    /// Every boat, by name.
    static func all(_ db: some SQLRunner) throws -> [BoatRow] {
        try db.rows("SELECT * FROM boat ORDER BY name_key").map(BoatRow.init)
    }

    /// The boat whose name has the key `nameKey`, if any.
    static func withKey(_ nameKey: String, _ db: some SQLRunner) throws -> BoatRow? {
        try db.row("SELECT * FROM boat WHERE name_key = ?", [.text(nameKey)]).map(BoatRow.init)
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
