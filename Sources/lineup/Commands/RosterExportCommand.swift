import ArgumentParser
import Foundation
import LineupCore

struct RosterExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the roster as CSV in the columns `roster import` reads.",
        discussion:
            "Columns: name,weight_kg,sex,side,can_drum,can_steer,notes,status,role,rows,prefer_rows,injured_until (YYYY-MM-DD or none). Writing to --output is atomic and never touches the database."
    )

    @OptionGroup var database: DatabaseOptions
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func run() throws {
        let paddlers = try database.openForReading().roster()
        let text = CSVFormat.roster(paddlers)
        if let output {
            try OutputFile.write(text, to: output, protecting: try database.resolvedPath)
            if output != "-" {
                Terminal.standardError.write("Wrote \(paddlers.count) paddlers to \(output.terminalSafe).\n")
            }
        } else {
            // A file or pipe gets the data exactly; a person at a terminal gets it shown, never acted on.
            print(isatty(STDOUT_FILENO) == 1 ? TerminalText.message(text) : text, terminator: "")
        }
    }
}
