import LineupCore
import Testing

/// What a plan changes in a crew: who comes in, who goes out and why, who changes seat; the bench's order is
/// no change.
@Suite("Crew changes: who comes in, goes out and changes seat")
struct CrewChangeTests {
    /// A small boat raced at 09:00 and 11:00: Ann drums, Bo steers, Cy at L1, Di at R1, Ed and Flo on the bench.
    static func regatta(availability: [PaddlerID: Availability] = [:]) throws -> Regatta {
        var roster: [PaddlerID: Paddler] = [:]
        for (index, name) in ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"].enumerated() {
            roster[PaddlerID(index + 1)] = Paddler(id: PaddlerID(index + 1), name: name)
        }
        let lineup = try Lineup(
            kind: .small,
            placements: [
                (1, .drummer), (2, .steerer), (3, .left(row: 1)), (4, .right(row: 1)), (5, .bench(position: 1)),
                (6, .bench(position: 2)),
            ])
        return Regatta(
            name: "Cup", date: "2026-06-13",
            races: [
                .init(
                    name: "Heat", start: try TimeOfDay(parsing: "09:00"), boat: 0, rules: CrewRules(.open, kind: .small)
                ),
                .init(
                    name: "Final", start: try TimeOfDay(parsing: "11:00"), boat: 0,
                    rules: CrewRules(.open, kind: .small)),
            ],
            boats: [.init(name: "Blue", lineup: lineup)], roster: roster, availability: availability)
    }

    @Test func joinedLeftAndMovedAreToldWithTheReasonOfWhoeverCannotRace() throws {
        let before = try Self.regatta(availability: [3: .window(from: try TimeOfDay(parsing: "10:00"), until: nil)])
        var after = before
        // Cy (arrives at 10:00, so misses the heat) leaves L1; Ed comes in at L1; Di moves from R1 to L2;
        // Flo and Cy's bench order is no change.
        after.boats[0].lineup = try Lineup(
            kind: .small,
            placements: [
                (1, .drummer), (2, .steerer), (5, .left(row: 1)), (4, .left(row: 2)), (6, .bench(position: 1)),
                (3, .bench(position: 2)),
            ])
        let changes = before.crewChanges(to: after, boats: [0])
        let change = try #require(changes.first)
        #expect(changes.count == 1)
        #expect(change.joined == [.init(paddler: 5, place: .left(row: 1))])
        #expect(
            change.left == [
                .init(paddler: 3, place: .left(row: 1), race: 0, reason: .arrives(try TimeOfDay(parsing: "10:00")))
            ])
        #expect(change.moved == [.init(paddler: 4, from: .right(row: 1), to: .left(row: 2))])
        #expect(change.peopleMoved == 3)
    }

    @Test func someoneTakenOutWhoCouldRaceHasNoReason() throws {
        let before = try Self.regatta()
        var after = before
        after.boats[0].lineup = try Lineup(
            kind: .small,
            placements: [
                (1, .drummer), (2, .steerer), (5, .left(row: 1)), (4, .right(row: 1)), (3, .bench(position: 1)),
                (6, .bench(position: 2)),
            ])
        let change = try #require(before.crewChanges(to: after, boats: [0]).first)
        #expect(change.left == [.init(paddler: 3, place: .left(row: 1), race: nil, reason: nil)])
        #expect(change.peopleMoved == 2)
    }

    @Test func aBoatWhoseSeatsAreAsTheyWereIsLeftOutThoughItsBenchChangedOrder() throws {
        let before = try Self.regatta()
        var after = before
        after.boats[0].lineup = try Lineup(
            kind: .small,
            placements: [
                (1, .drummer), (2, .steerer), (3, .left(row: 1)), (4, .right(row: 1)), (6, .bench(position: 1)),
                (5, .bench(position: 2)),
            ])
        #expect(before.crewChanges(to: after, boats: [0]).isEmpty)
    }
}
