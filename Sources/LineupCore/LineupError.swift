/// Everything the domain refuses, each described as a sentence that says what to do next.
public enum LineupError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyPlace
    case invalidPlace(String)
    case seatBeyondBoat(String, rowCount: Int)
    case benchPositionBeyondBench(String, benchCount: Int)
    case benchCannotBeLocked(String)
    case paddlerNotFound(String)
    case lockedSeat(Place, occupant: String?)
    case invalidName(String, reason: String)
    case invalidWeight(String)
    case invalidValue(field: String, value: String, expected: String)
    case conflict([String])
    case inconsistentLineup(String)

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
        case .paddlerNotFound(let name):
            return "no paddler named '\(name.truncatedForMessage)' in the roster; see `lineup roster list`"
        case .lockedSeat(let place, let occupant):
            let who = occupant.map { " (\($0))" } ?? ""
            return "seat \(place)\(who) is locked; unlock it first with `lineup unlock \(place)`"
        case .invalidName(let name, let reason):
            return "'\(name.truncatedForMessage)' is not a valid name: \(reason)"
        case .invalidWeight(let text):
            return "weight \(text) is out of range; give kilograms above 0 and below \(Int(PaddlerRules.weightLimitKg))"
        case .invalidValue(let field, let value, let expected):
            return "'\(value.truncatedForMessage)' is not a valid \(field); expected \(expected)"
        case .inconsistentLineup(let detail):
            return "the stored lineup is inconsistent (\(detail)); it was left as it is, restore it from a backup"
        case .conflict(let details):
            return "the boat has changed since that record, so it was left alone: " + details.joined(separator: "; ")
        }
    }
}

extension String {
    /// The string cut to a length that fits in an error message, with control characters made visible.
    public var truncatedForMessage: String {
        let visible = String(
            String.UnicodeScalarView(
                unicodeScalars.map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }))
        return visible.count > 40 ? String(visible.prefix(40)) + "…" : visible
    }
}
