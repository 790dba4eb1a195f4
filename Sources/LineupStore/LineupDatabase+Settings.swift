import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// The balance figures for boats of `kind`: the kind's defaults, with the ones the club set in place.
    public func balanceModel(for kind: BoatKind) throws(StoreError) -> BalanceModel {
        try read { db in try Self.loadBalanceModel(kind, db) }
    }

    /// Sets balance figures for the given kinds of boat; each value must lie in its setting's range.
    public func setBalance(_ values: [BalanceSetting: Double], for kinds: [BoatKind]) throws(StoreError) {
        for (setting, value) in values where !(value.isFinite && setting.range.contains(value)) {
            throw .invalidSetting(
                "\(setting.rawValue) must be from \(setting.range.lowerBound) to \(setting.range.upperBound), not \(value)"
            )
        }
        try write { db in
            for kind in kinds {
                for (setting, value) in values {
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO balance_setting_of_kind (kind, name, value) VALUES (?, ?, ?)",
                        arguments: [kind.rawValue, setting.rawValue, value])
                }
                // The figures together, the new with those already set: refused (and nothing written) when
                // they contradict each other.
                if let problem = try Self.loadBalanceModel(kind, db).inconsistency {
                    throw StoreError.invalidSetting("for \(kind.rawValue) boats, \(problem)")
                }
            }
        }
    }

    /// Puts every balance figure of the given kinds of boat back to its default.
    public func resetBalance(for kinds: [BoatKind]) throws(StoreError) {
        try write { db in
            for kind in kinds {
                try db.execute(sql: "DELETE FROM balance_setting_of_kind WHERE kind = ?", arguments: [kind.rawValue])
            }
        }
    }

    /// The unit the club reads weights in (`lineup config units`); kilograms unless set.
    public func weightUnit() throws(StoreError) -> WeightUnit {
        try read { db in try Self.loadWeightUnit(db) }
    }

    /// Sets the unit the club reads weights in.
    public func setWeightUnit(_ unit: WeightUnit) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO club_setting (name, value) VALUES ('weight-unit', ?)",
                arguments: [unit.rawValue])
        }
    }

    /// Whether viewers signed in to `lineup serve` see paddlers' weights (`lineup config viewers`); not
    /// unless set. Coaches always do.
    public func viewersSeeWeights() throws(StoreError) -> Bool {
        try read { db in
            guard let value = try db.row("SELECT value FROM club_setting WHERE name = 'viewer-weights'")?["value"]
            else { return false }
            return try StoredValue.text(value, of: "what viewers see of weights", as: ViewerWeights.self) == "shown"
        }
    }

    /// Lets viewers see paddlers' weights, or hides them.
    public func setViewersSeeWeights(_ shown: Bool) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO club_setting (name, value) VALUES ('viewer-weights', ?)",
                arguments: [(shown ? ViewerWeights.shown : .hidden).rawValue])
        }
    }

    /// The values of the setting `viewer-weights`, as the schema allows them.
    private enum ViewerWeights: String {
        case shown, hidden
    }

    static func loadBalanceModel(_ kind: BoatKind, _ db: some SQLRunner) throws -> BalanceModel {
        var model = BalanceModel.defaults(for: kind)
        for row in try db.rows("SELECT name, value FROM balance_setting_of_kind WHERE kind = ?", [.text(kind.rawValue)])
        {
            let name = try StoredValue.text(row["name"], of: "a balance setting's name", as: BalanceSetting.self)
            guard let setting = name.flatMap(BalanceSetting.init(rawValue:)) else { continue }
            model[keyPath: setting.keyPath] =
                try StoredValue.number(
                    row["value"], of: "the balance setting \(setting.rawValue) of \(kind.rawValue) boats",
                    allowed: setting.range.contains) ?? 0
        }
        return model
    }

    static func loadWeightUnit(_ db: some SQLRunner) throws -> WeightUnit {
        guard let value = try db.row("SELECT value FROM club_setting WHERE name = 'weight-unit'")?["value"] else {
            return .kg
        }
        let text = try StoredValue.text(value, of: "the weight unit", as: WeightUnit.self)
        return text.flatMap(WeightUnit.init(rawValue:)) ?? .kg
    }
}
