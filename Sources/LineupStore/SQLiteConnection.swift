import CSQLiteSupport

/// A value bound to or read from a statement.
enum SQLValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// One row of a result, its values in the order of `columns`.
struct SQLRow {
    let columns: SQLColumns
    let values: [SQLValue]

    /// The value of the column called `name`; `.null` when there is no such column.
    subscript(_ name: String) -> SQLValue {
        guard let index = columns.names.firstIndex(of: name) else { return .null }
        return values[index]
    }

    func integer(_ name: String) -> Int64 { optionalInteger(name) ?? 0 }

    func optionalInteger(_ name: String) -> Int64? {
        switch self[name] {
        case .integer(let value): value
        case .real(let value): Int64(exactly: value)
        default: nil
        }
    }

    func int(_ name: String) -> Int { Int(truncatingIfNeeded: integer(name)) }

    func bool(_ name: String) -> Bool { integer(name) != 0 }

    func text(_ name: String) -> String { optionalText(name) ?? "" }

    func optionalText(_ name: String) -> String? {
        if case .text(let value) = self[name] { return value }
        return nil
    }

    func optionalReal(_ name: String) -> Double? {
        switch self[name] {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    func real(_ name: String) -> Double { optionalReal(name) ?? 0 }
}

/// The column names of a result, shared by its rows.
final class SQLColumns {
    let names: [String]

    init(_ names: [String]) {
        self.names = names
    }
}

/// What the store's shared reads and writes need of a connection. GRDB's `Database` (every command, and
/// front ends that keep a database open) and `SQLiteConnection` (the command line's hot commands) both
/// give it, so each rule of the store is written once, whichever connection runs it.
protocol SQLRunner {
    /// Runs one statement that returns no rows.
    func run(_ sql: String, _ arguments: [SQLValue]) throws
    /// Runs one statement and returns every row.
    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [SQLRow]
    /// The row id of the last row inserted.
    var lastInsertedRowID: Int64 { get }
}

extension SQLRunner {
    func run(_ sql: String) throws { try run(sql, []) }

    func rows(_ sql: String) throws -> [SQLRow] { try rows(sql, []) }

    /// The first row, if any.
    func row(_ sql: String, _ arguments: [SQLValue] = []) throws -> SQLRow? { try rows(sql, arguments).first }
}

/// A failure reported by SQLite: its result code (extended) and message.
struct SQLiteFailure: Error {
    let code: Int32
    let message: String
}

/// One SQLite connection on the C API, without GRDB: for a command that opens the database, runs one
/// transaction and exits. Setting up GRDB's connection (its dispatch queue, functions, collations, the
/// format check and the authorizer it consults on every statement) costs more than the whole transaction
/// in such a process (bench/RESULTS.md). Front ends that keep a database open use GRDB.
final class SQLiteConnection: SQLRunner {
    let handle: OpaquePointer

    /// Opens the existing file at `path` (never creating it) for reading and writing, with extended result
    /// codes and the busy timeout. Throws the reason when SQLite cannot open it.
    init(path: String, busyTimeout: Double) throws(SQLiteFailure) {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(connection)
            throw SQLiteFailure(code: code, message: message)
        }
        handle = connection
        sqlite3_busy_timeout(connection, Int32(min(busyTimeout * 1000, Double(Int32.max))))
    }

    /// Closes the connection; the last connection to a WAL database copies the log into the file here.
    func close() {
        sqlite3_close_v2(handle)
    }

    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    func run(_ sql: String, _ arguments: [SQLValue]) throws {
        let statement = try prepare(sql, arguments)
        defer { sqlite3_finalize(statement) }
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW { code = sqlite3_step(statement) }
        guard code == SQLITE_DONE else { throw failure(code) }
    }

    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [SQLRow] {
        let statement = try prepare(sql, arguments)
        defer { sqlite3_finalize(statement) }
        let count = sqlite3_column_count(statement)
        let columns = SQLColumns((0..<count).map { String(cString: sqlite3_column_name(statement, $0)) })
        var rows: [SQLRow] = []
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return rows }
            guard code == SQLITE_ROW else { throw failure(code) }
            rows.append(SQLRow(columns: columns, values: (0..<count).map { value(statement, $0) }))
        }
    }

    private func prepare(_ sql: String, _ arguments: [SQLValue]) throws(SQLiteFailure) -> OpaquePointer {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        for (offset, argument) in arguments.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch argument {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let value): code = sqlite3_bind_int64(statement, index, value)
            case .real(let value): code = sqlite3_bind_double(statement, index, value)
            case .text(let value): code = sqlite3_bind_text(statement, index, value, -1, Self.transient)
            }
            guard code == SQLITE_OK else {
                sqlite3_finalize(statement)
                throw failure(code)
            }
        }
        return statement
    }

    private func value(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_NULL: return .null
        default:
            guard let text = sqlite3_column_text(statement, column) else { return .null }
            return .text(String(cString: text))
        }
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }

    /// SQLite copies a bound text before the call returns (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
