import ArgumentParser
import Foundation
import LineupCore
import LineupStore

/// `--db PATH`: which database file to use, shared by every command.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The database file (default: $LINEUP_DB, else $XDG_DATA_HOME/lineup/lineup.sqlite, else ~/.local/share/lineup/lineup.sqlite).",
            valueName: "path"))
    var path: String?

    /// The database the option names, or the default one.
    var location: DatabaseLocation { DatabaseLocation(option: path) }

    var resolvedPath: String { get throws { try location.resolvedPath } }

    /// See `DatabaseLocation.open(creatingIfMissing:)`.
    func open(creatingIfMissing: Bool = false) throws -> LineupDatabase {
        try location.open(creatingIfMissing: creatingIfMissing)
    }

    /// See `DatabaseLocation.openForReading()`.
    func openForReading() throws -> LineupDatabase { try location.openForReading() }

    /// See `DatabaseLocation.openForSetUp()`.
    func openForSetUp() throws -> (database: LineupDatabase, isNew: Bool) { try location.openForSetUp() }

    /// See `DatabaseLocation.checkedPath()`.
    func checkedPath() throws -> String { try location.checkedPath() }
}

/// Which database a command uses: the `--db` option's value, else the environment's default; and the ways
/// of opening it. A plain value, so that the commands read without swift-argument-parser (`FastPath`) use
/// it as the others do.
struct DatabaseLocation {
    /// The value of `--db`, if given.
    var option: String?

    /// The path in force: the option, then the environment, then the XDG default. An empty `--db`, or a
    /// default that would not be under a real home folder, is bad usage rather than a silent fallback.
    var resolvedPath: String {
        get throws { try Self.resolvedPath(option: option) }
    }

    /// The path in force for a `--db` value of `option` (nil when not given); see `resolvedPath`.
    static func resolvedPath(option: String?) throws -> String {
        if let path = option {
            guard !path.isEmpty else { throw CommandError.badUsage("--db needs a path; it was given empty text") }
            return try notStandardStream(path)
        }
        // An empty variable counts as unset, as the XDG variables below do.
        if let path = try EnvironmentText.value("LINEUP_DB"), !path.isEmpty { return try notStandardStream(path) }
        // The XDG specification says to ignore a relative or empty XDG_DATA_HOME.
        if let dataHome = try EnvironmentText.value("XDG_DATA_HOME"), dataHome.hasPrefix("/") {
            return dataHome + "/lineup/lineup.sqlite"
        }
        guard let home = try EnvironmentText.value("HOME") ?? passwordFileHome() else {
            throw CommandError.badUsage(
                "HOME is not set and this user (uid \(geteuid())) has no home folder in the password file, so there "
                    + "is no default database; set HOME, or give --db PATH or LINEUP_DB")
        }
        guard home.hasPrefix("/") else {
            throw CommandError.badUsage(
                "HOME is \(home.isEmpty ? "empty" : "not an absolute path ('\(home)')"), so there is no default "
                    + "database; set HOME, or give --db PATH or LINEUP_DB")
        }
        return (home.hasSuffix("/") ? home : home + "/") + ".local/share/lineup/lineup.sqlite"
    }

