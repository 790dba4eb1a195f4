import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// Every boat, by name, with how many are seated and on the bench.
    public func boats() throws(StoreError) -> [BoatSummary] {
        try read { db in
            let current = try Int64.fetchOne(db, sql: "SELECT boat_id FROM current_boat")
            return try BoatRow.all(db).map { row in
                let counts = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT sum(section <> 'bench') AS seated, sum(section = 'bench') AS bench
                        FROM placement WHERE boat_id = ?
                        """, arguments: [row.id])
                return BoatSummary(
                    boat: row.boat, seatedCount: counts?["seated"] ?? 0, benchCount: counts?["bench"] ?? 0,
                    isCurrent: row.id == current)
            }
        }
    }

    /// The boat `choice` names.
    public func boat(_ choice: BoatChoice) throws(StoreError) -> Boat {
        try read { db in try Self.resolveBoat(choice, db) }
    }

    /// A boat with its lineup and the roster.
    public func state(ofBoat boat: BoatChoice) throws(StoreError) -> BoatState {
        try read { db in try Self.loadState(try Self.resolveBoat(boat, db), db) }
    }

    /// Creates a boat with the whole roster on its bench, in name order.
    @discardableResult
    public func createBoat(named rawName: String, kind: BoatKind, rules: RulesPreset = .open) throws(StoreError)
        -> Boat
    {
        let name = try Self.validBoatName(rawName)
        return try write { db in
            try Self.requireFreeBoatName(name, db)
            var row = BoatRow(name: name, kind: kind, rules: rules, createdAt: Date())
            try row.insert(db)
            return row.boat
        }
    }

    /// Renames a boat.
    public func renameBoat(_ boat: BoatChoice, to rawName: String) throws(StoreError) -> Boat {
        let name = try Self.validBoatName(rawName)
        return try write { db in
            var row = try Self.boatRow(boat, db)
            if PaddlerRules.nameKey(name) != row.nameKey { try Self.requireFreeBoatName(name, db) }
            row.name = name
            row.nameKey = PaddlerRules.nameKey(name)
            try row.update(db)
            return row.boat
        }
    }

    /// Copies a boat's lineup, locks and seat roles (not its history) into a new boat, for trying a variant.
    public func copyBoat(_ boat: BoatChoice, to rawName: String) throws(StoreError) -> Boat {
        let name = try Self.validBoatName(rawName)
        return try write { db in
            let source = try Self.boatRow(boat, db)
            try Self.requireFreeBoatName(name, db)
            let row = try Self.copyBoatRow(source, to: name, db)
            return row.boat
        }
    }

    /// Deletes a boat with its lineup and history. The roster is not touched.
    /// Deleting cannot be undone, so a name is matched whole (in any case or spelling), never by a word or
    /// the start of one, whichever way `boat` names it.
    public func deleteBoat(_ boat: BoatChoice) throws(StoreError) -> Boat {
        let whole: BoatChoice = if case .named(let name) = boat { .wholeName(name) } else { boat }
        return try write { db in
            let row = try Self.boatRow(whole, db)
            try Self.refuseDeletingRacingBoat(row, db)
            try row.delete(db)
            return row.boat
        }
    }

    /// Sets the crew rules a boat races under.
    public func setRules(_ rules: RulesPreset, forBoat choice: BoatChoice) throws(StoreError) -> Boat {
        try write { db in
            let boat = try Self.resolveBoat(choice, db)
            try db.execute(sql: "UPDATE boat SET rules = ? WHERE id = ?", arguments: [rules.rawValue, boat.id])
            var updated = boat
            updated.rules = rules
            return updated
        }
    }

    /// Sets the roles a boat wants by row (checked against its kind), or with nil goes back to the defaults
    /// of its kind; answers with the boat as it is now.
    public func setWantedRoles(_ roles: WantedRoles?, forBoat choice: BoatChoice) throws(StoreError) -> Boat {
        try write { db in
            var row = try Self.boatRow(choice, db)
            let kind = BoatKind(rawValue: row.kind) ?? .standard
            let checked = try roles?.validated(for: kind)
            (row.strokeRows, row.engineRows, row.rearRows) = (
                checked?.stroke.mask, checked?.engine.mask, checked?.rear.mask
            )
            try row.update(db)
            return row.boat
        }
    }

    /// Makes `boat` the boat commands use when no --boat is given.
    public func useBoat(_ boat: BoatChoice) throws(StoreError) -> Boat {
        try write { db in
            let row = try Self.boatRow(boat, db)
            try db.execute(
                sql: "INSERT OR REPLACE INTO current_boat (singleton, boat_id) VALUES (1, ?)", arguments: [row.id])
            return row.boat
        }
    }

    // MARK: - Helpers shared by every boat operation

    static func validBoatName(_ raw: String) throws(StoreError) -> String {
        do {
            return try PaddlerRules.validatedName(raw, of: .boat)
        } catch {
            throw .lineup(error)
        }
    }

    static func requireFreeBoatName(_ name: String, _ db: Database) throws {
        if try BoatRow.withKey(PaddlerRules.nameKey(name), db) != nil {
            throw StoreError.duplicateBoat(name)
        }
    }

    /// The boat `name` names: the whole name in any case or spelling, else a unique word or start of one
    /// ("mixed" for "500m mixed final"); only the whole name with `exactOnly`.
    static func boatRow(named name: String, exactOnly: Bool = false, _ db: some SQLRunner) throws -> BoatRow {
        // No boat's name holds a control character, and SQLite would read a NUL as the end of the text (a web
        // address's `Sample%00crew` would find "Sample").
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw StoreError.unknownBoat(name, available: try BoatRow.all(db).map(\.name))
        }
        if let row = try BoatRow.withKey(PaddlerRules.nameKey(name), db) {
            return row
        }
        let rows = try BoatRow.all(db)
        switch NameMatcher(rows.map { (id: $0.id ?? 0, name: $0.name) }).match(name, exactOnly: exactOnly) {
        case .found(let id, _, _):
            if let row = rows.first(where: { $0.id == id }) { return row }
            throw StoreError.unknownBoat(name, available: rows.map(\.name))
        case .ambiguous(let candidates):
            throw LineupError.ambiguousName(name, owner: .boat, candidates: candidates)
        case .partOfNames(let candidates):
            throw LineupError.wholeNameNeeded(name, owner: .boat, candidates: candidates)
        case .notFound(let suggestions):
            // A race's name where its boat's is wanted: say which boat races it.
            let races = try db.rows(
                """
                SELECT regatta.name AS regatta, boat.name AS boat FROM race JOIN regatta ON regatta.id = race.regatta_id
                JOIN boat ON boat.id = race.boat_id WHERE race.name_key = ? ORDER BY regatta.date, regatta.name_key
                """, [.text(PaddlerRules.nameKey(name))])
            if !races.isEmpty {
                throw StoreError.regatta(
                    .raceIsNoBoat(
                        name,
                        races: races.map {
                            RegattaStoreError.RacedIn(regatta: $0.text("regatta"), boat: $0.text("boat"))
                        }))
            }
            throw StoreError.unknownBoat(name, available: rows.map(\.name), suggestions: suggestions)
        }
    }

    /// The boat `name` names (only by its whole name with `wholeName`, as changes through the API name it),
    /// or without a name the current boat or the only one.
    /// The boat `choice` names, found in the caller's transaction.
    /// The boat `choice` names. A whole name that is only part of boats' names is refused as
    /// `LineupError.wholeNameNeeded`, naming them.
    static func resolveBoat(_ choice: BoatChoice, _ db: some SQLRunner) throws -> Boat {
        switch choice {
        case .current: return try currentBoat(db)
        case .named, .wholeName, .id: return try boatRow(choice, db).boat
        }
    }

    /// The row of the boat `choice` names.
    static func boatRow(_ choice: BoatChoice, _ db: some SQLRunner) throws -> BoatRow {
        switch choice {
        case .named(let name): return try boatRow(named: name, db)
        case .wholeName(let name): return try boatRow(named: name, exactOnly: true, db)
        case .id(let id):
            guard let row = try BoatRow.withID(id, db) else { throw StoreError.boatRemoved }
            return row
        case .current:
            guard let row = try BoatRow.withID(try currentBoat(db).id, db) else { throw StoreError.boatRemoved }
            return row
        }
    }

    /// The boat chosen with `lineup use`, or the only one.
    static func currentBoat(_ db: some SQLRunner) throws -> Boat {
        if let current = try db.row("SELECT boat.* FROM boat JOIN current_boat ON current_boat.boat_id = boat.id") {
            return try BoatRow(current).boat
        }
        let rows = try BoatRow.all(db)
        switch rows.count {
        case 0: throw StoreError.noBoats
        case 1: return rows[0].boat
        default: throw StoreError.boatNotChosen(available: rows.map(\.name))
        }
    }

    static func loadRoster(_ db: some SQLRunner) throws -> [PaddlerID: Paddler] {
        Dictionary(uniqueKeysWithValues: try PaddlerRow.all(db).map { ($0.id ?? 0, $0.paddler) })
    }

    static func loadLineup(_ boat: Boat, _ db: some SQLRunner) throws -> Lineup {
        let placements = try db.rows(
            "SELECT paddler_id, section, position FROM placement WHERE boat_id = ?", [.integer(boat.id)]
        ).map { row -> (paddler: PaddlerID, place: Place) in
            (row.integer("paddler_id"), try Place.stored(section: row["section"], position: row["position"]))
        }
        let locks = try db.rows("SELECT section, position FROM seat_lock WHERE boat_id = ?", [.integer(boat.id)]).map {
            try Place.stored(section: $0["section"], position: $0["position"])
        }
        return try Lineup(kind: boat.kind, placements: placements, lockedSeats: Set(locks))
    }

    /// The boat with its lineup and the roster; refused when a place names a paddler not in the roster
    /// (see `refuseMissingPaddlers`): shown, it would look empty, and a change would fail or lose them.
    static func loadState(_ boat: Boat, _ db: some SQLRunner) throws -> BoatState {
        let lineup = try loadLineup(boat, db)
        let roster = try loadRoster(db)
        try refuseMissingPaddlers(in: lineup, of: boat, roster: roster)
        return BoatState(
            boat: boat, lineup: lineup, roster: roster, balanceModel: try loadBalanceModel(boat.kind, db),
            weightUnit: try loadWeightUnit(db), regattaEntries: try regattaEntries(ofBoat: boat.id, db))
    }

    /// Writes the difference between two lineups of one boat: only the paddlers whose place changed, and
    /// the locks that changed. Rows are deleted before they are inserted again, so no unique key is ever
    /// taken twice on the way; the bench-without-holes check runs at commit.
    static func writeLineup(from old: Lineup, to new: Lineup, boatID: Int64, _ db: some SQLRunner) throws {
        let oldPlaces = Dictionary(uniqueKeysWithValues: old.placements.map { ($0.paddler, $0.place) })
        let changed = new.placements.filter { oldPlaces[$0.paddler] != $0.place }
        let removed = Set(oldPlaces.keys).subtracting(new.placements.map(\.paddler))
        let touched = changed.map(\.paddler) + removed
        for paddler in touched {
            try db.run(
                "DELETE FROM placement WHERE boat_id = ? AND paddler_id = ?", [.integer(boatID), .integer(paddler)])
        }
        for (paddler, place) in changed {
            try db.run(
                "INSERT INTO placement (boat_id, paddler_id, section, position) VALUES (?, ?, ?, ?)",
                [.integer(boatID), .integer(paddler), .text(place.section.rawValue), .integer(Int64(place.position))])
        }
        for seat in old.lockedSeats.subtracting(new.lockedSeats) {
            try db.run(
                "DELETE FROM seat_lock WHERE boat_id = ? AND section = ? AND position = ?",
                [.integer(boatID), .text(seat.section.rawValue), .integer(Int64(seat.position))])
        }
        for seat in new.lockedSeats.subtracting(old.lockedSeats) {
            try db.run(
                "INSERT INTO seat_lock (boat_id, section, position) VALUES (?, ?, ?)",
                [.integer(boatID), .text(seat.section.rawValue), .integer(Int64(seat.position))])
        }
    }
}
