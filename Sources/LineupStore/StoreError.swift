import LineupCore

/// Everything the store refuses or cannot do, each described as a sentence of facts a coach can act on:
/// what failed, and that nothing was changed. Which command or button to use next is for each front end to
/// add (the command line's hints are in `Sources/lineup/Support/CommandLineHints.swift`).
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case lineup(LineupError)
    case databaseMissing(path: String)
    case notInitialized(path: String)
    case notADatabase(path: String)
    case notALineupDatabase(path: String)
    case corrupt(path: String)
    case newerSchema(path: String, unknownMigrations: [String])
    case cannotOpen(path: String, reason: String)
    case notARegularFile(path: String, kind: String)
    case uriNotSupported(path: String)
    case companionFile(path: String, database: String)
    case strayCompanion(path: String, companion: String)
    case foreignLog(path: String, log: String)
    case foreignJournal(path: String, journal: String)
    case createdMeanwhile(path: String)
    case restoreFromItself(path: String)
    /// The file a restore was to replace is not a lineup database (not SQLite, empty, another program's, or
    /// damaged beyond telling whose it is): a restore replaces only a lineup database, never a file given by
    /// mistake. `empty` when the file has no bytes.
    case notReplacedByRestore(path: String, empty: Bool)
    /// What was wrong with the file a restore was to read (`error` says what, about that file).
    indirect case restoreSource(StoreError)
    /// A stored value outside what the schema allows (a weight, a balance figure, a seat), written by another
    /// program or left by damage; `what` says which and where.
    case storedValueOutOfRange(path: String, what: String)
    /// The file's schema holds what lineup's migrations do not make, or makes something otherwise (a trigger,
    /// a view, a table changed): `objects` names them.
    case foreignSchema(path: String, objects: [String])
    case readOnly(path: String)
    /// The path no longer names the file a long-running process (the server, the editor) has open: it was
    /// moved, deleted or replaced since it was opened.
    case databaseReplaced(path: String)
    case busy
    case diskFull
    case noBoats
    case boatNotChosen(available: [String])
    /// No boat has that name; `suggestions` are the closest names.
    case unknownBoat(String, available: [String], suggestions: [String] = [])
    /// The boat a front end stayed on (by its id) was deleted meanwhile.
    case boatRemoved
    case duplicateBoat(String)
    /// No paddler has that name; `suggestions` are the closest names.
    case unknownPaddler(String, suggestions: [String] = [])
    case duplicatePaddler(String)
    case paddlerSeated(String, places: [PaddlerSeat])
    case nothingToUndo(boat: String)
    case nothingToRedo(boat: String)
    case notEnoughHistory(undoing: Bool, boat: String, available: Int, requested: Int)
    case historyConflict(action: String, summary: String, details: [String])
    case importRejected([RosterImportIssue])
    case changedMeanwhile(boat: String)
    /// A proposed lineup (the planner's or the optimizer's) that the change made from it does not
    /// reproduce: a fault in the proposal, not in the database.
    case proposalNotReproduced(boat: String)
    case invalidSetting(String)
    case sampleNeedsEmptyDatabase(path: String, paddlers: Int, boats: Int)
    /// An account name that is not 1 to 64 ASCII letters, digits and `. _ @ -`.
    case invalidAccountName(String)
    case duplicateAccount(String)
    case unknownAccount(String)
    case unknownShareLink(Int64)
    /// Rows naming rows that are not there (a seat naming a paddler not in the roster), written by another
    /// program with SQLite's foreign keys off; `rows` says which.
    case brokenReferences(path: String, rows: [String])
    case database(String)
    case regatta(RegattaStoreError)
    /// A time trial or seat race refused, or not found.
    case strength(StrengthError)
    /// Several names (of a trial's times) that name no one paddler of the roster, in the order given, each
    /// with its refusal (`unknownPaddler`, or an ambiguous or partial name).
    indirect case paddlerNames([StoreError])

    /// The most refusals `paddlerNames` lists one by one; the rest are counted.
    public static let paddlerNamesShown = 10

    public var description: String {
        switch self {
        case .lineup(let error):
            return error.description
        case .databaseMissing(let path):
            return "no lineup database at \(path)"
        case .notInitialized(let path):
            return "\(path) is an empty database, not set up yet"
        case .notADatabase(let path):
            return "\(path) is not a SQLite database (it was left untouched)"
        case .notALineupDatabase(let path):
            return "\(path) is a SQLite database of another program (it was left untouched)"
        case .corrupt(let path):
            return "\(path) is damaged or incomplete (it was left untouched); restore it from a backup"
        case .newerSchema(let path, _):
            return "\(path) was written by a newer version of lineup (it was left untouched); upgrade lineup to use it"
        case .cannotOpen(let path, let reason):
            return "cannot open the database at \(path): \(reason)"
        case .notARegularFile(let path, let kind):
            return "\(path) is \(kind), not a database file (it was left untouched)"
        case .uriNotSupported(let path):
            return "'\(path)' looks like a SQLite URI, which lineup does not take; give a plain file path "
                + "(./\(path) for a file whose name starts with file:)"
        case .companionFile(let path, let database):
            return "\(path) is a file SQLite keeps beside the database \(database), not a database (it was left "
                + "untouched)"
        case .strayCompanion(let path, let companion):
            return "cannot create a database at \(path): \(companion) is still there, left by an earlier database "
                + "of that name, and SQLite would read it into the new one; move it away first (nothing was created)"
        case .foreignLog(let path, let log):
            return "\(log) holds changes that do not belong to \(path) (the file was replaced after a command "
                + "was interrupted); nothing was changed. To use \(path) as it is, move \(log) and "
                + "\(path)-shm out of its folder; to keep those changes, put back the file they belong to"
        case .foreignJournal(let path, let journal):
            return
                "\(journal) is a rollback journal, which \(path) (a database in WAL mode) never uses: it was left by "
                + "another program or copied there, and SQLite would play it back into the file; nothing was "
                + "changed. Move \(journal) out of the folder to use \(path)"
        case .createdMeanwhile(let path):
            return "another command created a database at \(path) while this one ran; this command's change was "
                + "not saved (nothing was changed there): run it again"
        case .restoreSource(let error):
            return error.description
        case .storedValueOutOfRange(let path, let what):
            return "\(path) holds a value lineup does not allow (\(what)): it was changed by another program or is "
                + "damaged; nothing was changed (it was left untouched). Restore it from a backup"
        case .foreignSchema(let path, let objects):
            let shown =
                objects.prefix(5).joined(separator: ", ") + (objects.count > 5 ? " and \(objects.count - 5) more" : "")
            return "\(path) holds schema that lineup does not make (\(shown)): it was changed by another program, "
                + "and what it holds could act on every later change; nothing was changed"
        case .notReplacedByRestore(let path, let empty):
            return
                "\(path) is \(empty ? "an empty file" : "not a lineup database"), so the restore did not replace it; "
                + "nothing was changed (it was left untouched)"
        case .restoreFromItself(let path):
            return "\(path) is the database itself (or one of its companion files); give a backup file to restore from"
        case .readOnly(let path):
            return "the database at \(path) is read-only; check its permissions and those of its folder"
        case .databaseReplaced(let path):
            return "the database file at \(path) was moved, deleted or replaced after it was opened; nothing was "
                + "changed (a change would go into a file nobody opens). Start again to use the file now at \(path)"
        case .busy:
            return
                "the database is busy: another command kept it locked too long; nothing was changed, try again"
        case .diskFull:
            return "the disk is full; nothing was changed, free some space and try again"
        case .noBoats:
            return "there are no boats yet"
        case .boatNotChosen(let available):
            return "this database has \(available.count) boats (\(Self.list(available))) and none is chosen"
        case .boatRemoved:
            return "the boat was deleted by another command meanwhile; nothing was changed"
        case .unknownBoat(let name, let available, let suggestions):
            let hint =
                !suggestions.isEmpty
                ? "did you mean \(LineupError.alternatives(suggestions))?"
                : available.isEmpty ? "there are no boats yet" : "the boats are \(Self.list(available))"
            return "no boat named '\(name.truncatedForMessage)'; \(hint)"
        case .duplicateBoat(let name):
            return "a boat named '\(name)' already exists; choose another name"
        case .unknownPaddler(let name, let suggestions):
            return LineupError.paddlerNotFound(name, suggestions: suggestions).description
        case .duplicatePaddler(let name):
            return "'\(name)' is already in the roster (names are compared ignoring case)"
        case .paddlerSeated(let name, let places):
            return "\(name) is seated (\(places.map(\.description).joined(separator: ", ")))"
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
        case .proposalNotReproduced(let boat):
            return "internal inconsistency: the lineup proposed for boat '\(boat)' is not one a change can make "
                + "(a fault in lineup itself, not in the database or the data); nothing was changed"
        case .invalidSetting(let message):
            return message
        case .sampleNeedsEmptyDatabase(let path, let paddlers, let boats):
            return "\(path) already holds \(paddlers) paddler\(paddlers == 1 ? "" : "s") and \(boats) "
                + "boat\(boats == 1 ? "" : "s"); the sample club goes only into an empty database, so that its "
                + "fictional paddlers never mix with real ones (nothing was changed)"
        case .invalidAccountName(let name):
            return "'\(name.truncatedForMessage)' cannot be an account name: use 1 to 64 letters (a to z), digits "
                + "and . _ @ - only"
        case .duplicateAccount(let name):
            return "an account named '\(name)' already exists (names are compared ignoring case)"
        case .unknownAccount(let name):
            return "no account named '\(name.truncatedForMessage)'"
        case .unknownShareLink(let id):
            return "no share link numbered \(id) (it may have been revoked already)"
        case .brokenReferences(let path, let rows):
            return "\(path) holds rows that name rows that are not there (written by another program with "
                + "SQLite's checks off): \(rows.joined(separator: "; ")); nothing was changed"
        case .database(let message):
            return "the database reported a problem (\(message)); nothing was changed"
        case .regatta(let error):
            return error.description
        case .strength(let error):
            return error.description
        case .paddlerNames(let errors):
            let shown = errors.prefix(Self.paddlerNamesShown).map { "\n  \($0.description)" }
            let more = errors.count - shown.count
            return "\(errors.count) names are not paddlers of the roster, so nothing is recorded:" + shown.joined()
                + (more > 0 ? "\n  and \(more) more." : "")
        }
    }

    private static func list(_ names: [String]) -> String {
        LineupError.alternatives(names, conjunction: "and", limit: 6)
    }
}
