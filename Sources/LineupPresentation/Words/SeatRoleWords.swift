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

    /// Why allowed rows with never rows taken out are refused: none is left. `given` and `never` are the
    /// rows as the front end shows them, `fields` its names of the two (`--rows`, `--never-rows` on the
    /// command line; `rows`, `never_rows` in JSON), `example` a never-rows value it takes, such as `1` or `[1]`.
    public static func noRowLeft(
        given: String?, givenRows: RowSet?, never: String, fields: (rows: String, never: String), example: String
    ) -> String {
        if let given, let givenRows {
            return
                "\(fields.rows) \(given) with \(fields.never) \(never) leaves no row to sit in (\(fields.never) takes "
                + "rows out of \(fields.rows)); give \(fields.rows) \(givenRows.description) alone, or never rows outside it"
        }
        return "\(fields.never) \(never) leaves no row to sit in; give the rows they may never sit in, such as "
            + "\(fields.never) \(example)"
    }

    /// A paddler whose role no boat can meet in the rows they may sit in: `Bea Marangoni's role stroke cannot
    /// be met: they may sit only in rows 3–10, and "Sample crew" wants stroke in rows 1–2`; nil when every
    /// boat has a row of their role among theirs (or they have no role, or no limit on rows).
    public static func unmetRole(of paddler: Paddler, in boats: [Boat]) -> String? {
        guard paddler.role != .any, let rows = paddler.rows else { return nil }
        let unmet = boats.compactMap { boat -> String? in
            let wanted = boat.wantedRoles.rows(of: paddler.role)
            guard !wanted.isEmpty, wanted.intersection(rows).isEmpty else { return nil }
            return "\"\(boat.name)\" wants \(paddler.role.rawValue) in \(RulesWords.rowsPhrase(wanted))"
        }
        guard !unmet.isEmpty else { return nil }
        return "\(paddler.name)'s role \(paddler.role.rawValue) cannot be met: they may sit only in "
            + "\(RulesWords.rowsPhrase(rows)), and \(unmet.joined(separator: "; "))"
    }

    /// Each seat a paddler holds outside the rows they may sit in: `Ada Lindqvist sits in L1 of "Sample
    /// crew", outside row 5`.
    public static func seatedOutsideRows(_ paddler: Paddler, _ seats: [PaddlerSeat]) -> [String] {
        guard let rows = paddler.rows else { return [] }
        return seats.compactMap { seat in
            guard let row = seat.place.row, !rows.contains(row) else { return nil }
            return "\(paddler.name) sits in \(seat.place) of \"\(seat.boat)\", outside \(RulesWords.rowsPhrase(rows))"
        }
    }

    /// What setting the roles did: `"Heat 1" now wants …`.
    public static func changed(_ boat: Boat) -> String {
        "\"\(boat.name)\" now wants \(wanted(boat.wantedRoles))"
            + (boat.customRoles == nil ? ", the defaults for a \(boat.kind.rawValue) boat." : ".")
    }
}
