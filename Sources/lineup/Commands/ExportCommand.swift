import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation

struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a lineup as CSV (the default) or JSON.",
        discussion: """
            CSV columns: seat,section,row,side,name,weight_kg,sex, one line per seat in the order D, L1, R1, …, \
            S, then the bench. Cells that a spreadsheet would run as a formula get a leading '. Writing to \
            --output replaces the file in one step: never a half-written file.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Option(help: "csv or json.") var format = Format.csv
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func run() throws {
        let state = try database.open().state(ofBoat: boat.boat)
        let text =
            switch format {
            case .csv: CSVFormat.lineup(state.lineup, roster: state.roster)
            case .json: try JSONCoding.encode(LineupDocument(state))
            }
        if let output {
            try AtomicFile.write(text, to: output)
            Terminal.standardError.write("Wrote \"\(state.boat.name)\" to \(output).\n")
        } else {
            // A file or pipe gets the data exactly; a person at a terminal gets it shown, never acted on.
            print(isatty(STDOUT_FILENO) == 1 ? TerminalText.message(text) : text, terminator: "")
        }
    }
}
