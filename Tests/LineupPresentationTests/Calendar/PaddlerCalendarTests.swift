import Foundation
import LineupCore
import LineupPresentation
import Testing

/// A paddler's races as iCalendar text (RFC 5545): one event per race they sit in, floating local start,
/// escaped text, lines folded at 75 octets and ended by CRLF.
@Suite("A paddler's calendar")
struct PaddlerCalendarTests {
    /// Ana Sousa (1) at L1 in the heat and drummer in the final; Bo (2) and Cy (3) with her in the heat. A
    /// third race in another boat has her in no seat.
    static func day(regattaName: String = "Cup", boatName: String = "Sample crew", outOfFinal: Bool = false) throws
        -> PaddlerDay
    {
        let names = [1: "Ana Sousa", 2: "Bo Kay", 3: "Cy Orr"]
        var roster: [PaddlerID: Paddler] = [:]
        for (id, name) in names {
            roster[PaddlerID(id)] = Paddler(id: PaddlerID(id), name: name, weightKg: 70, sex: .female)
        }
        let heat = try Lineup(
            kind: .small, placements: [(1, .left(row: 1)), (2, .right(row: 1)), (3, .drummer)])
        let final = try Lineup(kind: .small, placements: [(1, .drummer), (2, .left(row: 2))])
        let other = try Lineup(kind: .small, placements: [(3, .left(row: 1))])
        let regatta = Regatta(
            name: regattaName, date: "2026-06-13",
            races: [
                Regatta.Race(
                    name: "200m heat", start: try TimeOfDay(parsing: "09:10"), boat: 0,
                    rules: CrewRules(.open, kind: .small)),
                Regatta.Race(
                    name: "Final", start: try TimeOfDay(parsing: "11:00"), boat: 1,
                    rules: CrewRules(.open, kind: .small)),
                Regatta.Race(
                    name: "Mixed", start: try TimeOfDay(parsing: "10:00"), boat: 2,
                    rules: CrewRules(.open, kind: .small)),
            ],
            boats: [
                Regatta.Boat(name: boatName, lineup: heat), Regatta.Boat(name: "Small", lineup: final),
                Regatta.Boat(name: "Other", lineup: other),
            ],
            roster: roster, answers: RegattaAnswers(raceOuts: outOfFinal ? [1: ["Final": .paddler]] : [:]))
        let info = RegattaInfo(id: 7, name: regattaName, date: "2026-06-13", minimumGapMinutes: 30, raceCount: 3)
        let ana = try #require(roster[1])
        return PaddlerDay.make(
            paddler: ana, regattas: [(info, regatta, false)], answers: [:], coachEntries: [:])
    }

    static let stamp = Date(timeIntervalSince1970: 1_796_000_000)

    /// The lines as a reader unfolds them: CRLF removed, continuation lines joined.
    static func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test func oneEventPerRaceSheSitsInAtTheRegattasDayAndTheRacesStart() throws {
        let text = PaddlerCalendar(try Self.day(), stamp: Self.stamp).document()
        let lines = Self.unfolded(text)
        #expect(lines.first == "BEGIN:VCALENDAR")
        #expect(lines.last == "END:VCALENDAR")
        #expect(lines.contains("VERSION:2.0"))
        #expect(lines.contains { $0.hasPrefix("PRODID:") })
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(lines.filter { $0.hasPrefix("DTSTART:") } == ["DTSTART:20260613T091000", "DTSTART:20260613T110000"])
        #expect(lines.filter { $0 == "DURATION:PT30M" }.count == 2)
        #expect(lines.contains("SUMMARY:200m heat\\, Cup (Sample crew)"))
        #expect(!lines.contains("STATUS:CANCELLED"))
        #expect(lines.contains("DESCRIPTION:Cup\\, boat Sample crew\\, seat L1\\nCrew: Cy\\, Bo"))
        let stamp = "DTSTAMP:" + DateText.iso8601(Self.stamp).filter { $0.isNumber || $0 == "T" || $0 == "Z" }
        #expect(lines.filter { $0 == stamp }.count == 2)
        #expect(!text.contains("Mixed"))
        // Every line ends in CRLF: no bare LF.
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    /// Seated in a race she answered out of (the coach has yet to change the crew): the event stays, so a
    /// subscribed calendar updates it, but cancelled and said so; the race before it counts no next race.
    @Test func aRaceSheIsOutOfIsCancelledInHerCalendar() throws {
        let day = try Self.day(outOfFinal: true)
        #expect(day.regattas[0].races.map(\.minutesToNextRace) == [nil, nil, nil])
        let lines = Self.unfolded(PaddlerCalendar(day, stamp: Self.stamp).document())
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 2)
        #expect(lines.filter { $0 == "STATUS:CANCELLED" }.count == 1)
        #expect(lines.contains("SUMMARY:Not racing: Final\\, Cup (Small)"))
        #expect(lines.contains { $0.contains("Not racing: answered out for it") })
    }

