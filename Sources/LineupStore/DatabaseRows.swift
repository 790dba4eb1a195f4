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
    /// `YYYY-MM-DD`, the last day of an injury; nil when not injured.
    var injuredUntil: String?
    var seatRole: String
    /// Row bit masks (`RowSet.mask`); nil for every row, or no preference.
    var seatRows: Int?
    var preferredRows: Int?

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
        injuredUntil = paddler.injuredUntil?.description
        seatRole = paddler.role.rawValue
        seatRows = paddler.rows?.mask
        preferredRows = paddler.preferredRows?.mask
    }

    /// Reads a row, refusing values outside the schema's rules (another program may have written them with
    /// its checks off): a weight out of range, an unknown sex or side, a flag that is neither 0 nor 1.
    init(row: Row) throws {
        try self.init(SQLRow(row))
    }

    /// `init(row:)` for a row read through any connection.
    init(_ row: SQLRow) throws {
        id = row.integer("id")
        let name = row.text("name")
        self.name = name
        nameKey = row.text("name_key")
        func who() -> String { "paddler '\(name.truncatedForMessage)'" }
        weightKg = try StoredValue.number(
            row["weight_kg"], of: "the weight of \(who())", allowed: { $0 > 0 && $0 < PaddlerRules.weightLimitKg },
            optional: true)
        sex = try StoredValue.text(row["sex"], of: "the sex of \(who())", as: Sex.self, optional: true)
        side = try StoredValue.text(row["side"], of: "the side of \(who())", as: SidePreference.self) ?? ""
        canDrum = try StoredValue.flag(row["can_drum"], of: "whether \(who()) can drum")
        canSteer = try StoredValue.flag(row["can_steer"], of: "whether \(who()) can steer")
        notes = row.text("notes")
        active = try StoredValue.flag(row["active"], of: "whether \(who()) is active")
        injuredUntil = row.optionalText("injured_until")
        seatRole =
            try StoredValue.text(row["seat_role"], of: "the seat role of \(who())", as: SeatRole.self, optional: true)
            ?? SeatRole.any.rawValue
        seatRows = try Self.rowMask(row["seat_rows"], of: "the rows of \(who())")
        preferredRows = try Self.rowMask(row["preferred_rows"], of: "the preferred rows of \(who())")
    }

    /// A paddler's stored rows: NULL, or a mask of rows 1–10 with at least one row.
    static func rowMask(_ value: SQLValue, of what: @autoclosure () -> String) throws -> Int? {
        if value == .null { return nil }
        return try StoredValue.integer(value, of: what(), allowed: 1...Int64(RowSet.everyRowMask))
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
        container["injured_until"] = injuredUntil
        container["seat_role"] = seatRole
        container["seat_rows"] = seatRows
        container["preferred_rows"] = preferredRows
    }

    var paddler: Paddler {
        Paddler(
            id: id ?? 0, name: name, weightKg: weightKg, sex: sex.flatMap(Sex.init(rawValue:)),
            side: SidePreference(rawValue: side) ?? .either, canDrum: canDrum, canSteer: canSteer, notes: notes,
            isActive: active, injuredUntil: injuredUntil.flatMap { try? RegattaDay(parsing: $0) },
            role: SeatRole(rawValue: seatRole) ?? .any, rows: seatRows.flatMap(RowSet.init(mask:)),
            preferredRows: preferredRows.flatMap(RowSet.init(mask:)))
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
    /// The rows wanted for each role as bit masks (`RowSet.mask`): all three nil for the kind's defaults.
    var strokeRows: Int?
    var engineRows: Int?
    var rearRows: Int?

    init(name: String, kind: BoatKind, rules: RulesPreset = .open, createdAt: Date) {
        self.name = name
        nameKey = PaddlerRules.nameKey(name)
        self.kind = kind.rawValue
        rowCount = kind.rowCount
        self.rules = rules.rawValue
        self.createdAt = Timestamp.text(from: createdAt)
    }

    /// Reads a row, refusing an unknown kind or rules, or a row count that is not the kind's.
    init(row: Row) throws {
        try self.init(SQLRow(row))
    }

    /// `init(row:)` for a row read through any connection.
    init(_ row: SQLRow) throws {
        id = row.integer("id")
        let name = row.text("name")
        self.name = name
        nameKey = row.text("name_key")
        func who() -> String { "boat '\(name.truncatedForMessage)'" }
        kind = try StoredValue.text(row["kind"], of: "the kind of \(who())", as: BoatKind.self) ?? ""
        let rows = try StoredValue.integer(row["row_count"], of: "the rows of \(who())", allowed: 1...100)
        guard rows == BoatKind(rawValue: kind)?.rowCount else {
            throw StoredValue.OutOfRange(what: "the rows of \(who()) are \(rows), not those of a \(kind) boat")
        }
        rowCount = rows
        createdAt = row.text("created_at")
        rules = try StoredValue.text(row["rules"], of: "the rules of \(who())", as: RulesPreset.self) ?? ""
        let masks = 0...Int64((1 << rows) - 1)
        var wanted: [Int?] = []
        for role in ["stroke", "engine", "rear"] {
            let value = row["\(role)_rows"]
            wanted.append(
                value == .null
                    ? nil : try StoredValue.integer(value, of: "the \(role) rows of \(who())", allowed: masks))
        }
        (strokeRows, engineRows, rearRows) = (wanted[0], wanted[1], wanted[2])
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["name_key"] = nameKey
        container["kind"] = kind
        container["row_count"] = rowCount
        container["created_at"] = createdAt
        container["rules"] = rules
        container["stroke_rows"] = strokeRows
        container["engine_rows"] = engineRows
        container["rear_rows"] = rearRows
    }

    var boat: Boat {
        Boat(
            id: id ?? 0, name: name, kind: BoatKind(rawValue: kind) ?? .standard,
            rules: RulesPreset(rawValue: rules) ?? .open, customRoles: wantedRoles)
    }

    /// The roles the boat's own rows want; nil for the kind's defaults (or a row that is not all three).
    var wantedRoles: WantedRoles? {
        guard let stroke = strokeRows.flatMap(RowSet.init(mask:)), let engine = engineRows.flatMap(RowSet.init(mask:)),
            let rear = rearRows.flatMap(RowSet.init(mask:))
        else { return nil }
        return WantedRoles(stroke: stroke, engine: engine, rear: rear)
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

    /// The boat with the id `id`, if any.
    static func withID(_ id: Int64, _ db: some SQLRunner) throws -> BoatRow? {
        try db.row("SELECT * FROM boat WHERE id = ?", [.integer(id)]).map(BoatRow.init)
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
            throw StoredValue.OutOfRange(what: "a place in the section '\(text.truncatedForMessage)'")
        }
        return section
    }
}

