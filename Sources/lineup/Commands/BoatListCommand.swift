import ArgumentParser
import LineupCore
import LineupPresentation

struct BoatListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the boats.")

    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Print JSON: an array of {name, kind, rules, seated, bench, current}.") var json = false

    func run() throws {
        try Self.list(database: database, json: json)
    }

    static func list(database: DatabaseOptions, json: Bool) throws {
        let boats = try database.openForReading().boats()
        if json {
            print(try JSONCoding.encode(BoatListDocument(boats)), terminator: "")
            return
        }
        guard !boats.isEmpty else {
            print("No boats yet; create one with `lineup boat create NAME`.")
            return
        }
        let width = boats.map { TextLayout.width($0.boat.name.terminalSafe) }.max() ?? 4
        let rulesWidth = boats.map { $0.boat.rules.rawValue.count }.max() ?? 4
        for summary in boats {
            let marker = summary.isCurrent ? "* " : "  "
            print(
                marker + TextLayout.pad(summary.boat.name.terminalSafe, width) + "  "
                    + TextLayout.pad(summary.boat.kind.rawValue, 8)
                    + "  " + TextLayout.pad(summary.boat.rules.rawValue + " rules", rulesWidth + 6)
                    + "  \(summary.seatedCount) seated, \(summary.benchCount) on the bench")
        }
        if boats.contains(where: \.isCurrent) { print(Terminal.style.dim("* the boat in use (`lineup use`)")) }
    }
}
