import Testing

@testable import LineupCore

/// Seat racing read swap by swap and by totals, against the worked examples number for number.
@Suite("Seat racing")
struct SeatRaceSessionTests {
    static func tenths(_ value: Double) -> Int { Int((value * 10).rounded()) }

    @Test("one swap between races: the example's six comparisons")
    func oneSwapComparisons() throws {
        let session = try SeatRaceExamples.oneSwap()
        #expect(session.swapsOneAtATime)
        let found = session.swapComparisons.map { "\($0.faster)>\($0.slower) \(Self.tenths($0.seconds))" }
        #expect(Set(found) == ["c>b 47", "2>3 33", "c>d 40", "3>4 46", "d>b 7", "2>4 79"])
        #expect(found.count == 6)
        #expect(session.pieces.map { Self.tenths($0.margin) } == [3, 50, 17, -23, -69, -76])
    }

    @Test("one swap between races: c > d (4.0) > b (0.7), 2 > 3 (3.3) > 4 (4.6), a and 1 not ranked")
    func oneSwapRanking() throws {
        let session = try SeatRaceExamples.oneSwap()
        let left = SwapRanking(
            side: .left, comparisons: session.swapComparisons, everyone: session.paddlers(on: .left))
        #expect(left.entries.map(\.name) == ["c", "d", "b"])
        #expect(left.entries.map { $0.aheadOfNext.map(Self.tenths) } == [40, 7, nil])
        #expect(left.notRanked == ["a"])
        #expect(left.largestMisfit < 1e-9)
        let right = SwapRanking(
            side: .right, comparisons: session.swapComparisons, everyone: session.paddlers(on: .right))
        #expect(right.entries.map(\.name) == ["2", "3", "4"])
        #expect(right.entries.map { $0.aheadOfNext.map(Self.tenths) } == [33, 46, nil])
        #expect(right.notRanked == ["1"])
    }

    @Test("contradicting comparisons are split evenly by least squares")
    func inconsistentComparisons() {
        let comparisons = [
            SwapComparison(side: .left, faster: "x", slower: "y", seconds: 2, pieces: [1, 2]),
            SwapComparison(side: .left, faster: "y", slower: "z", seconds: 2, pieces: [2, 3]),
            SwapComparison(side: .left, faster: "x", slower: "z", seconds: 1, pieces: [1, 3]),
        ]
        let ranking = SwapRanking(side: .left, comparisons: comparisons, everyone: ["x", "y", "z"])
        #expect(ranking.entries.map(\.name) == ["x", "y", "z"])
        // x−y = 2, y−z = 2, x−z = 1: the least-squares scores are x 2, y 1, z 0, each comparison missed by 1.
        #expect(abs(ranking.largestMisfit - 1) < 1e-9)
        #expect(ranking.entries.allSatisfy { abs(($0.aheadOfNext ?? 1) - 1) < 1e-9 })
    }

    @Test("two swaps between races: totals and ranking, b/d and 3/1 too close to call")
    func twoSwapTotals() throws {
        let session = try SeatRaceExamples.twoSwaps()
        #expect(!session.swapsOneAtATime)
        let left = TotalsRanking(session: session, side: .left)
        #expect(left.entries.map(\.name) == ["c", "d", "b", "a"])
        #expect(left.entries.map { Self.tenths($0.total) } == [9761, 9840, 9856, 9875])
        #expect(left.entries.map(\.tooCloseToPrevious) == [false, false, true, false])
        let right = TotalsRanking(session: session, side: .right)
        #expect(right.entries.map(\.name) == ["2", "3", "1", "4"])
        #expect(right.entries.map { Self.tenths($0.total) } == [9755, 9822, 9840, 9915])
        #expect(right.entries.map(\.tooCloseToPrevious) == [false, false, true, false])
    }

    @Test("the combined ranking words the examples honestly")
    func combined() throws {
        let roster: [(name: String, side: SidePreference)] = [
            ("a", .left), ("e", .left), ("f", .either), ("1", .left),
        ]
        let ranking = StrengthRanking(
            side: .left, sessions: [try SeatRaceExamples.oneSwap()],
            trials: [
                try TimeTrial(
                    name: "OC1", distanceMetres: 1000, day: nil, results: [.init(paddlers: ["f"], seconds: 300)])
            ],
            roster: roster)
        #expect(ranking.entries.map(\.name) == ["c", "d", "b", "f", "a", "e"])
        #expect(
            ranking.entries.map(\.confidence) == [
                .sure, .tooCloseToCall, .tooCloseToCall, .likely, .noEvidence, .noEvidence,
            ])
        #expect(ranking.entries[3].value == 150)
    }

    @Test("seat-race groups no comparison links are not ordered against each other")
    func unlinkedGroups() throws {
        func session(_ name: String, _ one: String, _ other: String, margins: (Double, Double)) throws
            -> SeatRaceSession
        {
            try SeatRaceSession(
                name: name,
                pieces: [
                    SeatRacePiece(
                        number: 1,
                        seats: [
                            .init(paddler: one, side: .left, crew: .first),
                            .init(paddler: other, side: .left, crew: .second),
                        ],
                        firstCrewTime: 100, secondCrewTime: 100 - margins.0),
                    SeatRacePiece(
                        number: 2,
                        seats: [
                            .init(paddler: one, side: .left, crew: .second),
                            .init(paddler: other, side: .left, crew: .first),
                        ],
                        firstCrewTime: 100, secondCrewTime: 100 - margins.1),
                ])
        }
        let sessions = [
            try session("s1", "Ada", "Dev", margins: (0, 3)), try session("s2", "Edda", "Hana", margins: (0, 0)),
        ]
        let ranking = StrengthRanking(side: .left, sessions: sessions, trials: [], roster: [])
        #expect(ranking.entries.map(\.name) == ["Ada", "Dev", "Edda", "Hana"])
        #expect(ranking.entries.map(\.group) == [0, 0, 1, 1])
        #expect(ranking.entries.map(\.confidence) == [.likely, .likely, .tooCloseToCall, .tooCloseToCall])
    }
}

