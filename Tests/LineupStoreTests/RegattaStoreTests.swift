import Foundation
import GRDB
@testable import LineupCore
import Testing

@testable import LineupStore

@Suite("Regattas, races and availability in the database")
struct RegattaStoreTests {
    static func time(_ text: String) throws -> TimeOfDay { try TimeOfDay(parsing: text) }

    /// The sample club with regatta "Cup" and races Heat (09:00, new boat), Final (11:00, same boat), Semi
    /// (10:00, a copy of Heat's boat).
    static func cup() throws -> TestDatabase {
        let test = try TestDatabase(sample: true)
        try test.db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try test.db.addRace("Heat", to: "Cup", start: time("09:00"), boat: .new(.standard), rules: .idbfMixed)
        _ = try test.db.addRace("Final", to: "cup", start: time("11:00"), boat: .existing(.named("Cup: Heat")))
        _ = try test.db.addRace("Semi", to: "Cup", start: time("10:00"), boat: .copyOf(race: "heat"), rules: .open)
        return test
    }

    @Test func racesAreListedInTimeOrderWithTheirBoatsAndRules() throws {
        let test = try Self.cup()
        let (info, races) = try test.db.races(of: "CUP")
        #expect(info.raceCount == 3 && info.minimumGapMinutes == 30)
        #expect(races.map(\.name) == ["Heat", "Semi", "Final"])
        #expect(races.map(\.boat.name) == ["Cup: Heat", "Cup: Semi", "Cup: Heat"])
        #expect(races.map(\.rules) == [.idbfMixed, .open, .idbfMixed])
        #expect(races[1].ownRules == .open && races[0].ownRules == nil)
        let state = try test.db.regattaState("Cup")
        #expect(state.regatta.races.map(\.name) == ["Heat", "Semi", "Final"])
        #expect(state.regatta.races.map(\.boat) == [0, 1, 0])
        _ = try test.db.moveRace("Semi", of: "Cup", to: Self.time("08:00"))
        #expect(try test.db.races(of: "Cup").1.map(\.name) == ["Semi", "Heat", "Final"])
    }

