import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation
import LineupStore

struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json, svg, html, text, md
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a lineup: CSV (the default), JSON, an SVG or HTML chart, or a text card for a team chat.",
        discussion: """
            csv: seat,section,row,side,name,weight_kg,sex, one line per seat in the order D, L1, R1, …, S, then \
            the bench; cells a spreadsheet would run as a formula get a leading '. json: as `show --json`. \
            svg: the boat drawn top-down, bow at the top, with names, weights, locks, warning marks, the balance \
            verdict with a gauge per axis, and the crew rules. html: the same as a self-contained page that \
            reads on a phone and prints on one A4 or Letter page per boat; with --all (or -b given several \
            times) one document, a page per boat. text, md: a short card for a team chat. --no-weights hides \
            weights, for sheets posted in public. Writing to --output replaces the file in one step: never a \
            half-written file, never the database itself; a device or FIFO is written through, and a file keeps \
            its permissions.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(
        name: [.short, .long],
        help: ArgumentHelp(
            "The boat to export; give it several times for several boats (html, text, md) (default: the boat in use).",
            valueName: "name"))
    var boat: [String] = []
    @Flag(help: "Every boat, in name order (html, text, md).") var all = false
    @Option(help: "csv, json, svg, html, text or md.") var format = Format.csv
    @Flag(help: "Leave weights out of the chart or card (svg, html, text, md).") var noWeights = false
    @OptionGroup var display: DisplayOptions
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func validate() throws {
        let many = all || boat.count > 1
        if many && ![.html, .text, .md].contains(format) {
            throw ValidationError(
                "several boats go into one html, text or md document; export \(format.rawValue) one boat at a time")
        }
        if all && !boat.isEmpty { throw ValidationError("give either --all or -b, not both") }
        if noWeights && [.csv, .json].contains(format) {
            throw ValidationError("--no-weights is for charts and cards (svg, html, text, md)")
        }
    }

    func run() throws {
        let db = try database.openForReading()
        let names: [String?] = all ? try db.boats().map { $0.boat.name } : boat.isEmpty ? [nil] : boat.map { $0 }
        guard !names.isEmpty else { throw StoreError.noBoats }
        let states = try names.map { try db.state(ofBoat: BoatChoice($0)) }
        // Only the charts carry a date: a CSV or JSON export does not read SOURCE_DATE_EPOCH.
        let date = format == .csv || format == .json ? "" : try ChartDate.today()
        let charts = states.map {
            ChartContent(state: $0, format: display.format(for: $0), showsWeights: !noWeights, date: date)
        }
        let text: String
        switch format {
        case .csv: text = CSVFormat.lineup(states[0].lineup, roster: states[0].roster)
        case .json: text = try JSONCoding.encode(LineupDocument(states[0]))
        case .svg: text = SVGChart(charts[0]).document()
        case .html: text = HTMLChart(charts).document()
        case .text: text = charts.map { ChatCard($0).render() }.joined(separator: "\n")
        case .md: text = charts.map { ChatCard($0, style: .markdown).render() }.joined(separator: "\n")
        }
        if let output {
            try OutputFile.write(text, to: output, protecting: try database.resolvedPath)
            let what = states.count == 1 ? "\"\(states[0].boat.name.terminalSafe)\"" : "\(states.count) boats"
            if output != "-" { Terminal.standardError.write("Wrote \(what) to \(output.terminalSafe).\n") }
        } else {
            // A file or pipe gets the data exactly; a person at a terminal gets it shown, never acted on.
            print(isatty(STDOUT_FILENO) == 1 ? TerminalText.message(text) : text, terminator: "")
        }
    }
}

/// The date a chart is for: today in local time, or the day of `$SOURCE_DATE_EPOCH` (seconds since 1970,
/// the reproducible-builds convention) so that a chart can be made again byte for byte.
/// A value that is not a whole number of seconds within the years 1970 to 9999 (in every time zone) is
/// bad usage, as the convention asks, rather than a date such as 3170843-11-07; empty counts as unset.
enum ChartDate {
    /// The seconds `SOURCE_DATE_EPOCH` may give: 1970-01-01 to 9999-12-30 UTC.
    static let epochRange: ClosedRange<Int64> = 0...253_402_214_399

    static func today() throws -> String {
        guard let text = try EnvironmentText.value("SOURCE_DATE_EPOCH"), !text.isEmpty else {
            return DateText.localDate(Date())
        }
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int64(text), epochRange.contains(seconds)
        else {
            throw CommandError.badUsage(
                "SOURCE_DATE_EPOCH is '\(text.terminalSafe)', not a whole number of seconds since 1970 from 0 to "
                    + "\(epochRange.upperBound) (a date in the years 1970 to 9999); set it so, or unset it")
        }
        return DateText.localDate(Date(timeIntervalSince1970: Double(seconds)))
    }
}