extension SeatRaceSessionTests {
    /// A session in which `faster` beats `slower` by `seconds` over one swap.
    static func swap(_ name: String, _ faster: String, _ slower: String, by seconds: Double) throws
        -> SeatRaceSession
    {
        func piece(_ number: Int, _ crews: (SeatRaceCrew, SeatRaceCrew), margin: Double) -> SeatRacePiece {
            SeatRacePiece(
                number: number,
                seats: [
                    .init(paddler: faster, side: .left, crew: crews.0),
                    .init(paddler: slower, side: .left, crew: crews.1),
                ], firstCrewTime: 100, secondCrewTime: 100 - margin)
        }
        return try SeatRaceSession(
            name: name, pieces: [piece(1, (.first, .second), margin: 0), piece(2, (.second, .first), margin: seconds)])
    }

    @Test("two seat races that disagree by 4 s make a place likely, not sure, however far ahead")
    func contradictingEvidenceIsNotSure() throws {
        let sessions = [try Self.swap("s1", "Ada", "Bea", by: 5), try Self.swap("s2", "Ada", "Bea", by: 1)]
        let ranking = StrengthRanking(side: .left, sessions: sessions, trials: [], roster: [])
        #expect(ranking.entries.map(\.name) == ["Ada", "Bea"])
        #expect(ranking.entries.map { ($0.value ?? -1).rounded() } == [3, 0])
        #expect(ranking.entries.map(\.confidence) == [.likely, .likely])
        let swaps = SwapRanking(
            side: .left, comparisons: sessions.flatMap { $0.rankedComparisons(on: .left) }, everyone: [])
        #expect(swaps.entries.map { ($0.spread * 10).rounded() } == [40, 40])
    }

    @Test("two seat races that agree within 0.2 s make the same place sure")
    func consistentEvidenceIsSure() throws {
        let sessions = [try Self.swap("s1", "Ada", "Bea", by: 3), try Self.swap("s2", "Ada", "Bea", by: 3.2)]
        let ranking = StrengthRanking(side: .left, sessions: sessions, trials: [], roster: [])
        #expect(ranking.entries.map(\.name) == ["Ada", "Bea"])
        #expect(ranking.entries.map(\.confidence) == [.sure, .sure])
    }

    @Test("a contradiction around a cycle is each paddler's spread")
    func cycleSpread() throws {
        // Ada beats Bea, Bea beats Cy, Cy beats Ada, each by 3 s: the scores tie, every comparison is 3 s off.
        let sessions = [
            try Self.swap("s1", "Ada", "Bea", by: 3), try Self.swap("s2", "Bea", "Cy", by: 3),
            try Self.swap("s3", "Cy", "Ada", by: 3),
        ]
        let swaps = SwapRanking(
            side: .left, comparisons: sessions.flatMap { $0.rankedComparisons(on: .left) }, everyone: [])
        #expect(swaps.entries.map { ($0.spread * 10).rounded() } == [60, 60, 60])
    }

    /// A session of `count` pieces alternating between crews `a` and `b` on the left (one swap apart) while the
    /// right side keeps `right` in the second crew: repeated crews make many comparisons per pair of crews.
    static func alternating(_ count: Int, leftSecond a: Set<String>, _ b: Set<String>, left: [String], right: [String])
        throws -> SeatRaceSession
    {
        let pieces = (1...count).map { number in
            let second = number.isMultiple(of: 2) ? b : a
            let seats =
                left.map { SeatRaceSeat(paddler: $0, side: .left, crew: second.contains($0) ? .second : .first) }
                + right.enumerated().map { SeatRaceSeat(paddler: $1, side: .right, crew: $0 == 0 ? .second : .first) }
            return SeatRacePiece(
                number: number, seats: seats, firstCrewTime: 100, secondCrewTime: 100 + Double(number % 7))
        }
        return try SeatRaceSession(name: "alternating \(count)", pieces: pieces)
    }

    @Test("the count of one-swap comparisons is the number of comparisons made, on sessions of many shapes")
    func comparisonCount() throws {
        var sessions = [try SeatRaceExamples.oneSwap(), try SeatRaceExamples.twoSwaps()]
        for seed: UInt64 in 1...8 { sessions.append(try SeatRaceSimulationTests.simulate(seed: seed, noise: 0.5).0) }
        sessions.append(try Self.alternating(2, leftSecond: ["a"], ["b"], left: ["a", "b"], right: ["1", "2"]))
        sessions.append(try Self.alternating(9, leftSecond: ["a"], ["b"], left: ["a", "b", "c"], right: ["1", "2"]))
        sessions.append(
            try Self.alternating(
                200, leftSecond: ["a", "c"], ["b", "c"], left: ["a", "b", "c", "d"], right: ["1", "2"]))
        // One side alone, and pieces with nobody swapped between them (no comparison between equal crews).
        sessions.append(
            try Self.alternating(40, leftSecond: ["a"], ["a"], left: ["a", "b"], right: ["1", "2", "3"]))
        var counts: [Int] = []
        for session in sessions {
            #expect(session.swapComparisonCount == session.swapComparisons.count, "\(session.name)")
            counts.append(session.swapComparisonCount)
        }
        // The shapes are not all trivially empty: the worked example's 6, and 100 × 100 for the alternating 200.
        #expect(counts[0] == 6)
        #expect(counts[counts.count - 2] == 10_000)
        #expect(counts.last == 0)
    }
}