extension Place {
    /// A place as stored: a known section and a position from 1 (the schema's rules; the boat's own rows
    /// are checked when its lineup is read).
    static func stored(section: SQLValue, position: SQLValue) throws -> Place {
        let text = try StoredValue.text(section, of: "a place's section", as: Section.self) ?? ""
        let position = try StoredValue.integer(position, of: "the position of a place", allowed: 1...Int64(Int32.max))
        return Place(section: try Section.stored(text), position: position)
    }
}

/// Stored values checked against what the schema allows, for files another program wrote with its checks
/// off (`PRAGMA ignore_check_constraints`) or damaged: such a value is refused as a damaged database rather
/// than trusted (an infinite weight once crashed every command that drew the boat). `what` names the value
/// for the message and is only built for one: every command reads every paddler's row.
enum StoredValue {
    /// A value outside what the schema allows; `what` says which.
    struct OutOfRange: Error {
        let what: String
    }

    /// A finite number for which `allowed` holds (nil for NULL when `optional`).
    static func number(
        _ value: SQLValue, of what: @autoclosure () -> String, allowed: (Double) -> Bool, optional: Bool = false
    ) throws -> Double? {
        let number: Double
        switch value {
        case .null where optional: return nil
        case .real(let real): number = real
        case .integer(let integer): number = Double(integer)
        default: throw OutOfRange(what: "\(what()) is \(describe(value))")
        }
        guard number.isFinite, allowed(number) else { throw OutOfRange(what: "\(what()) is \(number)") }
        return number
    }

    /// A whole number in `allowed`.
    static func integer(_ value: SQLValue, of what: @autoclosure () -> String, allowed: ClosedRange<Int64>) throws
        -> Int
    {
        guard case .integer(let integer) = value, allowed.contains(integer) else {
            throw OutOfRange(what: "\(what()) is \(describe(value))")
        }
        return Int(integer)
    }

    /// The raw text of one of `Kind`'s cases (nil for NULL when `optional`).
    static func text<Kind: RawRepresentable<String>>(
        _ value: SQLValue, of what: @autoclosure () -> String, as kind: Kind.Type, optional: Bool = false
    ) throws -> String? {
        switch value {
        case .null where optional: return nil
        case .text(let text) where Kind(rawValue: text) != nil: return text
        default: throw OutOfRange(what: "\(what()) is \(describe(value))")
        }
    }

    /// 0 or 1.
    static func flag(_ value: SQLValue, of what: @autoclosure () -> String) throws -> Bool {
        try integer(value, of: what(), allowed: 0...1) == 1
    }

    /// A stored value for a message: numbers as they are, text quoted and shortened.
    static func describe(_ value: SQLValue) -> String {
        switch value {
        case .null: "empty"
        case .integer(let integer): String(integer)
        case .real(let real): String(real)
        case .text(let text): "'\(text.truncatedForMessage)'"
        }
    }
}
