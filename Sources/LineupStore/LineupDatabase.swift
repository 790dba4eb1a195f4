import CSQLiteSupport
import Foundation
import GRDB
import LineupCore

/// One club's lineup database: the roster, the boats and their undo history, in one SQLite file.
///
/// Every change is one IMMEDIATE transaction that also writes its history record, so a crash can never
/// leave one without the other. Opening never deletes, truncates or recreates a file.
///
/// The file is in WAL mode, so readers in other processes never wait for a writer and never see half a
/// change. Each command holds one connection (a GRDB `DatabaseQueue` on the WAL file): a `DatabasePool`
/// would add a second connection and, because SQLite removes the WAL file when a command ends, a write
/// to recreate it on every open, so even `show` would write and sync (see bench/RESULTS.md).
///
/// A database opened for reading never writes its file: the connection does not copy the log back into
/// it when it closes, and where SQLite could not keep its companion files (a read-only file or folder, a
/// full disk) the file is read into memory instead, so nothing is left behind that would block a writer.
public final class LineupDatabase: Sendable {
    /// How to treat the database file.
    public enum OpenMode: Sendable {
        /// Create the file (and its folders) and the schema: `lineup init`.
        case create
        /// The file must exist and hold a lineup database.
        case existing
        /// As `existing`, for a command that changes nothing: no byte of the file is written, and it works
        /// on a read-only file, in a read-only folder and on a full disk.
        case reading
    }

    /// The path of the database file, as given.
    public let path: String
    let queue: DatabaseQueue
    /// For a reading connection on the file: the log whose content, if any at closing time, must stay in
    /// the log rather than be copied into the file by this connection.
    private let logToLeaveAlone: String?
    /// For a database made aside by `createAside(for:)`: where it is now, and what `publish()` must do.
    private let aside: Aside?
    /// Set once `publish()` has put the database made aside in place.
    nonisolated(unsafe) private var isPublished = false
    /// The database's absolute path, when its log and index did not exist before this connection opened:
    /// should SQLite leave them empty at closing, they are removed.
    private let companionsToTidy: String?

    /// A new database built under a hidden name beside its final path.
    struct Aside: Sendable {
        var temporaryPath: String
        let finalPath: String
        /// Folders created for it, deepest first, removed again if it is discarded.
        let createdFolders: [String]
        /// Folder locks held until it is published or discarded.
        let locks: [Int32]
    }

    /// Seconds a command waits by default for another one's write to finish before it reports the
    /// database busy.
    public static let defaultBusyTimeout: TimeInterval = 10

    private init(
        path: String, queue: DatabaseQueue, logToLeaveAlone: String? = nil, aside: Aside? = nil,
        companionsToTidy: String? = nil
    ) {
        self.path = path
        self.queue = queue
        self.logToLeaveAlone = logToLeaveAlone
        self.aside = aside
        self.companionsToTidy = companionsToTidy
    }

    deinit {
        leaveLogAloneIfNeeded()
        if let aside, !isPublished {
            try? queue.close()
            Self.remove(aside)
        } else if let companionsToTidy {
            try? queue.close()
            Self.removeEmptyCompanions(ofDatabaseAt: companionsToTidy)
        }
    }

    /// Removes an empty log and its index that SQLite made but could not remove itself, as when a command
    /// failed on a full disk before it could write a thing; left alone while any connection has them open.
    static func removeEmptyCompanions(ofDatabaseAt absolute: String) {
        WriteAheadLog.removeIfEmptyAndUnused(companionsOfDatabaseAt: absolute)
    }

    /// Opens the database at `path`, checking first, without writing, that it is one this version can use.
    /// A write waits up to `busyTimeout` seconds for another process's write, then fails with `.busy`.
    public static func open(
        at path: String, mode: OpenMode, busyTimeout: TimeInterval = defaultBusyTimeout
    ) throws(StoreError) -> LineupDatabase {
        try open(at: path, mode: mode, busyTimeout: busyTimeout, exclusive: false)
    }

    /// `open(at:mode:busyTimeout:)`; with `exclusive`, the connection keeps every other process out of
    /// the file, readers included, from its first transaction until it closes (for `restore`).
    static func open(
        at path: String, mode: OpenMode, busyTimeout: TimeInterval, exclusive: Bool
    ) throws(StoreError) -> LineupDatabase {
        try checkName(path)
        let header = try checkFile(at: path, mode: mode)
        try refuseForeignJournal(at: path, header: header)
        // Whatever the header says: SQLite reads a -wal beside a file in rollback mode too (a backup copied
        // over the database is one).
        try checkLogBelongs(toDatabaseAt: path)
        if mode == .reading { return try openForReading(at: path, header: header, busyTimeout: busyTimeout) }
        if header.count >= 20, header[18] != 2 {
            // Not in WAL mode, so not a file lineup wrote: look before it is switched to WAL.
            try inspectReadOnly(at: path)
        }
        try repairCompanionModes(ofDatabaseAt: path)
        return try openForWriting(
            at: path, header: header, mode: mode, busyTimeout: busyTimeout, exclusive: exclusive)
    }

