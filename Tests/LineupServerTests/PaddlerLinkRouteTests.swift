import Foundation
import HTTPTypes
import HummingbirdTesting
import LineupCore
import LineupPresentation
import LineupStore
import Testing

@testable import LineupServer

/// Paddlers' own links: a paddler reads their races and answers for themselves through `/p/{token}` and
/// `/api/p/{token}`, with no account; the coach's regatta and answer sheet show what they said. A link opens
/// its own paddler's answers and nothing else, and a revoked or expired one opens nothing.
@Suite("paddler link routes", .serialized)
struct PaddlerLinkRouteTests {
    static let heat = "200m heat"

    /// The sample club with a regatta "Cup" far in the future: "200m heat" at 09:10 in the sample crew's boat
    /// (Ada Lindqvist sits at L1), "Final" at 11:00 in a small boat of its own; and "Spring", which Ada's link
    /// does not open.
    static func fixture(listen host: String = "127.0.0.1") throws -> ServerFixture {
        let fixture = try ServerFixture(listen: host)
        let db = try fixture.commandLine()
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2099-06-13"))
        _ = try db.addRace(
            heat, to: "Cup", start: try TimeOfDay(parsing: "09:10"), boat: .existing(.named("Sample crew")))
        _ = try db.addRace("Final", to: "Cup", start: try TimeOfDay(parsing: "11:00"), boat: .new(.small))
        try db.createRegatta(named: "Spring", date: try RegattaDay(parsing: "2099-04-01"))
        return fixture
    }

