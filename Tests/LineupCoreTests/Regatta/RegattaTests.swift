import LineupCore
import Testing

@Suite("Regattas: times, availability, rest conflicts, fairness")
struct RegattaTests {
    static func time(_ text: String) throws -> TimeOfDay { try TimeOfDay(parsing: text) }

    @Test(arguments: [("09:30", 570), ("9:30", 570), ("00:00", 0), ("23:59", 1439), ("14.05", 845), ("0930", 570)])
    func timesAreRead(text: String, minutes: Int) throws {
        #expect(try TimeOfDay(parsing: text).minutes == minutes)
    }

    @Test(arguments: ["24:00", "12:60", "9", "", "9:5", "-1:00", "12:30pm", "1 2:30", "０９:３０"])
    func impossibleTimesAreRefused(text: String) {
        #expect(throws: LineupError.self) { try TimeOfDay(parsing: text) }
    }

    @Test func timesShowAsTheRegattasLocalClock() throws {
        #expect(try Self.time("9:05").description == "09:05")
        #expect(TimeOfDay(minutes: 1440) == nil)
    }

    @Test func availabilityFromIsInclusiveUntilIsExclusive() throws {
        let window = try Availability(absent: false, from: Self.time("10:00"), until: Self.time("14:00"))
        #expect(!window.includes(try Self.time("09:59")))
        #expect(window.includes(try Self.time("10:00")))
        #expect(window.includes(try Self.time("13:59")))
        #expect(!window.includes(try Self.time("14:00")))
        #expect(window.absence(at: try Self.time("09:00")) == .arrives(try Self.time("10:00")))
        #expect(window.absence(at: try Self.time("15:00")) == .leaves(try Self.time("14:00")))
        #expect(window.absence(at: try Self.time("12:00")) == nil)
        #expect(Availability.absent.absence(at: try Self.time("12:00")) == .absent)
        #expect(throws: LineupError.self) {
            try Availability(absent: false, from: Self.time("14:00"), until: Self.time("10:00"))
        }
        #expect(throws: LineupError.self) { try Availability(absent: true, from: Self.time("10:00"), until: nil) }
        #expect(try Availability(absent: false, from: nil, until: nil) == .allDay)
    }

    /// Two small boats with the same six people: Ann drums both, Bo steers the first, Cy the second.
    static func twoBoats(gap: Int, secondAt: String, sharedPaddler: Bool = true) throws -> Regatta {
        let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
        var roster: [PaddlerID: Paddler] = [:]
        for (index, name) in names.enumerated() {
            roster[PaddlerID(index + 1)] = Paddler(id: PaddlerID(index + 1), name: name)
        }
        let first = try Lineup(
            kind: .small, placements: [(1, .drummer), (2, .steerer), (4, .left(row: 1)), (3, .bench(position: 1))])
        let second = try Lineup(
            kind: .small,
            placements: [
                (1, .drummer), (3, .steerer), (sharedPaddler ? 4 : 5, .right(row: 2)), (2, .bench(position: 1)),
            ])
        let rules = CrewRules(.open, kind: .small)
        return Regatta(
            name: "Cup", date: "2026-06-13", minimumGapMinutes: gap,
            races: [
                Regatta.Race(name: "Final", start: try time(secondAt), boat: 1, rules: rules),
                Regatta.Race(name: "Heat", start: try time("09:00"), boat: 0, rules: rules),
            ],
            boats: [Regatta.Boat(name: "A", lineup: first), Regatta.Boat(name: "B", lineup: second)], roster: roster)
    }

    @Test func aPaddlerOrDrummerInTwoRacesTooCloseIsAConflictWithWhoWhereAndHowClose() throws {
        let regatta = try Self.twoBoats(gap: 30, secondAt: "09:20")
        #expect(regatta.races.map(\.name) == ["Heat", "Final"])
        let conflicts = regatta.restConflicts()
        #expect(conflicts.map { regatta.roster[$0.paddler]?.name } == ["Ann", "Di"])
        #expect(conflicts.allSatisfy { $0.gapMinutes == 20 && $0.first == 0 && $0.second == 1 })
        #expect(conflicts[0].firstPlace == .drummer && conflicts[0].secondPlace == .drummer)
        #expect(conflicts[1].firstPlace == .left(row: 1) && conflicts[1].secondPlace == .right(row: 2))
    }

    @Test func theGapIsStartToStartAndExactlyTheMinimumIsEnough() throws {
        #expect(try Self.twoBoats(gap: 30, secondAt: "09:30").restConflicts().isEmpty)
        #expect(try Self.twoBoats(gap: 30, secondAt: "09:29").restConflicts().count == 2)
        // A gap of 0 still refuses two boats at the same moment.
        #expect(try Self.twoBoats(gap: 0, secondAt: "09:00").restConflicts().count == 2)
        #expect(try Self.twoBoats(gap: 0, secondAt: "09:01").restConflicts().isEmpty)
        #expect(try Self.twoBoats(gap: 30, secondAt: "09:20", sharedPaddler: false).restConflicts().count == 1)
    }

    @Test func seatedButNotThereIsReportedWithTheReason() throws {
        var regatta = try Self.twoBoats(gap: 30, secondAt: "11:00")
        regatta.availability[4] = .window(from: try Self.time("10:00"), until: nil)
        regatta.availability[2] = .absent
        regatta.roster[1]?.isActive = false
        let conflicts = regatta.availabilityConflicts()
        #expect(
            conflicts.map { [regatta.roster[$0.paddler]?.name ?? "", $0.place.description, "\($0.race)"] }
                == [["Ann", "D", "0"], ["Di", "L1", "0"], ["Bo", "S", "0"], ["Ann", "D", "1"]])
        #expect(conflicts.map(\.reason) == [.inactive, .arrives(try Self.time("10:00")), .absent, .inactive])
        #expect(regatta.availabilityConflicts(involving: [1]).count == 1)
    }

    /// A boat's entry says of its own races what the regatta's check says of them, in the same words.
    @Test func aBoatsEntryFindsWhoIsNotThereInTheRegattasOwnWords() throws {
        var regatta = try Self.twoBoats(gap: 30, secondAt: "11:00")
        regatta.availability[4] = .window(from: try Self.time("10:00"), until: nil)
        regatta.availability[2] = .absent
        regatta.roster[1]?.isActive = false
        let entry = RegattaEntry(
            regatta: "Cup", races: [RegattaEntry.Race(name: "Heat", start: try Self.time("09:00"))],
            availability: regatta.availability)
        let expected = regatta.availabilityConflicts(involving: [0]).map { conflict in
            RaceProblem.notThere(
                regatta: "Cup", race: "Heat", start: regatta.races[0].start,
                name: regatta.roster[conflict.paddler]?.name ?? "", place: conflict.place, reason: conflict.reason)
        }
        #expect(expected.count == 3)
        #expect(entry.unavailable(in: regatta.boats[0].lineup, roster: regatta.roster) == expected)
        // The second boat is raced only in the final: Ann (inactive) is its one problem.
        let final = RegattaEntry(
            regatta: "Cup", races: [RegattaEntry.Race(name: "Final", start: try Self.time("11:00"))],
            availability: regatta.availability)
        #expect(
            final.unavailable(in: regatta.boats[1].lineup, roster: regatta.roster) == [
                .notThere(
                    regatta: "Cup", race: "Final", start: try Self.time("11:00"), name: "Ann", place: .drummer,
                    reason: .inactive)
            ])
        #expect(
            RegattaEntry(regatta: "Cup", races: []).unavailable(in: regatta.boats[0].lineup, roster: regatta.roster)
                .isEmpty)
    }

    @Test func participationAndFairnessCountRacesOfAvailablePaddlers() throws {
        var regatta = try Self.twoBoats(gap: 30, secondAt: "11:00")
        regatta.availability[6] = .absent
        let people = regatta.participation()
        let ann = try #require(people.first { $0.paddler == 1 })
        #expect(ann.entries.map(\.restMinutes) == [nil, 120])
        #expect(ann.raceCount == 2)
        let fairness = regatta.fairness()
        // Ann 2, Bo 1, Cy 1, Di 2, Ed 0 (available, sits out); Flo is absent and not counted.
        #expect(fairness.availableCount == 5)
        #expect(fairness.minimum == 0 && fairness.maximum == 2 && fairness.median == 1)
        #expect(fairness.sittingOut == [5])
    }
}
