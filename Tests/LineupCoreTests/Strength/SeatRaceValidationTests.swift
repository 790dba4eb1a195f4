import Testing

@testable import LineupCore

/// Bad seat races and trials are refused with a sentence that says what to fix.
@Suite("Seat race and trial checks")
struct SeatRaceValidationTests {
    static func piece(_ number: Int, _ seats: [(String, SeatRaceSide, SeatRaceCrew)], _ first: Double, _ second: Double)
        -> SeatRacePiece
    {
        SeatRacePiece(
            number: number, seats: seats.map { SeatRaceSeat(paddler: $0.0, side: $0.1, crew: $0.2) },
            firstCrewTime: first, secondCrewTime: second)
    }

    static let start: [(String, SeatRaceSide, SeatRaceCrew)] = [
        ("a", .left, .first), ("b", .left, .first), ("c", .left, .first),
        ("d", .left, .second), ("e", .left, .second), ("f", .left, .second),
    ]

    @Test("a paddler in both crews of one piece")
    func inBothCrews() {
        let second = [("a", SeatRaceSide.left, SeatRaceCrew.first), ("a", .left, .second)] + Self.start.dropFirst()
        #expect(throws: StrengthError.inBothCrews(paddler: "a", piece: 2)) {
            try SeatRaceSession(
                name: "x", pieces: [Self.piece(1, Self.start, 100, 101), Self.piece(2, second, 100, 101)])
        }
    }

    @Test("a paddler seated twice in one crew of a piece")
    func seatedTwiceInOneCrew() {
        let second = [("a", SeatRaceSide.left, SeatRaceCrew.first)] + Self.start
        #expect(throws: StrengthError.seatedTwice(paddler: "a", piece: 2)) {
            try SeatRaceSession(
                name: "x", pieces: [Self.piece(1, Self.start, 100, 101), Self.piece(2, second, 100, 101)])
        }
    }

    @Test(
        "a trial giving one paddler two times is refused when recorded, alone or in a crew",
        arguments: [
            [
                TrialResult(paddlers: ["Ada"], seconds: 120), .init(paddlers: ["Bea"], seconds: 125),
                .init(paddlers: ["Ada"], seconds: 130),
            ],
            [TrialResult(paddlers: ["Ada"], seconds: 120), .init(paddlers: ["Bea", "ADA"], seconds: 110)],
            // Names matched as the roster matches them, not only ignoring case: spacing, full-width letters.
            [TrialResult(paddlers: ["Ada Berg"], seconds: 120), .init(paddlers: ["ada  berg"], seconds: 130)],
            [
                TrialResult(paddlers: ["Ada"], seconds: 120),
                .init(paddlers: ["Bea", "\u{FF21}\u{FF24}\u{FF21}"], seconds: 110),
            ],
        ])
    func timedTwice(results: [TrialResult]) throws {
        // Read back as stored before the check (an older trial still counts), refused when recorded.
        let trial = try TimeTrial(name: "May 500", distanceMetres: 500, day: nil, results: results)
        #expect(throws: StrengthError.timedTwice(paddler: results.last?.paddlers.last ?? "", trial: "May 500")) {
            try trial.checkedForRecording()
        }
        #expect(
            StrengthError.timedTwice(paddler: "Ada", trial: "May 500").description.hasPrefix(
                "Ada has two times in the trial \"May 500\""))
        let once = try TimeTrial(name: "May 500", distanceMetres: 500, day: nil, results: Array(results.prefix(1)))
        #expect(throws: Never.self) { try once.checkedForRecording() }
    }

    @Test("a swap of three between pieces")
    func swapOfThree() {
        let swapped = Self.start.map { ($0.0, $0.1, $0.2 == .first ? SeatRaceCrew.second : .first) }
        #expect(throws: StrengthError.tooManyMoved(side: .left, piece: 2, moved: 6)) {
            try SeatRaceSession(
                name: "x", pieces: [Self.piece(1, Self.start, 100, 101), Self.piece(2, swapped, 100, 101)])
        }
    }

    @Test("an uneven move between pieces")
    func unevenMove() {
        var moved = Self.start
        moved[0].2 = .second
        #expect(throws: StrengthError.unevenSwap(side: .left, piece: 2)) {
            try SeatRaceSession(
                name: "x", pieces: [Self.piece(1, Self.start, 100, 101), Self.piece(2, moved, 100, 101)])
        }
    }

    @Test("times that are not times", arguments: [Double.nan, -5, 0, .infinity, 1e9])
    func badTimes(time: Double) {
        #expect(throws: StrengthError.self) {
            try SeatRaceSession(
                name: "x", pieces: [Self.piece(1, Self.start, time, 101), Self.piece(2, Self.start, 100, 101)])
        }
        #expect(throws: StrengthError.self) {
            try TimeTrial(name: "t", distanceMetres: 500, day: nil, results: [.init(paddlers: ["a"], seconds: time)])
        }
    }

    @Test("a missing paddler, one piece only, a changed side")
    func otherShapes() {
        #expect(throws: StrengthError.notInEveryPiece(paddler: "a", piece: 2)) {
            try SeatRaceSession(
                name: "x",
                pieces: [Self.piece(1, Self.start, 100, 101), Self.piece(2, Array(Self.start.dropFirst()), 100, 101)])
        }
        #expect(throws: StrengthError.tooFewPieces(1)) {
            try SeatRaceSession(name: "x", pieces: [Self.piece(1, Self.start, 100, 101)])
        }
        var sideways = Self.start
        sideways[0].1 = .right
        #expect(throws: StrengthError.changedSide(paddler: "a", piece: 2)) {
            try SeatRaceSession(
                name: "x", pieces: [Self.piece(1, Self.start, 100, 101), Self.piece(2, sideways, 100, 101)])
        }
        #expect(throws: StrengthError.badDistance(0)) {
            try TimeTrial(name: "t", distanceMetres: 0, day: nil, results: [.init(paddlers: ["a"], seconds: 100)])
        }
    }

    @Test("more pieces than a seat race holds, and a piece number written twice")
    func pieceLimits() {
        let many = (1...(StrengthError.mostPieces + 1)).map { Self.piece($0, Self.start, 100, 101) }
        #expect(throws: StrengthError.tooManyPieces(StrengthError.mostPieces + 1)) {
            try SeatRaceSession(name: "x", pieces: many)
        }
        #expect(throws: StrengthError.duplicatePiece(1)) {
            try SeatRaceSession(
                name: "x", pieces: [Self.piece(1, Self.start, 100, 101), Self.piece(1, Self.start, 100, 101)])
        }
        #expect(throws: StrengthError.badPieceNumber(StrengthError.mostPieces + 1)) {
            try SeatRaceSession(
                name: "x",
                pieces: [
                    Self.piece(1, Self.start, 100, 101), Self.piece(StrengthError.mostPieces + 1, Self.start, 100, 101),
                ])
        }
        #expect(throws: Never.self) {
            try SeatRaceSession(
                name: "x", pieces: (1...StrengthError.mostPieces).map { Self.piece($0, Self.start, 100, 101) })
        }
    }

    @Test(
        "a crew naming a paddler twice, or with an empty member",
        arguments: [
            ("Ada+Ada=100", StrengthError.namedTwice("Ada")), ("Ada+ ada =100", .namedTwice("ada")),
            ("Ada Berg+ada  berg=100", .namedTwice("ada  berg")), ("Ada+\u{FF21}da=100", .namedTwice("\u{FF21}da")),
            ("Ada+=100", .emptyCrewMember), ("+Ada=100", .emptyCrewMember), ("=100", .emptyName),
        ])
    func badCrews(text: String, error: StrengthError) {
        #expect(throws: error) {
            let result = try TrialResult(parsing: text)
            _ = try TimeTrial(name: "t", distanceMetres: 500, day: nil, results: [result])
        }
    }

    @Test(
        "times that are not times, as written",
        arguments: ["-0:30", "-30", "0:-30", "1:-0:30", "+1:30", "7199.99", "1:59:59.96"])
    func unreadableTimes(text: String) {
        #expect(throws: StrengthError.self) { try StrengthTime.seconds(parsing: text) }
    }

    @Test(
        "after a colon two digits: 1:5 could be 1:05 or 1:50", arguments: ["1:5", "1:5.3", "1:02:5", "1:2:05", "1:005"])
    func oneDigitAfterAColon(text: String) {
        #expect(throws: StrengthError.unreadableTime(text)) { try StrengthTime.seconds(parsing: text) }
    }

    @Test func aTimeWithoutItsNameSaysHowToWriteIt() {
        #expect(throws: StrengthError.notNameAndTime("Ada")) { try TrialResult(parsing: "Ada") }
        #expect(StrengthError.notNameAndTime("Ada").description.contains("is not NAME=TIME"))
    }

    @Test("a pace slower than 15:00 per 500 m is not recorded; one at it is", arguments: [(120.0, 1), (1801.0, 1000)])
    func tooSlow(seconds: Double, metres: Int) throws {
        let trial = try TimeTrial(
            name: "t", distanceMetres: metres, day: nil, results: [.init(paddlers: ["a"], seconds: seconds)])
        #expect(throws: StrengthError.self) { try trial.checkedForRecording() }
        let atTheLimit = try TimeTrial(
            name: "t", distanceMetres: 500, day: nil, results: [.init(paddlers: ["a"], seconds: 900)])
        #expect(throws: Never.self) { try atTheLimit.checkedForRecording() }
        #expect(
            StrengthError.tooSlow(paddlers: "a", pacePer500: 60_000).description
                == "a's time is 16:40:00.0 per 500 m, slower than 15:00.0 per 500 m, which is not a race pace: check "
                + "the time and the distance (in metres).")
    }

    @Test func aSeatRaceWithAnEmptyCrewIsNotRecorded() throws {
        let everyoneInQ = (1...2).map { number in
            SeatRacePiece(
                number: number,
                seats: [
                    SeatRaceSeat(paddler: "a", side: .left, crew: .first),
                    SeatRaceSeat(paddler: "b", side: .left, crew: .first),
                ], firstCrewTime: 100, secondCrewTime: 101)
        }
        let session = try SeatRaceSession(name: "x", pieces: everyoneInQ)
        #expect(throws: StrengthError.emptyCrew(piece: 1)) { try session.checkedForRecording() }
    }

    @Test("the longest time accepted rounds below two hours", arguments: ["7199.9", "1:59:59.94"])
    func longestTimes(text: String) throws {
        #expect(try StrengthTime.seconds(parsing: text) < StrengthError.longestTime)
    }

    @Test(
        "a pace faster than a paddler goes",
        arguments: [(0.0001, 500), (120, 100_000), (59.9, 500)])
    func tooFast(seconds: Double, metres: Int) {
        #expect(throws: StrengthError.self) {
            try TimeTrial(
                name: "t", distanceMetres: metres, day: nil, results: [.init(paddlers: ["a"], seconds: seconds)])
        }
        #expect(throws: Never.self) {
            try TimeTrial(name: "t", distanceMetres: 500, day: nil, results: [.init(paddlers: ["a"], seconds: 60)])
        }
    }

    @Test("the error says what to do")
    func words() {
        #expect(
            StrengthError.inBothCrews(paddler: "Ada", piece: 3).description.contains("Ada is in both crews in piece 3"))
        #expect(
            StrengthError.seatedTwice(paddler: "Ada", piece: 3).description.hasPrefix(
                "Ada sits twice in one crew in piece 3"))
        #expect(
            StrengthError.duplicateName("May", isSeatRace: true).description.hasPrefix(
                "a seat race named \"May\" is recorded already"))
        #expect(
            StrengthError.duplicateName("May", isSeatRace: false).description.hasPrefix(
                "a time trial named \"May\" is recorded already"))
    }
}
