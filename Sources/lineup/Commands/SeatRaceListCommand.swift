import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct SeatRaceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the seat races, each with its own ranking per side.",
        discussion: """
            Each seat race is summed up: its pieces, crews and reading, how many comparisons its swaps make, and \
            its ranking per side. A seat race holds at most 1000 pieces, and a long one makes many comparisons \
            (every pair of pieces one swap apart); `lineup seat-race show NAME` lists them one by one.
            """)

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let (races, unreadable) = try database.openForReading().seatRacesWithUnreadable()
        defer { if let unreadable = StrengthText.unreadableSeatRaces(unreadable) { print(unreadable) } }
        guard !races.isEmpty || !unreadable.isEmpty else {
            print("No seat races yet; record one with `lineup seat-race add NAME --csv FILE`.")
            return
        }
        for race in races {
            let lines = StrengthText.seatRaceLines(
                race.session, firstCrew: race.firstCrew, secondCrew: race.secondCrew, listingComparisons: false)
            for line in lines { print(line) }
        }
    }
}
