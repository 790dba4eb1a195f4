import GRDB

extension LineupDatabase {
    /// SQLite's `data_version`: it changes when another connection commits to the file, so an open view
    /// can tell cheaply that it should read the boat again. Throws `.databaseReplaced` once the path names
    /// another file than the one open, so that a view kept open (the editor) says so instead of showing it.
    public func dataVersion() throws(StoreError) -> Int {
        try read { db in
            try Self.refuseIfMoved(db, path: path)
            return try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        }
    }
}
