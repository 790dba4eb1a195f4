import GRDB
import LineupCore

/// The data steps of the migrations that change how names are stored or compared, which SQLite cannot
/// do alone (it has no Unicode normalization), so they run in Swift, inside the migration's transaction,
/// before the file's SQL:
/// - 0005: every paddler and boat name in NFC;
/// - 0011: every paddler, boat, regatta and race name with its Unicode spaces made plain ones (when that
///   leaves a name today's rules accept), and every `name_key` recomputed by today's
///   `PaddlerRules.nameKey` (NFKC with full case folding, invisible characters left out).
///
/// Two names that become one key (a precomposed and a decomposed "José", "Ann  Lee" and "Ann Lee",
/// "Jan Strauß" and "JAN STRAUSS", "Ada Lindqvist" and the same with a zero-width space) would break the
/// key's uniqueness and stop the database from opening, so the first keeps its name (the one already
/// stored under the new key, else the older) and the others get a suffix: "José (2)". Nothing else
/// changes: names that today's rules would refuse stay as they are, and stay usable.
enum NameNormalization {
    /// Data steps run before the SQL of the migration they are registered for, by its identifier.
    static let stepsBeforeMigration: [String: @Sendable (Database) throws -> Void] = [
        "0005_names_in_one_normal_form": { db in
            for table in ["paddler", "boat"] {
                try normalize(table: table, db, rewrite: \.normalizedNFC, suffixBase: \.normalizedNFC)
            }
        },
        "0011_names_compared_by_case_folding": { db in
            // A suffixed name is written under the triggers of earlier migrations, which refuse control
            // characters, and is meant to be read: it keeps only what today's rules accept.
            for (table, scope) in [("paddler", nil), ("boat", nil), ("regatta", nil), ("race", "regatta_id")] {
                try normalize(
                    table: table, scope: scope, db, rewrite: PaddlerRules.legacyNameWithPlainSpaces,
                    suffixBase: PaddlerRules.visiblePart(of:))
            }
        },
    ]

    /// Rewrites the names of `table` with `rewrite` and recomputes their keys, keeping keys unique within
    /// each value of the `scope` column (the whole table when nil): a name that would share a key is
    /// renamed `suffixBase(name) (n)`.
    static func normalize(
        table: String, scope: String? = nil, _ db: Database, rewrite: (String) -> String,
        suffixBase: (String) -> String
    ) throws {
        let scopeColumn = scope ?? "0"
        let rows = try Row.fetchAll(
            db, sql: "SELECT id, name, name_key, \(scopeColumn) AS scope FROM \(table) ORDER BY id"
        ).map {
            (
                id: $0["id"] as Int64, name: $0["name"] as String, key: $0["name_key"] as String,
                scope: $0["scope"] as Int64
            )
        }
        // Names already stored under their new key keep it; the rest follow in the order they were added.
        let ordered =
            rows.filter { PaddlerRules.nameKey(rewrite($0.name)) == $0.key }
            + rows.filter { PaddlerRules.nameKey(rewrite($0.name)) != $0.key }
        var taken = Set<[String]>()
        var changes: [(id: Int64, name: String, key: String)] = []
        for row in ordered {
            var name = rewrite(row.name)
            var key = PaddlerRules.nameKey(name)
            var number = 2
            while taken.contains(["\(row.scope)", key]) {
                name = suffixed(suffixBase(row.name), number)
                key = PaddlerRules.nameKey(name)
                number += 1
            }
            taken.insert(["\(row.scope)", key])
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
