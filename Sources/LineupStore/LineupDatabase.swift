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
public final class LineupDatabase: Sendable {
    /// How to treat a database file that does not exist yet.
    public enum OpenMode: Sendable {
        /// Create the file (and its folders) and the schema: `lineup init`.
        case create
        /// The file must exist and hold a lineup database.
        case existing
    }

    /// The path of the database file.
    public let path: String
    let queue: DatabaseQueue

    /// Seconds a command waits by default for another one's write to finish before it reports the
    /// database busy.
    public static let defaultBusyTimeout: TimeInterval = 10

    private init(path: String, queue: DatabaseQueue) {
        self.path = path
        self.queue = queue
    }

    /// Opens the database at `path`, checking first, without writing, that it is one this version can use.
    /// A write waits up to `busyTimeout` seconds for another process's write, then fails with `.busy`.
    public static func open(
        at path: String, mode: OpenMode, busyTimeout: TimeInterval = defaultBusyTimeout
    ) throws(StoreError) -> LineupDatabase {
        let header = try checkFile(at: path, mode: mode)
        if header.count >= 20, header[18] != 2 {
            // Not in WAL mode, so not a file lineup wrote: look before it is switched to WAL.
            try inspectReadOnly(at: path)
        }
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // A command that reported success has its change on disk, power cut included.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        let queue: DatabaseQueue
        do {
            queue = try DatabaseQueue(path: path, configuration: configuration)
            // WAL mode is stored in the file; only a new file (or one another tool switched back) needs it.
            if header.count < 20 || header[18] != 2 {
                try queue.writeWithoutTransaction { db in
                    guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                        throw StoreError.cannotOpen(path: path, reason: "the database cannot be switched to WAL mode")
                    }
                }
            }
        } catch {
            throw StoreError(error, path: path)
        }
        let database = LineupDatabase(path: path, queue: queue)
        try database.checkSchema(mode: mode)
        return database
    }

    /// Refuses, before SQLite touches it, a path that is a folder, an unreadable file, or a file that
    /// does not start like a SQLite database.
    /// Returns the file's first 100 bytes (its SQLite header), empty for a new or empty file.
    private static func checkFile(at path: String, mode: OpenMode) throws(StoreError) -> Data {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue {
            throw .cannotOpen(path: path, reason: "it is a folder; give the path of a database file")
        }
        guard exists else {
            guard mode == .create else { throw .databaseMissing(path: path) }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty, !fileManager.fileExists(atPath: folder) {
                do {
                    try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw .cannotOpen(path: path, reason: "its folder cannot be created")
                }
            }
            return Data()
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .cannotOpen(path: path, reason: "the file cannot be read; check its permissions")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        if header.isEmpty {
            guard mode == .create else { throw .notInitialized(path: path) }
            return header
        }
        guard header.prefix(16) == Data("SQLite format 3\0".utf8) else { throw .notADatabase(path: path) }
        return header
    }

    /// Checks a database through a read-only connection, which cannot change a byte of it.
    private static func inspectReadOnly(at path: String) throws(StoreError) {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let state = try queue.read { try SchemaState(db: $0, migrator: migrator) }
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
            state = try queue.read { try SchemaState(db: $0, migrator: migrator) }
        } catch {
            throw StoreError(error, path: path)
        }
        try state.check(path: path)
        if state.applied.isEmpty, mode == .existing { throw .notInitialized(path: path) }
        if state.applied.count < migrator.migrations.count {
            do {
                try migrator.migrate(queue)
            } catch {
                throw StoreError(error, path: path)
            }
        }
    }

    /// The schema's migrations, from the numbered SQL files compiled into the binary; a migration whose
    /// data SQLite cannot change alone (Unicode normalization) has a Swift step that runs before its SQL.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        for file in EmbeddedMigrations.files {
            let identifier = String(file.name.dropLast(".sql".count))
            let dataStep = NameNormalization.stepsBeforeMigration[identifier]
            migrator.registerMigration(identifier) { db in
                try dataStep?(db)
                try db.execute(sql: file.contents)
            }
        }
        return migrator
    }()

    /// Runs `body` in one IMMEDIATE write transaction, mapping every failure to a `StoreError`.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                // IMMEDIATE takes the write lock at the start, so two commands never both read a lineup
                // and then race to change it; the second one waits (busy timeout) and reads the new state.
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw StoreError.database("a write returned nothing") }
                return result
            }
        } catch {
            throw StoreError(error, path: path)
        }
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
    var tableCount: Int
    var unknownMigrations: Set<String>

    init(db: Database, migrator: DatabaseMigrator) throws {
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        tableCount = tables.count
        isLineupDatabase = tables.contains("grdb_migrations")
        applied = isLineupDatabase ? Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []
        unknownMigrations = applied.subtracting(migrator.migrations)
    }

    /// Throws when the file is another program's database or was written by a newer lineup.
    func check(path: String) throws(StoreError) {
        if !isLineupDatabase && tableCount > 0 { throw .notALineupDatabase(path: path) }
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
        } else if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy
            case .SQLITE_NOTADB: self = .notADatabase(path: path)
            case .SQLITE_CORRUPT: self = .corrupt(path: path)
            case .SQLITE_CANTOPEN:
                self = .cannotOpen(path: path, reason: "check that the folder exists and is writable")
            case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: self = .readOnly(path: path)
            case .SQLITE_FULL: self = .diskFull
            default: self = .database(error.message ?? "\(error.resultCode)")
            }
        } else {
            self = .database(String(describing: error))
        }
    }
}
