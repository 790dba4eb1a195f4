import LineupCore
import LineupStore

/// What to type next, for the errors whose remedy is a command or an option: the libraries below say what
/// failed, and the command line adds how to go on, in its own words (a web page would add its own).
extension StoreError {
    /// The message the command line prints: the facts, then the hint.
    var commandLineMessage: String {
        guard let hint = commandLineHint else { return description }
        return description + "; " + hint
    }

    private var commandLineHint: String? {
        switch self {
        case .lineup(let error): return error.commandLineHint
        case .databaseMissing: return "create it with `lineup init` (or point --db at an existing one)"
        case .notInitialized(let path): return "set it up with `lineup init --db \(path.shellWord)`"
        case .notADatabase, .notARegularFile: return "check the --db path"
        case .notALineupDatabase: return "choose another --db path"
        case .companionFile(_, let database): return "use --db \(database.shellWord)"
        case .foreignLog: return "`lineup restore` replaces a database safely"
        case .busy: return "LINEUP_BUSY_TIMEOUT sets how many seconds to wait, 10 by default"
        case .noBoats: return "create one with `lineup boat create NAME`"
        case .boatNotChosen: return "pick one with --boat NAME, or once with `lineup use NAME`"
        case .duplicatePaddler: return "use `lineup roster update`"
        case .paddlerSeated: return "send them to the bench first, or remove them anyway with --force"
        case .restoreSource(let error): return error.restoreSourceHint
        case .notReplacedByRestore:
            return "to restore the backup, give --db a path where no file is yet, or move that file away first"
        case .brokenReferences:
            return "`lineup check --repair` empties such places and removes what names nothing (take a "
                + "`lineup backup` first to keep the file as it is)"
        case .regatta(let error): return error.commandLineHint
        default: return nil
        }
    }

    /// The hint for an error about the file `lineup restore` was to read: about that file, never the
    /// `--db` database's remedies (`lineup init`, another --db path).
    private var restoreSourceHint: String? {
        switch self {
        case .databaseMissing, .notARegularFile, .companionFile: return "check the path of the backup"
        case .notInitialized, .notADatabase, .notALineupDatabase, .foreignSchema:
            return "restore from a file `lineup backup` wrote"
        case .corrupt, .storedValueOutOfRange: return "restore from another backup"
        case .newerSchema: return "restore it with the newer lineup that wrote it"
        case .busy: return commandLineHint
        default: return nil
        }
    }
}

extension LineupError {
    /// The message the command line prints: the facts, then the hint.
    var commandLineMessage: String {
        guard let hint = commandLineHint else { return description }
        return description + "; " + hint
    }

    fileprivate var commandLineHint: String? {
        switch self {
        case .paddlerNotFound(_, let suggestions): return suggestions.isEmpty ? "see `lineup roster list`" : nil
        case .lockedSeat(let place, _): return Self.unlockHint(place, boat: nil)
        default: return nil
        }
    }

    /// How to unlock `place`, naming the boat when the command named one (`-b BOAT`): without it, the
    /// command pasted would unlock the seat in the current boat, perhaps another one.
    static func unlockHint(_ place: Place, boat: String?) -> String {
        "unlock it first with `lineup unlock \(place)\(boat.map { " \($0.boatOption)" } ?? "")`"
    }

    /// `error` as the command line reports it for a command on `boat` (nil: none named): a locked seat's
    /// hint names the boat; anything else is returned as it is.
    static func namingBoat(_ boat: String?, in error: any Error) -> any Error {
        guard let boat else { return error }
        let lineupError: LineupError
        switch error {
        case StoreError.lineup(let error): lineupError = error
        case let error as LineupError: lineupError = error
        default: return error
        }
        guard case .lockedSeat(let place, _) = lineupError else { return error }
        return CommandError.failed(lineupError.description + "; " + unlockHint(place, boat: boat))
    }
}

extension RegattaStoreError {
    fileprivate var commandLineHint: String? {
        switch self {
        case .unknownRegatta(_, let available, let suggestions):
            return suggestions.isEmpty && available.isEmpty ? "create one with `lineup regatta create NAME`" : nil
        case .unknownRace(_, let regatta, let available, let suggestions):
            return suggestions.isEmpty && available.isEmpty
                ? "add one with `lineup race add \(regatta.shellWord) RACE --at HH:MM`" : nil
        case .boatRaces: return "remove those races first (`lineup race remove`), or race them in another boat"
        case .boatNameTaken: return "race in that boat with --boat, or rename it (`lineup boat rename`)"
        case .boatRacesAtOnce:
            return "give this race another start time, or race it in another boat (whose crew is not racing then)"
        case .raceIsNoBoat(_, let races):
            return races.first.map { "name its boat: \($0.boat.boatOption)" }
        default: return nil
        }
    }
}
