import ArgumentParser
import Foundation
import LineupCore
import LineupStore

/// The `lineup` command: parses, runs one subcommand, and maps every failure to `error: …` and an exit code.
@main
struct LineupCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "lineup",
        abstract: "Manage dragon-boat lineups: who sits where, balance, exchanges with undo and redo.",
        discussion: """
            The database is --db PATH, else $LINEUP_DB, else $XDG_DATA_HOME/lineup/lineup.sqlite, \
            else ~/.local/share/lineup/lineup.sqlite.
            A PLACE is a seat (D, S, L1…L10, R1…R10), a bench position (B1…), B for the end of the \
            bench, or a paddler's name.
            Exit status: 0 success, 1 the operation could not be done (or `check` found a broken rule), \
            64 bad usage, 74 a change was saved but standard output could not be written (the message says \
            what was saved and whether to run it again), 75 the database stayed busy (locked by another command) past the timeout: try again.
            """,
        version: version,
        subcommands: [
            InitCommand.self, DemoCommand.self, RosterCommand.self, BoatCommand.self, ListCommand.self,
            UseCommand.self, ShowCommand.self, ExchangeCommand.self, LockCommand.self, UnlockCommand.self,
            UndoCommand.self, RedoCommand.self, HistoryCommand.self, ExportCommand.self, CheckCommand.self,
            OptimizeCommand.self, DiffCommand.self, ConfigCommand.self, EditCommand.self, BackupCommand.self,
            RestoreCommand.self, RegattaCommand.self, RaceCommand.self, ServeCommand.self, UserCommand.self,
            ShareCommand.self, InviteCommand.self, TrialCommand.self, SeatRaceCommand.self,
        ]
    )

    static func main() {
        DirectDatabase.configureSQLiteForOneCommand()
        Terminal.guardStandardDescriptors()
        // A reader that goes away (`| head -1`) must not kill the command in the middle of its work, before a
        // change it prints about is written: the write fails instead, and `finishStandardOutput` decides.
        signal(SIGPIPE, SIG_IGN)
        DatabaseStreams.refuseDatabaseAsStandardStream(arguments: Array(CommandLine.arguments.dropFirst()))
        Terminal.checkStandardOutput()
        PhaseTimer.start()
        do {
            try checkArgumentsAreText()
            let arguments = Array(CommandLine.arguments.dropFirst())
            // The frequent commands in their plain shapes skip the parser (see FastPath).
            if try !FastPath.run(arguments) {
                var command = try parseAsRoot(CommandLineArguments.prepared(arguments))
                PhaseTimer.mark("parse")
                try command.run()
            }
            try DatabaseOptions.publishCreatedDatabase()
            PhaseTimer.mark("run")
        } catch {
            exit(reporting: error)
        }
        finishStandardOutput(status: 0)
    }

    /// Flushes standard output and exits with `status`. A write that failed (a full disk, `> /dev/full`)
    /// is an error (status 74 and saying so when a change was saved), so output that did not arrive is never
    /// reported as success, nor a saved change taken for one that failed; a reader
    /// that went away (`lineup roster export | head -1`) ends a command that changed nothing quietly, by
    /// SIGPIPE as coreutils do, even when the parent had SIGPIPE ignored. One that saved a change says so
    /// (`regatta plan --apply | head -1`: status 74), since what it printed about the change was lost.
    static func finishStandardOutput(status: Int32) -> Never {
        if let reason = Terminal.standardOutputError() {
            if reason == EPIPE { Terminal.endQuietlyForClosedPipeIfNothingChanged() }
            Terminal.standardError.write("error: \(StandardOutputFailure.message(reason: reason))\n")
            // The buffer that could not be written must not be tried again at exit.
            Foundation._exit(status == 0 ? StandardOutputFailure.status : status)
        }
        Foundation.exit(status)
    }

    /// Refuses arguments that are not valid UTF-8, which Swift would otherwise quietly turn into `�` (and
    /// so into a paddler or boat name nobody typed).
    static func checkArgumentsAreText() throws {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index], String(validatingCString: pointer) == nil else {
                continue
            }
            throw CommandError.badUsage(
                "argument \(index) is not valid UTF-8 text; check your terminal's or script's character encoding")
        }
    }

    /// Prints `error: …` (or help and version text) and exits with the documented status: 64 for what the
    /// user typed wrong (a name or value the rules refuse, as for any other bad argument).
    static func exit(reporting error: any Error) -> Never {
        let status: Int32
        var message: String
        switch error {
        case let error as StoreError:
            let isBusy: Bool
            switch error {
            case .busy, .createdMeanwhile, .restoreSource(.busy): isBusy = true
            default: isBusy = false
            }
            (status, message) = (isBusy ? 75 : error.isBadUsage ? 64 : 1, "error: \(error.commandLineMessage)")
        case let error as LineupError:
            (status, message) = (error.isBadUsage ? 64 : 1, "error: \(error.commandLineMessage)")
        case let error as StrengthError:
            (status, message) = (64, "error: \(error.description)")
        case let error as CommandError:
            (status, message) = (error.status, "error: \(error.description)")
        default:
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                if !text.isEmpty { print(TerminalText.message(text)) }
                finishStandardOutput(status: 0)
            }
            status = code.rawValue
            message = text.hasPrefix("Error: ") ? "error: " + text.dropFirst("Error: ".count) : text
        }
        // Bringing the file up to this version's schema is committed on its own, before the command's change:
        // when that change then fails, the message says what was saved after all.
        let migrated = LineupDatabase.migrationsApplied
        if status != 0, !message.isEmpty, let first = migrated.first?.prefix(4), let last = migrated.last?.prefix(4) {
            let which = migrated.count == 1 ? "migration \(first)" : "migrations \(first) to \(last)"
            message = message.replacingOccurrences(
                of: "nothing was changed", with: "this command's change was not saved")
            message +=
                "; before that, the database was brought up to this version of lineup (\(which)), and that was saved"
        }
        // A database this command was creating is dropped with it: a failed command creates nothing.
        DatabaseOptions.discardCreatedDatabase()
        // A bare exit status (`lineup check` finding a broken rule) has said everything on standard output.
        // Messages echo paths, names and arguments: shown, never acted on by the terminal.
        if !message.isEmpty { Terminal.standardError.write(TerminalText.message(message) + "\n") }
        finishStandardOutput(status: status)
    }
}

extension LineupError {
    /// A value typed on the command line that the rules refuse: bad usage, like any other bad argument.
    var isBadUsage: Bool {
        switch self {
        case .invalidName, .invalidNotes, .invalidWeight, .invalidValue, .invalidRows, .invalidDate, .tooManyNames: true
        default: false
        }
    }
}

extension StoreError {
    /// See `LineupError.isBadUsage`.
    var isBadUsage: Bool {
        switch self {
        case .lineup(let error): error.isBadUsage
        case .invalidAccountName: true
        case .regatta(.invalidGap), .regatta(.paddlerNamedTwice): true
        case .strength(.unknownName), .strength(.otherKind): false
        case .strength: true
        default: false
        }
    }
}