    /// The home folder the password file gives this user, if any. Not Foundation's `NSHomeDirectory()`,
    /// which makes one up (`/var/empty`) for a user with no entry, and not `getpwuid_r`, which in the static
    /// release executable loads the system's NSS modules and crashed for a user the file does not list:
    /// `/etc/passwd` is read as it is (a user known only to a directory service has no default database).
    private static func passwordFileHome() -> String? {
        guard let data = FileManager.default.contents(atPath: "/etc/passwd") else { return nil }
        let uid = String(geteuid())
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            // name:password:uid:gid:comment:home:shell
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 7, fields[2] == uid else { continue }
            let home = String(fields[5])
            return home.isEmpty ? nil : home
        }
        return nil
    }

    /// `-` stands for standard input or output elsewhere; a database cannot be either.
    private static func notStandardStream(_ path: String) throws -> String {
        guard path != "-" else {
            throw CommandError.badUsage(
                "'-' (standard input or output) cannot be a database; write ./- for a file named -")
        }
        return path
    }

    /// Opens the database for a command that changes it. Commands that add something (`roster add`,
    /// `roster import`, `boat create`) may create it on first use: the new database is built aside and
    /// takes its path only when the command succeeds (`publishCreatedDatabase()`), saying so on standard
    /// error so a mistyped path is noticed; every other command needs an existing one.
    /// An existing file, even an empty one, is never set up here: that takes `lineup init`.
    func open(creatingIfMissing: Bool = false) throws -> LineupDatabase {
        let path = try checkedPath()
        let timeout = try DatabaseOptions.busyTimeout()
        let database: LineupDatabase
        if creatingIfMissing, !Self.exists(path),
            let created = try LineupDatabase.createAside(for: path, busyTimeout: timeout)
        {
            database = created
            DatabaseOptions.pendingCreation = DatabaseOptions.PendingCreation(database: database, announce: true)
        } else {
            database = try LineupDatabase.open(at: path, mode: .existing, busyTimeout: timeout)
        }
        PhaseTimer.mark("open")
        return database
    }

    /// Opens the database for a command that changes nothing: no byte of the file is written, and it
    /// works on a read-only file or folder and on a full disk.
    func openForReading() throws -> LineupDatabase {
        let database = try LineupDatabase.open(
            at: try checkedPath(), mode: .reading, busyTimeout: DatabaseOptions.busyTimeout())
        PhaseTimer.mark("open")
        return database
    }

    /// Opens the database for one of the frequent commands that change a lineup (`exchange`, `lock`,
    /// `unlock`, `undo`, `redo`), as `open()` does for an existing database: on SQLite's own API when the
    /// file is in the state lineup leaves it in (`DirectDatabase`), else through GRDB.
    func openForChange() throws -> any LineupChangeStore {
        try openDirect(mode: .existing) ?? open()
    }

    /// Opens the database for `show`, as `openForReading()` does: on SQLite's own API where it can.
    func openForShowing() throws -> any LineupChangeStore {
        try openDirect(mode: .reading) ?? openForReading()
    }

    private func openDirect(mode: LineupDatabase.OpenMode) throws -> DirectDatabase? {
        // `LINEUP_NO_FAST_PATH=1` runs the commands as before the fast path, GRDB included, so a test can
        // compare both ways.
        guard FastPath.isEnabled else { return nil }
        let database = try DirectDatabase.open(
            at: try checkedPath(), mode: mode, busyTimeout: DatabaseOptions.busyTimeout())
        if database != nil { PhaseTimer.mark("open") }
        return database
    }

    /// Opens the database for `lineup init`: a missing one is built aside (published when init succeeds),
    /// an empty file is set up, an existing database is left as it is. `isNew` tells which.
    func openForSetUp() throws -> (database: LineupDatabase, isNew: Bool) {
        let path = try checkedPath()
        let timeout = try DatabaseOptions.busyTimeout()
        if !Self.exists(path), let database = try LineupDatabase.createAside(for: path, busyTimeout: timeout) {
            DatabaseOptions.pendingCreation = DatabaseOptions.PendingCreation(database: database, announce: false)
            return (database, true)
        }
        let isNew = !FileSystem.fileHasContent(path)
        return (try LineupDatabase.open(at: path, mode: .create, busyTimeout: timeout), isNew)
    }

    /// The path in force, refused when standard output or standard error is the database file or one of
    /// its companions (`lineup export >> club.sqlite`): writing there would corrupt it.
    func checkedPath() throws -> String {
        let path = try resolvedPath
        // Normally refused already at start (`DatabaseStreams`); checked again on the path the parser read.
        if let stream = DatabaseStreams.stream(onDatabaseAt: path) { DatabaseStreams.refuse(stream, path: path) }
        return path
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(DatabaseFile.absolutePath(path), &status) == 0
    }
}

extension DatabaseOptions {
    /// A database built aside by this process, put in place when the command succeeds.
    struct PendingCreation {
        let database: LineupDatabase
        let announce: Bool
    }

    nonisolated(unsafe) fileprivate static var pendingCreation: PendingCreation?

    /// Puts a database this command created in place, now that the command succeeded.
    static func publishCreatedDatabase() throws {
        guard let pending = pendingCreation else { return }
        pendingCreation = nil
        try pending.database.publish()
        if pending.announce {
            Terminal.standardError.write("Created a new lineup database at \(pending.database.path.terminalSafe).\n")
        }
    }

    /// Drops a database this command created, because the command failed: no new file is left behind.
    static func discardCreatedDatabase() {
        pendingCreation = nil
    }
}

extension DatabaseOptions {
    /// Seconds to wait for another command's write: `$LINEUP_BUSY_TIMEOUT`, else 10. A value that is not
    /// a plain decimal number of seconds from 0 to 3600 is bad usage.
    static func busyTimeout() throws -> Double {
        guard let text = try EnvironmentText.value("LINEUP_BUSY_TIMEOUT"), !text.isEmpty else {
            return LineupDatabase.defaultBusyTimeout
        }
        let isDecimal =
            text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && text.filter { $0 == "." }.count <= 1 && text != "."
        guard isDecimal, let seconds = Double(text), seconds >= 0, seconds <= 3600 else {
            throw CommandError.badUsage(
                "LINEUP_BUSY_TIMEOUT must be a number of seconds from 0 to 3600, not '\(text.truncatedForMessage)'")
        }
        return seconds
    }
}

/// `-b, --boat NAME`: which boat a command works on.
struct BoatOptions: ParsableArguments {
    // Read as a list so that a second `-b` is refused rather than silently winning over the first.
    @Option(
        name: [.customShort("b"), .customLong("boat")],
        help: ArgumentHelp(
            "The boat (lineup) to work on; may be left out when there is one boat or one was chosen with `lineup use`.",
            valueName: "name"))
    var boats: [String] = []

    /// The boat given, if any.
    var boat: String? { boats.first }

    /// The boat given, or the current one when none was.
    var choice: BoatChoice { BoatChoice(boat) }

    func validate() throws {
        guard boats.count <= 1 else {
            let names = boats.map { "'\($0.truncatedForMessage)'" }.joined(separator: ", ")
            throw ValidationError("give one boat: -b/--boat was given \(boats.count) times (\(names))")
        }
    }
}

/// `--steps N` of `undo` and `redo`.
struct StepsOptions: ParsableArguments {
    @Option(help: "How many records to take, most recent first; all of them or none (more than there are is refused).")
    var steps = 1

    func validate() throws {
        guard steps >= 1 else { throw ValidationError("--steps must be 1 or more") }
    }
}
