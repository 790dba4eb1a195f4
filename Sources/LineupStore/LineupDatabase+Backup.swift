import CSQLiteSupport
import Foundation
import GRDB

extension LineupDatabase {
    /// What `restore(from:into:busyTimeout:)` did.
    public struct RestoreReport: Sendable {
        /// Where the database as it was before is kept (nil when there was none).
        public var keptCopy: String?
        /// True when the file that was there could not be read as a database, so it was kept as it was
        /// (byte for byte, with its log beside it under `keptCopy` + `.wal`) rather than copied.
        public var keptAsItWas: Bool
        public var paddlers: Int
        public var boats: Int
        /// The accounts, sessions and share links the restored database has: never the backup's own.
        public var access: RestoredAccess
    }

    /// A consistent copy of the whole database, as the bytes of one file without a log (rollback-journal
    /// mode): SQLite's backup API into memory, in one read transaction, so commands may run meanwhile. Built
    /// in memory, so that a command killed while making it leaves no partial file; written where it goes
    /// like any other output. (`VACUUM INTO` would compact it, but SQLite 3.40 fails it on a read-only
    /// connection to a table with a generated column, which `placement` has.)
    ///
    /// Rollback mode rather than WAL: the copy is one self-contained file that opens on read-only media
    /// (a file in WAL mode needs its `-shm` beside it there), and a WAL header would not protect it from a
    /// stale `-wal` anyway, since SQLite reads any log beside a file whatever its header says; lineup
    /// checks such a log whatever the header (see `WriteAheadLog`), and switches the file back to WAL at its
    /// first change.
    public func backupBytes() throws(StoreError) -> [UInt8] {
        try Self.fileBytes(of: memoryCopy(), path: path)
    }

