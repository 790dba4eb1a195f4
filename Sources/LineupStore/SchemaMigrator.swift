import GRDB

/// Brings a database up to this version's schema: every pending migration in ONE IMMEDIATE transaction.
///
/// Not GRDB's `DatabaseMigrator`, for two reasons. It reads which migrations were applied before it takes
/// the write lock, so two commands opening an older file at once both ran the same migration and the second
/// failed on what the first had made ("trigger … already exists"). And it commits each migration on its
/// own, so a full disk halfway left some applied while the command said nothing was changed. Here the
/// applied set is read inside the transaction (a second command waits for the lock, then finds nothing to
/// do), and a failure anywhere rolls every migration back, so "nothing was changed" is true.
struct SchemaMigrator: Sendable {
    /// One numbered migration: its SQL file, and a Swift step run before the SQL for data SQLite cannot
    /// change alone.
    struct Migration: Sendable {
        let identifier: String
        let sql: String
        let dataStep: (@Sendable (Database) throws -> Void)?
    }

    /// Thrown when the file turns out, once locked, to hold migrations of a newer lineup.
    struct NewerSchema: Error {
        let unknownMigrations: [String]
    }

    let migrations: [Migration]

    /// Applies the pending migrations up to `target` (included; all when nil) to `writer`'s database;
    /// returns those it applied.
    @discardableResult
    func migrate(_ writer: some DatabaseWriter, upTo target: String? = nil) throws -> [String] {
        try writer.writeWithoutTransaction { db in try migrate(db, upTo: target) }
    }

    /// Applies the pending migrations up to `target` (included; all when nil) on `db`, outside a transaction;
    /// returns those it applied.
    @discardableResult
    func migrate(_ db: Database, upTo target: String? = nil) throws -> [String] {
        let wanted: ArraySlice<Migration>
        if let target, let index = migrations.firstIndex(where: { $0.identifier == target }) {
            wanted = migrations[...index]
        } else {
            wanted = migrations[...]
        }
        // Tables are made again to change them (SQLite's own procedure for what ALTER TABLE cannot do):
        // with foreign keys on, dropping the old table would delete or orphan the rows that refer to it.
        // The pragma is a no-op inside a transaction, so it is set here; what the migrations did to
        // references is checked before committing instead.
        let foreignKeys = try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") ?? false
        if foreignKeys { try db.execute(sql: "PRAGMA foreign_keys = OFF") }
        defer {
            if foreignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        }
        var applied: [String] = []
        try db.inTransaction(.immediate) {
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
            let before = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
            let unknown = before.subtracting(migrations.map(\.identifier))
            if !unknown.isEmpty { throw NewerSchema(unknownMigrations: unknown.sorted()) }
            let pending = wanted.filter { !before.contains($0.identifier) }
            guard !pending.isEmpty else { return .commit }
            // A file may already hold references to missing rows (written with foreign keys off by another
            // program): migrating keeps them as they are (the commands then name them), but adds none.
            let brokenBefore = foreignKeys ? try Self.brokenReferenceCounts(db) : [:]
            for migration in pending {
                try migration.dataStep?(db)
                try db.execute(sql: migration.sql)
                try db.execute(
                    sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
            }
            if foreignKeys {
                let brokenAfter = try Self.brokenReferenceCounts(db)
                if brokenAfter.contains(where: { $0.value > brokenBefore[$0.key, default: 0] }) {
                    throw DatabaseError(resultCode: .SQLITE_CONSTRAINT_FOREIGNKEY)
                }
            }
            try LineupDatabase.stampChange(db)
            applied = pending.map(\.identifier)
            return .commit
        }
        return applied
    }

    /// How many rows of each table refer to a row that does not exist, by the table referred to.
    private static func brokenReferenceCounts(_ db: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for row in try Row.fetchAll(db, sql: "PRAGMA foreign_key_check") {
            let table: String = row[0]
            let parent: String = row[2]
            counts[table + " " + parent, default: 0] += 1
        }
        return counts
    }
}
