import ArgumentParser
import Foundation
import LineupStore

/// `--db PATH`: which database file to use, shared by every command.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .customLong("db"),
        help: ArgumentHelp(
            "The database file (default: $LINEUP_DB, else $XDG_DATA_HOME/lineup/lineup.sqlite, else ~/.local/share/lineup/lineup.sqlite).",
            valueName: "path"))
    var path: String?

    /// The path in force: the option, then the environment, then the XDG default.
    var resolvedPath: String {
        if let path, !path.isEmpty { return path }
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["LINEUP_DB"], !path.isEmpty { return path }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/lineup/lineup.sqlite"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/lineup/lineup.sqlite"
    }

    /// Opens the database. Commands that add something (`roster add`, `roster import`, `boat create`) may
    /// create it on first use, saying so on standard error so a mistyped path is noticed; every other
    /// command needs an existing one, so that reading a mistyped path never leaves a new file behind.
    /// An existing file, even an empty one, is never set up here: that takes `lineup init`.
    func open(creatingIfMissing: Bool = false) throws -> LineupDatabase {
        let path = resolvedPath
        let isNew = creatingIfMissing && !FileManager.default.fileExists(atPath: path)
        let database = try LineupDatabase.open(
            at: path, mode: isNew ? .create : .existing, busyTimeout: try Self.busyTimeout())
        if isNew { Terminal.standardError.write("Created a new lineup database at \(path).\n") }
        PhaseTimer.mark("open")
        return database
    }
}

extension DatabaseOptions {
    /// Seconds to wait for another command's write: `$LINEUP_BUSY_TIMEOUT`, else 10.
    static func busyTimeout() throws -> Double {
        guard let text = ProcessInfo.processInfo.environment["LINEUP_BUSY_TIMEOUT"], !text.isEmpty else {
            return LineupDatabase.defaultBusyTimeout
        }
        guard let seconds = Double(text), seconds >= 0, seconds <= 3600 else {
            throw CommandError.failed("LINEUP_BUSY_TIMEOUT must be a number of seconds from 0 to 3600, not '\(text)'")
        }
        return seconds
    }
}

/// `-b, --boat NAME`: which boat a command works on.
struct BoatOptions: ParsableArguments {
    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The boat (lineup) to work on; may be left out when there is one boat or one was chosen with `lineup use`.",
            valueName: "name"))
    var boat: String?
}

/// `--steps N` of `undo` and `redo`.
struct StepsOptions: ParsableArguments {
    @Option(help: "How many records to take, most recent first; all of them or none (more than there are is refused).")
    var steps = 1

    func validate() throws {
        guard steps >= 1 else { throw ValidationError("--steps must be 1 or more") }
    }
}
