import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// The roster, by name.
    public func roster() throws(StoreError) -> [Paddler] {
        try read { db in try Self.sortedRoster(db) }
    }

    /// Adds a paddler, who joins the end of every boat's bench.
    @discardableResult
    public func addPaddler(_ draft: PaddlerDraft) throws(StoreError) -> Paddler {
        try write { db in try Self.insert(draft, db) }
    }

    /// Changes the fields `draft` sets of the paddler `name` names (the whole name, or a unique first name,
    /// surname or start of one). With `renaming`, the draft's name becomes theirs; without, their name
    /// stays exactly as stored (even one that today's rules would refuse) and the draft's is ignored.
    @discardableResult
    public func updatePaddler(named name: String, with draft: PaddlerDraft, renaming: Bool = true)
        throws(StoreError) -> Paddler
    {
        try changePaddler(named: name, with: draft, renaming: renaming).after
    }

    /// `updatePaddler`, answering with the paddler as they were and as they are now, read and written in one
    /// transaction; with `wholeName`, `name` must be the paddler's whole name (in any case), as the API takes it.
    public func changePaddler(named name: String, with draft: PaddlerDraft, renaming: Bool, wholeName: Bool = false)
        throws(StoreError) -> (before: Paddler, after: Paddler)
    {
        try write { db in
            let existing = try Self.paddlerRow(named: name, exactOnly: wholeName, db)
            var changes = draft
            if !renaming { changes.name = existing.name }
            let validated = renaming ? try changes.validated() : try changes.validated(keepingName: true)
            let updated = PaddlerRow(validated.applied(to: existing.paddler))
            try PaddlerRules.checkRows(of: updated.paddler)
            if updated.nameKey != existing.nameKey, try PaddlerRow.withKey(updated.nameKey, db) != nil {
                throw StoreError.duplicatePaddler(updated.name)
            }
            // An update that changes nothing writes nothing: SQLite counts a row set to its own values as a
            // change, which would stamp the file and wake every page for nothing.
            guard updated.paddler != existing.paddler else { return (existing.paddler, existing.paddler) }
            try updated.update(db)
            try Self.followActivity(from: existing.paddler, to: updated.paddler, db)
            return (existing.paddler, updated.paddler)
        }
    }

    /// The paddler `name` means (the whole name, or a unique first name, surname or start of one).
    public func paddler(named name: String) throws(StoreError) -> Paddler {
        try read { db in try Self.paddlerRow(named: name, db).paddler }
    }

    /// The seats `paddler` holds in any boat, by boat name.
    public func seats(ofPaddler paddler: Paddler) throws(StoreError) -> [PaddlerSeat] {
        try read { db in try Self.seats(of: paddler.id, db) }
    }

    /// Removes a paddler from the roster and from every boat; the benches close up. A paddler seated in
    /// any boat is only removed with `force`. Removing cannot be undone, so it takes the whole name (in any
    /// case or spelling); a shortened one is refused with the names it could mean.
    public func removePaddler(named name: String, force: Bool) throws(StoreError) -> RemovalReport {
        try write { db in
            let row = try Self.paddlerRow(named: name, exactOnly: true, db)
            let seats = try Self.seats(of: row.paddler.id, db)
            if !seats.isEmpty && !force { throw StoreError.paddlerSeated(row.name, places: seats) }
            // Take them out of every lineup first (the benches close up through the usual lineup write),
            // then out of the roster.
            for boat in try BoatRow.all(db) {
                let lineup = try Self.loadLineup(boat.boat, db)
                var without = lineup
                without.remove(row.paddler.id)
                try Self.writeLineup(from: lineup, to: without, boatID: boat.boat.id, db)
            }
            // The schema's trigger drops their trial times and keeps their seat-race seats under their name.
            let trialTimes =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM time_trial_paddler WHERE paddler_id = ?",
                    arguments: [row.paddler.id]) ?? 0
            let seatRaces = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM seat_race
                    WHERE id IN (SELECT seat_race_id FROM seat_race_seat WHERE paddler_id = ?) ORDER BY name_key
                    """, arguments: [row.paddler.id])
            // Trials left with no time once theirs go, which the trigger drops whole.
            let emptied = try String.fetchAll(
                db,
                sql: """
                    SELECT name FROM time_trial WHERE NOT EXISTS (
                        SELECT 1 FROM time_trial_result WHERE time_trial_result.trial_id = time_trial.id
                        AND time_trial_result.id NOT IN (SELECT result_id FROM time_trial_paddler WHERE paddler_id = ?))
                    ORDER BY name_key
                    """, arguments: [row.paddler.id])
            _ = try row.delete(db)
            return RemovalReport(
                paddler: row.paddler, leftSeats: seats, droppedTrialTimes: trialTimes, seatRaces: seatRaces,
                droppedTrials: emptied)
        }
    }

    /// Adds or updates (by name, ignoring case) every paddler of an imported file, all in one transaction.
    /// With `dryRun`, only reports what it would do.
    public func importRoster(_ file: RosterFile, dryRun: Bool) throws(StoreError) -> ImportReport {
        guard file.problems.isEmpty else { throw .importRejected(file.problems) }
        // A dry run only reads, so it works on a database opened for reading.
        if dryRun { return try read { db in try Self.importRoster(file, dryRun: true, db) } }
        return try write { db in try Self.importRoster(file, dryRun: false, db) }
    }

    static func importRoster(_ file: RosterFile, dryRun: Bool, _ db: Database) throws -> ImportReport {
        var report = ImportReport(dryRun: dryRun)
        // Lines the stored roster refuses (a preference outside the rows a paddler keeps), each listed with its
        // paddler as the file's own problems are; the whole file is refused once every one is known (what was
        // written meanwhile rolls back with the transaction).
        var problems: [RosterImportIssue] = []
        for row in file.rows {
            let key = PaddlerRules.nameKey(row.draft.name)
            if let existing = try PaddlerRow.withKey(key, db) {
                let before = existing.paddler
                var after: Paddler
                do {
                    after = try row.draft.validated(keepingName: true).applied(to: before)
                    after.name = before.name
                    try PaddlerRules.checkRows(of: after)
                } catch {
                    problems.append(RosterImportIssue(line: row.line, message: "\(before.name): \(error.description)"))
                    continue
                }
                if after == before {
                    report.unchanged.append(before.name)
                } else {
                    report.updated.append(ImportReport.Update(before: before, after: after))
                    if !dryRun {
                        try PaddlerRow(after).update(db)
                        try Self.followActivity(from: before, to: after, db)
                    }
                }
                if !after.isActive {
                    let seats = try Self.seats(of: before.id, db)
                    if !seats.isEmpty { report.seatedInactive.append(.init(name: before.name, seats: seats)) }
                }
            } else {
                let draft: PaddlerDraft
                do {
                    draft = try row.draft.validated()
                } catch {
                    problems.append(
                        RosterImportIssue(line: row.line, message: "\(row.draft.name): \(error.description)"))
                    continue
                }
                report.added.append(draft.applied(to: Paddler(id: 0, name: draft.name)))
                if !dryRun { _ = try Self.insert(row.draft, db) }
            }
        }
        guard problems.isEmpty else { throw StoreError.importRejected(problems) }
        return report
    }

    /// Keeps the benches in step with a paddler's active state: made inactive, they leave every bench (a
    /// seat they hold stays theirs, and `show` and `check` warn about it); made active again, they join the
    /// end of every bench of a boat they are not in.
    static func followActivity(from before: Paddler, to after: Paddler, _ db: Database) throws {
        guard before.isActive != after.isActive else { return }
        for boat in try BoatRow.all(db) {
            let lineup = try loadLineup(boat.boat, db)
            var changed = lineup
            if after.isActive {
                guard lineup.place(of: after.id) == nil else { continue }
                changed.appendToBench(after.id)
            } else {
                guard case .bench = lineup.place(of: after.id) else { continue }
                changed.remove(after.id)
            }
            try writeLineup(from: lineup, to: changed, boatID: boat.boat.id, db)
        }
    }

    /// The seats `paddler` holds, by boat name.
    static func seats(of paddler: PaddlerID, _ db: Database) throws -> [PaddlerSeat] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT boat.name AS boat, placement.section, placement.position FROM placement
                JOIN boat ON boat.id = placement.boat_id
                WHERE placement.paddler_id = ? AND placement.section <> 'bench' ORDER BY boat.name_key
                """, arguments: [paddler]
        ).map { seat in
            PaddlerSeat(
                boat: seat["boat"],
                place: try Place.stored(
                    section: SQLValue(seat["section"] as DatabaseValue),
                    position: SQLValue(seat["position"] as DatabaseValue)))
        }
    }

    // MARK: - Helpers

    static func sortedRoster(_ db: Database) throws -> [Paddler] {
        try PaddlerRow.all(db).map(\.paddler)
    }

    static func insert(_ draft: PaddlerDraft, _ db: Database) throws -> Paddler {
        let draft = try draft.validated()
        if try PaddlerRow.withKey(PaddlerRules.nameKey(draft.name), db) != nil {
            throw StoreError.duplicatePaddler(draft.name)
        }
        var row = PaddlerRow(draft.applied(to: Paddler(id: 0, name: draft.name)))
        try PaddlerRules.checkRows(of: row.paddler)
        try row.insert(db)
        return row.paddler
    }

    /// The paddler `name` names: the whole name through the key's index, else as `NameMatcher` finds
    /// them (only the whole name with `exactOnly`).
    static func paddlerRow(named name: String, exactOnly: Bool = false, _ db: Database) throws -> PaddlerRow {
        if let row = try PaddlerRow.withKey(PaddlerRules.nameKey(name), db) { return row }
        let names = try Row.fetchAll(db, sql: "SELECT id, name FROM paddler").map {
            (id: $0["id"] as Int64, name: $0["name"] as String)
        }
        switch NameMatcher(names).match(name, exactOnly: exactOnly) {
        case .found(let id, _, _):
            guard let row = try PaddlerRow.fetchOne(db, sql: "SELECT * FROM paddler WHERE id = ?", arguments: [id])
            else { throw StoreError.unknownPaddler(name) }
            return row
        case .ambiguous(let candidates):
            throw LineupError.ambiguousName(name, owner: .paddler, candidates: candidates)
        case .partOfNames(let candidates):
            throw LineupError.wholeNameNeeded(name, owner: .paddler, candidates: candidates)
        case .notFound(let suggestions):
            throw StoreError.unknownPaddler(name, suggestions: suggestions)
        }
    }

    /// The paddler a file names: the whole name only (ignoring case), as `roster import` matches names, since
    /// a shortened name in a file is a typing slip nobody sees; a part of names is refused with them as the
    /// did-you-mean.
    static func paddlerRow(inFileNamed name: String, _ db: Database) throws -> PaddlerRow {
        do {
            return try paddlerRow(named: name, exactOnly: true, db)
        } catch LineupError.wholeNameNeeded(_, _, let candidates) {
            throw StoreError.unknownPaddler(
                name, suggestions: Array(candidates.prefix(NameMatcher<Int64>.maximumSuggestions)))
        }
    }
}
