import ArgumentParser
import LineupCore
import LineupPresentation

/// The paddler fields `roster add` and `roster update` take.
struct PaddlerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Weight: kilograms (72.5), or with a unit (72 kg, 160 lb).", valueName: "weight"))
    var weight: String?

    @Option(help: ArgumentHelp("F, M or X (also Female, Male, Other).", valueName: "sex"))
    var sex: String?

    @Option(help: ArgumentHelp("The side they prefer: left, right or either.", valueName: "side"))
    var side: String?

    @Flag(inversion: .prefixedNo, help: "Whether they can drum.")
    var drum: Bool?

    @Flag(inversion: .prefixedNo, help: "Whether they can steer.")
    var steer: Bool?

    @Option(help: ArgumentHelp("Free-text notes.", valueName: "text"))
    var notes: String?

    @Option(
        help: ArgumentHelp(
            "The part of the boat they are for: stroke (the front rows, pacers), engine, rear or any.",
            valueName: "role"))
    var role: String?

    @Option(
        help: ArgumentHelp(
            "The only rows they may sit in (1-2, 2-10, 1,3-5), or any; the optimizer never moves them elsewhere.",
            valueName: "rows"))
    var rows: String?

    @Option(
        help: ArgumentHelp(
            "Rows they may never sit in, taken out of the rows they may (all for a new paddler); with --rows, out of those.",
            valueName: "rows"))
    var neverRows: String?

    @Option(
        help: ArgumentHelp(
            "The rows they would rather sit in, among those they may (1-2), or none.", valueName: "rows"))
    var preferRows: String?

    /// A draft for `name` with the fields given, each checked; bad values are usage errors. Without
    /// `validatingName`, `name` is only the text a paddler is looked up by, and is kept as typed.
    func draft(name: String, validatingName: Bool = true) throws -> PaddlerDraft {
        var draft = PaddlerDraft(
            name: validatingName ? try usage { () throws(LineupError) in try PaddlerRules.validatedName(name) } : name)
        if let weight {
            draft.weightKg = .some(
                try usage { () throws(LineupError) in try RosterImporter.parseWeight(weight, defaultUnit: .kg) })
        }
        if let sex {
            guard let parsed = RosterImporter.parseSex(sex) else {
                throw ValidationError("'\(sex.truncatedForMessage)' is not a sex; use F, M or X")
            }
            draft.sex = .some(parsed)
        }
        if let side {
            guard let parsed = SidePreference(rawValue: side.lowercased()) else {
                throw ValidationError("'\(side.truncatedForMessage)' is not a side; use left, right or either")
            }
            draft.side = parsed
        }
        draft.canDrum = drum
        draft.canSteer = steer
        if let notes { draft.notes = try usage { () throws(LineupError) in try PaddlerRules.validatedNotes(notes) } }
        if let role {
            // The words a roster file takes (pacer for stroke, engine room), so the two never disagree.
            guard !role.isEmpty, let parsed = RosterImporter.parseRole(role) else {
                throw ValidationError("'\(role.truncatedForMessage)' is not a role; use stroke, engine, rear or any")
            }
            draft.role = parsed
        }
        let limit = try rowLimit()
        if let rows = limit.rows { draft.rows = rows }
        draft.neverRows = limit.never
        if let preferRows {
            draft.preferredRows = .some(
                preferRows.lowercased() == "none"
                    ? nil : try usage { () throws(LineupError) in try RowSet.parse(preferRows) })
        }
        // Name and notes are checked above; this checks the rows.
        return try usage { () throws(LineupError) in try PaddlerRules.checkingRows(of: draft) }
    }

    /// `--rows` with `--never-rows` taken out (`.some(nil)` for every row); `--never-rows` alone is rows to take
    /// out of those the paddler has, so barring one more row never widens a limit they have.
    private func rowLimit() throws -> (rows: RowSet??, never: RowSet?) {
        guard rows != nil || neverRows != nil else { return (nil, nil) }
        let given: RowSet? =
            try rows.flatMap { text in
                text.lowercased() == "any" ? nil : try usage { () throws(LineupError) in try RowSet.parse(text) }
            }
        guard let neverRows else { return (.some(given), nil) }
        let never = try usage { () throws(LineupError) in try RowSet.parse(neverRows) }
        let left = (given ?? .first(RowSet.maximumRow)).subtracting(never)
        guard !left.isEmpty else {
            throw ValidationError(
                SeatRoleWords.noRowLeft(
                    given: given == nil ? nil : rows?.truncatedForMessage, givenRows: given,
                    never: neverRows.truncatedForMessage, fields: ("--rows", "--never-rows"), example: "1"))
        }
        return rows == nil ? (nil, never) : (.some(left), nil)
    }

    private func usage<T>(_ body: () throws(LineupError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw ValidationError(error.description)
        }
    }
}

extension BoatOptions {
    /// Refuses, as bad usage and before any file is opened, a new boat name the rules refuse.
    static func validateNewName(_ name: String) throws {
        do {
            _ = try PaddlerRules.validatedName(name, of: .boat)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
