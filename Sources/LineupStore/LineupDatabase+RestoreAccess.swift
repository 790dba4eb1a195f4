import GRDB

extension LineupDatabase {
    /// Who may reach the club after a restore. A restore brings back the lineups, roster, regattas and history
    /// of the backup, never its access: an account removed, a password changed or a share link revoked since
    /// the backup was made stays so.
    public struct RestoredAccess: Sendable, Equatable {
        /// True when the accounts, sessions and links are those of the database that was replaced; false when
        /// there was none that could be read, so the backup's accounts were kept and its sessions and links
        /// ended (nothing tells which of them are still wanted).
        public var keptCurrent: Bool
        public var accounts: Int
        public var sessions: Int
        public var links: Int
        /// Links of the replaced database to a boat or regatta the backup does not have (same id and name): ended.
        public var linksEndedWithTheirBoat: Int
        /// The backup's sessions and links, ended when there was no database to take access from.
        public var backupSessionsEnded: Int
        public var backupLinksEnded: Int
    }

    /// The tables of access, with the columns a restore carries over.
    private static let accessTables: [(table: String, columns: String)] = [
        ("account", "id, name, role, password_hash, created_at"),
        ("account_session", "token_digest, account_id, created_at, expires_at"),
        ("account_sign_in_failure", "id, account_id, failed_at"),
        ("share_link", "id, boat_id, regatta_id, token_digest, shows_weights, created_at"),
        ("paddler_link", "id, paddler_id, regatta_id, token_digest, expires_on, created_at"),
    ]

    /// Gives `restored` (a backup brought up to this schema) the access of `current`, the database it
    /// replaces, or, with no current database, ends the backup's sessions and links. Ids of history records
    /// and links given out by `current` are never given again in `restored`.
    static func carryOverAccess(from current: Database?, into restored: DatabaseWriter) throws -> RestoredAccess {
        guard let current else {
            return try restored.write { db in
                let sessions = try Int.fetchOne(db, sql: "SELECT count(*) FROM account_session") ?? 0
                let links =
                    try Int.fetchOne(
                        db, sql: "SELECT (SELECT count(*) FROM share_link) + (SELECT count(*) FROM paddler_link)") ?? 0
                try db.execute(sql: "DELETE FROM account_session")
                try db.execute(sql: "DELETE FROM account_sign_in_failure")
                try db.execute(sql: "DELETE FROM share_link")
                try db.execute(sql: "DELETE FROM paddler_link")
                let accounts = try Int.fetchOne(db, sql: "SELECT count(*) FROM account") ?? 0
                return RestoredAccess(
                    keptCurrent: false, accounts: accounts, sessions: 0, links: 0, linksEndedWithTheirBoat: 0,
                    backupSessionsEnded: sessions, backupLinksEnded: links)
            }
        }
        var rows: [String: [Row]] = [:]
        for (table, columns) in accessTables {
            rows[table] = try Row.fetchAll(current, sql: "SELECT \(columns) FROM \(table)")
        }
        let currentBoats = try Row.fetchAll(current, sql: "SELECT id, name FROM boat").map {
            (id: $0["id"] as Int64, name: $0["name"] as String)
        }
        let currentRegattas = try Row.fetchAll(current, sql: "SELECT id, name FROM regatta").map {
            (id: $0["id"] as Int64, name: $0["name"] as String)
        }
        let currentPaddlers = try Row.fetchAll(current, sql: "SELECT id, name FROM paddler").map {
            (id: $0["id"] as Int64, name: $0["name"] as String)
        }
        let sequences = try Row.fetchAll(current, sql: "SELECT name, seq FROM sqlite_sequence").map {
            (name: $0["name"] as String, seq: $0["seq"] as Int64)
        }
        return try restored.write { db in
            // Children first, then the accounts they refer to; inserted parents first.
            for table in ["account_session", "account_sign_in_failure", "share_link", "paddler_link", "account"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            let restoredBoats = Set(
                try Row.fetchAll(db, sql: "SELECT id, name FROM boat").map {
                    "\($0["id"] as Int64) \($0["name"] as String)"
                })
            let keptBoats = Set(currentBoats.filter { restoredBoats.contains("\($0.id) \($0.name)") }.map(\.id))
            let restoredRegattas = Set(
                try Row.fetchAll(db, sql: "SELECT id, name FROM regatta").map {
                    "\($0["id"] as Int64) \($0["name"] as String)"
                })
            let keptRegattas = Set(
                currentRegattas.filter { restoredRegattas.contains("\($0.id) \($0.name)") }.map(\.id))
            let restoredPaddlers = Set(
                try Row.fetchAll(db, sql: "SELECT id, name FROM paddler").map {
                    "\($0["id"] as Int64) \($0["name"] as String)"
                })
            let keptPaddlers = Set(
                currentPaddlers.filter { restoredPaddlers.contains("\($0.id) \($0.name)") }.map(\.id))
            var ended = 0
            for (table, columns) in accessTables {
                let count = columns.split(separator: ",").count
                let insert = try db.makeStatement(
                    sql:
                        "INSERT INTO \(table) (\(columns)) VALUES (\(Array(repeating: "?", count: count).joined(separator: ", ")))"
                )
                for row in rows[table] ?? [] {
                    // A link to a boat or regatta the backup lacks (or holds under another name) ends.
                    if table == "share_link",
                        !((row["boat_id"] as Int64?).map(keptBoats.contains)
                            ?? (row["regatta_id"] as Int64?).map(keptRegattas.contains) ?? false)
                    {
                        ended += 1
                        continue
                    }
                    // A paddler's link goes with the paddler, and with the regatta it opens when it opens one.
                    if table == "paddler_link",
                        !keptPaddlers.contains(row["paddler_id"] as Int64)
                            || !((row["regatta_id"] as Int64?).map(keptRegattas.contains) ?? true)
                    {
                        ended += 1
                        continue
                    }
                    try insert.execute(arguments: StatementArguments(row.databaseValues))
                }
            }
            for sequence in sequences {
                try db.execute(
                    sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ?",
                    arguments: [sequence.seq, sequence.name])
                if db.changesCount == 0 {
                    try db.execute(
                        sql: "INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)",
                        arguments: [sequence.name, sequence.seq])
                }
            }
            return RestoredAccess(
                keptCurrent: true, accounts: rows["account"]?.count ?? 0, sessions: rows["account_session"]?.count ?? 0,
                links: (rows["share_link"]?.count ?? 0) + (rows["paddler_link"]?.count ?? 0) - ended,
                linksEndedWithTheirBoat: ended,
                backupSessionsEnded: 0, backupLinksEnded: 0)
        }
    }
}
