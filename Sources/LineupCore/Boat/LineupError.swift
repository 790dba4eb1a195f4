/// Everything the domain refuses, each described as a sentence of facts (no front end's commands: each
/// front end adds its own hint).
public enum LineupError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyPlace
    case invalidPlace(String)
    case seatBeyondBoat(String, rowCount: Int)
    case benchPositionBeyondBench(String, benchCount: Int)
    case benchCannotBeLocked(String)
    /// No paddler has that name; `suggestions` are the closest names.
    case paddlerNotFound(String, suggestions: [String] = [])
    /// Part of a name given where only the whole name will do (what cannot be undone).
    case wholeNameNeeded(String, owner: PaddlerRules.NameOwner, candidates: [String])
    /// The paddler exists but is in no place of this boat (inactive paddlers leave every bench).
    case paddlerNotInBoat(String)
    /// Several paddlers (or boats) fit a shortened name equally well.
    case ambiguousName(String, owner: PaddlerRules.NameOwner, candidates: [String])
    case lockedSeat(Place, occupant: String?)
    case invalidName(String, reason: String)
    case invalidNotes(String)
    case invalidWeight(String)
    case invalidValue(field: String, value: String, expected: String)
    /// Rows (a paddler's, or those a boat wants for a role) that cannot be: `reason` says why and what to give.
    case invalidRows(String, reason: String)
    /// Not a real day as `YYYY-MM-DD` within `RegattaDay.years`.
    case invalidDate(String)
    case conflict([String])
    case inconsistentLineup(String)
    /// More names than the boat has seats, for a crew given in seat order.
    case tooManyNames(Int, kind: BoatKind)

    public var description: String {
        switch self {
        case .emptyPlace:
            return
                "a place cannot be empty; use a seat (D, S, L1…, R1…), a bench position (B1…), B, or a paddler's name"
        case .invalidPlace(let text):
            return
                "'\(text.truncatedForMessage)' is not a place; use D, S, L1…, R1…, B1…, B for the end of the bench, or a paddler's name"
        case .seatBeyondBoat(let text, let rowCount):
            return "this boat has \(rowCount) rows, so there is no seat \(text); use rows 1 to \(rowCount)"
        case .benchPositionBeyondBench(let text, let benchCount):
            return benchCount == 0
                ? "the bench is empty, so there is no \(text); use B to send someone to the bench"
                : "the bench has \(benchCount) paddlers, so there is no \(text); use B1 to B\(benchCount), or B for the end"
        case .benchCannotBeLocked(let text):
            return "\(text) is on the bench, and only seats can be locked; lock a seat (D, S, L1…, R1…)"
        case .paddlerNotFound(let name, let suggestions):
            return "no paddler named '\(name.truncatedForMessage)' in the roster"
                + (suggestions.isEmpty ? "" : "; did you mean \(Self.alternatives(suggestions))?")
        case .wholeNameNeeded(let name, let owner, let candidates):
            return "'\(name.truncatedForMessage)' is only part of a \(owner.rawValue)'s name, and this cannot be "
                + "undone: give the whole name (\(Self.alternatives(candidates, limit: 8)))"
        case .paddlerNotInBoat(let name):
            return "\(name.truncatedForMessage) is not in this boat: inactive paddlers leave every bench"
        case .ambiguousName(let name, let owner, let candidates):
            return "'\(name.truncatedForMessage)' could be \(candidates.count) \(owner.rawValue)s: "
                + "\(Self.alternatives(candidates, conjunction: "or", limit: 8)); give more of the name"
        case .lockedSeat(let place, let occupant):
            let who = occupant.map { " (\($0))" } ?? ""
            return "seat \(place)\(who) is locked"
        case .invalidName(let name, let reason):
            return "'\(name.truncatedForMessage)' is not a valid name: \(reason)"
        case .invalidNotes(let reason):
            return reason
        case .invalidWeight(let text):
            return "weight \(text) is out of range; give kilograms above 0 and below \(Int(PaddlerRules.weightLimitKg))"
        case .invalidValue(let field, let value, let expected):
            return "'\(value.truncatedForMessage)' is not a valid \(field); expected \(expected)"
        case .invalidRows(let text, let reason):
            // Rows worked out from others (never-rows taking every row left) have no text of their own.
            return text.isEmpty
                ? "those rows cannot be used: \(reason)"
                : "rows '\(text.truncatedForMessage)' cannot be used: \(reason)"
        case .invalidDate(let text):
            return "'\(text.truncatedForMessage)' is not a date; give a real day from "
                + "\(RegattaDay.years.lowerBound)-01-01 to \(RegattaDay.years.upperBound)-12-31 as YYYY-MM-DD, such as "
                + "2026-06-13"
        case .inconsistentLineup(let detail):
            return "the stored lineup is inconsistent (\(detail)); it was left as it is, restore it from a backup"
        case .conflict(let details):
            return "the boat has changed since that record, so it was left alone: " + details.joined(separator: "; ")
        case .tooManyNames(let count, let kind):
            let seats = Place.seats(of: kind).count
            return
                "\(count) names for \(seats) seats (D, L1…R\(kind.rowCount), S): a \(kind.rawValue) boat takes at most "
                + "\(seats) names in seat order (- for an empty seat)"
        }
    }
}

extension LineupError {
    /// Names for "did you mean A, B or C?": each made safe to print, at most `limit`.
    public static func alternatives(_ names: [String], conjunction: String = "or", limit: Int = 3) -> String {
        let shown = names.prefix(limit).map(\.truncatedForMessage)
        if names.count > limit { return shown.joined(separator: ", ") + ", …" }
        guard let last = shown.last, shown.count > 1 else { return shown.first ?? "" }
        return shown.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}

extension String {
    /// The string cut to a length that fits in an error message, and made safe to print (control
    /// characters shown, direction controls contained: see `TerminalText`).
    public var truncatedForMessage: String {
        let cut = count > 40 ? String(prefix(40)) + "…" : self
        return TerminalText.line(cut)
    }
}
