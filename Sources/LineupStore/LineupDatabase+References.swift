import Foundation
import GRDB
import LineupCore

/// Rows that name rows no longer there: a seat naming a paddler not in the roster, say, written by another
/// program with SQLite's foreign keys off (lineup's own connections always have them on).
struct BrokenReferences: Error {
    /// One sentence per broken row or group of rows.
    let rows: [String]
}

/// How such a database is found without a whole-database check at every open, which would cost every
/// command (the hot ones are held to an instruction budget, bench/instructions-baseline):
/// - `loadState`, which `show` and every change to a boat already run, compares the boat's places with the
///   roster it has just read: a place naming a paddler not in it is refused, with its seat and id. It
///   costs a dictionary look-up per place and no SQL.
/// - Any other write that SQLite refuses on a foreign key (`boat copy` of such a boat, a roster change)
///   is rolled back, then explained: only then is the whole database checked (`PRAGMA foreign_key_check`)
///   and the broken rows named.
/// - `lineup check --repair` checks it all and repairs it (`repairBrokenReferences()`).
extension LineupDatabase {
    /// Throws `BrokenReferences` naming every place of `lineup` whose paddler is not in `roster`.
    static func refuseMissingPaddlers(in lineup: Lineup, of boat: Boat, roster: [PaddlerID: Paddler]) throws {
        let missing = lineup.placements.filter { roster[$0.paddler] == nil }
        guard !missing.isEmpty else { return }
        throw BrokenReferences(
            rows: missing.map { placement in
                "boat '\(boat.name)' \(placement.place.isSeat ? "seat" : "bench place") \(placement.place) names "
                    + "paddler \(placement.paddler), who is not in the roster"
            })
    }

    /// Every broken reference in the database, described; empty when there is none. Reads every table.
    public func brokenReferences() throws(StoreError) -> [String] {
        try read { db in try Self.brokenReferences(db) }
    }

    /// Repairs every broken reference, in one transaction, and returns what was broken and what was done
    /// (empty when nothing was broken): a place naming a missing paddler is emptied (a seat stays empty, the
    /// bench closes up), an active paddler left with no place in a boat joins the end of its bench, a change
    /// in the history keeps the name of a missing paddler it moved, and rows that belong to a missing boat,
    /// regatta, account or change (its places, locks, races, links, sessions) are removed. Nothing that
    /// exists is removed.
    public func repairBrokenReferences() throws(StoreError) -> [String] {
        try write { db in
            let found = try Self.brokenReferences(db)
            guard !found.isEmpty else { return [] }
            for statement in Self.repairs { try db.execute(sql: statement) }
            try Self.closeBenchGaps(db)
            let benched = try Self.benchMissingPaddlers(db)
            guard try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty else {
                throw StoreError.database("some broken references could not be repaired")
            }
            return found + benched
        }
    }

    /// Puts every active paddler who has no place in a boat (one whose place was taken over by a missing
    /// paddler's id, say) at the end of its bench, as a new paddler joins it; returns who, where.
    private static func benchMissingPaddlers(_ db: Database) throws -> [String] {
        let missing = try Row.fetchAll(
            db,
            sql: """
                SELECT boat.id AS boat_id, boat.name AS boat, paddler.id AS paddler_id, paddler.name AS paddler
                FROM boat CROSS JOIN paddler
                WHERE paddler.active = 1
                    AND NOT EXISTS (SELECT 1 FROM placement WHERE boat_id = boat.id AND paddler_id = paddler.id)
                ORDER BY boat.id, paddler.name_key, paddler.id
                """)
        for row in missing {
            let boat: Int64 = row["boat_id"]
            try db.execute(
                sql: """
                    INSERT INTO placement (boat_id, paddler_id, section, position)
                    VALUES (?, ?, 'bench', 1 + (SELECT count(*) FROM placement WHERE boat_id = ? AND section = 'bench'))
                    """, arguments: [boat, row["paddler_id"] as Int64, boat])
        }
        return missing.map { row in
            "\(row["paddler"] as String) had no place in boat '\(row["boat"] as String)' and is now at the end of its bench"
        }
    }

    private static let repairs = [
        "DELETE FROM placement WHERE paddler_id NOT IN (SELECT id FROM paddler) OR boat_id NOT IN (SELECT id FROM boat)",
        "DELETE FROM seat_lock WHERE boat_id NOT IN (SELECT id FROM boat)",
        "DELETE FROM current_boat WHERE boat_id NOT IN (SELECT id FROM boat)",
        "DELETE FROM share_link WHERE boat_id NOT IN (SELECT id FROM boat)",
        "DELETE FROM share_link WHERE regatta_id NOT IN (SELECT id FROM regatta)",
        "DELETE FROM history WHERE boat_id NOT IN (SELECT id FROM boat)",
        "DELETE FROM history_move WHERE history_id NOT IN (SELECT id FROM history)",
        "DELETE FROM history_lock WHERE history_id NOT IN (SELECT id FROM history)",
        """
        UPDATE history_move SET paddler_id = NULL
        WHERE paddler_id IS NOT NULL AND paddler_id NOT IN (SELECT id FROM paddler)
        """,
        "DELETE FROM race WHERE regatta_id NOT IN (SELECT id FROM regatta) OR boat_id NOT IN (SELECT id FROM boat)",
        """
        DELETE FROM availability
        WHERE regatta_id NOT IN (SELECT id FROM regatta) OR paddler_id NOT IN (SELECT id FROM paddler)
        """,
        "DELETE FROM account_session WHERE account_id NOT IN (SELECT id FROM account)",
        """
        DELETE FROM paddler_link WHERE paddler_id NOT IN (SELECT id FROM paddler)
        OR (regatta_id IS NOT NULL AND regatta_id NOT IN (SELECT id FROM regatta))
        """,
        """
        DELETE FROM regatta_answer
        WHERE regatta_id NOT IN (SELECT id FROM regatta) OR paddler_id NOT IN (SELECT id FROM paddler)
        """,
        "DELETE FROM race_answer WHERE race_id NOT IN (SELECT id FROM race) OR paddler_id NOT IN (SELECT id FROM paddler)",
        "DELETE FROM time_trial_result WHERE trial_id NOT IN (SELECT id FROM time_trial)",
        """
        DELETE FROM time_trial_paddler
        WHERE result_id NOT IN (SELECT id FROM time_trial_result) OR paddler_id NOT IN (SELECT id FROM paddler)
        """,
        "DELETE FROM seat_race_piece WHERE seat_race_id NOT IN (SELECT id FROM seat_race)",
        """
        DELETE FROM seat_race_seat WHERE paddler_id NOT IN (SELECT id FROM paddler)
        OR NOT EXISTS (SELECT 1 FROM seat_race_piece AS piece
            WHERE piece.seat_race_id = seat_race_seat.seat_race_id AND piece.number = seat_race_seat.piece)
        """,
    ]

