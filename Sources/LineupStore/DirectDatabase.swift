import CSQLiteSupport
import Foundation
import LineupCore

/// A lineup database opened on SQLite's C API rather than through GRDB, for a command that runs one
/// transaction and exits. It makes every check `LineupDatabase.open(at:mode:busyTimeout:)` makes, with the
/// same errors, and runs the same reads and writes (`SQLRunner`); what it saves is setting up GRDB's
/// connection, which costs more than the transaction itself in a process that lives a few milliseconds
/// (bench/RESULTS.md). It only takes a database in the state lineup leaves one in between commands (see
/// `open`); anything else is for `LineupDatabase`, which migrates, reads read-only files and so on.
public final class DirectDatabase: LineupChangeStore {
    /// The path of the database file, as given.
    public let path: String
    let connection: SQLiteConnection
    /// For a reading connection: the log whose content, if any at closing time, must stay in the log.
    private let logToLeaveAlone: String?
    /// The database's absolute path, when its log and index did not exist before this connection opened.
    private let companionsToTidy: String?
    private var isClosed = false

    private init(path: String, connection: SQLiteConnection, logToLeaveAlone: String?, companionsToTidy: String?) {
        self.path = path
        self.connection = connection
        self.logToLeaveAlone = logToLeaveAlone
        self.companionsToTidy = companionsToTidy
    }

    deinit {
        close()
    }

    /// Sets SQLite up for a process that runs one command and exits: without the memory statistics nothing
    /// here reads, which take a mutex at every allocation and free (about a tenth of a short command's
    /// instructions, bench/RESULTS.md). Call it first, before any database is opened, while the process has
    /// one thread; later it changes nothing.
    public static func configureSQLiteForOneCommand() {
        _ = lineup_disable_memory_statistics()
    }