    /// Refuses a WAL database with a rollback journal beside it: lineup's files never use one, and SQLite
    /// would play it back into the file.
    static func refuseForeignJournal(at path: String, header: Data) throws(StoreError) {
        if header.count >= 20, header[18] == 2,
            (DatabaseFile.size(DatabaseFile.absolutePath(path) + "-journal") ?? 0) > 0
        {
            throw .foreignJournal(path: path, journal: path + "-journal")
        }
    }

    /// Makes a new database for `path` under a hidden name in the same folder, where no other command can
    /// see it: it takes `path` only when `publish()` succeeds, and vanishes (with any folder made for it)
    /// when it is released unpublished. So a command that fails leaves no new file behind.
    ///
    /// Commands creating the same database at once take turns: each holds a lock on the folder (`flock`)
    /// from its check that the file is missing until it publishes or gives up. Returns nil when, once the
    /// lock is held, the file turns out to exist (another command created it): open it instead.
    public static func createAside(
        for path: String, busyTimeout: TimeInterval = defaultBusyTimeout
    ) throws(StoreError) -> LineupDatabase? {
        try checkName(path)
        _ = try checkFile(at: path, mode: .create)
        let absolute = DatabaseFile.absolutePath(path)
        let folder = DatabaseFile.folder(of: absolute)
        var locks = [try lockFolder(nearestExistingAbove: absolute, busyTimeout: busyTimeout)]
        let createdFolders: [String]
        do {
            createdFolders = try makeFolders(for: path)
            if !createdFolders.isEmpty {
                locks.append(try lockFolder(nearestExistingAbove: absolute, busyTimeout: busyTimeout))
            }
        } catch {
            for lock in locks { Foundation.close(lock) }
            throw error
        }
        var aside = Aside(temporaryPath: "", finalPath: path, createdFolders: createdFolders, locks: locks)
        var status = stat()
        if lstat(absolute, &status) == 0 {
            remove(aside)
            return nil
        }
        var template = Array((folder + "/.\(DatabaseFile.name(of: absolute)).new-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            let error = creationError(in: folder, path: path)
            remove(aside)
            throw error
        }
        Foundation.close(descriptor)
        aside.temporaryPath = String(
            decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        do {
            let queue = try makeQueue(path: aside.temporaryPath, busyTimeout: busyTimeout)
            try queue.writeWithoutTransaction { db in
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw StoreError.cannotOpen(path: path, reason: "the database cannot be switched to WAL mode")
                }
            }
            try migrator.migrate(queue)
            // The mode mkstemp gave, 0600, whatever the umask: the file holds password hashes, session digests
            // and paddlers' notes. SQLite gives the -wal and -shm the main file's mode.
            chmod(aside.temporaryPath, S_IRUSR | S_IWUSR)
            return LineupDatabase(path: path, queue: queue, aside: aside)
        } catch {
            remove(aside)
            throw StoreError(error, path: path)
        }
    }

    /// An exclusive `flock` on the deepest existing folder above `absolute`, waiting up to `busyTimeout`.
    private static func lockFolder(
        nearestExistingAbove absolute: String, busyTimeout: TimeInterval
    ) throws(StoreError) -> Int32 {
        var folder = DatabaseFile.folder(of: absolute)
        while DatabaseFile.size(folder) == nil, folder != "/" { folder = DatabaseFile.folder(of: folder) }
        let descriptor = Foundation.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw creationError(in: folder, path: absolute) }
        let deadline = Date().addingTimeInterval(busyTimeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                Foundation.close(descriptor)
                throw .busy
            }
            usleep(5_000)
        }
        return descriptor
    }

    /// Puts a database made by `createAside(for:)` at its path, complete and on disk; the connection is
    /// closed. Refused, and the new database discarded, when another command created a file there meanwhile.
    public func publish() throws(StoreError) {
        guard let aside else { return }
        do {
            try queue.close()
        } catch {
            throw StoreError(error, path: path)
        }
        guard DatabaseFile.size(aside.temporaryPath + "-wal") == nil else {
            throw .database("the new database could not be written completely")
        }
        let descriptor = Foundation.open(aside.temporaryPath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0, fsync(descriptor) == 0 else {
            if descriptor >= 0 { Foundation.close(descriptor) }
            throw .diskFull
        }
        Foundation.close(descriptor)
        // link() never replaces an existing file, so a database another command created meanwhile is safe.
        if link(aside.temporaryPath, aside.finalPath) != 0 {
            let reason = errno
            guard reason == EPERM || reason == ENOTSUP || reason == EOPNOTSUPP,
                DatabaseFile.size(aside.finalPath) == nil,
                rename(aside.temporaryPath, aside.finalPath) == 0
            else {
                throw reason == EEXIST
                    ? .createdMeanwhile(path: path) : Self.creationError(in: aside.finalPath, path: path)
            }
        } else {
            unlink(aside.temporaryPath)
        }
        Self.syncFolder(of: aside.finalPath)
        isPublished = true
        Self.recordCommittedChange()
        for lock in aside.locks { Foundation.close(lock) }
    }

    private static func remove(_ aside: Aside) {
        if !aside.temporaryPath.isEmpty {
            for suffix in [""] + DatabaseFile.companionSuffixes { unlink(aside.temporaryPath + suffix) }
        }
        for folder in aside.createdFolders { rmdir(folder) }
        for lock in aside.locks { Foundation.close(lock) }
    }

    static func syncFolder(of path: String) {
        let folder = Foundation.open(DatabaseFile.folder(of: DatabaseFile.absolutePath(path)), O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            Foundation.close(folder)
        }
    }

    /// Another connection to the database this one has open, for a process that keeps several at once (the
    /// server's readers): it only reads. It skips the checks of opening, which this connection made: once a
    /// process holds the file, nothing may open and close its companion files behind SQLite's back, because
    /// closing any descriptor of a file drops every POSIX lock the process holds on it, SQLite's included.
    func sibling(busyTimeout: TimeInterval) throws(StoreError) -> LineupDatabase {
        do {
            return LineupDatabase(
                path: path, queue: try Self.makeQueue(path: path, busyTimeout: busyTimeout, queryOnly: true))
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Closes the connection now (for a database opened for reading, without copying the log into the file).
    public func close() throws(StoreError) {
        leaveLogAloneIfNeeded()
        do {
            try queue.close()
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// When this connection only reads and the log holds changes, tells SQLite not to copy them into the
    /// file at closing: that is a writer's job, and the file must not change under a read command.
    private func leaveLogAloneIfNeeded() {
        guard let logToLeaveAlone, (DatabaseFile.size(logToLeaveAlone) ?? 0) > 0 else { return }
        Self.disableCheckpointOnClose(queue)
    }

    /// Throws `.databaseReplaced` when the path no longer names the file this connection has open (SQLite
    /// compares the path's inode with the open file's): it was moved, deleted or replaced since.
    static func refuseIfMoved(_ db: Database, path: String) throws(StoreError) {
        var moved: Int32 = 0
        guard let connection = db.sqliteConnection,
            sqlite3_file_control(connection, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK
        else { return }
        if moved != 0 { throw .databaseReplaced(path: path) }
    }

    /// True when the path no longer names the file this connection has open (see `refuseIfMoved`).
    func hasMoved() -> Bool {
        queue.inDatabase { db in
            do {
                try Self.refuseIfMoved(db, path: path)
                return false
            } catch {
                return true
            }
        }
    }

    /// Keeps SQLite from copying the log into the file when this connection closes: for a file that was
    /// moved or replaced, whose log (named after the path) may by then hold another file's changes.
    func leaveLogAtClosing() {
        Self.disableCheckpointOnClose(queue)
    }

    private static func disableCheckpointOnClose(_ queue: DatabaseQueue) {
        queue.inDatabase { db in
            if let connection = db.sqliteConnection { _ = lineup_disable_checkpoint_on_close(connection) }
        }
    }

    private static func makeQueue(
        path: String, busyTimeout: TimeInterval, readonly: Bool = false, queryOnly: Bool = false,
        exclusive: Bool = false
    ) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.readonly = readonly
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            if exclusive { try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
            // A command that reported success has its change on disk, power cut included.
            if !readonly { try db.execute(sql: "PRAGMA synchronous = FULL") }
            if queryOnly { try db.execute(sql: "PRAGMA query_only = 1") }
        }
        return try DatabaseQueue(path: DatabaseFile.absolutePath(path), configuration: configuration)
    }

    private static func openForWriting(
        at path: String, header: Data, mode: OpenMode, busyTimeout: TimeInterval, exclusive: Bool
    ) throws(StoreError) -> LineupDatabase {
        if header.isEmpty, mode == .create { _ = try makeFolders(for: path) }
        let absolute = DatabaseFile.absolutePath(path)
        let companionsBefore = ["-wal", "-shm"].filter { DatabaseFile.size(absolute + $0) != nil }
        let queue: DatabaseQueue
        do {
            queue = try makeQueue(path: path, busyTimeout: busyTimeout, exclusive: exclusive)
            // WAL mode is stored in the file; only a new file (or one another tool switched back) needs it.
            if header.count < 20 || header[18] != 2 {
                try queue.writeWithoutTransaction { db in
                    guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                        throw StoreError.cannotOpen(path: path, reason: "the database cannot be switched to WAL mode")
                    }
                }
            }
        } catch {
            // SQLite may have made the log and index before failing (on a full disk, say): a command that
            // fails leaves no new file, so they go again, unless another process has started using them.
            if companionsBefore.isEmpty { removeEmptyCompanions(ofDatabaseAt: absolute) }
            throw StoreError(error, path: path)
        }
        let database = LineupDatabase(
            path: path, queue: queue, companionsToTidy: companionsBefore.isEmpty ? absolute : nil)
        do {
            try database.checkSchema(mode: mode)
        } catch {
            // A file that is refused is left as it was: not even a log replayed at opening is copied back.
            disableCheckpointOnClose(queue)
            throw error
        }
        return database
    }

    /// Opens a connection that cannot change the file, choosing how by what the folder allows.
    private static func openForReading(
        at path: String, header: Data, busyTimeout: TimeInterval
    ) throws(StoreError) -> LineupDatabase {
        let absolute = DatabaseFile.absolutePath(path)
        let log = absolute + "-wal"
        let isWAL = header[18] == 2
        let companionsCanBeMade = companionsCanBeMade(forDatabaseAt: absolute)
        if isWAL, !companionsCanBeMade, logIsEmptyAndUnused(ofDatabaseAt: absolute),
            let queue = try snapshot(of: absolute, path: path)
        {
            return try finishReading(LineupDatabase(path: path, queue: queue), busyTimeout: busyTimeout)
        }
        let companionsBefore = ["-wal", "-shm"].filter { DatabaseFile.size(absolute + $0) != nil }
        let queue: DatabaseQueue
        do {
            if isWAL, companionsCanBeMade {
                queue = try makeQueue(path: path, busyTimeout: busyTimeout, queryOnly: true)
            } else {
                if isWAL { prepareSharedMemory(forDatabaseAt: absolute) }
                queue = try makeQueue(path: path, busyTimeout: busyTimeout, readonly: true)
            }
        } catch {
            throw StoreError(error, path: path)
        }
        let database = LineupDatabase(
            path: path, queue: queue, logToLeaveAlone: isWAL ? log : nil,
            companionsToTidy: isWAL && companionsBefore.isEmpty ? absolute : nil)
        return try finishReading(database, busyTimeout: busyTimeout)
    }

    /// True when a reading connection can keep its log and index beside the file: the file and its folder
    /// are writable and the disk has room.
    static func companionsCanBeMade(forDatabaseAt absolute: String) -> Bool {
        DatabaseFile.isWritable(absolute) && DatabaseFile.isWritable(DatabaseFile.folder(of: absolute))
            && (DatabaseFile.freeBytes(inFolderOf: absolute) ?? .max) >= 1 << 20
    }

    /// Checks the schema of a database opened for reading. One from an older lineup is migrated in a copy
    /// in memory, so the commands read the schema they know while the file stays as it is.
    private static func finishReading(
        _ database: LineupDatabase, busyTimeout: TimeInterval
    ) throws(StoreError) -> LineupDatabase {
        let state: SchemaState
        do {
            state = try database.queue.read { try SchemaState(db: $0) }
        } catch {
            throw StoreError(error, path: database.path)
        }
        try state.check(path: database.path)
        if state.applied.isEmpty { throw .notInitialized(path: database.path) }
        guard state.needsMigration else { return database }
        do {
            let memory = try DatabaseQueue(configuration: memoryConfiguration())
            try database.queue.inDatabase { source in
                try memory.writeWithoutTransaction { try source.backup(to: $0) }
            }
            try migrator.migrate(memory)
            return LineupDatabase(path: database.path, queue: memory)
        } catch {
            throw StoreError(error, path: database.path)
        }
    }

    private static func memoryConfiguration() -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        return configuration
    }

    /// True when the database has no log with content and no process has it open, so the file alone is
    /// the whole database.
    private static func logIsEmptyAndUnused(ofDatabaseAt absolute: String) -> Bool {
        guard let size = DatabaseFile.size(absolute + "-wal") else { return true }
        return size == 0 && !WriteAheadLog.isInUse(sharedMemoryPath: absolute + "-shm")
    }

    /// The file read into memory, for reading where SQLite could not make its companion files. Only taken
    /// when no log holds anything and no process has the database open, so the file alone is the whole
    /// database, and only if that was still so after the file was read and the file did not change
    /// meanwhile (same size and times): otherwise nil, and a normal read-only connection is used.
    private static func snapshot(of absolute: String, path: String) throws(StoreError) -> DatabaseQueue? {
        for _ in 0..<3 {
            guard let before = DatabaseFile.Fingerprint(path: absolute) else { throw .databaseMissing(path: path) }
            guard var bytes = FileManager.default.contents(atPath: absolute).map({ [UInt8]($0) }) else {
                throw .cannotOpen(path: path, reason: "the file cannot be read; check its permissions")
            }
            guard logIsEmptyAndUnused(ofDatabaseAt: absolute) else { return nil }
            guard DatabaseFile.Fingerprint(path: absolute) == before else { continue }
            guard bytes.count >= 100 else { throw .corrupt(path: path) }
            // In memory there is no log: mark the copy as a rollback-journal database.
            bytes[18] = 1
            bytes[19] = 1
            do {
                let queue = try DatabaseQueue(configuration: memoryConfiguration())
                try queue.inDatabase { db in
                    let count = bytes.count
                    guard let buffer = sqlite3_malloc64(sqlite3_uint64(count)) else {
                        throw StoreError.database("out of memory")
                    }
                    bytes.withUnsafeBytes { source in
                        if let start = source.baseAddress { buffer.copyMemory(from: start, byteCount: count) }
                    }
                    let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
                    let code = sqlite3_deserialize(
                        db.sqliteConnection, "main", buffer.assumingMemoryBound(to: UInt8.self), sqlite3_int64(count),
                        sqlite3_int64(count), flags)
                    guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
                }
                return queue
            } catch {
                throw StoreError(error, path: path)
            }
        }
        return nil
    }

    /// A read-only connection on a file we may not write needs the shared-memory index: SQLite would create
    /// it with the file's own permissions, so a read-only file would get a read-only index that blocks
    /// every later writer. Made here instead, writable by its owner.
    private static func prepareSharedMemory(forDatabaseAt absolute: String) {
        let index = absolute + "-shm"
        var status = stat()
        guard DatabaseFile.size(index) == nil, DatabaseFile.size(absolute + "-wal") != nil,
            stat(absolute, &status) == 0
        else { return }
        let descriptor = Foundation.open(index, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        fchmod(descriptor, (status.st_mode & 0o666) | S_IRUSR | S_IWUSR)
        Foundation.close(descriptor)
    }

    /// A companion file (log or index) that its owner cannot write blocks every write to the database;
    /// earlier versions of lineup left one after reading a read-only file. Given its owner's write
    /// permission back when the database itself is writable.
    static func repairCompanionModes(ofDatabaseAt path: String) throws(StoreError) {
        let absolute = DatabaseFile.absolutePath(path)
        guard DatabaseFile.isWritable(absolute) else { return }
        for suffix in ["-wal", "-shm"] {
            let companion = absolute + suffix
            var status = stat()
            guard lstat(companion, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
                !DatabaseFile.isWritable(companion)
            else { continue }
            if status.st_uid == geteuid() { chmod(companion, (status.st_mode & 0o7777) | S_IWUSR) }
        }
    }

    /// Refuses a path SQLite would not take as a plain file name, or one that names another database's
    /// companion file.
    static func checkName(_ path: String) throws(StoreError) {
        if path.isEmpty { throw .cannotOpen(path: path, reason: "the path is empty") }
        if path.hasPrefix("file:") { throw .uriNotSupported(path: path) }
        if path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".." {
            throw .cannotOpen(path: path, reason: "it names a folder; give the path of a database file")
        }
        let absolute = DatabaseFile.absolutePath(path)
        for suffix in DatabaseFile.companionSuffixes where absolute.hasSuffix(suffix) {
            let owner = String(absolute.dropLast(suffix.count))
            if DatabaseFile.size(owner) != nil {
                throw .companionFile(path: path, database: String(path.dropLast(suffix.count)))
            }
        }
    }

    /// Creates the folders missing above `path`, returning those it made, deepest first.
    private static func makeFolders(for path: String) throws(StoreError) -> [String] {
        var missing: [String] = []
        var folder = DatabaseFile.folder(of: DatabaseFile.absolutePath(path))
        while DatabaseFile.size(folder) == nil, folder != "/" {
            missing.append(folder)
            folder = DatabaseFile.folder(of: folder)
        }
        var made: [String] = []
        for folder in missing.reversed() {
            // Only this user may enter a folder made for the database (0700), as with the file itself.
            guard mkdir(folder, S_IRWXU) == 0 || errno == EEXIST else {
                for made in made.reversed() { rmdir(made) }
                throw .cannotOpen(path: path, reason: "its folder cannot be created")
            }
            made.append(folder)
        }
        return made.reversed()
    }

    static func creationError(in folder: String, path: String) -> StoreError {
        let reason = errno
        if reason == ENOSPC || reason == EDQUOT { return .diskFull }
        if reason == EACCES || reason == EROFS || reason == EPERM { return .readOnly(path: path) }
        return .cannotOpen(path: path, reason: "a file cannot be created in its folder")
    }

    /// Refuses, before SQLite touches it, a path that is a folder, a device, a FIFO or a socket, an
    /// unreadable file, or a file that does not start like a SQLite database; and, for a file to be
    /// created, a place where another database's log or journal is still lying.
    /// Returns the file's first 100 bytes (its SQLite header), empty for a new or empty file.
    static func checkFile(at path: String, mode: OpenMode) throws(StoreError) -> Data {
        let absolute = DatabaseFile.absolutePath(path)
        try refuseLinkedCompanions(ofDatabaseAt: absolute, path: path)
        var status = stat()
        guard stat(absolute, &status) == 0 else {
            let reason = errno
            if lstat(absolute, &status) == 0 {
                throw .cannotOpen(path: path, reason: "it is a symbolic link to a file that does not exist")
            }
            if reason == EACCES {
                throw .cannotOpen(path: path, reason: "its folder cannot be read; check its permissions")
            }
            if reason == ENOTDIR { throw .cannotOpen(path: path, reason: "its folder cannot be created") }
            guard mode == .create else { throw .databaseMissing(path: path) }
            try refuseStrayCompanions(ofDatabaseAt: absolute, path: path)
            return Data()
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .cannotOpen(path: path, reason: "it is a folder; give the path of a database file")
        case S_IFIFO: throw .notARegularFile(path: path, kind: "a FIFO (named pipe)")
        case S_IFSOCK: throw .notARegularFile(path: path, kind: "a socket")
        case S_IFCHR, S_IFBLK: throw .notARegularFile(path: path, kind: "a device")
        default: throw .notARegularFile(path: path, kind: "not a regular file")
        }
        // O_NONBLOCK: should the file have been swapped for a FIFO since, opening it must not hang.
        let descriptor = Foundation.open(absolute, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: "the file cannot be read; check its permissions")
        }
        defer { Foundation.close(descriptor) }
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .notARegularFile(path: path, kind: "not a regular file")
        }
        var buffer = [UInt8](repeating: 0, count: 100)
        let count = Foundation.read(descriptor, &buffer, 100)
        let header = Data(buffer.prefix(max(count, 0)))
        if header.isEmpty {
            guard mode == .create else { throw .notInitialized(path: path) }
            // SQLite deletes the log and journal beside a file with no pages: refused as for a missing file.
            try refuseStrayCompanions(ofDatabaseAt: absolute, path: path)
            return header
        }
        // Compared byte by byte: building a `Data` from text casts dynamically, which costs a scan of every
        // protocol conformance in the binary (4% of a short command's instructions).
        guard header.count >= 20, header.prefix(16).elementsEqual("SQLite format 3\0".utf8) else {
            throw .notADatabase(path: path)
        }
        return header
    }

    /// Refuses a database whose `-wal` or `-shm` is a symbolic link, before SQLite sees it: SQLite would
    /// write the log through the link (creating its target if missing) and delete the link when done, and
    /// a failed open would leave an empty log behind. A link the user made is theirs to change: lineup
    /// neither follows nor removes it. Through a link to the database, its companions are where SQLite keeps
    /// them, beside the file the link leads to.
    static func refuseLinkedCompanions(ofDatabaseAt absolute: String, path: String) throws(StoreError) {
        var status = stat()
        let isLink = lstat(absolute, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
        let location = isLink ? DatabaseFile.resolvedLocation(absolute) ?? absolute : absolute
        for suffix in ["-wal", "-shm"]
        where lstat(location + suffix, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK {
            let companion = location + suffix
            let target = DatabaseFile.resolvedLocation(companion)
            let leadsTo = target.map { stat($0, &status) == 0 ? "the file \($0)" : "\($0), which does not exist" }
            throw .cannotOpen(
                path: path,
                reason: "\(companion) is a symbolic link (to \(leadsTo ?? "nowhere")), and SQLite would write "
                    + "through it and delete it; lineup leaves links it did not make alone, so nothing was "
                    + "changed: replace the link with the file it leads to (mv), or remove the link if that file "
                    + "is gone or is not this database's")
        }
    }

    /// Refuses to make a database where a log, index or journal of an earlier one is still lying.
    private static func refuseStrayCompanions(ofDatabaseAt absolute: String, path: String) throws(StoreError) {
        for suffix in DatabaseFile.companionSuffixes where DatabaseFile.size(absolute + suffix) != nil {
            throw .strayCompanion(path: path, companion: path + suffix)
        }
    }

    /// Refuses to open a database whose log was left by a process that is gone and does not belong to the
    /// file (the file was replaced after the process was killed): SQLite would replay it into the file.
    static func checkLogBelongs(toDatabaseAt path: String) throws(StoreError) {
        let absolute = DatabaseFile.absolutePath(path)
        let logPath = absolute + "-wal"
        for attempt in 0..<2 {
            guard (DatabaseFile.size(logPath) ?? 0) > 32,
                !WriteAheadLog.isInUse(sharedMemoryPath: absolute + "-shm"),
                let log = WriteAheadLog(path: logPath),
                let header = DatabaseFile.firstBytes(64, ofFileAt: absolute)
            else { return }
            let stamp =
                UInt32(header[60]) << 24 | UInt32(header[61]) << 16 | UInt32(header[62]) << 8 | UInt32(header[63])
            if log.belongs(toFileWithStamp: stamp) { return }
            // Looked at again once, in case another command was just then checkpointing and restarting it.
            if attempt == 1 { throw .foreignLog(path: path, log: path + "-wal") }
        }
    }

    /// Checks a database through a read-only connection, which cannot change a byte of it.
    private static func inspectReadOnly(at path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: DatabaseFile.absolutePath(path), configuration: configuration)
            let state = try queue.read { try SchemaState(db: $0) }
            try queue.close()
            try state.check(path: path)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Applies pending migrations (or, when opening an existing file, requires that it was set up), and
    /// refuses a file from a newer version or of another program.
    private func checkSchema(mode: OpenMode) throws(StoreError) {
        let migrator = Self.migrator
        let state: SchemaState
        do {
            state = try queue.read { try SchemaState(db: $0) }
        } catch {
            throw StoreError(error, path: path)
        }
        try state.check(path: path)
        if state.applied.isEmpty, mode == .existing { throw .notInitialized(path: path) }
        if state.needsMigration {
            do {
                Self.recordMigrationsApplied(try migrator.migrate(queue))
            } catch {
                throw StoreError(error, path: path)
            }
        }
    }

    /// The schema's migrations, from the numbered SQL files compiled into the binary; a migration whose
    /// data SQLite cannot change alone (Unicode normalization) has a Swift step that runs before its SQL.
    static let migrator = SchemaMigrator(
        migrations: EmbeddedMigrations.files.map { file in
            let identifier = migrationIdentifier(file.name)
            return SchemaMigrator.Migration(
                identifier: identifier, sql: file.contents,
                dataStep: NameNormalization.stepsBeforeMigration[identifier])
        })

    /// The identifiers of the schema's migrations, in order: the names of the numbered SQL files.
    static let migrationIdentifiers = EmbeddedMigrations.files.map { migrationIdentifier($0.name) }

    private static func migrationIdentifier(_ fileName: String) -> String { String(fileName.dropLast(".sql".count)) }

    /// Runs `body` in one IMMEDIATE write transaction, mapping every failure to a `StoreError`.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                let changesBefore = db.totalChangesCount
                // IMMEDIATE takes the write lock at the start, so two commands never both read a lineup
                // and then race to change it; the second one waits (busy timeout) and reads the new state.
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    // Looked at last, with the write lock held, so that no change is committed into a file the
                    // path no longer names (moved or replaced under a process that keeps it open).
                    if aside == nil { try Self.refuseIfMoved(db, path: path) }
                    // A request that changed nothing (an exchange of a seat with itself, a lock already on)
                    // writes nothing: no stamp, so the file stays byte for byte as it was and the change feed
                    // (`data_version`) wakes no page.
                    if db.totalChangesCount != changesBefore { try Self.stampChange(db) }
                    return .commit
                }
                guard let result else { throw StoreError.database("a write returned nothing") }
                // The stamp alone (a pragma) is not a change.
                if db.totalChangesCount != changesBefore { Self.recordCommittedChange() }
                return result
            }
        } catch {
            throw explained(error)
        }
    }

    /// `error` as a `StoreError`; a write SQLite refused on a foreign key, once rolled back, names the rows
    /// that were already broken, if any (see `refuseMissingPaddlers`): only then is the whole file checked.
    private func explained(_ error: any Error) -> StoreError {
        guard Self.isForeignKeyFailure(error), let rows = try? read({ try Self.brokenReferences($0) }), !rows.isEmpty
        else { return StoreError(error, path: path) }
        return .brokenReferences(path: path, rows: rows)
    }

    /// True when `error` is SQLite refusing a change on a foreign key.
    static func isForeignKeyFailure(_ error: any Error) -> Bool {
        let foreignKey = ResultCode.SQLITE_CONSTRAINT_FOREIGNKEY.rawValue
        if let error = error as? DatabaseError { return error.extendedResultCode.rawValue == foreignKey }
        if let error = error as? SQLiteFailure { return error.code == foreignKey }
        return false
    }

    /// Stamps the change in the file's header (`user_version`), so every committed change writes page 1
    /// with a new stamp: how a log left by a killed process is matched to its file (`WriteAheadLog`).
    static func stampChange(_ db: some SQLRunner) throws {
        let stamp = UInt32(truncatingIfNeeded: try db.row("PRAGMA user_version")?.integer("user_version") ?? 0)
        try db.run("PRAGMA user_version = \(Int32(bitPattern: nextStamp(after: stamp)))")
    }

    /// A stamp that follows `stamp`: its high half is `stamp`'s low half, its low half new and random.
    static func nextStamp(after stamp: UInt32) -> UInt32 {
        var random = UInt32.random(in: 0...0xFFFF)
        if random == stamp & 0xFFFF { random ^= 1 }
        return (stamp & 0xFFFF) << 16 | random
    }

    /// Runs `body` on a consistent snapshot, mapping every failure to a `StoreError`.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.read(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }
}

