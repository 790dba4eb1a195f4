import Testing

@testable import LineupCore

/// One order for a side: trials link paddlers without seat racing, and seat-race groups no comparison links,
/// to the first group; `roster rank` and the optimizer number it alike.
@Suite("Strength ranking: one order from seat races and trials")
struct StrengthOrderTests {
    /// Ada beats Bea and Bea beats Cy by 3 s each: the first (and only) linked group.
    static func firstGroup() throws -> [SeatRaceSession] {
        [
            try SeatRaceSessionTests.swap("s1", "Ada", "Bea", by: 3),
            try SeatRaceSessionTests.swap("s2", "Bea", "Cy", by: 3),
        ]
    }

    static func trial(_ paces: [(String, Double)]) throws -> TimeTrial {
        try TimeTrial(
            name: "OC1", distanceMetres: 500, day: nil, results: paces.map { .init(paddlers: [$0.0], seconds: $0.1) })
    }

    static func roster(_ names: [String]) -> [(name: String, side: SidePreference)] {
        names.map { ($0, .left) }
    }

    @Test("a paddler with trials only goes where the seat-raced paddlers' own trials put them")
    func trialsPlaceAmongTheSeatRaced() throws {
        let trial = try Self.trial([("Ada", 110), ("Bea", 120), ("Cy", 130), ("Tia", 115), ("Uma", 140)])
        let ranking = StrengthRanking(
            side: .left, sessions: try Self.firstGroup(), trials: [trial],
            roster: Self.roster(["Ada", "Bea", "Cy", "Tia", "Uma", "Vic"]))
        #expect(ranking.entries.map(\.name) == ["Ada", "Tia", "Bea", "Cy", "Uma", "Vic"])
        #expect(ranking.entries.map(\.place) == [1, 2, 3, 4, 5, nil])
        #expect(ranking.entries.map(\.isPlacedByTrials) == [false, true, false, false, true, false])
        #expect(ranking.entries[1].confidence == .likely)
        // Seat racing still orders the seat-raced: their own trials are only what places the others.
        #expect(ranking.entries[0].pace == 110 && ranking.entries[0].evidence == .seatRacing)
    }

    @Test("where seat racing and trials disagree, the spot with the fewest disagreeing is taken, the lowest on a tie")
    func disagreementIsCounted() throws {
        // Seat racing says Ada, Bea, Cy; their trials say Bea (110), Cy (115), Ada (120). Tia at 112: at the
        // top one disagrees (Bea, faster, below her), as after Bea (Ada, slower, above her); between Ada and Bea
        // and at the bottom two do. The lower of the two spots with one is taken: after Bea.
        let trial = try Self.trial([("Ada", 120), ("Bea", 110), ("Cy", 115), ("Tia", 112)])
        let ranking = StrengthRanking(
            side: .left, sessions: try Self.firstGroup(), trials: [trial], roster: Self.roster(["Tia"]))
        #expect(ranking.entries.map(\.name) == ["Ada", "Bea", "Tia", "Cy"])
        // Within 1 s per 500 m of no neighbour with trials: Bea is 2 s and Cy 3 s away.
        #expect(ranking.entries[2].confidence == .likely)
    }

    @Test(
        "without a seat-raced paddler with trials, trials place below the seat-raced, by pace, close ones too close to call"
    )
    func withoutAnchorsTrialsComeAfter() throws {
        let trial = try Self.trial([("Tia", 115), ("Uma", 100), ("Vic", 115.5)])
        let ranking = StrengthRanking(
            side: .left, sessions: try Self.firstGroup(), trials: [trial], roster: Self.roster(["Tia", "Uma", "Vic"]))
        #expect(ranking.entries.map(\.name) == ["Ada", "Bea", "Cy", "Uma", "Tia", "Vic"])
        #expect(ranking.entries.map(\.place) == [1, 2, 3, 4, 5, 6])
        #expect(ranking.entries.suffix(3).map(\.confidence) == [.likely, .tooCloseToCall, .tooCloseToCall])
    }

    @Test("an unlinked seat-race group takes the spots its trials give it, in its own seat-race order")
    func anUnlinkedGroupIsPlacedByItsTrials() throws {
        // Dev beat Eve by 2 s, though Eve's trial is the fastest of all; Fay beat Gus, neither has a trial.
        let sessions =
            try Self.firstGroup() + [
                try SeatRaceSessionTests.swap("s3", "Dev", "Eve", by: 2),
                try SeatRaceSessionTests.swap("s4", "Fay", "Gus", by: 1),
            ]
        let trial = try Self.trial([("Ada", 110), ("Bea", 120), ("Cy", 130), ("Dev", 125), ("Eve", 105)])
        let ranking = StrengthRanking(side: .left, sessions: sessions, trials: [trial], roster: [])
        // The group's trials give it the top spot and the one between Bea and Cy: Dev takes the top, Eve the other.
        #expect(ranking.entries.map(\.name) == ["Dev", "Ada", "Bea", "Eve", "Cy", "Fay", "Gus"])
        #expect(ranking.entries.map(\.place) == [1, 2, 3, 4, 5, nil, nil])
        #expect(ranking.entries[0].isPlacedByTrials && ranking.entries[0].evidence == .seatRacing)
        #expect(ranking.entries[0].group == 1)
    }