    /// Opens the database at `path` for `.existing` (a command that changes it) or `.reading` (one that
    /// changes nothing and never writes the file), after the same checks as `LineupDatabase.open`, which
    /// throw the same errors. Returns nil, having changed nothing, unless the file is a WAL database of
    /// this version's schema and, for reading, its folder can hold the log: open it with `LineupDatabase`
    /// then.
    public static func open(
        at path: String, mode: LineupDatabase.OpenMode, busyTimeout: TimeInterval = LineupDatabase.defaultBusyTimeout
    ) throws(StoreError) -> DirectDatabase? {
        guard mode != .create else { return nil }
        try LineupDatabase.checkName(path)
        let header = try LineupDatabase.checkFile(at: path, mode: mode)
        try LineupDatabase.refuseForeignJournal(at: path, header: header)
        guard header.count >= 20, header[18] == 2 else { return nil }
        let absolute = DatabaseFile.absolutePath(path)
        let reading = mode == .reading
        if reading {
            guard LineupDatabase.companionsCanBeMade(forDatabaseAt: absolute) else { return nil }
            try LineupDatabase.checkLogBelongs(toDatabaseAt: path)
        } else {
            try LineupDatabase.checkLogBelongs(toDatabaseAt: path)
            try LineupDatabase.repairCompanionModes(ofDatabaseAt: path)
        }
        let companionsBefore = ["-wal", "-shm"].contains { DatabaseFile.size(absolute + $0) != nil }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: absolute, busyTimeout: busyTimeout)
        } catch {
            // As when GRDB fails to open it: a command that fails leaves no new file.
            if !companionsBefore { LineupDatabase.removeEmptyCompanions(ofDatabaseAt: absolute) }
            throw StoreError(error, path: path)
        }
        let database = DirectDatabase(
            path: path, connection: connection, logToLeaveAlone: reading ? absolute + "-wal" : nil,
            companionsToTidy: companionsBefore ? nil : absolute)
        let state: SchemaState
        do {
            if reading {
                try connection.run("PRAGMA query_only = 1")
            } else {
                try connection.run("PRAGMA foreign_keys = ON")
                // A command that reported success has its change on disk, power cut included.
                try connection.run("PRAGMA synchronous = FULL")
            }
            state = try database.read { try SchemaState(db: $0) }
            try state.check(path: path)
            if state.applied.isEmpty { throw StoreError.notInitialized(path: path) }
        } catch {
            // A file that is refused is left as it was: not even a log replayed at opening is copied back.
            _ = lineup_disable_checkpoint_on_close(connection.handle)
            database.close()
            throw StoreError(error, path: path)
        }
        guard !state.needsMigration else {
            database.close()
            return nil
        }
        return database
    }

    /// Closes the connection (a reading one without copying the log into the file), then removes an empty
    /// log and index this connection made.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if let logToLeaveAlone, (DatabaseFile.size(logToLeaveAlone) ?? 0) > 0 {
            _ = lineup_disable_checkpoint_on_close(connection.handle)
        }
        connection.close()
        if let companionsToTidy { LineupDatabase.removeEmptyCompanions(ofDatabaseAt: companionsToTidy) }
    }

    @discardableResult
    public func exchange(inBoat boat: BoatChoice, _ places: (BoatState) throws(LineupError) -> ExchangePlaces)
        throws(StoreError) -> ChangeOutcome
    {
        try write { db in try LineupDatabase.exchange(inBoat: boat, places, db) }
    }

    @discardableResult
    public func setLock(
        _ locked: Bool, inBoat boat: BoatChoice, at seat: (BoatState) throws(LineupError) -> Place,
        expected: ExpectedOccupant?
    ) throws(StoreError) -> ChangeOutcome {
        try write { db in try LineupDatabase.setLock(locked, inBoat: boat, at: seat, expected: expected, db) }
    }

    public func undo(steps: Int, inBoat boat: BoatChoice, expectedFirst: Int64?) throws(StoreError)
        -> HistoryStepOutcome
    {
        try write { db in
            try LineupDatabase.step(undoing: true, steps: steps, boat: boat, expectedFirst: expectedFirst, db)
        }
    }

    public func redo(steps: Int, inBoat boat: BoatChoice, expectedFirst: Int64?) throws(StoreError)
        -> HistoryStepOutcome
    {
        try write { db in
            try LineupDatabase.step(undoing: false, steps: steps, boat: boat, expectedFirst: expectedFirst, db)
        }
    }

    public func state(ofBoat boat: BoatChoice) throws(StoreError) -> BoatState {
        try read { db in try LineupDatabase.loadState(try LineupDatabase.resolveBoat(boat, db), db) }
    }

    /// Runs `body` in one IMMEDIATE transaction that also stamps the change, as `LineupDatabase` does.
    private func write<T>(_ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            // IMMEDIATE takes the write lock at the start (see `LineupDatabase.write`).
            try connection.run("BEGIN IMMEDIATE")
            let changesBefore = sqlite3_total_changes64(connection.handle)
            do {
                let result = try body(connection)
                // As `LineupDatabase.write`: a write that changed nothing is not stamped, so nothing is written.
                let changed = sqlite3_total_changes64(connection.handle) != changesBefore
                if changed { try LineupDatabase.stampChange(connection) }
                try connection.run("COMMIT")
                if changed { LineupDatabase.recordCommittedChange() }
                return result
            } catch {
                try? connection.run("ROLLBACK")
                throw error
            }
        } catch {
            // As `LineupDatabase.write` does: a change refused on a foreign key names what was already broken.
            if LineupDatabase.isForeignKeyFailure(error),
                let rows = try? read({ try LineupDatabase.brokenReferences($0) }), !rows.isEmpty
            {
                throw .brokenReferences(path: path, rows: rows)
            }
            throw StoreError(error, path: path)
        }
    }

    /// Runs `body` on a consistent snapshot.
    private func read<T>(_ body: (SQLiteConnection) throws -> T) throws(StoreError) -> T {
        do {
            try connection.run("BEGIN DEFERRED")
            defer { try? connection.run("COMMIT") }
            return try body(connection)
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
