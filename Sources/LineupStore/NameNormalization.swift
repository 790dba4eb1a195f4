import GRDB
import LineupCore

/// The data step of migration 0005: every paddler and boat name in NFC, with its `name_key` recomputed by
/// today's `PaddlerRules.nameKey`. SQLite cannot normalize Unicode, so this runs in Swift, inside the
/// migration's transaction, before the file's SQL.
///
/// Two names that become one key (a precomposed and a decomposed "José", or "Ann  Lee" and "Ann Lee")
/// would break the key's uniqueness and stop the database from opening, so the first keeps its name (the
/// one already stored under the new key, else the older) and the others get a suffix: "José (2)". Nothing
/// else changes: names that today's rules would refuse stay as they are, and stay usable.
enum NameNormalization {
    /// Data steps run before the SQL of the migration they are registered for, by its identifier.
    static let stepsBeforeMigration: [String: @Sendable (Database) throws -> Void] = [
        "0005_names_in_one_normal_form": { db in
            try normalize(table: "paddler", db)
            try normalize(table: "boat", db)
        }
    ]

    static func normalize(table: String, _ db: Database) throws {
        let rows = try Row.fetchAll(db, sql: "SELECT id, name, name_key FROM \(table) ORDER BY id").map {
            (id: $0["id"] as Int64, name: $0["name"] as String, key: $0["name_key"] as String)
        }
        // Names already stored under their new key keep it; the rest follow in the order they were added.
        let ordered =
            rows.filter { PaddlerRules.nameKey($0.name) == $0.key }
            + rows.filter { PaddlerRules.nameKey($0.name) != $0.key }
        var taken = Set<String>()
        var changes: [(id: Int64, name: String, key: String)] = []
        for row in ordered {
            var name = row.name.normalizedNFC
            var key = PaddlerRules.nameKey(name)
            var number = 2
            while taken.contains(key) {
                name = suffixed(row.name.normalizedNFC, number)
                key = PaddlerRules.nameKey(name)
                number += 1
            }
            taken.insert(key)
            if name != row.name || key != row.key { changes.append((row.id, name, key)) }
        }
        // Two passes, so that no key is ever held by two rows on the way (a row may take the key another
        // row is about to give up).
        for change in changes {
            try db.execute(
                sql: "UPDATE \(table) SET name_key = ? WHERE id = ?", arguments: ["\u{1}\(change.id)", change.id])
        }
        for change in changes {
            try db.execute(
                sql: "UPDATE \(table) SET name = ?, name_key = ? WHERE id = ?",
                arguments: [change.name, change.key, change.id])
        }
    }

    /// `name (n)`, shortened so that it stays within the schema's length limit.
    static func suffixed(_ name: String, _ number: Int) -> String {
        let suffix = " (\(number))"
        let room = PaddlerRules.maximumNameLength - suffix.unicodeScalars.count
        var base = String(String.UnicodeScalarView(name.unicodeScalars.prefix(room)))
        while let last = base.unicodeScalars.last, last.properties.isWhitespace { base.unicodeScalars.removeLast() }
        return base + suffix
    }
}
