import Foundation
import GRDB
import LineupCore

/// Looks inside a database file the way another program would, to check what the commands left there.
enum DatabaseChecks {
    /// Every way the file breaks lineup's promises: SQLite's own integrity and foreign-key checks, an active
    /// paddler missing from a boat, anyone in a boat twice, a bench with a hole. Empty when all is well.
    static func problems(at path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            var problems: [String] = []
            let integrity = try String.fetchAll(db, sql: "PRAGMA integrity_check")
            if integrity != ["ok"] { problems.append("integrity_check: \(integrity.joined(separator: "; "))") }
            let orphans = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check")
            if !orphans.isEmpty { problems.append("foreign_key_check: \(orphans.count) rows") }
            let misplaced = try Row.fetchAll(
                db,
                sql: """
                    SELECT boat.name AS boat, paddler.name AS paddler, count(placement.paddler_id) AS places
                    FROM boat CROSS JOIN paddler
                    LEFT JOIN placement ON placement.boat_id = boat.id AND placement.paddler_id = paddler.id
                    GROUP BY boat.id, paddler.id HAVING places > 1 OR (places = 0 AND paddler.active = 1)
                    """)
            for row in misplaced {
                problems.append(
                    "\(row["paddler"] as String) is in boat \(row["boat"] as String) \(row["places"] as Int) times")
            }
            let holes = try Row.fetchAll(
                db,
                sql: """
                    SELECT boat_id, count(*) AS length, max(position) AS last FROM placement
                    WHERE section = 'bench' GROUP BY boat_id HAVING length != last
                    """)
            for row in holes {
                problems.append(
                    "boat \(row["boat_id"] as Int64): bench of \(row["length"] as Int) ends at \(row["last"] as Int)")
            }
            return problems
        }
    }

    /// Who sits where and which seats are locked, in every boat, as one comparable text.
    static func lineups(at path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            let places = try String.fetchAll(
                db,
                sql: """
                    SELECT boat.name || ' ' || placement.section || placement.position || ' ' || paddler.name
                    FROM placement JOIN boat ON boat.id = placement.boat_id
                    JOIN paddler ON paddler.id = placement.paddler_id
                    ORDER BY boat.name, placement.section, placement.position
                    """)
            let locks = try String.fetchAll(
                db,
                sql: """
                    SELECT boat.name || ' locked ' || section || position FROM seat_lock
                    JOIN boat ON boat.id = seat_lock.boat_id ORDER BY boat.name, section, position
                    """)
            return (places + locks).joined(separator: "\n")
        }
    }

    /// How many history records the database holds, undone ones included.
    static func historyCount(at path: String, where condition: String = "1") throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM history WHERE \(condition)") ?? 0 }
    }

    /// How many paddlers have a name starting with `prefix`.
    static func paddlerCount(at path: String, namePrefix prefix: String) throws -> Int {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read {
            try Int.fetchOne(
                $0, sql: "SELECT count(*) FROM paddler WHERE substr(name, 1, ?) = ?", arguments: [prefix.count, prefix])
                ?? 0
        }
    }
}

extension SeededRandomGenerator {
    /// The seed from `$variable` when set (to replay a run), else a new one; printed either way.
    static func seed(from variable: String, for test: String) -> UInt64 {
        let seed =
            ProcessInfo.processInfo.environment[variable].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64.max)
        print("\(test): seed \(seed) (replay with \(variable)=\(seed))")
        return seed
    }
}
