import LineupCore
import Testing

@testable import LineupPresentation

@Suite("Times, rankings and seat races as text")
struct StrengthTextTests {
    @Test(
        "times as coaches write them, hours as h:mm:ss.s",
        arguments: [
            (58.44, "58.4"), (125.3, "2:05.3"), (600, "10:00.0"), (3600, "1:00:00.0"), (7199.9, "1:59:59.9"),
            (3725.04, "1:02:05.0"),
        ])
    func time(seconds: Double, text: String) {
        #expect(StrengthText.time(seconds) == text)
    }
}

extension StrengthTextTests {
    @Test("a second seat-race group without trials is said not to be placed, and its paddlers get no number")
    func groups() throws {
        func swap(_ name: String, _ one: String, _ other: String, margin: Double) throws -> SeatRaceSession {
            func piece(_ number: Int, _ crews: (SeatRaceCrew, SeatRaceCrew), _ margin: Double) -> SeatRacePiece {
                SeatRacePiece(
                    number: number,
                    seats: [
                        SeatRaceSeat(paddler: one, side: .left, crew: crews.0),
                        SeatRaceSeat(paddler: other, side: .left, crew: crews.1),
                    ], firstCrewTime: 100, secondCrewTime: 100 - margin)
            }
            return try SeatRaceSession(
                name: name, pieces: [piece(1, (.first, .second), 0), piece(2, (.second, .first), margin)])
        }
        let sessions = [try swap("s1", "Ada", "Dev", margin: 3), try swap("s2", "Edda", "Hana", margin: 0)]
        let lines = StrengthText.ranking(StrengthRanking(side: .left, sessions: sessions, trials: [], roster: []))
        #expect(lines.firstIndex { $0.contains("not placed (no seat race or trial links them") } == 3, "\(lines)")
        #expect(lines[1].hasPrefix("  1. Ada") && lines[2].hasPrefix("  2. Dev"), "\(lines)")
        #expect(lines[4].hasPrefix("   - Edda") && lines[5].hasPrefix("   - Hana"), "\(lines)")
    }

    @Test("a comparison that rounds to 0.0 s reads as a tie")
    func tie() {
        let tie = SwapComparison(side: .left, faster: "Ada", slower: "Bea", seconds: 0.04, pieces: [1, 2])
        #expect(StrengthText.comparison(tie) == "pieces 1 and 2: Ada and Bea tied")
        let ahead = SwapComparison(side: .left, faster: "Ada", slower: "Bea", seconds: 1.26, pieces: [1, 2])
        #expect(StrengthText.comparison(ahead) == "pieces 1 and 2: Ada faster than Bea by 1.3 s")
    }
}

extension StrengthTextTests {
    @Test("a seat race read by totals lines up its names and right-aligns its totals")
    func totalsAligned() throws {
        // Both sides swap between the pieces, so the session is read by totals: Ada 94.0 s, Bartholomew 102.0 s.
        func piece(_ number: Int, _ crews: [SeatRaceCrew], _ first: Double, _ second: Double) -> SeatRacePiece {
            let names: [(String, SeatRaceSide)] = [
                ("Ada", .left), ("Bartholomew", .left), ("Cy", .right), ("Di", .right),
            ]
            return SeatRacePiece(
                number: number,
                seats: zip(names, crews).map { SeatRaceSeat(paddler: $0.0, side: $0.1, crew: $1) },
                firstCrewTime: first, secondCrewTime: second)
        }
        let session = try SeatRaceSession(
            name: "s",
            pieces: [
                piece(1, [.first, .second, .first, .second], 45, 50),
                piece(2, [.second, .first, .second, .first], 52, 49),
            ])
        #expect(!session.swapsOneAtATime)
        #expect(
            StrengthText.seatRace(session, side: .left) == [
                "    Ada          total  94.0 s",
                "    Bartholomew  total 102.0 s",
            ])
    }
}

