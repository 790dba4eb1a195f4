import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// Takes back the newest `steps` records of the boat, all or none: if any record no longer matches the
    /// boat, nothing is undone. Throws `.nothingToUndo` when there is no record to undo. With
    /// `expectedFirst`, refused unless the first record it would undo is that one (the newest a page
    /// showed): when another change took its place meanwhile, nothing is undone.
    public func undo(steps: Int = 1, inBoat boat: BoatChoice, expectedFirst: Int64? = nil) throws(StoreError)
        -> HistoryStepOutcome
    {
        try write { db in try Self.step(undoing: true, steps: steps, boat: boat, expectedFirst: expectedFirst, db) }
    }

    /// Applies again the most recently undone `steps` records, all or none; with `expectedFirst`, refused
    /// unless the first record it would redo is that one.
    public func redo(steps: Int = 1, inBoat boat: BoatChoice, expectedFirst: Int64? = nil) throws(StoreError)
        -> HistoryStepOutcome
    {
        try write { db in try Self.step(undoing: false, steps: steps, boat: boat, expectedFirst: expectedFirst, db) }
    }

    /// The records an undo and a redo of `boat` would take first (nil: none), for a front end to show and
    /// then pass as `expectedFirst`, so that it never undoes a change it has not shown.
    public func nextHistorySteps(ofBoat boat: BoatChoice) throws(StoreError) -> (undo: Int64?, redo: Int64?) {
        try read { db in
            let id = try Self.resolveBoat(boat, db).id
            let undo = try Int64.fetchOne(
                db, sql: "SELECT max(id) FROM history WHERE boat_id = ? AND undone = 0", arguments: [id])
            let redo = try Int64.fetchOne(
                db, sql: "SELECT min(id) FROM history WHERE boat_id = ? AND undone = 1", arguments: [id])
            return (undo, redo)
        }
    }

    /// The boat's history, newest first, undone records included and marked.
    public func history(ofBoat choice: BoatChoice, limit: Int? = nil) throws(StoreError) -> (Boat, [HistoryEntry]) {
        try read { db in
            let boat = try Self.resolveBoat(choice, db)
            let entries = try db.rows(
                "SELECT id, created_at, summary, undone FROM history WHERE boat_id = ? ORDER BY id DESC LIMIT ?",
                [.integer(boat.id), .integer(Int64(limit ?? -1))]
            ).map(Self.entry)
            return (boat, entries)
        }
    }

    /// Removes old records of a boat's history; the lineup and the records that can be redone stay as they
    /// are, so only how far back `undo` reaches changes. A record is removed when it is older than the
    /// newest `keep` records that can be undone (when `keep` is given) and was written more than
    /// `olderThan` seconds before `now` (when that is given). With `dryRun`, counts without removing.
    public func pruneHistory(
        ofBoat choice: BoatChoice, keep: Int?, olderThan: TimeInterval?, now: Date = Date(), dryRun: Bool = false
    ) throws(StoreError) -> PruneOutcome {
        precondition(keep != nil || olderThan != nil, "pruning needs --keep or --older-than")
        let prune = { (db: Database) throws -> PruneOutcome in
            let boat = try Self.resolveBoat(choice, db)
            var conditions = ["boat_id = ?", "undone = 0"]
            var arguments: StatementArguments = [boat.id]
            if let keep {
                // The oldest record kept; with fewer records than that, nothing is old enough.
                let boundary =
                    keep == 0
                    ? Int64.max
                    : try Int64.fetchOne(
                        db,
                        sql:
                            "SELECT id FROM history WHERE boat_id = ? AND undone = 0 ORDER BY id DESC LIMIT 1 OFFSET ?",
                        arguments: [boat.id, keep - 1]) ?? Int64.min
                conditions.append("id < ?")
                _ = arguments.append(contentsOf: [boundary])
            }
            if let olderThan {
                conditions.append("created_at < ?")
                _ = arguments.append(contentsOf: [Timestamp.text(from: now.addingTimeInterval(-olderThan))])
            }
            let filter = conditions.joined(separator: " AND ")
            let removed: Int
            if dryRun {
                removed =
                    try Int.fetchOne(db, sql: "SELECT count(*) FROM history WHERE \(filter)", arguments: arguments) ?? 0
            } else {
                try db.execute(sql: "DELETE FROM history WHERE \(filter)", arguments: arguments)
                removed = db.changesCount
            }
            let remaining =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM history WHERE boat_id = ?", arguments: [boat.id]) ?? 0
            return PruneOutcome(boat: boat, removed: removed, remaining: dryRun ? remaining - removed : remaining)
        }
        return dryRun ? try read(prune) : try write(prune)
    }

    // MARK: - Shared by every change, on either connection

    /// Writes `lineup` and, when `change` is not empty, one history record for it, discarding the boat's
    /// undone records (a new change ends the redo branch).
    static func commit(
        _ change: LineupChange, summary: String, from state: BoatState, to lineup: Lineup, _ db: some SQLRunner
    ) throws -> ChangeOutcome {
        guard !change.isEmpty else {
            return ChangeOutcome(record: nil, change: change, state: state, previous: state.lineup)
        }
        let boatID = state.boat.id
        try db.run("DELETE FROM history WHERE boat_id = ? AND undone = 1", [.integer(boatID)])
        let now = Date()
        try db.run(
            "INSERT INTO history (boat_id, created_at, summary) VALUES (?, ?, ?)",
            [.integer(boatID), .text(Timestamp.text(from: now)), .text(summary)])
        let recordID = db.lastInsertedRowID
        for move in change.moves {
            try db.run(
                """
                INSERT INTO history_move
                    (history_id, paddler_id, paddler_name, from_section, from_position, to_section, to_position)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    .integer(recordID), move.paddler.map(SQLValue.integer) ?? .null, .text(move.name),
                    .text(move.from.section.rawValue),
                    .integer(Int64(move.from.position)), .text(move.to.section.rawValue),
                    .integer(Int64(move.to.position)),
                ])
        }
        for lockChange in change.lockChanges {
            try db.run(
                "INSERT INTO history_lock (history_id, section, position, locked) VALUES (?, ?, ?, ?)",
                [
                    .integer(recordID), .text(lockChange.seat.section.rawValue),
                    .integer(Int64(lockChange.seat.position)), .integer(lockChange.locked ? 1 : 0),
                ])
        }
        try writeLineup(from: state.lineup, to: lineup, boatID: boatID, db)
        var newState = state
        newState.lineup = lineup
        return ChangeOutcome(
            record: HistoryEntry(id: recordID, time: now, summary: summary, undone: false), change: change,
            state: newState, previous: state.lineup)
    }

    /// `undo` or `redo` inside its transaction.
    static func step(
        undoing: Bool, steps: Int, boat: BoatChoice, expectedFirst: Int64? = nil, _ db: some SQLRunner
    ) throws -> HistoryStepOutcome {
        var state = try loadState(try resolveBoat(boat, db), db)
        let original = state.lineup
        var records: [HistoryEntry] = []
        for _ in 0..<max(1, steps) {
            let sql =
                undoing
                ? "SELECT id, created_at, summary, undone FROM history WHERE boat_id = ? AND undone = 0 ORDER BY id DESC LIMIT 1"
                : "SELECT id, created_at, summary, undone FROM history WHERE boat_id = ? AND undone = 1 ORDER BY id ASC LIMIT 1"
            guard let row = try db.row(sql, [.integer(state.boat.id)]) else { break }
            let entry = entry(row)
            if records.isEmpty, let expectedFirst, entry.id != expectedFirst {
                throw StoreError.historyConflict(
                    action: undoing ? "undo" : "redo", summary: entry.summary,
                    details: ["it is #\(entry.id), not #\(expectedFirst), the change that was shown"])
            }
            let recorded = try loadChange(recordID: entry.id, db)
            do {
                state.lineup = try state.lineup.applying(undoing ? recorded.inverse : recorded, names: state.names)
            } catch let LineupError.conflict(details) {
                throw StoreError.historyConflict(
                    action: undoing ? "undo" : "redo", summary: entry.summary, details: details)
            }
            try db.run("UPDATE history SET undone = ? WHERE id = ?", [.integer(undoing ? 1 : 0), .integer(entry.id)])
            records.append(HistoryEntry(id: entry.id, time: entry.time, summary: entry.summary, undone: undoing))
        }
        guard !records.isEmpty else {
            throw undoing
                ? StoreError.nothingToUndo(boat: state.boat.name) : StoreError.nothingToRedo(boat: state.boat.name)
        }
        // All or none: asking for more steps than the history holds changes nothing.
        guard records.count == steps else {
            throw StoreError.notEnoughHistory(
                undoing: undoing, boat: state.boat.name, available: records.count, requested: steps)
        }
        try writeLineup(from: original, to: state.lineup, boatID: state.boat.id, db)
        return HistoryStepOutcome(records: records, state: state, previous: original)
    }

    static func loadChange(recordID: Int64, _ db: some SQLRunner) throws -> LineupChange {
        let moves = try db.rows(
            """
            SELECT paddler_id, paddler_name, from_section, from_position, to_section, to_position
            FROM history_move WHERE history_id = ? ORDER BY rowid
            """, [.integer(recordID)]
        ).map { row in
            PaddlerMove(
                paddler: row.optionalInteger("paddler_id"), name: row.text("paddler_name"),
                from: try Place.stored(section: row["from_section"], position: row["from_position"]),
                to: try Place.stored(section: row["to_section"], position: row["to_position"]))
        }
        let locks = try db.rows(
            "SELECT section, position, locked FROM history_lock WHERE history_id = ? ORDER BY rowid",
            [.integer(recordID)]
        ).map { row in
            LockChange(
                seat: try Place.stored(section: row["section"], position: row["position"]),
                locked: try StoredValue.flag(row["locked"], of: "whether a recorded change locked its seat"))
        }
        return LineupChange(moves: moves, lockChanges: locks)
    }

    static func entry(_ row: SQLRow) -> HistoryEntry {
        let time = Timestamp.date(from: row.text("created_at")) ?? Date(timeIntervalSince1970: 0)
        return HistoryEntry(id: row.integer("id"), time: time, summary: row.text("summary"), undone: row.bool("undone"))
    }
}
