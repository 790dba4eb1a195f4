import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct SeatRaceShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one seat race with every comparison its swaps make.",
        discussion: """
            As `lineup seat-race list` shows it, with each comparison on its own line: every pair of pieces one \
            swap apart, who was faster and by how much. A long seat race (at most 1000 pieces) makes many.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var named: StrengthNameArgument<SeatRaceKind>

    func run() throws {
        let db = try database.openForReading()
        let key = PaddlerRules.nameKey(named.name)
        let (races, unreadable) = try db.seatRacesWithUnreadable()
        guard let race = races.first(where: { PaddlerRules.nameKey($0.session.name) == key }) else {
            let refusal: StrengthError
            if let stored = unreadable.first(where: { PaddlerRules.nameKey($0) == key }) {
                refusal = .unreadableSeatRace(stored)
            } else if try db.timeTrials().contains(where: { PaddlerRules.nameKey($0.name) == key }) {
                refusal = .otherKind(name: named.name, isSeatRace: false)
            } else {
                refusal = .unknownSeatRace(named.name)
            }
            throw CommandError.failed(StrengthText.seatRaceShowRefusal(refusal))
        }
        let lines = StrengthText.seatRaceLines(
            race.session, firstCrew: race.firstCrew, secondCrew: race.secondCrew, listingComparisons: true)
        for line in lines { print(line) }
    }
}