extension StrengthTextTests {
    /// Two swaps no comparison links (Ada with Kit, Edda with Hana, all on the left): the session's reading
    /// orders each pair on its own and says the second is not compared with the first, as `roster rank` does.
    @Test func unlinkedSwapsAreNotOrderedAgainstEachOther() throws {
        let names = ["Ada", "Kit", "Edda", "Hana"]
        func piece(_ number: Int, second: Set<String>, _ first: Double, _ secondTime: Double) -> SeatRacePiece {
            SeatRacePiece(
                number: number,
                seats: names.map {
                    SeatRaceSeat(paddler: $0, side: .left, crew: second.contains($0) ? .second : .first)
                },
                firstCrewTime: first, secondCrewTime: secondTime)
        }
        let session = try SeatRaceSession(
            name: "s",
            pieces: [
                piece(1, second: ["Kit", "Hana"], 100, 100), piece(2, second: ["Ada", "Hana"], 100, 97.5),
                piece(3, second: ["Ada", "Edda"], 100, 95.5),
            ])
        #expect(
            StrengthText.seatRace(session, side: .left) == [
                "    Ada (ahead of the next by 2.5 s)", "    Kit",
                "    not compared with those above (no swap links them):", "    Edda (ahead of the next by 2.0 s)",
                "    Hana",
            ])
    }

    @Test(
        "the count of a seat race's comparisons names the command that lists them, quoted for a shell when needed",
        arguments: [("May", "show May`"), ("May 12", "show 'May 12'`"), ("Bo's day", #"show 'Bo'\''s day'`"#)])
    func comparisonCount(name: String, command: String) throws {
        let seats = { (first: String) in
            ["a", "b"].map { SeatRaceSeat(paddler: $0, side: .left, crew: $0 == first ? .first : .second) }
        }
        let session = try SeatRaceSession(
            name: name,
            pieces: [
                SeatRacePiece(number: 1, seats: seats("a"), firstCrewTime: 100, secondCrewTime: 101),
                SeatRacePiece(number: 2, seats: seats("b"), firstCrewTime: 100, secondCrewTime: 102),
            ])
        let line = try #require(StrengthText.comparisonCount(session, count: session.swapComparisons.count))
        #expect(line == "  1 comparison of pieces one swap apart; `lineup seat-race " + command + " lists them")
    }
}

extension StrengthTextTests {
    @Test(
        "seat-race show's refusals say what the name is and what to do",
        arguments: [
            (
                StrengthError.unreadableSeatRace("May"),
                "the seat race \"May\" cannot be read: a paddler of a swap is no longer on the roster; "
                    + "`lineup seat-race delete` removes it, or record it again"
            ),
            (
                .otherKind(name: "may", isSeatRace: false),
                "\"may\" is a time trial, not a seat race: see `lineup trial list`"
            ),
            (.unknownSeatRace("June"), "there is no seat race named \"June\": `lineup seat-race list` lists them"),
        ])
    func seatRaceShowRefusal(error: StrengthError, words: String) {
        #expect(StrengthText.seatRaceShowRefusal(error) == words)
    }

    @Test("a seat race's lines count its comparisons in the list and give each of them in show")
    func seatRaceLines() throws {
        let seats = { (first: String) in
            ["a", "b"].map { SeatRaceSeat(paddler: $0, side: .left, crew: $0 == first ? .first : .second) }
        }
        let session = try SeatRaceSession(
            name: "May",
            pieces: [
                SeatRacePiece(number: 1, seats: seats("a"), firstCrewTime: 100, secondCrewTime: 101),
                SeatRacePiece(number: 2, seats: seats("b"), firstCrewTime: 100, secondCrewTime: 102),
            ])
        let heading = "May  2 pieces, crews Q and R, read swap by swap"
        let ranking = ["  Left side:", "    b (ahead of the next by 1.0 s)", "    a"]
        #expect(
            StrengthText.seatRaceLines(session, firstCrew: "Q", secondCrew: "R", listingComparisons: false)
                == [heading, "  1 comparison of pieces one swap apart; `lineup seat-race show May` lists them"]
                + ranking)
        #expect(
            StrengthText.seatRaceLines(session, firstCrew: "Q", secondCrew: "R", listingComparisons: true)
                == [heading, "  pieces 1 and 2: b faster than a by 1.0 s"] + ranking)
    }
}
