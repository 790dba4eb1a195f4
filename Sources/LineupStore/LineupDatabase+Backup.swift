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
    }

    /// Writes a consistent copy of the whole database, as one file without a log (rollback-journal mode),
    /// into the empty file at `path`: SQLite's backup API, one read transaction, so commands may run
    /// meanwhile. (`VACUUM INTO` would compact it, but SQLite 3.40 fails it on a read-only connection to a
    /// table with a generated column, which `placement` has.)
    public func backup(intoEmptyFileAt path: String) throws(StoreError) {
        do {
            let destination = try DatabaseQueue(path: path)
            try queue.inDatabase { source in
                try destination.writeWithoutTransaction { try source.backup(to: $0) }
            }
            try destination.writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            }
            try destination.close()
        } catch {
            throw StoreError(error, path: self.path)
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
    /// by SQLite's `integrity_check`. It is copied first into a private file, so a source that changes
    /// meanwhile, or has its own log beside it, is read consistently. The database at `path` is then
    /// replaced through SQLite, in one transaction, while this connection holds the file exclusively: a
    /// command running meanwhile waits and then sees the restored database, never a mixture, and no old
    /// log is left that could be replayed into it. A file at `path` that is not a readable database
    /// (damaged, not SQLite, or beside a log that is not its own) is renamed aside as it was instead.
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
        let restored = try makeEmptyFile(in: folder, named: ".\(DatabaseFile.name(of: absolute)).restore", for: path)
        defer {
            for suffix in [""] + DatabaseFile.companionSuffixes { unlink(restored + suffix) }
        }
        try copyCheckedSource(source, to: restored)
        let counts: (paddlers: Int, boats: Int)
        do {
            let queue = try DatabaseQueue(path: restored)
            counts = try queue.read { db in
                (
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM paddler") ?? 0,
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM boat") ?? 0
                )
            }
            try queue.close()
        } catch {
            throw StoreError(error, path: source)
        }
        guard DatabaseFile.size(absolute) != nil else {
            try checkName(path)
            _ = try checkFile(at: path, mode: .create)
            try placeNewFile(restored, at: absolute, path: path)
            return RestoreReport(keptCopy: nil, keptAsItWas: false, paddlers: counts.paddlers, boats: counts.boats)
        }
        let current: LineupDatabase
        do {
            current = try open(at: path, mode: .existing, busyTimeout: busyTimeout, exclusive: true)
        } catch {
            switch error {
            case .notADatabase, .corrupt, .notInitialized, .foreignLog:
                let kept = try keepAsItWas(absolute, path: path)
                try placeNewFile(restored, at: absolute, path: path)
                return RestoreReport(
                    keptCopy: kept, keptAsItWas: true, paddlers: counts.paddlers, boats: counts.boats)
            default:
                throw error
            }
        }
        let kept = try current.replaceContent(with: restored, folder: folder)
        return RestoreReport(keptCopy: kept, keptAsItWas: false, paddlers: counts.paddlers, boats: counts.boats)
    }

    /// Opens `source` for reading (refusing what is not a lineup database this version reads), checks its
    /// integrity, and copies it into the empty file `destination`, brought up to this version's schema.
    private static func copyCheckedSource(_ source: String, to destination: String) throws(StoreError) {
        let database = try open(at: source, mode: .reading)
        do {
            let problems = try database.queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
            guard problems == ["ok"] else { throw StoreError.corrupt(path: source) }
        } catch {
            throw StoreError(error, path: source)
        }
        try database.backup(intoEmptyFileAt: destination)
        try database.close()
        do {
            let queue = try DatabaseQueue(path: destination)
            try migrator.migrate(queue)
            let problems = try queue.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
            try queue.close()
            guard problems == ["ok"] else { throw StoreError.corrupt(path: source) }
        } catch {
            throw StoreError(error, path: source)
        }
    }

    /// With this connection holding the file exclusively: copies the database as it is now to a kept file,
    /// then writes `restored` over it page by page in one transaction, and folds the log into the file.
    /// Returns the kept file's path.
    private func replaceContent(with restored: String, folder: String) throws(StoreError) -> String {
        do {
            // The first write takes the exclusive lock (waiting for other commands, up to the busy timeout);
            // the connection keeps it until it closes.
            let counter = try queue.inDatabase { db in
                try db.execute(sql: "BEGIN EXCLUSIVE")
                defer { try? db.execute(sql: "COMMIT") }
                return try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            }
            let absolute = DatabaseFile.absolutePath(path)
            let kept = try Self.keptPath(for: absolute, creating: true)
            do {
                try backup(intoEmptyFileAt: kept)
                try Self.syncFile(kept)
            } catch {
                unlink(kept)
                throw error
            }
            var status = stat()
            if stat(absolute, &status) == 0 { chmod(kept, status.st_mode & 0o666) }
            let source = try DatabaseQueue(path: restored)
            // The backup API cannot change the page size of a database in WAL mode: match it first.
            let pageSize = try queue.inDatabase { try Int.fetchOne($0, sql: "PRAGMA page_size") } ?? 4096
            try source.writeWithoutTransaction { db in
                if try Int.fetchOne(db, sql: "PRAGMA page_size") != pageSize {
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
            return kept
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Renames the unreadable file at `absolute`, and the log and index beside it, aside; returns the new
    /// name of the file. The log gets a name SQLite would never pair with it (`.wal`, not `-wal`).
    private static func keepAsItWas(_ absolute: String, path: String) throws(StoreError) -> String {
        let kept = try keptPath(for: absolute, creating: false)
        guard rename(absolute, kept) == 0 else { throw creationError(in: absolute, path: path) }
        for suffix in DatabaseFile.companionSuffixes where DatabaseFile.size(absolute + suffix) != nil {
            rename(absolute + suffix, kept + "." + suffix.dropFirst())
        }
        return kept
    }

    /// `<path>.before-restore-<UTC time>`, unused; with `creating`, made as an empty file.
    private static func keptPath(for absolute: String, creating: Bool) throws(StoreError) -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        let stamp = String(
            format: "%04d%02d%02d-%02d%02d%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour,
            parts.tm_min, parts.tm_sec)
        for attempt in 1...100 {
            let candidate = absolute + ".before-restore-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            guard DatabaseFile.size(candidate) == nil else { continue }
            if !creating { return candidate }
            let descriptor = Foundation.open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                Foundation.close(descriptor)
                return candidate
            }
            if errno != EEXIST { throw creationError(in: candidate, path: candidate) }
        }
        throw .cannotOpen(path: absolute, reason: "no free name for a copy of it")
    }

    /// A new empty file in `folder`, for SQLite to write a whole database into.
    private static func makeEmptyFile(in folder: String, named prefix: String, for path: String) throws(StoreError)
        -> String
    {
        var template = Array((folder + "/" + prefix + "-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw creationError(in: folder, path: path) }
        Foundation.close(descriptor)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Flushes the complete file at `temporary` to disk and gives it the name `absolute`, which must be free.
    private static func placeNewFile(_ temporary: String, at absolute: String, path: String) throws(StoreError) {
        try syncFile(temporary)
        let mask = umask(0)
        umask(mask)
        chmod(temporary, 0o666 & ~mask)
        guard link(temporary, absolute) == 0 else {
            throw errno == EEXIST ? .createdMeanwhile(path: path) : creationError(in: absolute, path: path)
        }
        syncFolder(of: absolute)
    }

    static func syncFile(_ path: String) throws(StoreError) {
        let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotOpen(path: path, reason: "it cannot be read back") }
        defer { Foundation.close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw errno == ENOSPC ? .diskFull : .database("\(path) could not be written to disk")
        }
    }
}
