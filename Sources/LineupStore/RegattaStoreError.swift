import LineupCore

/// What the store refuses about regattas, races and availability, each as a sentence a coach can act on.
public enum RegattaStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownRegatta(String, available: [String])
    case duplicateRegatta(String)
    case invalidName(String, reason: String)
    case invalidDate(String)
    case invalidGap(Int)
    case unknownRace(String, regatta: String, available: [String])
    case duplicateRace(String, regatta: String)
    case boatRaces(boat: String, races: [String])
    case boatNameTaken(String)
    case fileRejected([RosterImportIssue])

    public var description: String {
        switch self {
        case .unknownRegatta(let name, let available):
            let hint = available.isEmpty ? "there are no regattas yet" : "the regattas are \(Self.list(available))"
            return "no regatta named '\(name.truncatedForMessage)'; \(hint)"
        case .duplicateRegatta(let name):
            return "a regatta named '\(name)' already exists; choose another name"
        case .invalidName(let name, let reason):
            return "'\(name.truncatedForMessage)' is not a valid name: \(reason)"
        case .invalidDate(let text):
            return "'\(text.truncatedForMessage)' is not a date; give a real day as YYYY-MM-DD, such as 2026-06-13"
        case .invalidGap(let minutes):
            return "a minimum gap of \(minutes) minutes is out of range; give 0 to 720 minutes"
        case .unknownRace(let name, let regatta, let available):
            let hint = available.isEmpty ? "it has no races yet" : "its races are \(Self.list(available))"
            return "regatta '\(regatta)' has no race named '\(name.truncatedForMessage)'; \(hint)"
        case .duplicateRace(let name, let regatta):
            return "regatta '\(regatta)' already has a race named '\(name)'; choose another name"
        case .boatRaces(let boat, let races):
            return "boat '\(boat)' races in \(Self.list(races)); remove those races first, or give them another boat"
        case .boatNameTaken(let name):
            return "a boat named '\(name)' already exists, so the race cannot get a new boat of that name; "
                + "race in it with --boat, or rename it"
        case .fileRejected(let issues):
            let lines = issues.map { "  \($0)" }.joined(separator: "\n")
            return "the file was not read, nothing was changed; fix these and try again:\n\(lines)"
        }
    }

    private static func list(_ names: [String]) -> String {
        names.count <= 6 ? names.joined(separator: ", ") : names.prefix(6).joined(separator: ", ") + ", …"
    }
}