    /// Renumbers each boat's bench from 1 without gaps, keeping its order. Positions only move down, in
    /// order, so each one moved to is free by then.
    private static func closeBenchGaps(_ db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql:
                "SELECT boat_id, paddler_id, position FROM placement WHERE section = 'bench' ORDER BY boat_id, position"
        )
        var next: [Int64: Int64] = [:]
        for row in rows {
            let boat: Int64 = row["boat_id"]
            let position: Int64 = row["position"]
            let wanted = next[boat, default: 1]
            next[boat] = wanted + 1
            guard position != wanted else { continue }
            try db.execute(
                sql: "UPDATE placement SET position = ? WHERE boat_id = ? AND paddler_id = ?",
                arguments: [wanted, boat, row["paddler_id"] as Int64])
        }
    }

    /// Describes every broken reference: the places naming a missing paddler one by one (boat, place,
    /// id), the rest counted by what they are and what they name.
    static func brokenReferences(_ db: some SQLRunner) throws -> [String] {
        let groups = try db.rows("PRAGMA foreign_key_check")
        guard !groups.isEmpty else { return [] }
        var found: [String] = []
        let places = try db.rows(
            """
            SELECT boat.name AS boat, placement.boat_id, placement.section, placement.position, placement.paddler_id
            FROM placement LEFT JOIN boat ON boat.id = placement.boat_id
            WHERE placement.paddler_id NOT IN (SELECT id FROM paddler)
            ORDER BY placement.boat_id, placement.section, placement.position
            """)
        for row in places {
            let place =
                (try? Place.stored(section: row["section"], position: row["position"])).map { "\($0)" }
                ?? "\(row.text("section")) \(row.integer("position"))"
            let boat = row.optionalText("boat").map { "boat '\($0)'" } ?? "boat \(row.integer("boat_id"))"
            let kind = row.text("section") == "bench" ? "bench place" : "seat"
            found.append(
                "\(boat) \(kind) \(place) names paddler \(row.integer("paddler_id")), who is not in the roster")
        }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for row in groups {
            let table = row.text("table")
            let parent = row.text("parent")
            if table == "placement", parent == "paddler" { continue }
            let what =
                table == "placement" && parent == "placement"
                ? "places after a gap in a boat's bench"
                : "\(Self.words(for: table)) naming \(Self.words(for: parent, one: true)) that is not there"
            if counts[what] == nil { order.append(what) }
            counts[what, default: 0] += 1
        }
        found += order.map { "\($0): \(counts[$0, default: 0])" }
        return found
    }

    /// The coach's words for a table: what its rows are.
    private static func words(for table: String, one: Bool = false) -> String {
        let words: [String: (one: String, many: String)] = [
            "paddler": ("a paddler", "paddlers"), "boat": ("a boat", "boats"),
            "placement": ("a place in a boat", "places in a boat"), "seat_lock": ("a seat lock", "seat locks"),
            "history": ("a change in the history", "changes in the history"),
            "history_move": ("a move of a change", "moves of changes"),
            "history_lock": ("a lock of a change", "locks of changes"),
            "current_boat": ("the chosen boat", "the chosen boat"), "regatta": ("a regatta", "regattas"),
            "race": ("a race", "races"), "availability": ("an availability", "availabilities"),
            "account": ("an account", "accounts"), "account_session": ("a sign-in", "sign-ins"),
            "share_link": ("a share link", "share links"),
            "paddler_link": ("a paddler's link", "paddlers' links"),
            "regatta_answer": ("an answer", "answers"), "race_answer": ("an answer for a race", "answers for races"),
            "time_trial": ("a time trial", "time trials"), "time_trial_result": ("a trial's result", "trials' results"),
            "time_trial_paddler": ("a paddler of a trial", "paddlers of trials"),
            "seat_race": ("a seat race", "seat races"),
            "seat_race_piece": ("a piece of a seat race", "pieces of seat races"),
            "seat_race_seat": ("a seat in a seat race", "seats in seat races"),
        ]
        guard let entry = words[table] else { return one ? "a row of \(table)" : "rows of \(table)" }
        return one ? entry.one : entry.many
    }
}