    /// A link of Ada Lindqvist's to Cup alone (unless `regatta` says otherwise).
    static func adasLink(
        _ fixture: ServerFixture, regatta: String? = "Cup", expiresOn: RegattaDay? = nil
    ) throws -> IssuedPaddlerLink {
        try #require(
            try fixture.commandLine().invitePaddlers(["Ada Lindqvist"], regatta: regatta, expiresOn: expiresOn).first)
    }

    /// The answer's body read back as the document it is (its keys in snake_case).
    static func document(_ response: TestResponse) throws -> PaddlerDayDocument {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(PaddlerDayDocument.self, from: Data(response.text.utf8))
    }

    static func answer(_ fields: String) -> String { "{\"regatta\": \"Cup\", \(fields)}" }

    @Test func outForOneRaceAndLateForTheDayReachTheCoach() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        let link = try Self.adasLink(fixture)
        let feed = fixture.server.feed
        await feed.check()
        let events = await feed.subscribe()
        try await fixture.test { client in
            let read = try await client.send(.get, "/api/p/\(link.token)")
            #expect(read.status == .ok, "\(read.text)")
            #expect(read.headers[.cacheControl] == "no-store")
            let before = try Self.document(read)
            #expect(before.name == "Ada Lindqvist")
            #expect(before.regattas.map(\.name) == ["Cup"])
            let heat = try #require(before.regattas.first?.races.first)
            #expect(heat.name == Self.heat)
            #expect(heat.seat == "L1")
            #expect(heat.boat == "Sample crew")
            #expect(!heat.crew.isEmpty)
            #expect(heat.notRacing == nil)

            let out = try await client.send(
                .put, "/api/p/\(link.token)/answers",
                json: Self.answer(#""race": "200m heat", "choice": "out", "comment": "work""#))
            #expect(out.status == .ok, "\(out.text)")
            let late = try await client.send(
                .put, "/api/p/\(link.token)/answers",
                json: Self.answer(
                    #""race": null, "choice": "in", "from": "10:00", "until": null, "comment": "train late""#))
            #expect(late.status == .ok, "\(late.text)")
            let after = try Self.document(late)
            let cup = try #require(after.regattas.first)
            #expect(cup.answer?.choice == "in")
            #expect(cup.answer?.from == "10:00")
            #expect(cup.answer?.givenBy == "paddler")
            #expect(cup.races.first?.notRacing == "answered out for it")
            #expect(cup.races.first?.answer?.choice == "out")
            #expect(cup.races.first?.answer?.comment == "work")
            // The whole document as the presentation layer writes it.
            let today = try RegattaDay(parsing: DateText.localDate(Date()))
            let stored = try db.paddlerDay(for: link.link, today: today)
            #expect(late.text == (try JSONCoding.encode(PaddlerDayDocument(stored))))
        }
        // What the coach reads: she is out of the heat by her own word, and there from 10:00.
        let state = try db.regattaState("Cup")
        let ada = link.link.paddler
        let heatIndex = try #require(state.regatta.races.firstIndex { $0.name == Self.heat })
        #expect(state.regatta.absence(of: ada, for: heatIndex) == .outOfRace(.paddler))
        #expect(state.regatta.availability[ada] == .window(from: try TimeOfDay(parsing: "10:00"), until: nil))
        let line = try #require(try db.answerSheet(of: "Cup", markSeen: false).lines.first { $0.paddler == ada })
        #expect(line.answer?.choice == .in)
        #expect(line.answer?.comment == "train late")
        #expect(line.raceAnswers.map(\.race) == [Self.heat])
        #expect(line.raceAnswers.first?.givenBy == .paddler)
        // The coach's pages heard of it.
        var iterator = events.makeAsyncIterator()
        if case .changed = await iterator.next() {} else { Issue.record("the change feed told nothing") }
        await feed.finishAll()
    }

    @Test func thePageTheCalendarAndNoAccountNeeded() async throws {
        // A server that needs sign-in: the paddler needs none, and a cookie plays no part.
        let fixture = try Self.fixture(listen: "0.0.0.0")
        let link = try Self.adasLink(fixture)
        try await fixture.test { client in
            #expect(try await client.send(.get, "/api/regattas").status == .unauthorized)
            let page = try await client.send(.get, "/p/\(link.token)")
            #expect(page.status == .ok)
            #expect(page.text.contains("/static/paddler.js"))
            #expect(page.headers[.cacheControl] == "no-store")
            #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            #expect(page.headers[HTTPField.Name("X-Robots-Tag")!]?.contains("noindex") == true)
            let calendar = try await client.send(.get, "/p/\(link.token)/calendar.ics")
            #expect(calendar.status == .ok)
            #expect(calendar.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(calendar.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(calendar.text.contains("SUMMARY:200m heat\\, Cup (Sample crew)\r\n"))
            #expect(calendar.text.contains("DTSTART:20990613T091000\r\n"))
            #expect(!calendar.text.contains("Final"), "she sits in no seat of the final")
            let cookie: HTTPFields = [.cookie: "lineup_session=\(SecretToken.make())"]
            #expect(try await client.send(.get, "/api/p/\(link.token)", headers: cookie).status == .ok)
        }
    }

    @Test func theDocumentShowsNoWeightsNotesOrOthersFullNames() async throws {
        let fixture = try Self.fixture()
        let link = try Self.adasLink(fixture)
        try await fixture.test { client in
            let text = try await client.send(.get, "/api/p/\(link.token)").text
            for hidden in ["weight", "61.5", "kg", "notes", "Stroke seat experience", "Drummer", "Marangoni", "token"] {
                #expect(!text.contains(hidden), "\(hidden) in \(text)")
            }
            #expect(text.contains("\"crew\""))
        }
    }

    @Test func aRevokedOrExpiredLinkOpensNoRoute() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        let yesterday = try RegattaDay(parsing: DateText.localDate(Date().addingTimeInterval(-86_400)))
        let expired = try Self.adasLink(fixture, expiresOn: yesterday)
        let revoked = try Self.adasLink(fixture)
        try db.revokePaddlerLinks(of: ["Ada Lindqvist"])
        let current = try Self.adasLink(fixture)
        try await fixture.test { client in
            // 15 wrong tokens here and 3 below: fewer than the 20 that lock a client out.
            for token in [expired.token, revoked.token, "not-a-token"] {
                let page = try await client.send(.get, "/p/\(token)")
                #expect(page.status == .notFound)
                #expect(page.text.contains("does not open"))
                #expect(page.text.contains("Ask your coach for a new one"))
                #expect(try await client.send(.get, "/p/\(token)/calendar.ics").status == .notFound)
                let api = try await client.send(.get, "/api/p/\(token)")
                #expect(api.status == .notFound)
                #expect(api.errorMessage.contains("does not open"))
                #expect(try await client.send(.get, "/api/p/\(token)/events").status == .notFound)
                let put = try await client.send(
                    .put, "/api/p/\(token)/answers", json: Self.answer(#""choice": "out""#))
                #expect(put.status == .notFound)
            }
            // The same answer for each: nothing tells a revoked link from one never made.
            let answers = try await [expired.token, revoked.token, SecretToken.make()].asyncMap {
                try await client.send(.get, "/api/p/\($0)").text
            }
            #expect(Set(answers).count == 1)
            #expect(try await client.send(.get, "/api/p/\(current.token)").status == .ok)
        }
        #expect(try db.answerSheet(of: "Cup", markSeen: false).lines.allSatisfy { $0.answer == nil })
    }

    @Test func aLinkReadsAndChangesItsOwnPaddlersAnswersOnly() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        let ada = try Self.adasLink(fixture)
        let bea = try #require(try db.invitePaddlers(["Bea Marangoni"], regatta: nil, expiresOn: nil).first)
        try await fixture.test { client in
            // A body naming another paddler is answered for the link's own.
            let named = try await client.send(
                .put, "/api/p/\(ada.token)/answers",
                json: #"{"regatta": "Cup", "choice": "out", "paddler": "Bea Marangoni", "paddler_id": 2}"#)
            #expect(named.status == .ok, "\(named.text)")
            #expect(named.object["name"] as? String == "Ada Lindqvist")
            // A regatta the link does not open is answered as one that does not exist.
            let other = try await client.send(
                .put, "/api/p/\(ada.token)/answers", json: #"{"regatta": "Spring", "choice": "in"}"#)
            let none = try await client.send(
                .put, "/api/p/\(ada.token)/answers", json: #"{"regatta": "Nowhere", "choice": "in"}"#)
            #expect(other.status == .notFound)
            #expect(none.status == .notFound)
            #expect(other.errorMessage == "you have no regatta 'Spring'")
            #expect(none.errorMessage == "you have no regatta 'Nowhere'")
            // Bea's link reads Bea's day, in which Ada's answer is nowhere.
            let beas = try await client.send(.get, "/api/p/\(bea.token)")
            #expect(beas.object["name"] as? String == "Bea Marangoni")
            #expect(!beas.text.contains("Lindqvist"))
            #expect(!beas.text.contains("\"out\""))
            // No route takes a paddler or an id: a path with one is no route.
            for path in [
                "/api/p/\(ada.token)/\(bea.link.paddler)", "/api/p/\(ada.token)/answers/2", "/p/\(ada.token)/2",
            ] {
                #expect(try await client.send(.get, path).status == .notFound)
            }
        }
        let sheet = try db.answerSheet(of: "Cup", markSeen: false)
        #expect(sheet.lines.first { $0.paddler == ada.link.paddler }?.answer?.choice == .out)
        #expect(sheet.lines.first { $0.paddler == bea.link.paddler }?.answer == nil)
        #expect(try db.answerSheet(of: "Spring", markSeen: false).lines.allSatisfy { $0.answer == nil })
    }

    @Test func closedAnswersAndTheCoachsWordAreConflicts() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        let link = try Self.adasLink(fixture)
        try db.storeAnswer(AnswerDraft(race: "Final", choice: .out), of: link.link.paddler, at: "Cup", by: .coach)
        try await fixture.test { client in
            let coachs = try await client.send(
                .put, "/api/p/\(link.token)/answers", json: Self.answer(#""race": "Final", "choice": "in""#))
            #expect(coachs.status == .conflict)
            #expect(coachs.errorMessage.contains("the coach has set your answer for race 'Final'"))
            try db.setAnswersClosed(true, at: "Cup")
            let closed = try await client.send(
                .put, "/api/p/\(link.token)/answers", json: Self.answer(#""choice": "in""#))
            #expect(closed.status == .conflict)
            #expect(closed.errorMessage.contains("are closed"), "\(closed.text)")
            let read = try await client.send(.get, "/api/p/\(link.token)")
            #expect((read.object["regattas"] as? [[String: Any]])?.first?["closed"] as? Bool == true)
        }
        let line = try #require(
            try db.answerSheet(of: "Cup", markSeen: false).lines.first { $0.paddler == link.link.paddler })
        #expect(line.answer == nil)
        #expect(line.raceAnswers.map(\.givenBy) == [.coach])
    }

    @Test(arguments: [
        (#"{"regatta": "Cup", "choice": "yes"}"#, "choice must be in, maybe or out"),
        (#"{"regatta": "Cup", "choice": "in", "from": "25:00"}"#, "25:00"),
        (#"{"regatta": "Cup", "choice": "out", "from": "10:00"}"#, "out with a time"),
        (#"{"regatta": "Cup", "race": "Final", "choice": "in", "from": "10:00"}"#, "a time for one race"),
        (#"{"regatta": "Cup", "choice": "in", "from": "12:00", "until": "10:00"}"#, "until time later"),
        (#"{"regatta": "Cup", "choice": "in", "comment": "line\nbreak"}"#, "one line of plain text"),
        (#"{"choice": "in"}"#, "lacks \"regatta\""),
        (#"{"regatta": "", "choice": "in"}"#, "regatta must name one of your regattas"),
        (#"{"regatta": 3, "choice": "in"}"#, "wrong kind of value for \"regatta\""),
        (#"["Cup"]"#, "must be a JSON object"),
        (
            #"{"regatta": "Cup", "choice": "in", "comment": ""# + String(repeating: "x", count: 201) + #""}"#,
            "at most 200 characters"
        ),
    ])
    func aBadBodyIs422AndChangesNothing(body: String, says: String) async throws {
        let fixture = try Self.fixture()
        let link = try Self.adasLink(fixture)
        try await fixture.test { client in
            let answer = try await client.send(.put, "/api/p/\(link.token)/answers", json: body)
            #expect(answer.status == .unprocessableContent, "\(answer.text)")
            #expect(answer.errorMessage.contains(says), "\(answer.errorMessage)")
        }
        #expect(try fixture.commandLine().answerSheet(of: "Cup", markSeen: false).lines.allSatisfy(\.hasNotAnswered))
    }

    @Test func aRaceTheRegattaDoesNotHaveIs404() async throws {
        let fixture = try Self.fixture()
        let link = try Self.adasLink(fixture)
        try await fixture.test { client in
            let answer = try await client.send(
                .put, "/api/p/\(link.token)/answers", json: Self.answer(#""race": "2 km", "choice": "out""#))
            #expect(answer.status == .notFound)
            #expect(answer.errorMessage == "Cup has no race '2 km'")
        }
    }

    @Test func manyRequestsFromOneClientAre429WithRetryAfter() async throws {
        let fixture = try Self.fixture()
        let link = try Self.adasLink(fixture)
        try await fixture.test { client in
            // 60 at once, then one a second: on a slow machine the bucket refills a little while they are sent,
            // so the count allowed is 60 plus one per second taken, never more.
            let started = Date()
            var accepted = 0
            var refused: TestResponse?
            while accepted < 600 {
                let response = try await client.send(
                    .get, accepted % 2 == 0 ? "/api/p/\(link.token)" : "/p/\(link.token)")
                if response.status == .tooManyRequests {
                    refused = response
                    break
                }
                #expect(response.status == .ok)
                accepted += 1
            }
            let elapsed = Date().timeIntervalSince(started)
            #expect(accepted >= 60 && Double(accepted) <= 61 + elapsed, "\(accepted) accepted in \(elapsed) s")
            #expect(Int(refused?.headers[.retryAfter] ?? "") ?? 0 >= 1)
        }
    }

    @Test func wrongTokensFromOneClientAreSlowedDown() async throws {
        let fixture = try Self.fixture()
        let link = try Self.adasLink(fixture)
        try await fixture.test { client in
            for _ in 0..<20 { #expect(try await client.send(.get, "/api/p/\(SecretToken.make())").status == .notFound) }
            // Locked out for a while, even with a link that opens.
            let refused = try await client.send(.get, "/api/p/\(link.token)")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.errorMessage.contains("links that do not open"))
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 0)
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
