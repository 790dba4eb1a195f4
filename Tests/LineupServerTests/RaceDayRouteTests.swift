import Foundation
import HTTPTypes
import HummingbirdTesting
import LineupCore
import LineupPresentation
import LineupStore
import Testing

@testable import LineupServer

/// Race day through the API: the regattas, a regatta's day, who is there when, the planner applied by its
/// code, and the roster at the dock; each through the same store calls and history as the command line.
@Suite("race day routes", .serialized)
struct RaceDayRouteTests {
    static let cup = "/api/regattas/Cup"

    /// The sample club with a regatta "Cup": "Heat" at 09:10 in the sample crew's boat, "Final" at 11:00 in
    /// a new small boat of its own.
    static func fixture() throws -> ServerFixture {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try db.addRace(
            "Heat", to: "Cup", start: try TimeOfDay(parsing: "09:10"), boat: .existing(.named("Sample crew")))
        _ = try db.addRace("Final", to: "Cup", start: try TimeOfDay(parsing: "11:00"), boat: .new(.small))
        return fixture
    }

    @Test func theRegattasAndADayAreTheCommandLinesDocuments() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            let list = try await client.send(.get, "/api/regattas")
            #expect(list.status == .ok)
            #expect(list.text == (try JSONCoding.encode(RegattaListDocument(try db.regattas()))))
            #expect(list.array.first?["races"] as? Int == 2)
            let day = try await client.send(.get, Self.cup)
            #expect(day.text == (try JSONCoding.encode(RegattaDocument(try db.regattaState("Cup")))))
            // A read takes a start of the name, as the command line does; an unknown one is a 404.
            #expect(try await client.send(.get, "/api/regattas/cu").status == .ok)
            let unknown = try await client.send(.get, "/api/regattas/Spring")
            #expect(unknown.status == .notFound)
            #expect(unknown.errorMessage.contains("Spring"), "\(unknown.text)")
            #expect(try await client.send(.get, "/api/regattas/C%00up").status == .notFound)
        }
    }

    /// A wrong value inside a list is named by its place in it, as JSON writes it.
    @Test func aWrongValueInAListIsNamedByItsPlace() async throws {
        let fixture = try Self.fixture()
        try await fixture.test { client in
            let answer = try await client.send(
                .post, "\(Self.cup)/attend", json: #"{"paddlers": ["Ada Lindqvist", null]}"#)
            #expect(answer.status == .unprocessableContent)
            #expect(answer.errorMessage.contains("wrong kind of value for \"paddlers[1]\""), "\(answer.errorMessage)")
        }
    }

    /// The issue's case: a paddler who arrives at 10:00, seated in the 09:10 heat's boat. Marked late in the
    /// page, the conflict is in the answer, in the regatta, in the boat's own findings and in its check.
    @Test func markingAPaddlerLateShowsTheConflictEverywhere() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            let late = try await client.send(
                .post, "\(Self.cup)/attend", json: #"{"paddlers": ["ada lindqvist"], "from": "10:00"}"#)
            #expect(late.status == .ok, "\(late.text)")
            #expect(late.object["message"] as? String == "Ada Lindqvist: from 10:00 at Cup.")
            // The conflict it made, in the lines `regatta attend` prints after its own (no command to run).
            #expect(
                late.object["changes"] as? [String] == [
                    "Conflicts and broken rules in \"Cup\": now 1",
                    "  ✗ Ada Lindqvist sits at L1 in Heat (09:10) but arrives at 10:00",
                ])
            let regatta = try #require(late.object["regatta"] as? [String: Any])
            let unavailable = try #require(regatta["unavailable"] as? [[String: Any]])
            #expect(
                unavailable.map { $0["message"] as? String } == [
                    "Ada Lindqvist sits at L1 in Heat (09:10) but arrives at 10:00"
                ])
            let problems = try await client.send(.get, "/api/boats/\(ServerFixture.sample)").object["race_problems"]
            #expect((problems as? [String])?.count == 1)
            let check = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/check")
            #expect((check.object["violations"] as? [String])?.contains { $0.contains("arrives at 10:00") } == true)
            // What the command line reads is the same.
            #expect(try db.regattaState("Cup").regatta.availabilityConflicts().count == 1)
            // All day again clears it.
            let back = try await client.send(.post, "\(Self.cup)/attend", json: #"{"paddlers": ["Ada Lindqvist"]}"#)
            #expect(back.object["availability"] as? String == "all day")
            #expect(
                back.object["changes"] as? [String] == [
                    "Conflicts and broken rules in \"Cup\": now none",
                    "  ✓ no longer: Ada Lindqvist sits at L1 in Heat (09:10) but arrives at 10:00",
                ])
            // The same again changes nothing, and says nothing of it.
            let again = try await client.send(.post, "\(Self.cup)/attend", json: #"{"paddlers": ["Ada Lindqvist"]}"#)
            #expect(again.object["changes"] as? [String] == [])
            #expect(try db.regattaState("Cup").regatta.availabilityConflicts().isEmpty)
        }
    }

    @Test func attendanceIsRefusedWholeAndChangesNothing() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        let version = try db.dataVersion()
        try await fixture.test { client in
            for (body, status, words) in [
                (#"{"paddlers": ["Ada"], "absent": true}"#, HTTPResponse.Status.conflict, "Ada Lindqvist"),
                (#"{"paddlers": ["Ada Lindqvist", "Nobody Here"], "absent": true}"#, .notFound, "Nobody Here"),
                (#"{"paddlers": [], "absent": true}"#, .unprocessableContent, "at least one"),
                (#"{"paddlers": ["Ada Lindqvist"], "from": "25:00"}"#, .unprocessableContent, "from"),
                (#"{"paddlers": ["Ada Lindqvist"], "absent": true, "from": "10:00"}"#, .unprocessableContent, "absent"),
                (
                    #"{"paddlers": ["Ada Lindqvist"], "from": "12:00", "until": "10:00"}"#, .unprocessableContent,
                    "later"
                ),
                (#"{"absent": true}"#, .unprocessableContent, "paddlers"),
                (
                    #"{"paddlers": ["Ada Lindqvist", "Bea Marangoni", "ada lindqvist"], "absent": true}"#,
                    .unprocessableContent, "Ada Lindqvist is named twice (as 'Ada Lindqvist' and 'ada lindqvist')"
                ),
            ] {
                let response = try await client.send(.post, "\(Self.cup)/attend", json: body)
                #expect(response.status == status, "\(body): \(response.text)")
                #expect(response.errorMessage.contains(words), "\(body): \(response.text)")
            }
            // A change names the regatta whole.
            let part = try await client.send(
                .post, "/api/regattas/cu/attend", json: #"{"paddlers": ["Ada Lindqvist"], "absent": true}"#)
            #expect(part.status == .conflict || part.status == .notFound, "\(part.text)")
        }
        #expect(try db.dataVersion() == version)
        #expect(try db.regattaState("Cup").regatta.availabilityConflicts().isEmpty)
    }

    /// Re-planning keeps the crews seated by hand unless asked otherwise; the plan is applied by its code,
    /// one record per changed boat, which `undo` takes back; a code the data no longer gives is refused.
    @Test func aPlanIsAppliedByItsCodeKeepingHandSeatedCrews() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        _ = try db.setAvailability(
            try Availability(absent: false, from: try TimeOfDay(parsing: "10:00"), until: nil), of: ["Ada Lindqvist"],
            at: "Cup")
        let before = try db.state(ofBoat: .named("Sample crew"))
        try await fixture.test { client in
            let shown = try await client.send(.get, "\(Self.cup)/plan?time_limit=2")
            #expect(shown.status == .ok, "\(shown.text)")
            let code = try #require(shown.object["plan"] as? String)
            #expect(shown.object["written"] is NSNull)
            let changed = try #require(shown.object["changed_boats"] as? [[String: Any]])
            #expect(changed.contains { $0["boat"] as? String == "Sample crew" })
            // The page says how far the plan may move people in the command line's sentence, with its own control.
            #expect(
                shown.object["keeping"] as? String
                    == "Seated crews kept: everyone seated who is there for their boat's races stays in their seat; "
                    + "only empty seats and the seats of those not there are filled (“replan freely” plans every seat "
                    + "again).")
            // Nothing is written by looking.
            #expect(try db.history(ofBoat: .named("Sample crew")).1.isEmpty)

            let stale = try await client.send(.post, "\(Self.cup)/plan", json: #"{"plan": "000000000000"}"#)
            #expect(stale.status == .conflict, "\(stale.text)")
            #expect(try db.history(ofBoat: .named("Sample crew")).1.isEmpty)

            let applied = try await client.send(.post, "\(Self.cup)/plan", json: #"{"plan": "\#(code)"}"#)
            #expect(applied.status == .ok, "\(applied.text)")
            let written = try #require(applied.object["written"] as? [[String: Any]])
            #expect(written.contains { $0["boat"] as? String == "Sample crew" })
            let after = try db.state(ofBoat: .named("Sample crew"))
            // Ada, not there for the heat, is replaced; everyone else seated by hand stays in their seat.
            for (paddler, place) in before.lineup.placements where place.isSeat {
                if before.roster[paddler]?.name == "Ada Lindqvist" {
                    #expect(after.lineup.place(of: paddler).map(\.isSeat) != true)
                } else {
                    #expect(after.lineup.place(of: paddler) == place, "\(before.roster[paddler]?.name ?? "")")
                }
            }
            #expect(try db.regattaState("Cup").regatta.availabilityConflicts().isEmpty)
            let records = try db.history(ofBoat: .named("Sample crew")).1
            #expect(records.count == 1)
            #expect(records.first?.summary == "regatta plan \"Cup\": Heat")
            // The same code again writes nothing. When the plan for the data now leaves every boat as it is
            // (the boats already are as planned), it answers 200 with nothing written, as the command line says
            // "nothing to write"; a plan stopped by its time limit, replayed on the changed data, may propose
            // more, and is refused (409) as any other plan made from other data.
            let again = try await client.send(.post, "\(Self.cup)/plan", json: #"{"plan": "\#(code)"}"#)
            #expect(again.status == .ok || again.status == .conflict, "\(again.text)")
            if again.status == .ok {
                #expect((again.object["written"] as? [Any])?.isEmpty == true, "\(again.text)")
                #expect((again.object["changed_boats"] as? [Any])?.isEmpty == true, "\(again.text)")
            }
            #expect(try db.history(ofBoat: .named("Sample crew")).1.count == 1)
            // One undo of the boat takes the plan's part back, as `lineup undo -b BOAT` does.
            let undone = try await client.send(.post, "/api/boats/\(ServerFixture.sample)/undo", json: "{}")
            #expect(undone.status == .ok, "\(undone.text)")
            #expect(try db.state(ofBoat: .named("Sample crew")).lineup == before.lineup)
        }
    }

    @Test func planOptionsAreChecked() async throws {
        let fixture = try Self.fixture()
        try await fixture.test { client in
            for query in [
                "keep_seated=maybe", "min_races=-1", "max_races=0", "min_races=3&max_races=2", "time_limit=0",
                "time_limit=11", "time_limit=nan", "seed=-4",
            ] {
                let response = try await client.send(.get, "\(Self.cup)/plan?\(query)")
                #expect(response.status == .unprocessableContent, "\(query): \(response.text)")
            }
            for body in [
                #"{"plan": "xyz"}"#, #"{"plan": "4f1c9a2e7b30-0"}"#, #"{"plan": "4f1c9a2e7b30", "max_races": 0}"#,
            ] {
                let response = try await client.send(.post, "\(Self.cup)/plan", json: body)
                #expect(response.status == .unprocessableContent, "\(body): \(response.text)")
            }
            let empty = try fixture.commandLine()
            try empty.createRegatta(named: "Empty", date: try RegattaDay(parsing: "2026-07-01"))
            let none = try await client.send(.get, "/api/regattas/Empty/plan")
            #expect(none.status == .conflict)
            #expect(none.errorMessage.contains("no races"))
        }
    }

    @Test func theRosterAtTheDock() async throws {
        let fixture = try Self.fixture()
        let db = try fixture.commandLine()
        let count = try db.roster().count
        try await fixture.test { client in
            let added = try await client.send(
                .post, "/api/roster", json: #"{"name": "Zoe New", "weight_kg": 61.5, "sex": "F", "side": "left"}"#)
            #expect(added.status == .created, "\(added.text)")
            #expect(added.object["message"] as? String == "Added Zoe New to the roster and to the end of every bench.")
            #expect(try db.paddler(named: "Zoe New").weightKg == 61.5)
            let again = try await client.send(.post, "/api/roster", json: #"{"name": "zoe new"}"#)
            #expect(again.status == .conflict)
            for body in [
                #"{"name": "Bad Weight", "weight_kg": -3}"#, #"{"name": "Bad Sex", "sex": "Q"}"#,
                #"{"name": "Bad Side", "side": "up"}"#, #"{"name": ""}"#, #"{"weight_kg": 60}"#,
            ] {
                let response = try await client.send(.post, "/api/roster", json: body)
                #expect(response.status == .unprocessableContent, "\(body): \(response.text)")
            }
            #expect(try db.roster().count == count + 1)

            let corrected = try await client.send(.post, "/api/roster/Ada%20Lindqvist", json: #"{"weight_kg": 58.25}"#)
            #expect(corrected.status == .ok, "\(corrected.text)")
            #expect(corrected.object["message"] as? String == "Updated Ada Lindqvist: weight 61.5 kg → 58.25 kg.")
            #expect(corrected.object["warning"] is NSNull)
            let inactive = try await client.send(.post, "/api/roster/ada%20lindqvist", json: #"{"active": false}"#)
            #expect(
                inactive.object["warning"] as? String
                    == "Ada Lindqvist is inactive but still seated (Sample crew: L1); the Boat and Check views warn about it"
            )
            #expect(try db.paddler(named: "Ada Lindqvist").isActive == false)
            // A part of a name is no paddler to the API: nothing changes.
            let part = try await client.send(.post, "/api/roster/Ada", json: #"{"active": true}"#)
            #expect(part.status == .conflict, "\(part.text)")
            #expect(try db.paddler(named: "Ada Lindqvist").isActive == false)
            let unknown = try await client.send(.post, "/api/roster/Nobody%20Here", json: #"{"active": true}"#)
            #expect(unknown.status == .notFound)
        }
    }

    @Test func aViewerReadsTheDayButChangesNothing() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        let db = try fixture.commandLine()
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try db.addRace(
            "Heat", to: "Cup", start: try TimeOfDay(parsing: "09:10"), boat: .existing(.named("Sample crew")))
        try fixture.addAccount("sam", role: .viewer)
        let roster = try db.roster()
        try await fixture.test { client in
            #expect(try await client.send(.get, Self.cup).status == .unauthorized)
            let signIn = try await client.send(
                .post, "/api/session", json: #"{"name": "sam", "password": "correct horse"}"#)
            let token = try #require(signIn.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let headers: HTTPFields = [.cookie: token]
            #expect(try await client.send(.get, "/api/regattas", headers: headers).status == .ok)
            #expect(try await client.send(.get, Self.cup, headers: headers).status == .ok)
            for (path, body) in [
                ("\(Self.cup)/attend", #"{"paddlers": ["Ada Lindqvist"], "absent": true}"#),
                ("\(Self.cup)/plan", #"{"plan": "000000000000"}"#), ("/api/roster", #"{"name": "Zoe New"}"#),
                ("/api/roster/Ada%20Lindqvist", #"{"active": false}"#),
            ] {
                let response = try await client.send(.post, path, json: body, headers: headers)
                #expect(response.status == .forbidden, "\(path)")
            }
        }
        #expect(try db.roster() == roster)
        #expect(try db.regattaState("Cup").regatta.availabilityConflicts().isEmpty)
        #expect(try db.history(ofBoat: .named("Sample crew")).1.isEmpty)
    }
}

/// A read-only link to a whole regatta's day: the schedule and every race's crew for whoever has it, weights
/// hidden unless asked, revocable like a boat's link, and gone with its regatta.
@Suite("a regatta's share link", .serialized)
struct RegattaShareLinkTests {
    @Test func aRegattaLinkShowsTheDayReadOnlyAndIsRevocable() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            let made = try await client.send(.post, "\(RaceDayRouteTests.cup)/share", json: "{}")
            #expect(made.status == .created, "\(made.text)")
            let path = try #require(made.object["path"] as? String)
            let id = try #require(made.object["id"] as? Int)
            #expect(made.object["shows_weights"] as? Bool == false)
            let page = try await client.send(.get, path)
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            for words in ["Cup", "09:10", "Heat", "11:00", "Final", "Ada Lindqvist"] {
                #expect(page.text.contains(words), "\(words)")
            }
            #expect(!page.text.contains("61.5"))
            #expect(!page.text.contains("<script"))
            let weighed = try await client.send(.post, "\(RaceDayRouteTests.cup)/share", json: #"{"weights": true}"#)
            let weighedPath = try #require(weighed.object["path"] as? String)
            #expect(try await client.send(.get, weighedPath).text.contains("61.5"))
            // Listed and revoked as boats' links are, by number.
            let links = try db.shareLinks(ofRegatta: "Cup")
            #expect(links.map(\.id) == [Int64(id), links.last?.id ?? 0])
            #expect(links.first?.subjectName == "regatta \"Cup\"")
            try db.revokeShareLink(id: Int64(id))
            #expect(try await client.send(.get, path).status == .notFound)
            // A regatta deleted takes its links with it.
            _ = try db.deleteRegatta("Cup")
            #expect(try await client.send(.get, weighedPath).status == .notFound)
            #expect(try db.shareLinks(ofBoat: nil).isEmpty)
            let gone = try await client.send(.post, "\(RaceDayRouteTests.cup)/share", json: "{}")
            #expect(gone.status == .notFound)
        }
    }

    /// The race's bench holds only those there when it starts, numbered B1, B2… without a gap where someone
    /// absent sits on the boat's bench.
    @Test func theRacesBenchIsNumberedWithoutGaps() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        let state = try db.state(ofBoat: .named("Sample crew"))
        let bench = state.lineup.bench.compactMap { state.roster[$0]?.name }
        try #require(bench.count >= 3)
        _ = try db.setAvailability(.absent, of: [bench[1]], at: "Cup")
        try await fixture.test { client in
            let made = try await client.send(.post, "\(RaceDayRouteTests.cup)/share", json: "{}")
            let page = try await client.send(.get, try #require(made.object["path"] as? String)).text
            // Each race's sheet: the heat's boat, then the final's new boat (the whole roster on its bench).
            let sheets = page.components(separatedBy: "<article class=\"boat\"").dropFirst().map { sheet in
                sheet.components(separatedBy: "data-seat=\"B").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            }
            try #require(sheets.count == 2)
            #expect(sheets[0] == (1..<bench.count).map(String.init), "\(sheets[0])")
            for references in sheets { #expect(references == references.indices.map { String($0 + 1) }) }
        }
    }
}

/// A coach lists the links and revokes one from the page, as `lineup share --list --json` and
/// `lineup share --revoke ID --json` do, through the same store calls.
@Suite("share links listed and revoked", .serialized)
struct ShareLinkRouteTests {
    @Test func aCoachListsTheLinksAndRevokesOne() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let db = try fixture.commandLine()
        let boatToken = SecretToken.make()
        let boatLink = try db.createShareLink(
            forBoat: .named("Sample crew"), showsWeights: true, tokenDigest: SecretToken.digest(boatToken))
        try await fixture.test { client in
            let made = try await client.send(.post, "\(RaceDayRouteTests.cup)/share", json: "{}")
            let path = try #require(made.object["path"] as? String)
            let id = try #require(made.object["id"] as? Int)

            let all = try await client.send(.get, "/api/shares")
            #expect(all.status == .ok, "\(all.text)")
            #expect(all.text == (try JSONCoding.encode(ShareLinkListDocument(try db.shareLinks(ofBoat: nil)))))
            #expect(all.array.map { $0["id"] as? Int } == [Int(boatLink.id), id])
            let day = try await client.send(.get, "/api/shares?regatta=Cup")
            #expect(day.text == (try JSONCoding.encode(ShareLinkListDocument(try db.shareLinks(ofRegatta: "Cup")))))
            #expect(day.array.count == 1)
            #expect(day.array.first?["kind"] as? String == "regatta" && day.array.first?["name"] as? String == "Cup")
            #expect(day.array.first?["shows_weights"] as? Bool == false)
            #expect(!day.text.contains(path.dropFirst("/share/".count)), "the secret is never listed")
            let boat = try await client.send(.get, "/api/shares?boat=\(ServerFixture.sample)")
            #expect(boat.array.map { $0["id"] as? Int } == [Int(boatLink.id)])
            for (query, status) in [
                ("regatta=Cup&boat=Sample%20crew", HTTPResponse.Status.unprocessableContent),
                ("regatta=", .unprocessableContent), ("regatta=Spring", .notFound), ("boat=Sample", .notFound),
            ] {
                let refused = try await client.send(.get, "/api/shares?\(query)")
                ErrorAnswerTests.expectDocument(refused, status)
            }

            let revoked = try await client.send(.delete, "/api/shares/\(id)")
            #expect(revoked.status == .ok, "\(revoked.text)")
            #expect(
                revoked.object["message"] as? String
                    == "Revoked share link #\(id) to regatta \"Cup\": it opens nothing any more.")
            #expect((revoked.object["revoked"] as? [[String: Any]])?.first?["id"] as? Int == id)
            #expect(try await client.send(.get, path).status == .notFound)
            #expect(try await client.send(.get, "/share/\(boatToken)").status == .ok)
            #expect(try db.shareLinks(ofRegatta: "Cup").isEmpty)
            let again = try await client.send(.delete, "/api/shares/\(id)")
            ErrorAnswerTests.expectDocument(again, .notFound)
            #expect(again.errorMessage.contains("\(id)"), "\(again.text)")
            ErrorAnswerTests.expectDocument(try await client.send(.delete, "/api/shares/first"), .notFound)
        }
    }

    @Test func aViewerNeitherListsNorRevokes() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        let db = try fixture.commandLine()
        let token = SecretToken.make()
        let link = try db.createShareLink(
            forBoat: .current, showsWeights: false, tokenDigest: SecretToken.digest(token))
        try fixture.addAccount("sam", role: .viewer)
        try await fixture.test { client in
            #expect(try await client.send(.get, "/api/shares").status == .unauthorized)
            let signIn = try await client.send(
                .post, "/api/session", json: #"{"name": "sam", "password": "correct horse"}"#)
            let cookie = try #require(signIn.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let headers: HTTPFields = [.cookie: cookie]
            ErrorAnswerTests.expectDocument(try await client.send(.get, "/api/shares", headers: headers), .forbidden)
            let revoke = try await client.send(.delete, "/api/shares/\(link.id)", headers: headers)
            ErrorAnswerTests.expectDocument(revoke, .forbidden)
            #expect(try await client.send(.get, "/share/\(token)").status == .ok)
        }
        #expect(try db.shareLinks(ofBoat: nil).map(\.id) == [link.id])
    }
}

/// The crew sheet the page turns into a picture: `lineup export --format svg`, weights as the requester may
/// see them.
@Suite("the crew sheet as SVG", .serialized)
struct CrewSheetRouteTests {
    @Test func theCrewSheetIsTheExportsSVG() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        let state = try db.state(ofBoat: .current)
        try await fixture.test { client in
            let sheet = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/chart.svg")
            #expect(sheet.status == .ok)
            #expect(sheet.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(sheet.text.hasPrefix("<?xml") && sheet.text.contains("<svg"))
            for (_, place) in state.lineup.placements where place.isSeat {
                let name = try #require(state.paddler(at: place)?.name)
                #expect(sheet.text.contains(">\(name)<"), "\(name)")
            }
            // On this machine the requester is a coach: weights are drawn.
            #expect(sheet.text.contains("61.5 kg"))
            // Unless asked not to (a picture for the team chat).
            let plain = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/chart.svg?weights=false")
            #expect(plain.text.contains(">Ada Lindqvist<") && !plain.text.contains(" kg"))
            let odd = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/chart.svg?weights=maybe")
            #expect(odd.status == .unprocessableContent)
            #expect(try await client.send(.get, "/api/boats/Nothing%20Here/chart.svg").status == .notFound)
        }
    }

    @Test func aViewerSeesNoWeightOnTheCrewSheetUnlessTheClubAllows() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("sam", role: .viewer)
        try await fixture.test { client in
            let signIn = try await client.send(
                .post, "/api/session", json: #"{"name": "sam", "password": "correct horse"}"#)
            let token = try #require(signIn.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let sheet = try await client.send(
                .get, "/api/boats/\(ServerFixture.sample)/chart.svg", headers: [.cookie: token])
            #expect(sheet.status == .ok)
            #expect(sheet.text.contains(">Ada Lindqvist<"))
            #expect(!sheet.text.contains(" kg"), "\(sheet.text.prefix(400))")
        }
    }
}

/// No one can keep the regatta planner from the coaches by asking again and again: a few plans at once, one
/// per client, the rest refused at once; a place is free again when its plan is done, however it ended.
@Suite("the planner's gate", .serialized)
struct PlannerGateTests {
    @Test func aClientGetsOnePlanAtOnceAndTheServerAFew() async throws {
        let gate = PlannerGate(total: 2)
        let (started, starting) = AsyncStream<Void>.makeStream()
        let (finish, finishing) = AsyncStream<Void>.makeStream()
        let first = Task {
            try await gate.run(client: "viewer", isCoach: false, cancelled: CancelFlag()) { _ in
                starting.yield()
                for await _ in finish { break }
                return 1
            }
        }
        for await _ in started { break }
        func refusal(_ client: String) async -> APIError? {
            do {
                _ = try await gate.run(client: client, isCoach: client.hasPrefix("coach"), cancelled: CancelFlag()) {
                    _ in 0
                }
                return nil
            } catch {
                return error as? APIError
            }
        }
        // The same client again: refused at once, with when to try again.
        let again = await refusal("viewer")
        #expect(again?.status == .serviceUnavailable && again?.retryAfter == 2)
        // Another client has a place, which is free again once done.
        #expect(await refusal("coach") == nil)
        #expect(await refusal("coach") == nil)
        finishing.yield()
        #expect(try await first.value == 1)
        #expect(await refusal("viewer") == nil)
    }

    /// Two viewer accounts asking in a loop once filled both places, and coaches got 503: viewers share one.
    @Test func viewersHoldOnePlaceAndACoachAlwaysGetsOne() async throws {
        let gate = PlannerGate(total: 2, viewerPlaces: 1)
        let (started, starting) = AsyncStream<Void>.makeStream()
        let (finish, finishing) = AsyncStream<Void>.makeStream()
        let viewer = Task {
            try await gate.run(client: "account v1", isCoach: false, cancelled: CancelFlag()) { _ in
                starting.yield()
                for await _ in finish { break }
                return 1
            }
        }
        for await _ in started { break }
        let second = await #expect(throws: APIError.self) {
            try await gate.run(client: "account v2", isCoach: false, cancelled: CancelFlag()) { _ in 0 }
        }
        #expect(second?.status == .serviceUnavailable)
        #expect(try await gate.run(client: "account coach", isCoach: true, cancelled: CancelFlag()) { _ in 2 } == 2)
        finishing.yield()
        #expect(try await viewer.value == 1)
        // Its place is free again for the other viewer.
        #expect(try await gate.run(client: "account v2", isCoach: false, cancelled: CancelFlag()) { _ in 3 } == 3)
    }

    /// A code's work count is replayed, never trusted: a replay stops at its own time limit (20 seconds on the
    /// server) rather than at whatever count the code names.
    @Test func theReplayOfAHugeWorkCountStopsAtItsLimit() async throws {
        let fixture = try RaceDayRouteTests.fixture()
        let state = try fixture.commandLine().regattaState("Cup")
        var options = try RegattaPlanRequest(
            minimumRaces: nil, maximumRaces: nil, keepsSeated: false, sidesRequired: nil, capabilityRequired: nil,
            seed: nil, timeLimit: nil)
        options.stopsAtWork = Int.max
        // With no time at all, the replay stops at once, short of the work the code asks for.
        let plan = try await RegattaPlans.make(from: state, options: options, cancelled: CancelFlag(), replayLimit: 0)
        #expect(plan.stoppedEarly && plan.work < Int.max)
    }

    @Test func aFullPlannerRefusesAnyone() async throws {
        let gate = PlannerGate(total: 1)
        let (started, starting) = AsyncStream<Void>.makeStream()
        let (finish, finishing) = AsyncStream<Void>.makeStream()
        let running = Task {
            try await gate.run(client: "a", isCoach: true, cancelled: CancelFlag()) { _ in
                starting.yield()
                for await _ in finish { break }
                return 0
            }
        }
        for await _ in started { break }
        await #expect(throws: APIError.self) {
            try await gate.run(client: "b", isCoach: true, cancelled: CancelFlag()) { _ in 0 }
        }
        finishing.yield()
        _ = try await running.value
        // A plan that fails frees its place too.
        struct Failed: Error {}
        await #expect(throws: Failed.self) {
            try await gate.run(client: "b", isCoach: true, cancelled: CancelFlag()) { _ throws -> Int in throw Failed()
            }
        }
        #expect(try await gate.run(client: "b", isCoach: true, cancelled: CancelFlag()) { _ in 7 } == 7)
    }
}
