import ArgumentParser
import LineupCore
import LineupPresentation

struct SeatRaceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the seat races, each with its own ranking per side.")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let (races, unreadable) = try database.openForReading().seatRacesWithUnreadable()
        defer { if let unreadable = StrengthText.unreadableSeatRaces(unreadable) { print(unreadable) } }
        guard !races.isEmpty || !unreadable.isEmpty else {
            print("No seat races yet; record one with `lineup seat-race add NAME --csv FILE`.")
            return
        }
        for race in races {
            let session = race.session
            print(
                "\(session.name.terminalSafe)  \(session.pieces.count) pieces, crews "
                    + "\(race.firstCrew.terminalSafe) and \(race.secondCrew.terminalSafe), read "
                    + (session.swapsOneAtATime ? "swap by swap" : "by total times"))
            if let missing = StrengthText.removedPaddlers(of: session) { print(missing) }
            for comparison in session.swapsOneAtATime ? session.swapComparisons : [] {
                print("  " + StrengthText.comparison(comparison))
            }
            for side in SeatRaceSide.allCases where !session.paddlers(on: side).isEmpty {
                print("  \(side.rawValue.capitalized) side:")
                for line in StrengthText.seatRace(session, side: side) { print(line) }
            }
        }
    }
}