    /// The whole database copied into a new database in memory.
    private func memoryCopy() throws(StoreError) -> DatabaseQueue {
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            let memory = try DatabaseQueue(configuration: configuration)
            try queue.inDatabase { source in
                try memory.writeWithoutTransaction { try source.backup(to: $0) }
            }
            return memory
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// The database in memory `queue` as the bytes of a file in rollback-journal mode.
    private static func fileBytes(of queue: DatabaseQueue, path: String) throws(StoreError) -> [UInt8] {
        do {
            return try queue.inDatabase { db in
                var size: sqlite3_int64 = 0
                guard let data = sqlite3_serialize(db.sqliteConnection, "main", &size, 0) else {
                    throw StoreError.database("out of memory")
                }
                defer { sqlite3_free(data) }
                var bytes = [UInt8](UnsafeBufferPointer(start: data, count: Int(size)))
                // The file format's version bytes: 1 is rollback-journal mode, 2 WAL.
                if bytes.count >= 100 {
                    bytes[18] = 1
                    bytes[19] = 1
                }
                return bytes
            }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// How many paddlers and boats the database holds, for reports.
    public func counts() throws(StoreError) -> (paddlers: Int, boats: Int) {
        try read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM paddler") ?? 0,
                try Int.fetchOne(db, sql: "SELECT count(*) FROM boat") ?? 0
            )
        }
    }

    /// Replaces the database at `path` with the lineup database in the file `source`, keeping the one that
    /// was there beside it (`<path>.before-restore-<time>`).
    ///
    /// `source` must be a lineup database this version reads (an older one is brought up to date), whole
    /// by SQLite's `integrity_check`; what is wrong with it is thrown as `.restoreSource`. It is copied
    /// first into memory, so a source that changes meanwhile, or has its own log beside it, is read
    /// consistently (a log that is not its own is refused, as on opening). The database at `path` is then
    /// replaced through SQLite, in one transaction, while this connection holds the file exclusively: a
    /// command running meanwhile waits and then sees the restored database, never a mixture, and no old
    /// log is left that could be replayed into it. A lineup database at `path` that cannot be read (damaged,
    /// or beside a log that is not its own) is renamed aside as it was instead; any other file there (not
    /// SQLite, empty, another program's database) is refused as `.notReplacedByRestore`, left as it was.
    /// The kept copy is written unnamed and named only once complete: a restore killed meanwhile leaves
    /// no partial copy.
    public static func restore(
        from source: String, into path: String, busyTimeout: TimeInterval = defaultBusyTimeout
    ) throws(StoreError) -> RestoreReport {
        if let sourceIdentity = DatabaseFile.Identity(path: source),
            DatabaseFile.protectedIdentities(ofDatabaseAt: path).contains(sourceIdentity)
        {
            throw .restoreFromItself(path: source)
        }
        // Through a link, the file (and, as SQLite keeps them, its -wal and -shm) is where the link leads.
        let absolute = DatabaseFile.resolvedLocation(path) ?? DatabaseFile.absolutePath(path)
        let folder = DatabaseFile.folder(of: absolute)
        guard DatabaseFile.size(folder) != nil else {
            throw .cannotOpen(path: path, reason: "its folder does not exist")
        }
        let restored: DatabaseQueue
        let counts: (paddlers: Int, boats: Int)
        do {
            (restored, counts) = try checkedCopy(of: source)
        } catch {
            throw .restoreSource(error)
        }
        guard DatabaseFile.size(absolute) != nil else {
            try checkName(path)
            _ = try checkFile(at: path, mode: .create)
            let access = try withoutCurrentAccess(restored, path: source)
            try placeNewFile(fileBytes(of: restored, path: source), at: absolute, path: path)
            recordCommittedChange()
            return RestoreReport(
                keptCopy: nil, keptAsItWas: false, paddlers: counts.paddlers, boats: counts.boats, access: access)
        }
        let current: LineupDatabase
        do {
            current = try open(at: path, mode: .existing, busyTimeout: busyTimeout, exclusive: true)
        } catch {
            switch error {
            case .notADatabase, .corrupt, .notInitialized, .foreignLog, .storedValueOutOfRange:
                // Only a lineup database is replaced: a file given by mistake (a text, a picture, an empty
                // file) is the user's, never renamed or replaced.
                guard DatabaseFile.holdsLineupSchema(absolute) else {
                    throw .notReplacedByRestore(path: path, empty: DatabaseFile.size(absolute) == 0)
                }
                let access = try withoutCurrentAccess(restored, path: source)
                let kept = try keepAsItWas(absolute, path: path)
                try placeNewFile(fileBytes(of: restored, path: source), at: absolute, path: path)
                recordCommittedChange()
                return RestoreReport(
                    keptCopy: kept, keptAsItWas: true, paddlers: counts.paddlers, boats: counts.boats, access: access)
            default:
                throw error
            }
        }
        let (kept, access) = try current.replaceContent(with: restored)
        recordCommittedChange()
        return RestoreReport(
            keptCopy: kept, keptAsItWas: false, paddlers: counts.paddlers, boats: counts.boats, access: access)
    }

    /// Opens `source` for reading (refusing what is not a lineup database this version reads, or has a log
    /// beside it that is not its own), checks its integrity, and copies it into memory, brought up to this
    /// version's schema and checked again; with its counts of paddlers and boats.
    private static func checkedCopy(of source: String) throws(StoreError) -> (
        DatabaseQueue, (paddlers: Int, boats: Int)
    ) {
        let database = try open(at: source, mode: .reading)
        do {
            let problems = try database.queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
            guard problems == ["ok"] else { throw StoreError.corrupt(path: source) }
        } catch {
            throw StoreError(error, path: source)
        }
        let copy = try database.memoryCopy()
        try database.close()
        do {
            try migrator.migrate(copy)
            let problems = try copy.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
            guard problems == ["ok"] else { throw StoreError.corrupt(path: source) }
            // lineup writes UTF-8 only; the schema's patterns are UTF-8 bytes, which a UTF-16 file would read
            // as other characters, leaving its names unguarded.
            let encoding = try copy.read { try String.fetchOne($0, sql: "PRAGMA encoding") } ?? ""
            guard encoding == "UTF-8" else {
                throw StoreError.foreignSchema(path: source, objects: ["the text encoding \(encoding)"])
            }
            let foreign = try copy.read { try foreignSchemaObjects($0) }
            guard foreign.isEmpty else { throw StoreError.foreignSchema(path: source, objects: foreign) }
            let counts = try copy.read { db in
                (
                    paddlers: try Int.fetchOne(db, sql: "SELECT count(*) FROM paddler") ?? 0,
                    boats: try Int.fetchOne(db, sql: "SELECT count(*) FROM boat") ?? 0
                )
            }
            return (copy, counts)
        } catch {
            throw StoreError(error, path: source)
        }
    }

    /// `restored` with the backup's sessions and links ended, where no database is replaced to take access from.
    private static func withoutCurrentAccess(_ restored: DatabaseQueue, path: String) throws(StoreError)
        -> RestoredAccess
    {
        do {
            return try carryOverAccess(from: nil, into: restored)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// The schema objects of `db` that this version's migrations do not make, or make otherwise (same name,
    /// other SQL text), as "trigger z_audit": a backup is restored only with lineup's own schema, since a
    /// trigger or a changed table would act on every later change (restore an account, copy secrets into
    /// notes). Only what SQLite makes itself is left out, by exact name and kind, whatever another program
    /// named its own objects.
    static func foreignSchemaObjects(_ db: Database) throws -> [String] {
        let reference = try expectedSchema()
        let found = try schema(of: db)
        return found.filter { reference[$0.key] != $0.value }.keys.sorted()
            + reference.keys.filter { found[$0] == nil }.sorted().map { $0 + " (missing)" }
    }

    /// The schema a new database gets from this version's migrations, made once in memory.
    private static func expectedSchema() throws -> [String: String] {
        let made = try DatabaseQueue()
        try migrator.migrate(made)
        return try made.read { try schema(of: $0) }
    }

    /// "type name" → exact SQL text of each schema object of `db`, but those SQLite makes itself: the tables
    /// of AUTOINCREMENT (`sqlite_sequence`) and of ANALYZE (`sqlite_stat1` to `4`), and the indexes of
    /// UNIQUE and PRIMARY KEY constraints (`sqlite_autoindex_…`, which have no SQL; an index, trigger or view
    /// with SQL is always compared).
    private static func schema(of db: Database) throws -> [String: String] {
        var objects: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master") {
            let type: String = row["type"]
            let name: String = row["name"]
            let sql: String? = row["sql"]
            if type == "table",
                ["sqlite_sequence", "sqlite_stat1", "sqlite_stat2", "sqlite_stat3", "sqlite_stat4"]
                    .contains(name)
            {
                continue
            }
            if type == "index", sql == nil, name.hasPrefix("sqlite_autoindex_") { continue }
            objects["\(type) \(name)"] = sql ?? ""
        }
        return objects
    }

    /// With this connection holding the file exclusively: copies the database as it is now to a kept file,
    /// gives `restored` this database's accounts, sessions and links, then writes it over the file page by
    /// page in one transaction, and folds the log into the file. Returns the kept file's path.
    private func replaceContent(with restored: DatabaseQueue) throws(StoreError) -> (String, RestoredAccess) {
        let absolute = DatabaseFile.absolutePath(path)
        var staging: String?
        defer {
            if let staging {
                for suffix in [""] + DatabaseFile.companionSuffixes { unlink(staging + suffix) }
                rmdir(DatabaseFile.folder(of: staging))
            }
        }
        do {
            // The first write takes the exclusive lock (waiting for other commands, up to the busy timeout);
            // the connection keeps it until it closes.
            let counter = try queue.inDatabase { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                defer { try? db.execute(sql: "COMMIT") }
                return try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            }
            var status = stat()
            let mode = stat(absolute, &status) == 0 ? status.st_mode & 0o666 : 0o600
            let kept = try Self.writeKeptCopy(try backupBytes(), of: absolute, mode: mode, path: path)
            let access = try queue.inDatabase { current in try Self.carryOverAccess(from: current, into: restored) }
            var source = restored
            // The backup API cannot change the page size of a database in WAL mode, and SQLite cannot change
            // that of a database in memory: a backup of another page size is converted in a file in a
            // private folder of the system's temporary folder, never in the user's folder.
            let pageSize = try queue.inDatabase { try Int.fetchOne($0, sql: "PRAGMA page_size") } ?? 4096
            if try restored.inDatabase({ try Int.fetchOne($0, sql: "PRAGMA page_size") }) != pageSize {
                let file = try Self.makePrivateFolder(for: path) + "/restored.sqlite"
                staging = file
                try Data(try Self.fileBytes(of: restored, path: path)).write(to: URL(fileURLWithPath: file))
                source = try DatabaseQueue(path: file)
                try source.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA page_size = \(pageSize)")
                    try db.execute(sql: "VACUUM")
                }
            }
            // Numbered after the current file, so that a log left by a restore that is interrupted is
            // recognised as this file's own (see `WriteAheadLog`).
            let stamp = Int32(bitPattern: Self.nextStamp(after: UInt32(bitPattern: counter)))
            try source.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = \(stamp)") }
            try queue.writeWithoutTransaction { destination in
                try source.inDatabase { try $0.backup(to: destination) }
                try destination.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
            try source.close()
            try close()
            return (kept, access)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Renames the unreadable file at `absolute`, and the log and index beside it, aside; returns the new
    /// name of the file. The log gets a name SQLite would never pair with it (`.wal`, not `-wal`).
    private static func keepAsItWas(_ absolute: String, path: String) throws(StoreError) -> String {
        let kept = try keptPath(for: absolute)
        guard rename(absolute, kept) == 0 else { throw creationError(in: absolute, path: path) }
        for suffix in DatabaseFile.companionSuffixes where DatabaseFile.size(absolute + suffix) != nil {
            rename(absolute + suffix, kept + "." + suffix.dropFirst())
        }
        return kept
    }

    /// `<path>.before-restore-<UTC time>`, unused.
    private static func keptPath(for absolute: String) throws(StoreError) -> String {
        for candidate in keptPathCandidates(for: absolute) where DatabaseFile.size(candidate) == nil {
            return candidate
        }
        throw .cannotOpen(path: absolute, reason: "no free name for a copy of it")
    }

    /// The names a kept copy may take: `<path>.before-restore-<UTC time>`, then with `-2`, `-3`….
    private static func keptPathCandidates(for absolute: String) -> [String] {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let stamp = String(
            format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour,
            parts.tm_min, parts.tm_sec)
        return (1...100).map { absolute + ".before-restore-" + stamp + ($0 == 1 ? "" : "-\($0)") }
    }

    /// Writes `bytes`, the database at `absolute` as it is, under the first free kept name; returns it.
    private static func writeKeptCopy(
        _ bytes: [UInt8], of absolute: String, mode: mode_t, path: String
    ) throws(StoreError) -> String {
        for candidate in keptPathCandidates(for: absolute) where DatabaseFile.size(candidate) == nil {
            if try DatabaseFile.writeNewFile(bytes, at: candidate, mode: mode, path: path) { return candidate }
        }
        throw .cannotOpen(path: absolute, reason: "no free name for a copy of it")
    }

    /// A new folder only this user can enter, in the system's temporary folder.
    private static func makePrivateFolder(for path: String) throws(StoreError) -> String {
        let temporary = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((temporary + "lineup-restore-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkdtemp($0) } ?? nil }
        guard made != nil else { throw creationError(in: temporary, path: path) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes the complete file `bytes` at `absolute`, which must be free, with the permissions of a new
    /// database (0600).
    private static func placeNewFile(_ bytes: [UInt8], at absolute: String, path: String) throws(StoreError) {
        guard try DatabaseFile.writeNewFile(bytes, at: absolute, mode: S_IRUSR | S_IWUSR, path: path) else {
            throw .createdMeanwhile(path: path)
        }
    }
}
