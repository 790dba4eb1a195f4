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
