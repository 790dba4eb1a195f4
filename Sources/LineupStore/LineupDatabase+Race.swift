import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// The club's balance figures: the defaults, with the ones set by `lineup config balance` in place.
    public func balanceModel() throws(StoreError) -> BalanceModel {
        try read { db in try Self.loadBalanceModel(db) }
    }

    /// Sets balance figures; each value must lie in its setting's range.
    public func setBalance(_ values: [BalanceSetting: Double]) throws(StoreError) -> BalanceModel {
        for (setting, value) in values where !setting.range.contains(value) {
            throw .invalidSetting(
                "\(setting.rawValue) must be from \(setting.range.lowerBound) to \(setting.range.upperBound), not \(value)"
            )
        }
        return try write { db in
            for (setting, value) in values {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO balance_setting (name, value) VALUES (?, ?)",
                    arguments: [setting.rawValue, value])
            }
            return try Self.loadBalanceModel(db)
        }
    }

    /// Puts every balance figure back to its default.
    public func resetBalance() throws(StoreError) -> BalanceModel {
        try write { db in
            try db.execute(sql: "DELETE FROM balance_setting")
            return BalanceModel.standard
        }
    }

    /// Sets the crew rules a boat races under.
    public func setRules(_ rules: RulesPreset, forBoat name: String?) throws(StoreError) -> Boat {
        try write { db in
            let boat = try Self.resolveBoat(name, db)
            try db.execute(sql: "UPDATE boat SET rules = ? WHERE id = ?", arguments: [rules.rawValue, boat.id])
            var updated = boat
            updated.rules = rules
            return updated
        }
    }

    /// Replaces a boat's lineup with `target`, made from `original` by several exchanges (the optimizer's
    /// result), as one history record: one `undo` takes it all back. Refused, changing nothing, when the
    /// boat no longer holds `original` (another command changed it since it was read).
    public func applyLineup(
        _ target: Lineup, replacing original: Lineup, summary: String, inBoat boatName: String?
    ) throws(StoreError) -> ChangeOutcome {
        try write { db in
            let state = try Self.loadState(try Self.resolveBoat(boatName, db), db)
            guard state.lineup == original else { throw StoreError.changedMeanwhile(boat: state.boat.name) }
            let change = LineupChange(from: original, to: target, names: state.names)
            let lineup = try original.applying(change, names: state.names)
            guard lineup == target else {
                throw StoreError.database("the change does not reproduce the proposed lineup")
            }
            return try Self.commit(change, summary: summary, from: state, to: lineup, db)
        }
    }

    static func loadBalanceModel(_ db: Database) throws -> BalanceModel {
        var model = BalanceModel.standard
        for row in try Row.fetchAll(db, sql: "SELECT name, value FROM balance_setting") {
            if let setting = BalanceSetting(rawValue: row["name"]) { model[keyPath: setting.keyPath] = row["value"] }
        }
        return model
    }
}

extension LineupDatabase {
    /// Commits one exchange made outside `exchange(_:_:inBoat:)` (the editor's drag and release), exactly as
    /// `lineup exchange` records it: the change is applied to the boat as stored now, which must still
    /// have every moved paddler where the change says they start and none of its seats locked. Otherwise
    /// nothing changes and the error names who is where (another command changed the boat meanwhile).
    @discardableResult
    public func commitExchange(_ change: LineupChange, inBoat boatName: String?) throws(StoreError) -> ChangeOutcome {
        try write { db in
            let state = try Self.loadState(try Self.resolveBoat(boatName, db), db)
            let summary = change.summary()
            for move in change.moves {
                for seat in [move.from, move.to] where state.lineup.isLocked(seat) {
                    throw StoreError.historyConflict(
                        action: "release", summary: summary, details: ["seat \(seat) is locked now"])
                }
            }
            let lineup: Lineup
            do {
                lineup = try state.lineup.applying(change, names: state.names)
            } catch let LineupError.conflict(details) {
                throw StoreError.historyConflict(action: "release", summary: summary, details: details)
            }
            return try Self.commit(change, summary: summary, from: state, to: lineup, db)
        }
    }

    /// SQLite's `data_version`: it changes when another connection commits to the file, so an open view
    /// can tell cheaply that it should read the boat again.
    public func dataVersion() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
