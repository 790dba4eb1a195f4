import ArgumentParser
import LineupCore

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
            --output replaces the file in one step: never a half-written file, never the database itself; a \
            device or FIFO is written through, and a file keeps its permissions.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Option(help: "csv or json.") var format = Format.csv
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func run() throws {
        let state = try database.openForReading().state(ofBoat: boat.boat)
        let text =
            switch format {
            case .csv: CSVFormat.lineup(state.lineup, roster: state.roster)
            case .json: try JSONOutput.encode(JSONOutput.lineup(state))
            }
        if let output {
            try OutputFile.write(text, to: output, protecting: try database.resolvedPath)
            if output != "-" { Terminal.standardError.write("Wrote \"\(state.boat.name)\" to \(output).\n") }
        } else {
            print(text, terminator: "")
        }
    }
}
