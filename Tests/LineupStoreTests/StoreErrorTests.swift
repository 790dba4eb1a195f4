import LineupCore
import Testing

@testable import LineupStore

@Suite("Store errors say what failed, never which command to type")
struct StoreErrorTests {
    static let errors: [StoreError] = [
        .databaseMissing(path: "/c.sqlite"), .notInitialized(path: "/c.sqlite"), .notADatabase(path: "/c.sqlite"),
        .notALineupDatabase(path: "/c.sqlite"), .notARegularFile(path: "/c.sqlite", kind: "a FIFO"),
        .companionFile(path: "/c.sqlite-wal", database: "/c.sqlite"), .foreignLog(path: "/c", log: "/c-wal"),
        .busy, .noBoats, .boatNotChosen(available: ["A", "B"]), .duplicatePaddler("Ann"),
        .paddlerSeated("Ann", places: [PaddlerSeat(boat: "Heat", place: .left(row: 1))]),
        .lineup(.lockedSeat(.left(row: 3), occupant: "Ann")),
        .lineup(.paddlerNotFound("Zed", suggestions: [])), .unknownPaddler("Zed", suggestions: ["Zoe"]),
        .regatta(.unknownRegatta("Cup", available: [])), .regatta(.unknownRace("Heat", regatta: "Cup", available: [])),
        .regatta(.boatRaces(boat: "Heat", races: ["Cup: Heat"])), .regatta(.boatNameTaken("Cup: Heat")),
        .regatta(.duplicateRegatta("Cup")), .lineup(.invalidDate("13.6.")),
    ]

    /// A second front end (a web page) shows these too: they must not speak of commands or options.
    @Test(arguments: errors)
    func describesFactsOnly(error: StoreError) {
        #expect(!error.description.contains("`"), "\(error.description)")
        #expect(!error.description.contains(" --"), "\(error.description)")
        #expect(!error.description.contains("LINEUP_"), "\(error.description)")
    }
}
