import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation

struct RegattaShowCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html
    }

    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a regatta: races and crews, the paddler × race grid, conflicts, fairness.",
        discussion: """
            text: the races in time order with their crews and findings, then a grid of every paddler who \
            races or is available: their number of races and, per race, their seat and the minutes of rest \
            since their previous race (! too little rest, x seated but not there, - not there, · not racing), \
            then the conflicts and the fairness figures (races per available paddler: min, median, max, and \
            who sits out entirely). The grid's race columns are numbered, with each number's race named in \
            full above the grid; races that do not fit beside the names in 80 columns (or a wider \
            terminal's width) continue in a block below. json: the same as data. html: one page with the \
            grid (race names in full in its header; a grid larger than the window scrolls in its own box, the \
            header and the names staying in view) and a crew sheet per race, printable. Times are the regatta's \
            local time.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument
    @Option(help: "text, json or html.") var format = Format.text
    @Flag(help: "Print JSON (the same as --format json).") var json = false
    @Flag(help: "Leave weights out of the crew sheets (html).") var noWeights = false
    @OptionGroup var display: DisplayOptions
    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file")) var output: String?

    func validate() throws {
        if json && format != .text && format != .json { throw ValidationError("give either --json or --format") }
        if noWeights && (json || format != .html) { throw ValidationError("--no-weights is for --format html") }
    }

    func run() throws {
        let db = try database.openForReading()
        let state = try db.regattaState(regatta.regatta)
        let text: String
        switch json ? .json : format {
        case .text:
            // A wider terminal shows more races beside the names; a file or pipe gets 80 columns.
            let width = output == nil ? max(80, Terminal.columns ?? 80) : 80
            text =
                RegattaText(state: state, style: output == nil ? Terminal.style : .plain, width: width).render() + "\n"
        case .json: text = try JSONCoding.encode(RegattaDocument(state))
        case .html:
            text = RegattaHTML(
                state: state, format: WeightFormat(unit: display.unit ?? state.weightUnit), showsWeights: !noWeights
            ).document()
        }
        if let output {
            try OutputFile.write(text, to: output, protecting: try database.resolvedPath)
            if output != "-" {
                Terminal.standardError.write(
                    "Wrote regatta \"\(state.info.name.terminalSafe)\" to \(output.terminalSafe).\n")
            }
        } else {
            // A file or pipe gets the data exactly; a person at a terminal gets it shown, never acted on.
            print(isatty(STDOUT_FILENO) == 1 && format != .text ? TerminalText.message(text) : text, terminator: "")
        }
    }
}
