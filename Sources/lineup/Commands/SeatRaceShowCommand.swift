import ArgumentParser
import LineupCore
import LineupStore

struct SeatRaceShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one seat race with every comparison its swaps make.",
        discussion: """
            As `lineup seat-race list` shows it, with each comparison on its own line: every pair of pieces one \
            swap apart, who was faster and by how much. A long seat race (at most 1000 pieces) makes many.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The session's whole name (in any case).") var name: String

    func validate() throws {
        guard !name.allSatisfy(\.isWhitespace) else {
            throw ValidationError("give the seat race's name, as `lineup seat-race list` shows it")
        }
    }

    func run() throws {
        let db = try database.openForReading()
        let key = PaddlerRules.nameKey(name)
        let (races, unreadable) = try db.seatRacesWithUnreadable()
        guard let race = races.first(where: { PaddlerRules.nameKey($0.session.name) == key }) else {
            if let stored = unreadable.first(where: { PaddlerRules.nameKey($0) == key }) {
                throw CommandError.failed(
                    "the seat race \"\(stored.truncatedForMessage)\" cannot be read: a paddler of a swap is no longer on the roster; "
                        + "`lineup seat-race delete` removes it, or record it again")
            }
            if try db.timeTrials().contains(where: { PaddlerRules.nameKey($0.name) == key }) {
                throw CommandError.failed(
                    "\"\(name.truncatedForMessage)\" is a time trial, not a seat race: see `lineup trial list`")
            }
            throw CommandError.failed(
                "there is no seat race named \"\(name.truncatedForMessage)\": `lineup seat-race list` lists them")
        }
        for line in SeatRaceListCommand.lines(of: race, listingComparisons: true) { print(line) }
    }
}