/// What a database file holds, as far as telling whether lineup can use it.
struct SchemaState {
    /// True when the file has lineup's migration table.
    var isLineupDatabase: Bool
    var applied: Set<String>
    /// Tables, views, indexes and triggers: a file with any of them is not empty.
    var schemaObjectCount: Int
    var unknownMigrations: Set<String>

    init(db: some SQLRunner) throws {
        let objects = try db.rows("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
        schemaObjectCount = objects.count
        isLineupDatabase = objects.contains { $0.text("type") == "table" && $0.text("name") == "grdb_migrations" }
        applied =
            isLineupDatabase
            ? Set(try db.rows("SELECT identifier FROM grdb_migrations").map { $0.text("identifier") }) : []
        unknownMigrations = applied.subtracting(LineupDatabase.migrationIdentifiers)
    }

    /// True when migrations this version knows have not been applied yet.
    var needsMigration: Bool { applied.count < LineupDatabase.migrationIdentifiers.count }

    /// Throws when the file is another program's database or was written by a newer lineup.
    func check(path: String) throws(StoreError) {
        if !isLineupDatabase && schemaObjectCount > 0 { throw .notALineupDatabase(path: path) }
        if !unknownMigrations.isEmpty {
            throw .newerSchema(path: path, unknownMigrations: unknownMigrations.sorted())
        }
    }
}

extension StoreError {
    /// Maps any error thrown inside the store to a `StoreError` that says what to do, without SQL.
    init(_ error: any Error, path: String) {
        if let error = error as? StoreError {
            self = error
        } else if let error = error as? LineupError {
            self = .lineup(error)
        } else if let error = error as? BrokenReferences {
            self = .brokenReferences(path: path, rows: error.rows)
        } else if let error = error as? SchemaMigrator.NewerSchema {
            self = .newerSchema(path: path, unknownMigrations: error.unknownMigrations)
        } else if let error = error as? StoredValue.OutOfRange {
            self = .storedValueOutOfRange(path: path, what: error.what)
        } else if let error = error as? DatabaseError {
            self.init(resultCode: error.extendedResultCode.rawValue, path: path)
        } else if let error = error as? SQLiteFailure {
            self.init(resultCode: error.code, path: path)
        } else {
            self = .database("an unexpected error (\(type(of: error)))")
        }
    }

