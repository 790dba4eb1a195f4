import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

@Suite("paddlers' links and answers in the database")
struct AnswerStoreTests {
    static func time(_ text: String) throws -> TimeOfDay { try TimeOfDay(parsing: text) }
    static func day(_ text: String) throws -> RegattaDay { try RegattaDay(parsing: text) }

    /// The sample club with regatta "Cup" on 2026-06-13: Heat at 09:00 in the sample crew's boat, and "2 km" at
    /// 11:00 in a copy of it.
    static func cup() throws -> TestDatabase {
        let test = try TestDatabase(sample: true)
        try test.db.createRegatta(named: "Cup", date: try day("2026-06-13"))
        _ = try test.db.addRace("Heat", to: "Cup", start: time("09:00"), boat: .existing(.named("Sample crew")))
        _ = try test.db.addRace("2 km", to: "Cup", start: time("11:00"), boat: .copyOf(race: "Heat"))
        return test
    }

    static func id(_ name: String, _ test: TestDatabase) throws -> PaddlerID {
        try #require(try test.db.roster().first { $0.name == name }).id
    }

    @Test func aLinkIsKeptAsADigestOpensUntilItsLastDayAndNotOnceRevoked() throws {
        let test = try Self.cup()
        let issued = try test.db.invitePaddlers(["Ada", "bea"], regatta: "cup", expiresOn: try Self.day("2026-06-13"))
        #expect(issued.map(\.link.paddlerName) == ["Ada Lindqvist", "Bea Marangoni"])
        #expect(issued.allSatisfy { $0.link.expiresOn == (try? Self.day("2026-06-13")) })
        #expect(issued.allSatisfy { $0.link.regatta == "Cup" && SecretToken.isWellFormed($0.token) })
        // Only the digest is stored: no column holds the token.
        let stored = try test.db.queue.read { db in
            try String.fetchAll(db, sql: "SELECT token_digest FROM paddler_link")
        }
        #expect(Set(stored) == Set(issued.map { SecretToken.digest($0.token) }))
        let digest = SecretToken.digest(issued[0].token)
        #expect(
            try test.db.paddlerLink(tokenDigest: digest, today: Self.day("2026-06-13"))?.paddlerName == "Ada Lindqvist")
        #expect(try test.db.paddlerLink(tokenDigest: digest, today: Self.day("2026-06-14")) == nil)
        #expect(try test.db.paddlerLink(tokenDigest: SecretToken.digest("guess"), today: Self.day("2026-06-13")) == nil)
        let revoked = try test.db.revokePaddlerLinks(of: ["Ada Lindqvist"])
        #expect(revoked.map(\.paddlerName) == ["Ada Lindqvist"])
        #expect(try test.db.paddlerLink(tokenDigest: digest, today: Self.day("2026-06-13")) == nil)
        #expect(try test.db.paddlerLinks(of: []).map(\.paddlerName) == ["Bea Marangoni"])
        // Revoking takes whole names: it cannot be undone.
        #expect(throws: (any Error).self) { try test.db.revokePaddlerLinks(of: ["Bea"]) }
        #expect(try test.db.paddlerLinks(of: []).count == 1)
    }

    @Test func everyActivePaddlerIsInvitedWithAll() throws {
        let test = try Self.cup()
        _ = try test.db.changePaddler(
            named: "Ada Lindqvist", with: PaddlerDraft(name: "Ada Lindqvist", isActive: false), renaming: false)
        let issued = try test.db.invitePaddlers([], regatta: nil, expiresOn: nil)
        let active = try test.db.roster().filter(\.isActive).map(\.name)
        #expect(issued.map(\.link.paddlerName).sorted() == active.sorted())
        #expect(!issued.contains { $0.link.paddlerName == "Ada Lindqvist" })
        #expect(Set(issued.map(\.token)).count == issued.count)
    }

    /// Out for one race, late for the day, maybe: the regatta's check and availability read the answers, in the
    /// answers' own words.
    @Test func answersBecomeAvailabilityAndConflictsSayWhoseWordItWas() throws {
        let test = try Self.cup()
        let state = try test.db.regattaState("Cup")
        let heat = state.regatta.crew(of: 0).filter { $0.place.row != nil }.map(\.paddler)
        let ada = try #require(heat.first)
        let bea = heat[1]
        try test.db.storeAnswer(
            AnswerDraft(race: "Heat", choice: .out, comment: "no heats"), of: ada, at: "Cup", by: .paddler)
        try test.db.storeAnswer(AnswerDraft(choice: .in, from: Self.time("10:00")), of: bea, at: "Cup", by: .paddler)
        let after = try test.db.regattaState("Cup").regatta
        let reasons = Dictionary(
            after.availabilityConflicts().filter { $0.race == 0 }.map { ($0.paddler, $0.reason) },
            uniquingKeysWith: { a, _ in a })
        #expect(reasons[ada] == .outOfRace(.paddler))
        #expect(reasons[bea] == .arrives(try Self.time("10:00")))
        #expect(after.isAvailable(ada, for: 1) && after.isAvailable(bea, for: 1))
        // The coach's word wins: their entry for the day replaces Bea's own answer.
        _ = try test.db.setAvailability(.absent, of: [after.roster[bea]!.name], at: "Cup")
        #expect(try test.db.regattaState("Cup").regatta.absence(of: bea, for: 1) == .absent)
        // A paddler answering out for the day is said to have answered so.
        try test.db.storeAnswer(AnswerDraft(choice: .out), of: ada, at: "Cup", by: .paddler)
        #expect(try test.db.regattaState("Cup").regatta.absence(of: ada, for: 1) == .answeredOut)
    }

    @Test func theCoachsWordForARaceOrTheDayCannotBeChangedByThePaddler() throws {
        let test = try Self.cup()
        let ada = try Self.id("Ada Lindqvist", test)
        try test.db.storeAnswer(AnswerDraft(race: "2 km", choice: .out), of: ada, at: "Cup", by: .coach)
        #expect(throws: StoreError.regatta(.answerSetByCoach(race: "2 km"))) {
            try test.db.storeAnswer(AnswerDraft(race: "2 km", choice: .in), of: ada, at: "Cup", by: .paddler)
        }
        try test.db.storeAnswer(AnswerDraft(choice: .maybe), of: ada, at: "Cup", by: .coach)
        #expect(throws: StoreError.regatta(.answerSetByCoach(race: nil))) {
            try test.db.storeAnswer(AnswerDraft(choice: .in), of: ada, at: "Cup", by: .paddler)
        }
        #expect(try test.db.regattaState("Cup").regatta.absence(of: ada, for: 1) == .outOfRace(.coach))
        // Taken back, the paddler may answer again.
        #expect(try test.db.clearCoachAnswer(of: "Ada Lindqvist", race: "2 km", at: "Cup"))
        try test.db.storeAnswer(AnswerDraft(race: "2 km", choice: .in), of: ada, at: "Cup", by: .paddler)
        #expect(try test.db.regattaState("Cup").regatta.absence(of: ada, for: 1) == nil)
    }

    @Test func closedAnswersRefuseThePaddlerButNotTheCoach() throws {
        let test = try Self.cup()
        let ada = try Self.id("Ada Lindqvist", test)
        try test.db.setAnswersClosed(true, at: "Cup")
        #expect(throws: StoreError.regatta(.answersClosed(regatta: "Cup"))) {
            try test.db.storeAnswer(AnswerDraft(choice: .in), of: ada, at: "Cup", by: .paddler)
        }
        try test.db.storeAnswer(AnswerDraft(choice: .in), of: ada, at: "Cup", by: .coach)
        try test.db.setAnswersClosed(false, at: "Cup")
        try test.db.storeAnswer(AnswerDraft(race: "Heat", choice: .maybe), of: ada, at: "Cup", by: .paddler)
    }

    @Test func badAnswersAreRefusedAndNothingIsStored() throws {
        let test = try Self.cup()
        let ada = try Self.id("Ada Lindqvist", test)
        var bad: [AnswerDraft] = [
            AnswerDraft(choice: .out, from: try Self.time("10:00")),
            AnswerDraft(race: "Heat", choice: .in, until: try Self.time("10:00")),
            AnswerDraft(choice: .in, from: try Self.time("10:00"), until: try Self.time("09:00")),
            AnswerDraft(choice: .in, comment: String(repeating: "x", count: 201)),
            AnswerDraft(choice: .in, comment: "bell\u{7}"),
            AnswerDraft(choice: .in, comment: "two\nlines"),
            AnswerDraft(choice: .in, comment: "\u{202E}reversed"),
        ]
        // Code points, as the schema counts them: 101 accented letters of two code points each (no precomposed
        // q with an acute) are 202.
        bad.append(AnswerDraft(choice: .in, comment: String(repeating: "q\u{301}", count: 101)))
        bad.append(AnswerDraft(choice: .in, comment: String(repeating: "🇳🇿", count: 101)))
        for hidden in ["\u{200B}", "\u{FEFF}", "\u{E0041}", "\u{FFFD}", "\u{E000}"] {
            bad.append(AnswerDraft(choice: .in, comment: "ok\(hidden)ok"))
        }
        for draft in bad {
            #expect(throws: StoreError.self) { try test.db.storeAnswer(draft, of: ada, at: "Cup", by: .paddler) }
        }
        #expect(throws: StoreError.self) {
            try test.db.storeAnswer(AnswerDraft(race: "Final", choice: .in), of: ada, at: "Cup", by: .paddler)
        }
        // The regatta is named whole: a link's answer never lands in a regatta a start of its name matches.
        #expect(throws: (any Error).self) {
            try test.db.storeAnswer(AnswerDraft(choice: .in), of: ada, at: "cu", by: .paddler)
        }
        let stored = try test.db.queue.read { db in
            try Int.fetchOne(
                db, sql: "SELECT (SELECT count(*) FROM regatta_answer) + (SELECT count(*) FROM race_answer)")
        }
        #expect(stored == 0)
        // At the limit, accents and all, it is kept (composed where it composes: "é" is one code point).
        let longest = String(repeating: "e\u{301}", count: 200)
        let kept = try test.db.storeAnswer(AnswerDraft(choice: .in, comment: longest), of: ada, at: "Cup", by: .paddler)
        #expect(kept.comment.unicodeScalars.count == 200)
    }

    @Test func theSheetCountsEachRaceAndSaysWhatIsNewSinceTheLastLook() throws {
        let test = try Self.cup()
        let ada = try Self.id("Ada Lindqvist", test)
        let bea = try Self.id("Bea Marangoni", test)
        let cal = try Self.id("Cal Ortega", test)
        try test.db.storeAnswer(AnswerDraft(choice: .in), of: ada, at: "Cup", by: .paddler)
        try test.db.storeAnswer(AnswerDraft(race: "2 km", choice: .out), of: bea, at: "Cup", by: .paddler)
        try test.db.storeAnswer(AnswerDraft(choice: .maybe, comment: "bus"), of: cal, at: "Cup", by: .paddler)
        let first = try test.db.answerSheet(of: "Cup", markSeen: true)
        let active = try test.db.roster().filter(\.isActive).count
        #expect(first.lastSeen == nil)
        #expect(first.races.map(\.race) == ["Heat", "2 km"])
        // Heat: Ada in, Bea in (her "out" is for 2 km only, her answer counts as answered), Cal maybe.
        #expect(first.races[0].inCount == 2 && first.races[0].maybeCount == 1 && first.races[0].outCount == 0)
        #expect(first.races[1].inCount == 1 && first.races[1].maybeCount == 1 && first.races[1].outCount == 1)
        #expect(first.races[0].notAnswered == active - 3)
        #expect(!first.notAnswered.contains("Ada Lindqvist") && first.notAnswered.count == active - 3)
        #expect(first.lines.first { $0.name == "Cal Ortega" }?.answer?.comment == "bus")
        Thread.sleep(forTimeInterval: 0.01)
        try test.db.storeAnswer(AnswerDraft(choice: .out), of: ada, at: "Cup", by: .paddler)
        let second = try test.db.answerSheet(of: "Cup", markSeen: false)
        #expect(second.lastSeen != nil)
        #expect(second.lines.filter(\.isNew).map(\.name) == ["Ada Lindqvist"])
        // Without marking it seen, the next reading still calls it new.
        #expect(
            try test.db.answerSheet(of: "Cup", markSeen: true).lines.filter(\.isNew).map(\.name) == ["Ada Lindqvist"])
        #expect(try test.db.answerSheet(of: "Cup", markSeen: false).lines.filter(\.isNew).isEmpty)
    }

    @Test func anInjuryLastsUntilItsDayAndNotAfter() throws {
        let test = try Self.cup()
        let state = try test.db.regattaState("Cup")
        let seated = try #require(state.regatta.crew(of: 0).first { $0.place.row != nil })
        let name = try #require(state.regatta.roster[seated.paddler]?.name)
        _ = try test.db.changePaddler(
            named: name, with: PaddlerDraft(name: name, injuredUntil: .some(try Self.day("2026-06-13"))),
            renaming: false)
        #expect(try test.db.roster().first { $0.name == name }?.injuredUntil == (try Self.day("2026-06-13")))
        #expect(
            try test.db.regattaState("Cup").regatta.absence(of: seated.paddler, for: 0)
                == .injured(until: try Self.day("2026-06-13")))
        // The day after, they race again without anyone switching them back.
        _ = try test.db.updateRegatta("Cup", date: try Self.day("2026-06-14"))
        #expect(try test.db.regattaState("Cup").regatta.absence(of: seated.paddler, for: 0) == nil)
        _ = try test.db.changePaddler(
            named: name, with: PaddlerDraft(name: name, injuredUntil: .some(nil)), renaming: false)
        #expect(try test.db.roster().first { $0.name == name }?.injuredUntil == nil)
        // The schema refuses a day that is not one, whoever writes it.
        #expect(throws: (any Error).self) {
            try test.db.queue.write { db in
                try db.execute(sql: "UPDATE paddler SET injured_until = '2026-02-30' WHERE name = ?", arguments: [name])
            }
        }
    }

    /// An answer arriving while a plan is made changes what the plan was made from: applying it is refused.
    @Test func anAnswerChangesThePlansInputs() throws {
        let test = try Self.cup()
        let before = try test.db.regattaState("Cup").regatta.inputFingerprint
        try test.db.storeAnswer(
            AnswerDraft(race: "Heat", choice: .maybe), of: Self.id("Ada Lindqvist", test), at: "Cup", by: .paddler)
        #expect(try test.db.regattaState("Cup").regatta.inputFingerprint != before)
    }

    @Test func whatAPaddlerSeesIsTheirOwnRacesAndTheirCrewsFirstNames() throws {
        let test = try Self.cup()
        let state = try test.db.regattaState("Cup")
        let seated = try #require(state.regatta.crew(of: 0).first { $0.place.row != nil })
        let link = try #require(
            try test.db.invitePaddlers([state.regatta.roster[seated.paddler]!.name], regatta: nil, expiresOn: nil).first
        )
        let day = try test.db.paddlerDay(for: link.link, today: Self.day("2026-06-01"))
        #expect(day.regattas.map(\.info.name) == ["Cup"])
        let heat = try #require(day.regattas.first?.races.first)
        #expect(heat.place == seated.place)
        #expect(heat.crew.count == state.regatta.crew(of: 0).count - 1)
        #expect(heat.crew.allSatisfy { !$0.contains(" ") || $0.hasSuffix(".") })
        // A regatta already past is not listed.
        #expect(try test.db.paddlerDay(for: link.link, today: Self.day("2026-06-14")).regattas.isEmpty)
        #expect(PaddlerDay.firstNames(["Ada Lindqvist", "Ada Moreau", "Bo"]) == ["Ada L.", "Ada M.", "Bo"])
    }
}