    @Test("the optimizer's places are the ranking's numbers, inactive paddlers left out without a gap")
    func theOptimizerCountsTheRankingsPlaces() throws {
        let sessions = try Self.firstGroup() + [try SeatRaceSessionTests.swap("s3", "Dev", "Eve", by: 2)]
        let trial = try Self.trial([("Ada", 110), ("Bea", 120), ("Eve", 105), ("Tia", 115)])
        let names = ["Ada", "Bea", "Cy", "Dev", "Eve", "Tia", "Uma"]
        let ranking = StrengthRanking(
            side: .left, sessions: sessions, trials: [trial], roster: Self.roster(names), inactive: ["Bea"])
        var roster: [PaddlerID: Paddler] = [:]
        for (index, name) in names.enumerated() {
            roster[PaddlerID(index + 1)] = Paddler(id: PaddlerID(index + 1), name: name, weightKg: 70)
        }
        let places = StrengthPlaces(rankings: [ranking], roster: roster)
        for entry in ranking.entries {
            let id = try #require(roster.first { $0.value.name == entry.name }?.key)
            #expect(places.place(of: id, on: .left) == entry.place, "\(entry.name)")
        }
        #expect(ranking.entries.compactMap(\.place) == Array(1...places.left.count))
        #expect(!ranking.entries.contains { $0.name == "Bea" })
        // Eve, of an unlinked group, has a place from her trial; Dev, who beat her and has none, comes just
        // before her.
        let eve = try #require(ranking.entries.first { $0.name == "Eve" }?.place)
        #expect(ranking.entries.first { $0.name == "Dev" }?.place == eve - 1)
    }

    @Test("a member of an unlinked group without trials follows the nearest member above with trials, likely at best")
    func aGroupMemberWithoutTrialsFollowsTheGroup() throws {
        // The first group: Ada, Bea, Cy (3 paddlers); a second session, never linked, has Gina beat Anna beat
        // Ella; Gina and Anna have trials, Ella has none.
        let sessions =
            try Self.firstGroup() + [
                try SeatRaceSessionTests.swap("s3", "Gina", "Anna", by: 2),
                try SeatRaceSessionTests.swap("s4", "Anna", "Ella", by: 2),
            ]
        let trial = try Self.trial([("Ada", 110), ("Bea", 120), ("Cy", 130), ("Gina", 115), ("Anna", 125)])
        let ranking = StrengthRanking(side: .left, sessions: sessions, trials: [trial], roster: [])
        #expect(ranking.entries.map(\.name) == ["Ada", "Gina", "Bea", "Anna", "Ella", "Cy"], "\(ranking.entries)")
        #expect(ranking.entries.map(\.place) == [1, 2, 3, 4, 5, 6])
        let ella = try #require(ranking.entries.first { $0.name == "Ella" })
        #expect(ella.isPlacedByTrials && ella.confidence == .likely && ella.pace == nil)
    }

    @Test("of two groups as large, the one with more paddlers with trials is the first, and places the other")
    func theFirstGroupIsTheOneTrialsLink() throws {
        let sessions = [
            try SeatRaceSessionTests.swap("s1", "Ada", "Bea", by: 2),
            try SeatRaceSessionTests.swap("s2", "Cy", "Dee", by: 2),
        ]
        let trial = try Self.trial([("Cy", 110), ("Dee", 120), ("Ada", 115)])
        let ranking = StrengthRanking(side: .left, sessions: sessions, trials: [trial], roster: [])
        // Cy and Dee both have trials: their group is the first; Ada's trial places her group between them.
        #expect(ranking.entries.map(\.name) == ["Cy", "Ada", "Bea", "Dee"], "\(ranking.entries)")
        #expect(ranking.entries.map(\.group) == [0, 1, 1, 0])
        #expect(ranking.entries.map(\.place) == [1, 2, 3, 4])
    }

    @Test("gaps printed alike are called alike: 1.0 s apart is not too close to call")
    func gapsAreReadToTheTenth() throws {
        let ranking = StrengthRanking(
            side: .left,
            sessions: [
                try SeatRaceSessionTests.swap("s1", "Anna", "Carla", by: 1),
                try SeatRaceSessionTests.swap("s2", "Carla", "Ella", by: 1),
                try SeatRaceSessionTests.swap("s3", "Anna", "Carla", by: 1),
                try SeatRaceSessionTests.swap("s4", "Carla", "Ella", by: 1),
            ], trials: [], roster: [])
        #expect(ranking.entries.map(\.name) == ["Anna", "Carla", "Ella"])
        #expect(!ranking.entries.contains { $0.confidence == .tooCloseToCall }, "\(ranking.entries)")
    }
}