    /// Maps SQLite's result code (extended or primary), from either connection, to what it means for the
    /// coach. SQLite's own message is never passed on: it can quote the schema's SQL (the name of a trigger,
    /// a column, a constraint's text), which is no help to a coach and no business of a web page's visitor.
    init(resultCode: Int32, path: String) {
        switch resultCode & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: self = .busy
        case SQLITE_NOTADB: self = .notADatabase(path: path)
        case SQLITE_CORRUPT: self = .corrupt(path: path)
        case SQLITE_CANTOPEN: self = .cannotOpen(path: path, reason: "check that the folder exists and is writable")
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: self = .readOnly(path: path)
        case SQLITE_FULL: self = .diskFull
        case SQLITE_IOERR where Self.diskIsFull(forDatabaseAt: path): self = .diskFull
        case SQLITE_IOERR: self = .database("the file could not be read or written (an input/output error)")
        case SQLITE_NOMEM: self = .database("out of memory")
        case SQLITE_CONSTRAINT where resultCode == ResultCode.SQLITE_CONSTRAINT_FOREIGNKEY.rawValue:
            self = .database("the change would leave a reference to a row that does not exist")
        case SQLITE_CONSTRAINT: self = .database("the change breaks one of the rules the database keeps")
        default: self = .database("SQLite result code \(resultCode)")
        }
    }

    /// SQLite reports some writes that fail for want of space (growing the shared-memory index, syncing)
    /// as a plain I/O error: the free space of the folder tells them apart.
    static func diskIsFull(forDatabaseAt path: String) -> Bool {
        guard let free = DatabaseFile.freeBytes(inFolderOf: DatabaseFile.absolutePath(path)) else { return false }
        return free < 1 << 20
    }
}
