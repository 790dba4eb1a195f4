import ArgumentParser
import LineupPresentation

struct RegattaListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the regattas, by date.")

    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Print JSON: [{name, date, minimum_gap_minutes, races}], by date.") var json = false

    func run() throws {
        let regattas = try database.openForReading().regattas()
        if json {
            print(try JSONCoding.encode(RegattaListDocument(regattas)), terminator: "")
            return
        }
        guard !regattas.isEmpty else {
            print("No regattas yet; create one with `lineup regatta create NAME --date YYYY-MM-DD`.")
            return
        }
        let width = regattas.map { TextLayout.width($0.name.terminalSafe) }.max() ?? 4
        for regatta in regattas {
            print(
                "\(regatta.date)  " + TextLayout.pad(regatta.name.terminalSafe, width)
                    + "  \(regatta.raceCount) race\(regatta.raceCount == 1 ? "" : "s"), minimum gap "
                    + "\(regatta.minimumGapMinutes) minutes")
        }
    }
}
