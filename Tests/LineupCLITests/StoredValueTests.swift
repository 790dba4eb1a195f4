import Foundation
import GRDB
import Testing

/// Values another program stored in the database that the schema would refuse are reported as what they
/// are, never trusted: every command that reads them stops with a clear error.
@Suite("values a database holds out of range are reported, not trusted")
struct StoredValueTests {
    /// Values another program stored with the schema's checks off (`PRAGMA ignore_check_constraints`), on
    /// the sample club after one exchange: an infinite-looking weight once crashed `show` with SIGILL.
    static let outOfRange: [(sql: String, message: String, commands: [[String]])] = [
        ("UPDATE paddler SET weight_kg = 1e308 WHERE id = (SELECT min(id) FROM paddler)", "the weight of paddler", all),
        ("UPDATE paddler SET weight_kg = -70.0 WHERE id = (SELECT min(id) FROM paddler)", "the weight of paddler", all),
        ("UPDATE paddler SET side = 'up' WHERE id = (SELECT min(id) FROM paddler)", "the side of paddler", all),
        ("UPDATE paddler SET can_drum = 7 WHERE id = (SELECT min(id) FROM paddler)", "can drum", all),
        ("UPDATE boat SET row_count = 100000", "the rows of boat", all),
        ("UPDATE boat SET row_count = -3", "the rows of boat", all),
        ("UPDATE placement SET position = -3 WHERE section = 'left' AND position = 2", "the position of a place", all),
        ("UPDATE history_move SET to_position = 4000000000", "the position of a place", [["undo"]]),
        ("UPDATE history_move SET to_position = 99 WHERE to_section <> 'bench'", "99", [["undo"]]),
        ("UPDATE history_move SET from_position = -1", "the position of a place", [["undo"]]),
        ("INSERT OR REPLACE INTO balance_setting_of_kind VALUES ('standard', 'drum-kg', 1e308)", "drum-kg", all),
        ("INSERT OR REPLACE INTO club_setting VALUES ('weight-unit', 'stone')", "the weight unit", all),
    ]

    static let all = [["show"], ["exchange", "L2", "R2"], ["undo"]]

    @Test(arguments: outOfRange.indices)
    func storedValuesOutOfRangeAreReportedNotTrusted(_ index: Int) throws {
        let (sql, message, commands) = Self.outOfRange[index]
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        #expect(try lineup.run(["exchange", "L1", "R1"]).status == 0)
        let queue = try DatabaseQueue(path: lineup.databasePath)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
            try db.execute(sql: sql)
        }
        try queue.close()
        let before = BadInputTests.snapshot(lineup.folder).filter { !$0.key.hasSuffix("-shm") }
        for command in commands {
            let result = try lineup.run(command)
            #expect(result.status == 1, "\(sql), \(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: "), "\(sql), \(command): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(sql), \(command): \(result.stderr)")
            #expect(!result.stderr.contains("Backtrace"), "\(sql), \(command): \(result.stderr)")
        }
        #expect(BadInputTests.snapshot(lineup.folder).filter { !$0.key.hasSuffix("-shm") } == before)
    }

}
