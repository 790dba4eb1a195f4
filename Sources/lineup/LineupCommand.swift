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
            64 bad usage, 75 the database stayed busy (locked by another command) past the timeout: try again.
            """,
        version: version,
        subcommands: [
            InitCommand.self, DemoCommand.self, RosterCommand.self, BoatCommand.self, ListCommand.self,
            UseCommand.self, ShowCommand.self, ExchangeCommand.self, LockCommand.self, UnlockCommand.self,
            UndoCommand.self, RedoCommand.self, HistoryCommand.self, ExportCommand.self, CheckCommand.self,
            OptimizeCommand.self, DiffCommand.self, ConfigCommand.self, EditCommand.self, RegattaCommand.self,
            RaceCommand.self,
        ]
    )

    static func main() {
        PhaseTimer.start()
        do {
            try checkArgumentsAreText()
            var command = try parseAsRoot(hoistingGlobalOptions(Array(CommandLine.arguments.dropFirst())))
            PhaseTimer.mark("parse")
            try command.run()
            PhaseTimer.mark("run")
        } catch {
            exit(reporting: error)
        }
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

    /// Lets `--db PATH` stand before the subcommand (`lineup --db club.sqlite show`) as well as after it,
    /// by moving it behind the subcommand, where every command declares it.
    static func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--db", index + 1 < arguments.endIndex {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if argument.hasPrefix("--db=") {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !leading.isEmpty, index < arguments.endIndex else { return arguments }
        var rest = Array(arguments[index...])
        let insertion = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: leading, at: insertion)
        return rest
    }

    /// Prints `error: …` (or help and version text) and exits with the documented status.
    static func exit(reporting error: any Error) -> Never {
        let status: Int32
        let message: String
        switch error {
        case let error as StoreError:
            (status, message) = (error == .busy ? 75 : 1, "error: \(error.description)")
        case let error as LineupError:
            (status, message) = (1, "error: \(error.description)")
        case let error as CommandError:
            (status, message) = (error.status, "error: \(error.description)")
        default:
            let code = exitCode(for: error)
            let text = fullMessage(for: error)
            if code == .success {
                if !text.isEmpty { print(text) }
                Foundation.exit(0)
            }
            status = code.rawValue
            message = text.hasPrefix("Error: ") ? "error: " + text.dropFirst("Error: ".count) : text
        }
        // A bare exit status (`lineup check` finding a broken rule) has said everything on standard output.
        if !message.isEmpty { Terminal.standardError.write(message + "\n") }
        Foundation.exit(status)
    }
}
