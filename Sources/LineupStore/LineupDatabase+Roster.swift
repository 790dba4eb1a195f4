import Foundation
import GRDB
import LineupCore

/// What removing a paddler did.
public struct RemovalReport: Sendable {
    public var paddler: Paddler
    /// The seats the paddler left, as "boat: seat".
    public var leftSeats: [String]
}

/// What importing a roster file did, or would do with `--dry-run`.
public struct ImportReport: Sendable {
    public var added: [String] = []
    /// Each updated paddler with its changes, such as "weight 70 → 72 kg".
    public var updated: [(name: String, changes: [String])] = []
    public var unchanged: [String] = []
    /// Paddlers left out because their status is inactive.
    public var skippedInactive: [String] = []
    public var dryRun = false
}

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

    /// Changes the fields `draft` sets of the paddler named `name` (the draft's name renames them).
    @discardableResult
    public func updatePaddler(named name: String, with draft: PaddlerDraft) throws(StoreError) -> Paddler {
        try write { db in
            let existing = try Self.paddlerRow(named: name, db)
            let updated = PaddlerRow(try draft.validated().applied(to: existing.paddler))
            if updated.nameKey != existing.nameKey, try PaddlerRow.withKey(updated.nameKey, db) != nil {
                throw StoreError.duplicatePaddler(updated.name)
            }
            try updated.update(db)
            return updated.paddler
        }
    }

    /// Removes a paddler from the roster and from every boat; the benches close up. A paddler seated in
    /// any boat is only removed with `force`.
    public func removePaddler(named name: String, force: Bool) throws(StoreError) -> RemovalReport {
        try write { db in
            let row = try Self.paddlerRow(named: name, db)
            let seats = try Row.fetchAll(
                db,
                sql: """
                    SELECT boat.name AS boat, placement.section, placement.position FROM placement
                    JOIN boat ON boat.id = placement.boat_id
                    WHERE placement.paddler_id = ? AND placement.section <> 'bench' ORDER BY boat.name_key
                    """, arguments: [row.id]
            ).map { seat -> String in
                let place = Place(section: try Section.stored(seat["section"]), position: seat["position"])
                return "\(seat["boat"] as String): \(place)"
            }
            if !seats.isEmpty && !force { throw StoreError.paddlerSeated(row.name, places: seats) }
            // Take them out of every lineup first (the benches close up through the usual lineup write),
            // then out of the roster.
            for boat in try BoatRow.all(db) {
                let lineup = try Self.loadLineup(boat.boat, db)
                var without = lineup
                without.remove(row.paddler.id)
                try Self.writeLineup(from: lineup, to: without, boatID: boat.boat.id, db)
            }
            _ = try row.delete(db)
            return RemovalReport(paddler: row.paddler, leftSeats: seats)
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
        report.skippedInactive = file.skippedInactive.map(\.draft.name)
        for row in file.rows {
            let key = PaddlerRules.nameKey(row.draft.name)
            if let existing = try PaddlerRow.withKey(key, db) {
                let before = existing.paddler
                var after = row.draft.applied(to: before)
                after.name = before.name
                let changes = Self.describeChanges(from: before, to: after)
                if changes.isEmpty {
                    report.unchanged.append(before.name)
                } else {
                    report.updated.append((before.name, changes))
                    if !dryRun { try PaddlerRow(after).update(db) }
                }
            } else {
                report.added.append(row.draft.name)
                if !dryRun { _ = try Self.insert(row.draft, db) }
            }
        }
        return report
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
        try row.insert(db)
        return row.paddler
    }

    static func paddlerRow(named name: String, _ db: Database) throws -> PaddlerRow {
        guard let row = try PaddlerRow.withKey(PaddlerRules.nameKey(name), db) else {
            throw StoreError.unknownPaddler(name)
        }
        return row
    }

    static func describeChanges(from before: Paddler, to after: Paddler) -> [String] {
        func weight(_ kg: Double?) -> String { kg.map { PaddlerRules.formatWeight($0) + " kg" } ?? "unknown" }
        func flag(_ value: Bool) -> String { value ? "yes" : "no" }
        var changes: [String] = []
        if before.weightKg != after.weightKg {
            changes.append("weight \(weight(before.weightKg)) → \(weight(after.weightKg))")
        }
        if before.sex != after.sex {
            changes.append("sex \(before.sex?.rawValue ?? "unknown") → \(after.sex?.rawValue ?? "unknown")")
        }
        if before.side != after.side { changes.append("side \(before.side.rawValue) → \(after.side.rawValue)") }
        if before.canDrum != after.canDrum {
            changes.append("drummer \(flag(before.canDrum)) → \(flag(after.canDrum))")
        }
        if before.canSteer != after.canSteer {
            changes.append("steerer \(flag(before.canSteer)) → \(flag(after.canSteer))")
        }
        if before.notes != after.notes { changes.append("notes changed") }
        return changes
    }
}
