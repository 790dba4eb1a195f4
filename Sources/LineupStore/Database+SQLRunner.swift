import Foundation
import GRDB

/// GRDB's connection runs the store's shared reads and writes (`SQLRunner`) too.
extension Database: SQLRunner {
    func run(_ sql: String, _ arguments: [SQLValue]) throws {
        // A statement with arguments is a constant text, often run many times in one write (a regatta plan
        // writes thousands of rows; compiling each took most of `regatta plan --apply`'s time), so it is
        // compiled once per connection. One without may carry its values (`PRAGMA user_version = …`), and
        // caching those would only fill the cache.
        guard !arguments.isEmpty else { return try execute(sql: sql) }
        try cachedStatement(sql: sql).execute(arguments: StatementArguments(arguments.map(\.databaseValue)))
    }

    func rows(_ sql: String, _ arguments: [SQLValue]) throws -> [SQLRow] {
        // Each query is compiled once per connection: a long-running process (`lineup serve`) reads the same
        // few queries thousands of times. The texts are constants, so the connection's cache stays small.
        let statement = try cachedStatement(sql: sql)
        let rows = try Row.fetchAll(statement, arguments: StatementArguments(arguments.map(\.databaseValue)))
        guard let first = rows.first else { return [] }
        let columns = SQLColumns(Array(first.columnNames))
        return rows.map { row in SQLRow(columns: columns, values: row.databaseValues.map(SQLValue.init)) }
    }
}

extension SQLRow {
    /// A row GRDB read.
    init(_ row: Row) {
        self.init(columns: SQLColumns(Array(row.columnNames)), values: row.databaseValues.map(SQLValue.init))
    }
}

extension SQLValue {
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let value): self = .integer(value)
        case .double(let value): self = .real(value)
        case .string(let value): self = .text(value)
        case .blob(let data): self = .text(String(decoding: data, as: UTF8.self))
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        }
    }
}
