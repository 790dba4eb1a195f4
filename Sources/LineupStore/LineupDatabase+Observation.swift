import GRDB

extension LineupDatabase {
    /// SQLite's `data_version`: it changes when another connection commits to the file, so an open view
    /// can tell cheaply that it should read the boat again.
    public func dataVersion() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
