import ArgumentParser
import LineupPresentation

struct HistoryListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the boat's changes, newest first; undone ones are marked.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Option(help: "Show at most this many records.") var limit: Int?
    @Flag(help: "Print JSON: an array, newest first, of {id, time, summary, undone}.") var json = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() throws {
        let (boat, entries) = try database.openForReading().history(ofBoat: boat.choice, limit: limit)
        if json {
            print(try JSONCoding.encode(HistoryDocument(entries)), terminator: "")
        } else {
            print(HistoryText.render(boat: boat, entries: entries))
        }
    }
}