    @Test func namesAndTimesAreChecked() throws {
        let test = try Self.cup()
        #expect(throws: StoreError.regatta(.duplicateRace("heat", regatta: "Cup"))) {
            try test.db.addRace("heat", to: "Cup", start: Self.time("12:00"), boat: .new(.small))
        }
        #expect(throws: StoreError.regatta(.boatNameTaken("Cup: Semi"))) {
            _ = try test.db.removeRace("Semi", of: "Cup")
            _ = try test.db.addRace("Semi", to: "Cup", start: Self.time("12:00"), boat: .new(.small))
        }
        #expect(throws: StoreError.regatta(.duplicateRegatta("cup"))) {
            try test.db.createRegatta(named: "cup", date: try RegattaDay(parsing: "2026-06-14"))
        }
        for date in [
            "2026-02-30", "2026-13-01", "26-06-13", "2026-6-13", "tomorrow", "0000-01-01", "1899-12-31", "2201-01-01",
            "9999-12-31",
        ] {
            #expect(throws: LineupError.invalidDate(date)) { try RegattaDay(parsing: date) }
        }
        // The first and last days of the range are real days.
        #expect(
            try test.db.createRegatta(named: "Oldest", date: try RegattaDay(parsing: "1900-01-01")).date == "1900-01-01"
        )
        #expect(try test.db.updateRegatta("Oldest", date: try RegattaDay(parsing: "2200-12-31")).date == "2200-12-31")
        _ = try test.db.deleteRegatta("Oldest")
        #expect(throws: StoreError.regatta(.invalidGap(721))) {
            try test.db.updateRegatta("Cup", minimumGapMinutes: 721)
        }
        #expect(throws: StoreError.self) { try test.db.race("Nope", of: "Cup") }
        #expect(throws: StoreError.self) { try test.db.races(of: "Nope") }
        #expect(try test.db.regattas().map(\.name) == ["Cup"])
    }

    @Test func regattasAndRacesAreNamedAsCoachesTypeNamesAndRemovingTakesTheWholeName() throws {
        let test = try Self.cup()
        try test.db.createRegatta(named: "Spring Open", date: try RegattaDay(parsing: "2026-05-02"))
        // A unique word or start of one names a regatta or race, as it names paddlers and boats.
        #expect(try test.db.races(of: "spring").0.name == "Spring Open")
        #expect(try test.db.race("fin", of: "cup").name == "Final")
        _ = try test.db.addRace("Heat 2", to: "Cup", start: Self.time("09:40"), boat: .new(.small))
        #expect(throws: StoreError.lineup(.ambiguousName("he", owner: .race, candidates: ["Heat", "Heat 2"]))) {
            try test.db.race("he", of: "Cup")
        }
        #expect(
            throws: StoreError.regatta(
                .unknownRegatta("Spirng Open", available: ["Spring Open", "Cup"], suggestions: ["Spring Open"]))
        ) {
            try test.db.races(of: "Spirng Open")
        }
        // Deleting and removing cannot be undone: only the whole name.
        #expect(throws: StoreError.lineup(.wholeNameNeeded("spring", owner: .regatta, candidates: ["Spring Open"]))) {
            try test.db.deleteRegatta("spring")
        }
        #expect(throws: StoreError.lineup(.wholeNameNeeded("fin", owner: .race, candidates: ["Final"]))) {
            try test.db.removeRace("fin", of: "Cup")
        }
        #expect(try test.db.races(of: "Cup").1.count == 4 && test.db.regattas().count == 2)
        // Names follow the rules of every name: no control characters, direction controls or runaway length.
        for name in ["Cup\u{1B}[2J", "\u{202E}Cup", "Heat\n2", String(repeating: "x", count: 101), "  "] {
            #expect(throws: StoreError.self) {
                try test.db.createRegatta(named: name, date: try RegattaDay(parsing: "2026-06-14"))
            }
            #expect(throws: StoreError.self) {
                try test.db.addRace(name, to: "Cup", start: Self.time("12:00"), boat: .new(.small))
            }
        }
        #expect(
            try test.db.createRegatta(named: "  Summer   Cup ", date: try RegattaDay(parsing: "2026-07-01")).name
                == "Summer Cup")
    }

    @Test func theSchemaGuardsWhatItCan() throws {
        let test = try Self.cup()
        // Dates that are not days, times outside the day, a race without a boat, availability twice.
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE regatta SET date = '2026-02-30'") }
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE regatta SET date = '13.06.2026'") }
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE regatta SET minimum_gap_minutes = -1") }
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE race SET start_minute = 1440") }
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE race SET start_minute = '09:00'") }
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE race SET boat_id = 999") }
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE race SET rules = 'juniors'") }
        // Names no program may write: an escape sequence, a direction override.
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE regatta SET name = 'Cup' || char(27) || '[2J'") }
        #expect(throws: (any Error).self) { try test.rawWrite("UPDATE race SET name = char(8238) || 'Heat'") }
        #expect(throws: (any Error).self) {
            try test.rawWrite("PRAGMA foreign_keys = ON; DELETE FROM boat WHERE name = 'Cup: Heat'")
        }
        try test.rawWrite("INSERT INTO availability (regatta_id, paddler_id, absent) VALUES (1, 1, 1)")
        #expect(throws: (any Error).self) {
            try test.rawWrite("INSERT INTO availability (regatta_id, paddler_id, absent) VALUES (1, 1, 1)")
        }
        #expect(throws: (any Error).self) {
            try test.rawWrite(
                "INSERT INTO availability (regatta_id, paddler_id, absent, from_minute) VALUES (1, 2, 1, 600)")
        }
        #expect(throws: (any Error).self) {
            try test.rawWrite(
                "INSERT INTO availability (regatta_id, paddler_id, from_minute, until_minute) VALUES (1, 2, 600, 600)")
        }
        #expect(throws: (any Error).self) {
            try test.rawWrite("INSERT INTO availability (regatta_id, paddler_id, absent) VALUES (1, 2, 0)")
        }
    }

    @Test func aBoatThatRacesIsNotDeletedAndItsRacesAreNamed() throws {
        let test = try Self.cup()
        #expect(throws: StoreError.regatta(.boatRaces(boat: "Cup: Heat", races: ["Cup: Heat", "Cup: Final"]))) {
            try test.db.deleteBoat(.wholeName("Cup: Heat"))
        }
        #expect(try test.db.boats().count == 3)
        _ = try test.db.removeRace("Semi", of: "Cup")
        #expect(try test.db.deleteBoat(.wholeName("Cup: Semi")).name == "Cup: Semi")
        _ = try test.db.deleteRegatta("Cup")
        #expect(try test.db.deleteBoat(.wholeName("Cup: Heat")).name == "Cup: Heat")
    }

    /// One boat races one race at a time: a race added in, or moved to the start of, another race in the same
    /// boat is refused, and nothing is written; the same boat at another time, or another boat then, is fine.
    @Test func aBoatRacesOneRaceAtATime() throws {
        let test = try Self.cup()
        let atOnce = StoreError.regatta(.boatRacesAtOnce(boat: "Cup: Heat", race: "Heat", start: "09:00"))
        #expect(throws: atOnce) {
            try test.db.addRace("Twin", to: "Cup", start: Self.time("09:00"), boat: .existing(.named("Cup: Heat")))
        }
        #expect(throws: atOnce) { try test.db.moveRace("Final", of: "Cup", to: Self.time("09:00")) }
        #expect(try test.db.races(of: "Cup").1.map(\.name) == ["Heat", "Semi", "Final"])
        #expect(try test.db.race("Final", of: "Cup").start == Self.time("11:00"))
        _ = try test.db.addRace("Twin", to: "Cup", start: Self.time("09:00"), boat: .copyOf(race: "Heat"))
        _ = try test.db.moveRace("Final", of: "Cup", to: Self.time("11:30"))
        _ = try test.db.moveRace("Final", of: "Cup", to: Self.time("11:30"))
    }

    /// A boat races one race at a time across regattas too: a race of another regatta of the same day, in
    /// the same boat at the same start, is refused, as is moving a regatta onto a day that makes one; another
    /// day is fine. Nothing is written by a refusal.
    @Test func aBoatRacesOneRaceAtATimeAcrossTheRegattasOfADay() throws {
        let test = try Self.cup()
        try test.db.createRegatta(named: "Club day", date: try RegattaDay(parsing: "2026-06-13"))
        let atOnce = StoreError.regatta(
            .boatRacesAtOnce(boat: "Cup: Heat", race: "Heat", start: "09:00", otherRegatta: "Cup"))
        #expect(throws: atOnce) {
            try test.db.addRace(
                "Sprint", to: "Club day", start: Self.time("09:00"), boat: .existing(.named("Cup: Heat")))
        }
        #expect(atOnce.description.contains("already races 'Heat' of regatta 'Cup' that day at 09:00"))
        #expect(try test.db.races(of: "Club day").1.isEmpty)
        // Closer than the minimum gap (30 minutes) to the Cup's heat: its crew could not rest between.
        #expect(throws: atOnce) {
            try test.db.addRace(
                "Sprint", to: "Club day", start: Self.time("09:15"), boat: .existing(.named("Cup: Heat")))
        }
        _ = try test.db.addRace(
            "Sprint", to: "Club day", start: Self.time("09:30"), boat: .existing(.named("Cup: Heat")))
        #expect(throws: StoreError.self) { try test.db.moveRace("Sprint", of: "Club day", to: Self.time("11:00")) }
        #expect(try test.db.race("Sprint", of: "Club day").start == Self.time("09:30"))
        // Another day: no clash, whatever the times.
        try test.db.createRegatta(named: "Later", date: try RegattaDay(parsing: "2026-06-14"))
        _ = try test.db.addRace("Sprint", to: "Later", start: Self.time("09:00"), boat: .existing(.named("Cup: Heat")))
        // Moving "Later" onto the Cup's day would make Cup: Heat race two races at 09:00: refused, date kept.
        #expect(throws: StoreError.self) {
            try test.db.updateRegatta("Later", date: try RegattaDay(parsing: "2026-06-13"))
        }
        #expect(try test.db.regattas().first { $0.name == "Later" }?.date == "2026-06-14")
        _ = try test.db.updateRegatta("Later", date: try RegattaDay(parsing: "2026-06-15"))
        // Two regattas of different gaps: the larger keeps the boat's races apart, whichever is changed.
        try test.db.createRegatta(
            named: "Tight", date: try RegattaDay(parsing: "2026-06-13"), minimumGapMinutes: 10)
        #expect(throws: StoreError.self) {
            try test.db.addRace("Dash", to: "Tight", start: Self.time("09:15"), boat: .existing(.named("Cup: Heat")))
        }
        _ = try test.db.addRace("Dash", to: "Tight", start: Self.time("12:00"), boat: .existing(.named("Cup: Heat")))
        // Raising the gap past the 60 minutes between Dash and the Cup's final is refused, the gap kept.
        #expect(throws: StoreError.self) { try test.db.updateRegatta("Tight", minimumGapMinutes: 61) }
        #expect(try test.db.regattas().first { $0.name == "Tight" }?.minimumGapMinutes == 10)
        _ = try test.db.updateRegatta("Tight", minimumGapMinutes: 60)
    }

    /// The Cup as it was (`cup`), and as planned (seed 1) and written to the database (`planned`).
    static func seatCup(_ test: TestDatabase) throws -> (cup: RegattaState, planned: Regatta) {
        let cup = try test.db.regattaState("Cup")
        let planned = RegattaPlanner.plan(cup.regatta, options: RegattaPlanOptions(seed: 1)).regatta
        _ = try test.db.applyLineups(
            cup.regatta.boats.indices.map { index in
                (
                    BoatChoice.wholeName(cup.regatta.boats[index].name), cup.regatta.boats[index].lineup,
                    planned.boats[index].lineup, "seat"
                )
            })
        return (cup, planned)
    }

    /// Someone seated in a race of another regatta of the same day is not there for a race here that starts
    /// closer than the minimum gap to it: the planner never seats them, and a check names where they are.
    @Test func someoneRacingInAnotherRegattaThatDayIsNotThere() throws {
        let test = try Self.cup()
        try test.db.createRegatta(named: "Bay Sprint", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try test.db.addRace("Open", to: "Bay Sprint", start: Self.time("10:15"), boat: .new(.standard))
        // The Cup's semi (10:00) is seated: its crew races at 10:00.
        let (cup, planned) = try Self.seatCup(test)
        let semiIndex = try #require(cup.regatta.races.firstIndex { $0.name == "Semi" })
        let semi = planned.lineup(of: semiIndex)
        let rower = try #require(semi[.left(row: 1)])
        let bay = try test.db.regattaState("Bay Sprint").regatta
        #expect(
            bay.absence(of: rower, for: 0)
                == .racingElsewhere(
                    RaceElsewhere(regatta: "Cup", race: "Semi", start: try Self.time("10:00"), minimumGapMinutes: 30)))
        let seatedThere = Set(Place.seats(of: .standard).compactMap { semi[$0] })
        let bayPlanned = RegattaPlanner.plan(bay, options: RegattaPlanOptions(seed: 1)).regatta
        let seatedHere = Place.seats(of: .standard).compactMap { bayPlanned.lineup(of: 0)[$0] }
        #expect(!seatedHere.isEmpty && seatedHere.allSatisfy { !seatedThere.contains($0) }, "\(seatedHere)")
        // A crew left short says how many of its boat are racing in the other regatta then.
        let elsewhereCounts = RegattaPlanner.plan(bay, options: RegattaPlanOptions(seed: 1)).unmet.compactMap {
            finding -> Int? in
            guard case .crewShort(_, _, let shortage) = finding, case .tooFewThere(let away) = shortage.detail else {
                return nil
            }
            return away.racingElsewhere
        }
        #expect(elsewhereCounts.contains(seatedThere.count), "\(elsewhereCounts), \(seatedThere.count)")
        // A boat's own check sees it too (`check -b`, an exchange's warnings): seated in the Open, the rower
        // is named as racing the Cup's semi (before, only `check --regatta` looked at other regattas).
        let open = BoatChoice.wholeName("Bay Sprint: Open")
        let empty = try test.db.state(ofBoat: open).lineup
        var seated = empty
        seated.remove(rower)
        seated.set(rower, at: .right(row: 10))
        _ = try test.db.applyLineups([(open, empty, seated, "seat")])
        let problems = try test.db.state(ofBoat: open).unavailableInRaces()
        #expect(
            problems.contains {
                if case .notThere(_, "Open", _, _, .right(row: 10), .racingElsewhere(let other)) = $0 {
                    other.regatta == "Cup" && other.race == "Semi"
                } else {
                    false
                }
            }, "\(problems)")
        // Another day, no such absence.
        _ = try test.db.updateRegatta("Bay Sprint", date: try RegattaDay(parsing: "2026-06-14"))
        #expect(try test.db.regattaState("Bay Sprint").regatta.absence(of: rower, for: 0) == nil)
        #expect(try test.db.state(ofBoat: open).unavailableInRaces().isEmpty)
    }

    /// A boat that races in two regattas of one day holds one crew for both: planning one leaves it as it is
    /// and says why (before, planning the second reseated it and broke the first's race).
    @Test func aBoatSharedWithAnotherRegattaThatDayIsLeftAsItIs() throws {
        let test = try Self.cup()
        _ = try Self.seatCup(test)
        let semiBoat = try test.db.race("Semi", of: "Cup").boat.name
        let before = try test.db.state(ofBoat: .wholeName(semiBoat)).lineup
        try test.db.createRegatta(named: "Bay Sprint", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try test.db.addRace("Late", to: "Bay Sprint", start: Self.time("15:00"), boat: .existing(.named(semiBoat)))
        let bay = try test.db.regattaState("Bay Sprint").regatta
        #expect(bay.boatsRacingElsewhere[0]?.map(\.race) == ["Semi"])
        // A regatta of a day not past yet shares the boat's one crew too; one of a past day does not (its crews are
        // history, and a club races the same boat regatta after regatta).
        try test.db.createRegatta(named: "Next Year", date: try RegattaDay(parsing: "2099-06-13"))
        _ = try test.db.addRace("Dash", to: "Next Year", start: Self.time("12:00"), boat: .existing(.named(semiBoat)))
        try test.db.createRegatta(named: "Long Ago", date: try RegattaDay(parsing: "2001-06-13"))
        _ = try test.db.addRace("Old", to: "Long Ago", start: Self.time("12:00"), boat: .existing(.named(semiBoat)))
        // Seen from next year, this year's regattas are past: its plan may reseat the boat.
        #expect(try test.db.regattaState("Next Year").regatta.boatsRacingElsewhere.isEmpty)
        let sameDay = try test.db.regattaState("Bay Sprint").regatta.boatsRacingElsewhere[0] ?? []
        #expect(Set(sameDay.map(\.regatta)) == ["Cup", "Next Year"], "\(sameDay)")
        #expect(sameDay.first { $0.regatta == "Next Year" }?.day == "2099-06-13")
        #expect(try test.db.regattaState("Long Ago").regatta.boatsRacingElsewhere[0]?.map(\.regatta) == ["Next Year"])
        for keepsSeated in [true, false] {
            let plan = RegattaPlanner.plan(bay, options: RegattaPlanOptions(keepsSeated: keepsSeated, seed: 1))
            #expect(plan.regatta.boats[0].lineup == before, "kept \(keepsSeated)")
            #expect(plan.changedBoats.isEmpty)
            #expect(
                plan.notes.contains {
                    if case .boatRacesElsewhere(races: [0], boat: semiBoat, let elsewhere) = $0 {
                        elsewhere.map(\.regatta) == ["Cup"]
                    } else {
                        false
                    }
                }, "\(plan.notes)")
        }
    }

    /// Removing the middle race of a chain of copies (heat, semi copied from it, final copied from the semi)
    /// leaves the final carrying the heat's crew, and says so; removing a race nobody copies relinks nothing.
    @Test func removingTheMiddleOfAChainOfCopiesKeepsTheChain() throws {
        let test = try Self.cup()
        _ = try test.db.addRace("Last", to: "Cup", start: Self.time("12:00"), boat: .copyOf(race: "Semi"))
        #expect(try test.db.race("Last", of: "Cup").carriesCrewOf == "Semi")
        let (removed, relinked, now) = try test.db.removeRace("Semi", of: "Cup")
        #expect(removed.name == "Semi" && relinked == ["Last"] && now == "Heat")
        #expect(try test.db.race("Last", of: "Cup").carriesCrewOf == "Heat")
        let (_, none, _) = try test.db.removeRace("Final", of: "Cup")
        #expect(none.isEmpty)
        #expect(try test.db.race("Last", of: "Cup").carriesCrewOf == "Heat")
        // The head of the chain shares its boat with no race now: its copy carries nothing, and says so.
        let (_, unlinked, nothing) = try test.db.removeRace("Heat", of: "Cup")
        #expect(unlinked == ["Last"] && nothing == nil)
        #expect(try test.db.race("Last", of: "Cup").carriesCrewOf == nil)
    }

    /// A race copied from one of two races in one boat carries that boat's other race once its own is removed:
    /// the same crew.
    @Test func removingOneOfTwoRacesInABoatLeavesItsCopiesOnTheOther() throws {
        let test = try Self.cup()
        _ = try test.db.addRace("Last", to: "Cup", start: Self.time("12:00"), boat: .copyOf(race: "Final"))
        let (_, relinked, now) = try test.db.removeRace("Final", of: "Cup")
        #expect(relinked == ["Last"] && now == "Heat")
        #expect(try test.db.race("Last", of: "Cup").carriesCrewOf == "Heat")
    }

    @Test func availabilityIsSetPerPaddlerOnceAndAFileIsAllOrNothing() throws {
        let test = try Self.cup()
        // One paddler named twice is refused, whole.
        #expect(throws: StoreError.regatta(.paddlerNamedTwice("Mia Xu", names: ["mia xu", "Mia Xu"]))) {
            try test.db.setAvailability(.absent, of: ["mia xu", "Ada Lindqvist", "Mia Xu"], at: "Cup")
        }
        #expect(try test.db.regattaState("Cup").regatta.availability.isEmpty)
        _ = try test.db.setAvailability(.absent, of: ["mia xu", "Ada Lindqvist"], at: "Cup")
        _ = try test.db.setAvailability(.window(from: Self.time("10:00"), until: nil), of: ["Ada Lindqvist"], at: "Cup")
        var state = try test.db.regattaState("Cup")
        let ada = try #require(state.regatta.roster.values.first { $0.name == "Ada Lindqvist" })
        #expect(try state.regatta.availability(of: ada.id) == .window(from: Self.time("10:00"), until: nil))
        _ = try test.db.setAvailability(.allDay, of: ["Ada Lindqvist"], at: "Cup")
        state = try test.db.regattaState("Cup")
        #expect(state.regatta.availability[ada.id] == nil)
        #expect(throws: StoreError.self) {
            try test.db.setAvailability(.absent, of: ["Bo Nilsson", "Nobody"], at: "Cup")
        }
        #expect(try test.db.regattaState("Cup").regatta.availability.count == 1)

        let rows = try AvailabilityReader.read(Array("name,absent\nBo Nilsson,yes\nNobody,yes\n".utf8))
            .get()
        let refused = #expect(throws: StoreError.self) { try test.db.importAvailability(rows, at: "Cup") }
        #expect(refused?.description.contains("line 3: no paddler named 'Nobody'") == true)
        #expect(refused?.description.contains("line 2") == false)
        #expect(try test.db.regattaState("Cup").regatta.availability.count == 1)
        let good = try AvailabilityReader.read(Array("name,from\nBo Nilsson,12:00\nCal Ortega,\n".utf8)).get()
        #expect(try test.db.importAvailability(good, at: "Cup").set.count == 2)
        // Removing a paddler takes their availability with them.
        _ = try test.db.removePaddler(named: "Mia Xu", force: true)
        #expect(try test.db.regattaState("Cup").regatta.availability.count == 1)
    }

    @Test func aPlanIsOneRecordPerBoatAllOrNothing() throws {
        let test = try Self.cup()
        let state = try test.db.regattaState("Cup")
        let plan = RegattaPlanner.plan(state.regatta, options: RegattaPlanOptions(iterations: 2_000, restarts: 1))
        #expect(plan.changedBoats == [0, 1])
        let changes = plan.changedBoats.map { index in
            (
                boat: BoatChoice.id(state.boats[index].id), original: state.regatta.boats[index].lineup,
                target: plan.regatta.boats[index].lineup, summary: "plan"
            )
        }
        // Another command changed one boat since it was read: nothing is written.
        try test.db.exchange("B1", "D", inBoat: "Cup: Semi")
        #expect(throws: StoreError.changedMeanwhile(boat: "Cup: Semi")) { try test.db.applyLineups(changes) }
        #expect(try test.db.history(ofBoat: .named("Cup: Heat")).1.isEmpty)
        _ = try test.db.undo(inBoat: .named("Cup: Semi"))
        _ = try test.db.applyLineups(changes)
        #expect(try test.db.history(ofBoat: .named("Cup: Heat")).1.count == 1)
        // The new change ends the redo branch: the undone exchange is gone, the plan is the one record.
        #expect(try test.db.history(ofBoat: .named("Cup: Semi")).1.count == 1)
        #expect(try test.db.state(ofBoat: .named("Cup: Heat")).lineup == plan.regatta.boats[0].lineup)
        _ = try test.db.undo(inBoat: .named("Cup: Heat"))
        #expect(try test.db.state(ofBoat: .named("Cup: Heat")).lineup == state.regatta.boats[0].lineup)
        #expect(try test.db.state(ofBoat: .named("Cup: Semi")).lineup == plan.regatta.boats[1].lineup)
    }
}
