import Foundation
import HTTPTypes
import HummingbirdTesting
import LineupCore
import LineupPresentation
import LineupStore
import Testing

@testable import LineupServer

/// The paddlers' answers as the coach reads and keeps them through the API: the sheet with its counts, the
/// coach's last look, closing the answers, and the coach's own answer for a paddler, which wins.
@Suite("answer routes", .serialized)
struct AnswerRouteTests {
    static let answers = "\(RaceDayRouteTests.cup)/answers"

    static func id(_ name: String, _ db: LineupDatabase) throws -> PaddlerID {
        try db.paddler(named: name).id
    }

    /// The paddler's own answer, as their link stores it.
    @discardableResult
    static func paddlerAnswers(
        _ name: String, _ draft: AnswerDraft, _ db: LineupDatabase
    ) throws -> PaddlerAnswer {
        try db.storeAnswer(draft, of: try id(name, db), at: "Cup", by: .paddler)
    }

    static func decoded(_ response: TestResponse) throws -> AnswerSheetDocument {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(AnswerSheetDocument.self, from: Data(response.text.utf8))
    }

    @Test func theSheetCountsEachRaceAndNamesWhoHasNotAnswered() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        try Self.paddlerAnswers("Ada Lindqvist", AnswerDraft(choice: .in, comment: "can drum"), db)
        try Self.paddlerAnswers("Bea Marangoni", AnswerDraft(choice: .maybe, from: try TimeOfDay(parsing: "10:00")), db)
        try Self.paddlerAnswers("Jo Underhill", AnswerDraft(race: "Heat", choice: .out), db)
        let active = try db.roster().filter(\.isActive).map(\.name)
        try await fixture.test { client in
            let response = try await client.send(.get, Self.answers)
            #expect(response.status == .ok, "\(response.text)")
            // The command line's document, to the byte.
            #expect(
                response.text
                    == (try JSONCoding.encode(AnswerSheetDocument(db.answerSheet(of: "Cup", markSeen: false)))))
            let sheet = try Self.decoded(response)
            #expect(sheet.regatta == "Cup" && sheet.date == "2026-06-13" && !sheet.closed && sheet.lastSeen == nil)
            let others = active.count - 3
            #expect(sheet.races.map(\.name) == ["Heat", "Final"])
            #expect(sheet.races.map(\.start) == ["09:10", "11:00"])
            // Heat: Ada in, Bea not there yet (maybe from 10:00), Jo out. Final: Ada and Jo in, Bea maybe.
            #expect(
                sheet.races.map { [$0.in, $0.maybe, $0.out, $0.notAnswered] } == [
                    [1, 0, 2, others], [2, 1, 0, others],
                ])
            let answered: Set = ["Ada Lindqvist", "Bea Marangoni", "Jo Underhill"]
            #expect(sheet.notAnswered == active.filter { !answered.contains($0) }.sorted())
            let bea = try #require(sheet.paddlers.first { $0.name == "Bea Marangoni" })
            #expect(bea.answer?.choice == "maybe" && bea.answer?.from == "10:00" && bea.answer?.until == nil)
            #expect(bea.answer?.givenBy == "paddler" && bea.isNew && bea.coachEntry == nil)
            let jo = try #require(sheet.paddlers.first { $0.name == "Jo Underhill" })
            #expect(jo.answer == nil && jo.races.map(\.race) == ["Heat"] && jo.races.first?.choice == "out")
            // What is not there is null, never a missing key.
            let line = try #require(
                (response.object["paddlers"] as? [[String: Any]])?.first { $0["name"] as? String == "Jo Underhill" })
            #expect(Set(line.keys) == ["name", "new", "answer", "coach_entry", "races", "injured_until"])
            #expect(line["answer"] is NSNull && line["coach_entry"] is NSNull)
            #expect(response.object["last_seen"] is NSNull)
            // A read takes a start of the regatta's name, as the command line does.
            #expect(try await client.send(.get, "/api/regattas/cu/answers").status == .ok)
        }
    }

    /// Answers that came after the coach's last look are new; marking them read answers the sheet as it was
    /// read, and the next reading has none new until another answer comes.
    @Test func answersAreNewUntilTheCoachMarksThemRead() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        try Self.paddlerAnswers("Ada Lindqvist", AnswerDraft(choice: .in), db)
        try await fixture.test { client in
            let first = try Self.decoded(try await client.send(.get, Self.answers))
            #expect(first.paddlers.filter(\.isNew).map(\.name) == ["Ada Lindqvist"])
            // Reading does not mark it seen.
            #expect(try Self.decoded(try await client.send(.get, Self.answers)) == first)
            let seen = try await client.send(.post, "\(Self.answers)/seen")
            #expect(seen.status == .ok, "\(seen.text)")
            #expect(try Self.decoded(seen) == first)
            let after = try Self.decoded(try await client.send(.get, Self.answers))
            #expect(after.paddlers.allSatisfy { !$0.isNew } && after.lastSeen != nil)
            try await Task.sleep(for: .milliseconds(20))
            try Self.paddlerAnswers("Bea Marangoni", AnswerDraft(choice: .out), db)
            // What the coach enters is not new to the coach.
            let coach = try await client.send(.put, "\(Self.answers)/Jo%20Underhill", json: #"{"choice": "in"}"#)
            #expect(coach.status == .ok, "\(coach.text)")
            let later = try Self.decoded(try await client.send(.get, Self.answers))
            #expect(later.paddlers.filter(\.isNew).map(\.name) == ["Bea Marangoni"])
            // Marking read names the regatta whole.
            #expect(try await client.send(.post, "/api/regattas/cu/answers/seen").status != .ok)
        }
    }

    @Test func closedAnswersRefuseThePaddlersButNotTheCoach() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            let close = try await client.send(.put, "\(Self.answers)/closed", json: #"{"closed": true}"#)
            #expect(close.status == .ok, "\(close.text)")
            #expect(
                close.object["message"] as? String
                    == "Answers for Cup are closed: paddlers read theirs and change nothing.")
            #expect((close.object["answers"] as? [String: Any])?["closed"] as? Bool == true)
            #expect(throws: StoreError.regatta(.answersClosed(regatta: "Cup"))) {
                try Self.paddlerAnswers("Ada Lindqvist", AnswerDraft(choice: .out), db)
            }
            let coach = try await client.send(
                .put, "\(Self.answers)/ada%20lindqvist", json: #"{"choice": "out", "comment": "told me at training"}"#)
            #expect(coach.status == .ok, "\(coach.text)")
            #expect(coach.object["message"] as? String == "Ada Lindqvist: out at Cup, entered by the coach.")
            let open = try await client.send(.put, "\(Self.answers)/closed", json: #"{"closed": false}"#)
            #expect(try Self.decoded(try await client.send(.get, Self.answers)).closed == false, "\(open.text)")
            try Self.paddlerAnswers("Bea Marangoni", AnswerDraft(choice: .in), db)
        }
        let sheet = try db.answerSheet(of: "Cup", markSeen: false)
        #expect(sheet.lines.first { $0.name == "Ada Lindqvist" }?.answer?.givenBy == .coach)
        #expect(sheet.lines.first { $0.name == "Ada Lindqvist" }?.answer?.comment == "told me at training")
    }

    /// For a race, the coach's word wins: the paddler's own answer no longer replaces it, and the planner
    /// reads the paddler as out of it.
    @Test func theCoachsAnswerForARaceWinsOverThePaddlers() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        try Self.paddlerAnswers("Jo Underhill", AnswerDraft(race: "Heat", choice: .in), db)
        try await fixture.test { client in
            let response = try await client.send(
                .put, "\(Self.answers)/Jo%20Underhill", json: #"{"race": "heat", "choice": "out"}"#)
            #expect(response.status == .ok, "\(response.text)")
            #expect(response.object["message"] as? String == "Jo Underhill: out of Heat at Cup, entered by the coach.")
        }
        #expect(throws: StoreError.regatta(.answerSetByCoach(race: "Heat"))) {
            try Self.paddlerAnswers("Jo Underhill", AnswerDraft(race: "Heat", choice: .in), db)
        }
        let sheet = try db.answerSheet(of: "Cup", markSeen: false)
        let jo = try #require(sheet.lines.first { $0.name == "Jo Underhill" })
        #expect(jo.raceAnswers.map { "\($0.race ?? "") \($0.choice) \($0.givenBy)" } == ["Heat out coach"])
        #expect(sheet.races.first?.outCount == 1)
        let state = try db.regattaState("Cup")
        #expect(state.regatta.absence(of: jo.paddler, for: 0) != nil)
    }

    /// Every write is heard by the change feed at once, so open pages and `lineup` see it.
    @Test func eachWriteReachesTheChangeFeed() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let feed = fixture.server.feed
        await feed.check()
        let stream = await feed.subscribe()
        let writes: [(HTTPRequest.Method, String, String)] = [
            (.put, "\(Self.answers)/closed", #"{"closed": true}"#),
            (.put, "\(Self.answers)/Ada%20Lindqvist", #"{"choice": "maybe", "until": "12:00"}"#),
            (.post, "\(Self.answers)/seen", "{}"),
        ]
        try await fixture.test { client in
            for (method, path, body) in writes {
                let response = try await client.send(method, path, json: body)
                #expect(response.status == .ok, "\(path): \(response.text)")
            }
        }
        var events = stream.makeAsyncIterator()
        var heard = 0
        for _ in writes {
            if case .changed = await events.next() { heard += 1 }
        }
        #expect(heard == writes.count)
        await feed.finishAll()
    }

    /// `answers/seen` and `answers/closed` are routes of their own, though a paddler's name could fill the same
    /// place: a method they do not take is 405, with only their own methods in `Allow`.
    @Test func seenAndClosedAreNoPaddlers() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        try await fixture.test { client in
            for (path, allowed) in [("seen", "POST"), ("closed", "PUT"), ("Ada%20Lindqvist", "PUT")] {
                let options = try await client.send(.options, "\(Self.answers)/\(path)")
                #expect(options.status == .methodNotAllowed, "\(path)")
                #expect(options.headers[.allow] == allowed, "\(path): \(options.headers[.allow] ?? "none")")
            }
            let seen = try await client.send(.put, "\(Self.answers)/seen", json: #"{"choice": "in"}"#)
            #expect(seen.status == .methodNotAllowed && seen.headers[.allow] == "POST", "\(seen.text)")
            let closed = try await client.send(.put, "\(Self.answers)/closed", json: #"{"choice": "in"}"#)
            #expect(closed.status == .unprocessableContent && closed.errorMessage.contains("closed"), "\(closed.text)")
        }
    }

    @Test func viewersAndStrangersAreRefused() async throws {
        let fixture = try ViewerWeightsTests.fixture()
        let db = try fixture.commandLine()
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        try await fixture.test { client in
            let (coach, viewer) = try await ViewerWeightsTests.signedIn(client)
            let version = try db.dataVersion()
            let requests: [(HTTPRequest.Method, String, String?)] = [
                (.get, Self.answers, nil), (.post, "\(Self.answers)/seen", "{}"),
                (.put, "\(Self.answers)/closed", #"{"closed": true}"#),
                (.put, "\(Self.answers)/Ada%20Lindqvist", #"{"choice": "in"}"#),
            ]
            for (method, path, body) in requests {
                let refused = try await client.send(method, path, json: body, headers: viewer)
                #expect(refused.status == .forbidden, "\(method) \(path): \(refused.text)")
                let stranger = try await client.send(method, path, json: body)
                #expect(stranger.status == .unauthorized, "\(method) \(path): \(stranger.text)")
            }
            #expect(try db.dataVersion() == version)
            #expect(try await client.send(.get, Self.answers, headers: coach).status == .ok)
        }
    }

    @Test func badBodiesAreRefusedAndChangeNothing() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        let version = try db.dataVersion()
        let ada = "\(Self.answers)/Ada%20Lindqvist"
        try await fixture.test { client in
            for (path, body, words) in [
                (ada, #"{"choice": "yes"}"#, "choice must be in, maybe or out"),
                (ada, #"{"comment": "hi"}"#, "lacks \"choice\""),
                (ada, #"{"choice": "in", "from": "25:00"}"#, "from"),
                (ada, #"{"choice": "out", "from": "10:00"}"#, "out with a time"),
                (ada, #"{"choice": "in", "race": "Heat", "until": "10:00"}"#, "a time for one race"),
                (ada, #"{"choice": "in", "from": "12:00", "until": "10:00"}"#, "later"),
                (ada, #"{"choice": "in", "comment": "\#(String(repeating: "x", count: 201))"}"#, "at most 200"),
                (ada, #"{"choice": "in", "comment": "a\u0007b"}"#, "control character"),
                (ada, #"{"choice": "in", "race": ""}"#, "race must name a race"),
                (ada, #"["in"]"#, "must be a JSON object"),
                ("\(Self.answers)/closed", "{}", "lacks \"closed\""),
                ("\(Self.answers)/closed", #"{"closed": "yes"}"#, "wrong kind of value for \"closed\""),
            ] {
                let response = try await client.send(.put, path, json: body)
                #expect(response.status == .unprocessableContent, "\(body): \(response.text)")
                #expect(response.errorMessage.contains(words), "\(body): \(response.errorMessage)")
            }
        }
        #expect(try db.dataVersion() == version)
    }

    @Test func unknownRegattasPaddlersAndRacesAreNotFound() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        let version = try db.dataVersion()
        try await fixture.test { client in
            for (method, path, body, words) in [
                (HTTPRequest.Method.get, "/api/regattas/Spring/answers", nil, "Spring"),
                (.post, "/api/regattas/Spring/answers/seen", "{}", "Spring"),
                (.put, "/api/regattas/Spring/answers/closed", #"{"closed": true}"#, "Spring"),
                (.put, "/api/regattas/Spring/answers/Ada%20Lindqvist", #"{"choice": "in"}"#, "Spring"),
                (.put, "\(Self.answers)/Nobody%20Here", #"{"choice": "in"}"#, "Nobody Here"),
                // A part of a name is no paddler here: the API names paddlers whole.
                (.put, "\(Self.answers)/Ada", #"{"choice": "in"}"#, "Ada"),
                (.put, "\(Self.answers)/Ada%20Lindqvist", #"{"choice": "out", "race": "Relay"}"#, "Relay"),
            ] {
                let response = try await client.send(method, path, json: body)
                #expect(response.status == .notFound, "\(method) \(path): \(response.text)")
                #expect(response.errorMessage.contains(words), "\(method) \(path): \(response.errorMessage)")
            }
        }
        #expect(try db.dataVersion() == version)
    }
}
