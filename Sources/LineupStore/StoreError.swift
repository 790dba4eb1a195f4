import LineupCore

/// Everything the store refuses or cannot do, each described as a sentence a coach can act on.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case lineup(LineupError)
    case databaseMissing(path: String)
    case notInitialized(path: String)
    case notADatabase(path: String)
    case notALineupDatabase(path: String)
    case corrupt(path: String)
    case newerSchema(path: String, unknownMigrations: [String])
    case cannotOpen(path: String, reason: String)
    case readOnly(path: String)
    case busy
    case diskFull
    case noBoats
    case boatNotChosen(available: [String])
    case unknownBoat(String, available: [String])
    case duplicateBoat(String)
    case unknownPaddler(String)
    case duplicatePaddler(String)
    case paddlerSeated(String, places: [String])
    case nothingToUndo(boat: String)
    case nothingToRedo(boat: String)
    case notEnoughHistory(undoing: Bool, boat: String, available: Int, requested: Int)
    case historyConflict(action: String, summary: String, details: [String])
    case importRejected([RosterImportIssue])
    case changedMeanwhile(boat: String)
    case invalidSetting(String)
    case sampleNeedsEmptyDatabase(path: String, paddlers: Int, boats: Int)
    case database(String)
    case regatta(RegattaStoreError)

    public var description: String {
        switch self {
        case .lineup(let error):
            return error.description
        case .databaseMissing(let path):
            return "no lineup database at \(path); create it with `lineup init` (or point --db at an existing one)"
        case .notInitialized(let path):
            return "\(path) is an empty database; set it up with `lineup init --db \(path)`"
        case .notADatabase(let path):
            return "\(path) is not a SQLite database (it was left untouched); check the --db path"
        case .notALineupDatabase(let path):
            return "\(path) is a SQLite database of another program (it was left untouched); choose another --db path"
        case .corrupt(let path):
            return "\(path) is damaged or incomplete (it was left untouched); restore it from a backup"
        case .newerSchema(let path, _):
            return "\(path) was written by a newer version of lineup (it was left untouched); upgrade lineup to use it"
        case .cannotOpen(let path, let reason):
            return "cannot open the database at \(path): \(reason)"
        case .readOnly(let path):
            return "the database at \(path) is read-only; check its permissions and those of its folder"
        case .busy:
            return
                "the database is busy: another command kept it locked too long; nothing was changed, try again "
                + "(LINEUP_BUSY_TIMEOUT sets how many seconds to wait, 10 by default)"
        case .diskFull:
            return "the disk is full; nothing was changed, free some space and try again"
        case .noBoats:
            return "there are no boats yet; create one with `lineup boat create NAME`"
        case .boatNotChosen(let available):
            return "this database has \(available.count) boats (\(Self.list(available))); "
                + "pick one with --boat NAME, or once with `lineup use NAME`"
        case .unknownBoat(let name, let available):
            let hint = available.isEmpty ? "there are no boats yet" : "the boats are \(Self.list(available))"
            return "no boat named '\(name.truncatedForMessage)'; \(hint)"
        case .duplicateBoat(let name):
            return "a boat named '\(name)' already exists; choose another name"
        case .unknownPaddler(let name):
            return "no paddler named '\(name.truncatedForMessage)' in the roster; see `lineup roster list`"
        case .duplicatePaddler(let name):
            return "'\(name)' is already in the roster (names are compared ignoring case); use `lineup roster update`"
        case .paddlerSeated(let name, let places):
            return "\(name) is seated (\(places.joined(separator: ", "))); send them to the bench first, "
                + "or remove them anyway with --force"
        case .nothingToUndo(let boat):
            return "nothing to undo in boat '\(boat)'"
        case .nothingToRedo(let boat):
            return "nothing to redo in boat '\(boat)'"
        case .notEnoughHistory(let undoing, let boat, let available, let requested):
            let what = undoing ? "undone" : "redone"
            return "boat '\(boat)' has \(available) change\(available == 1 ? "" : "s") that can be \(what), not "
                + "\(requested); nothing was \(what)"
        case .historyConflict(let action, let summary, let details):
            return "cannot \(action) \"\(summary)\": the boat has changed since (\(details.joined(separator: "; "))); "
                + "nothing was changed"
        case .importRejected(let issues):
            let lines = issues.map { "  \($0)" }.joined(separator: "\n")
            return "the file was not imported, nothing was changed; fix these and try again:\n\(lines)"
        case .changedMeanwhile(let boat):
            return "boat '\(boat)' was changed by another command meanwhile; nothing was changed, run this again"
        case .invalidSetting(let message):
            return message
        case .sampleNeedsEmptyDatabase(let path, let paddlers, let boats):
            return "\(path) already holds \(paddlers) paddler\(paddlers == 1 ? "" : "s") and \(boats) "
                + "boat\(boats == 1 ? "" : "s"); the sample club goes only into an empty database, so that its "
                + "fictional paddlers never mix with real ones (nothing was changed)"
        case .database(let message):
            return "the database reported a problem (\(message)); nothing was changed"
        case .regatta(let error):
            return error.description
        }
    }

    private static func list(_ names: [String]) -> String {
        names.count <= 6 ? names.joined(separator: ", ") : names.prefix(6).joined(separator: ", ") + ", …"
    }
}
