import Testing

@testable import LineupCore

@Suite("Time trials")
struct TimeTrialTests {
    @Test("best pace per 500 m, number of trials and spread; crews left out of the per-paddler board")
    func board() throws {
        let short = try TimeTrial(
            name: "500", distanceMetres: 500, day: RegattaDay(parsing: "2026-05-01"),
            results: [.init(paddlers: ["Ada"], seconds: 125.3), .init(paddlers: ["Bo"], seconds: 130)])
        let long = try TimeTrial(
            name: "1000", distanceMetres: 1000, day: nil,
            results: [
                .init(paddlers: ["Ada"], seconds: 262), .init(paddlers: ["Bo"], seconds: 250),
                .init(paddlers: ["Cy", "Di"], seconds: 230),
            ])
        let board = TrialBoard(trials: [short, long])
        #expect(board.entries.map(\.name) == ["Bo", "Ada"])
        #expect(board.entries.map(\.bestPace) == [125, 125.3])
        #expect(board.entries.map(\.bestTrial) == ["1000", "500"])
        #expect(board.entries.map(\.trials) == [2, 2])
        #expect(abs(board.entries[1].spread - 5.7) < 1e-9)
    }

    @Test("a paddler who seat-raced on the other side is still ranked by their trials on their roster side")
    func trialsCountOnTheRosterSide() throws {
        let pieces = [
            SeatRacePiece(
                number: 1,
                seats: [
                    .init(paddler: "Bea", side: .left, crew: .first), .init(paddler: "Ada", side: .left, crew: .second),
                ], firstCrewTime: 100, secondCrewTime: 101),
            SeatRacePiece(
                number: 2,
                seats: [
                    .init(paddler: "Bea", side: .left, crew: .second), .init(paddler: "Ada", side: .left, crew: .first),
                ], firstCrewTime: 100, secondCrewTime: 102),
        ]
        let session = try SeatRaceSession(name: "s", pieces: pieces)
        let trial = try TimeTrial(
            name: "t", distanceMetres: 500, day: nil, results: [.init(paddlers: ["Bea"], seconds: 120)])
        let right = StrengthRanking(
            side: .right, sessions: [session], trials: [trial], roster: [("Bea", .right), ("Ada", .left)])
        #expect(right.entries.map(\.name) == ["Bea"])
        #expect(right.entries.first?.evidence == .trials)
        let left = StrengthRanking(
            side: .left, sessions: [session], trials: [trial], roster: [("Bea", .right), ("Ada", .left)])
        #expect(left.entries.map(\.evidence) == [.seatRacing, .seatRacing])
        // An inactive paddler is not listed, seat-raced or not; the one they raced against still is.
        let withoutBea = StrengthRanking(
            side: .left, sessions: [session], trials: [trial], roster: [("Ada", .left)], inactive: ["Bea"])
        #expect(withoutBea.entries.map(\.name) == ["Ada"])
        #expect(withoutBea.entries.first?.evidence == .seatRacing)
    }

    @Test("two times of one paddler in one trial count as one trial")
    func oneTrialTwoTimes() throws {
        let trial = try TimeTrial(
            name: "t", distanceMetres: 500, day: nil,
            results: [.init(paddlers: ["Ada"], seconds: 120), .init(paddlers: ["Ada"], seconds: 130)])
        #expect(TrialBoard(trials: [trial]).entries.map(\.trials) == [1])
    }
}
