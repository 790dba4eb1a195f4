import ArgumentParser

struct BoatListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the boats.")

    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Print JSON: an array of {name, kind, seated, bench, current}.") var json = false

    func run() throws {
        try Self.list(database: database, json: json)
    }

    static func list(database: DatabaseOptions, json: Bool) throws {
        let boats = try database.openForReading().boats()
        if json {
            let entries = boats.map {
                JSONOutput.BoatEntry(
                    name: $0.boat.name, kind: $0.boat.kind.rawValue, seated: $0.seatedCount, bench: $0.benchCount,
                    current: $0.isCurrent)
            }
            print(try JSONOutput.encode(entries), terminator: "")
            return
        }
        guard !boats.isEmpty else {
            print("No boats yet; create one with `lineup boat create NAME`.")
            return
        }
        let width = boats.map(\.boat.name.count).max() ?? 4
        for summary in boats {
            let marker = summary.isCurrent ? "* " : "  "
            print(
                marker + pad(summary.boat.name, width) + "  " + pad(summary.boat.kind.rawValue, 8)
                    + "  \(summary.seatedCount) seated, \(summary.benchCount) on the bench")
        }
        if boats.contains(where: \.isCurrent) { print(Terminal.dim("* the boat in use (`lineup use`)")) }
    }
}