    @Test func theNextRaceIsTheNextSheWillPaddle() throws {
        let day = try Self.day()
        #expect(day.regattas[0].races.map(\.minutesToNextRace) == [110, nil, nil])
        let regatta = day.regattas[0]
        #expect(regatta.races.map(\.name) == ["200m heat", "Mixed", "Final"])
    }

    @Test func theUIDsAreStableAndDifferPerRace() throws {
        let first = Self.unfolded(PaddlerCalendar(try Self.day(), stamp: Self.stamp).document())
        let again = Self.unfolded(PaddlerCalendar(try Self.day(), stamp: Date()).document())
        let uids = first.filter { $0.hasPrefix("UID:") }
        #expect(uids.count == 2)
        #expect(Set(uids).count == 2)
        #expect(uids == again.filter { $0.hasPrefix("UID:") })
        #expect(uids.allSatisfy { $0.hasSuffix("-paddler-1@lineup") && $0.contains("regatta-7-") })
    }

    @Test(arguments: [
        ("a,b", "a\\,b"), ("a;b", "a\\;b"), ("a\\b", "a\\\\b"), ("one\ntwo", "one\\ntwo"), ("cr\r\nlf", "cr\\nlf"),
        ("bell\u{07}", "bell"), ("plain", "plain"),
    ])
    func textIsEscaped(text: String, escaped: String) {
        #expect(PaddlerCalendar.escaped(text) == escaped)
    }

    @Test func longLinesFoldAt75OctetsWithoutSplittingACharacter() {
        let line = "SUMMARY:" + String(repeating: "å", count: 80)
        let folded = PaddlerCalendar.folded(line)
        #expect(folded.hasSuffix("\r\n"))
        // "\r\n" is one Character: dropLast() drops the line's end.
        let parts = folded.dropLast().components(separatedBy: "\r\n")
        #expect(parts.count > 1)
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(parts.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(
            parts.enumerated().map { $0.offset == 0 ? $0.element : String($0.element.dropFirst()) }.joined() == line)
        #expect(PaddlerCalendar.folded("SHORT:x") == "SHORT:x\r\n")
        let exactly75 = String(repeating: "x", count: 75)
        #expect(PaddlerCalendar.folded(exactly75) == exactly75 + "\r\n")
    }

    @Test func namesWithCommasAndLongNamesStayOneEscapedFoldedValue() throws {
        let text = PaddlerCalendar(
            try Self.day(regattaName: "Cup; Spring, 2026", boatName: String(repeating: "Long boat name ", count: 6)),
            stamp: Self.stamp
        ).document()
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        let summary = try #require(Self.unfolded(text).first { $0.hasPrefix("SUMMARY:200m") })
        #expect(
            summary == "SUMMARY:200m heat\\, Cup\\; Spring\\, 2026 (" + String(repeating: "Long boat name ", count: 6)
                + ")")
        #expect(Self.unfolded(text).contains { $0.hasPrefix("DESCRIPTION:Cup\\; Spring\\, 2026\\, boat") })
    }
}
