import LineupCore

/// The roles a boat wants by row, in words, as `boat roles` says them.
public enum SeatRoleWords {
    /// `stroke in rows 1–2, engine in rows 3–8, rear in rows 9–10`; a role that wants no row is left out, and
    /// a boat whose rows want no role says so.
    public static func wanted(_ roles: WantedRoles) -> String {
        let parts = [SeatRole.stroke, .engine, .rear].compactMap { role -> String? in
            let rows = roles.rows(of: role)
            return rows.isEmpty ? nil : "\(role.rawValue) in \(RulesWords.rowsPhrase(rows))"
        }
        return parts.isEmpty ? "no role in any row" : parts.joined(separator: ", ")
    }

    /// What `boat roles` shows: `"Heat 1" wants stroke in rows 1–2, …, the defaults for a standard boat.`
    public static func shown(_ boat: Boat) -> String {
        let unwanted = RowSet.first(boat.kind.rowCount).subtracting(
            boat.wantedRoles.stroke.union(boat.wantedRoles.engine).union(boat.wantedRoles.rear))
        return "\"\(boat.name)\" wants \(wanted(boat.wantedRoles))"
            + (unwanted.isEmpty
                ? ""
                : "; \(RulesWords.rowsPhrase(unwanted)) \(unwanted.rows.count == 1 ? "wants" : "want") no role in particular")
            + (boat.customRoles == nil ? ", the defaults for a \(boat.kind.rawValue) boat." : ".")
    }

    /// What setting the roles did: `"Heat 1" now wants …`.
    public static func changed(_ boat: Boat) -> String {
        "\"\(boat.name)\" now wants \(wanted(boat.wantedRoles))"
            + (boat.customRoles == nil ? ", the defaults for a \(boat.kind.rawValue) boat." : ".")
    }
}
