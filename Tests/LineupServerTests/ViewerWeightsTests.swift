import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LineupCore
import LineupPresentation
import LineupStore
import Testing

@testable import LineupServer

/// A viewer reads no paddler's weight unless the club allows it (`lineup config viewers --weights shown`),
/// and never a paddler's notes; coaches always do. Every read route is held to it.
@Suite("what viewers see of weights and notes", .serialized)
struct ViewerWeightsTests {
    static let boat = "/api/boats/\(ServerFixture.sample)"
    /// Every route a viewer may read that could carry a weight. The change feed (`/api/events`) carries only
    /// the database's version, and the boat list only counts.
    static let reads = [
        "/api/roster", boat, "\(boat)/check", "\(boat)/preview", "\(boat)/preview?origin=L1&target=B",
        "\(boat)/plan", "\(boat)/plan?use_bench=true", "\(boat)/history", "/api/boats",
    ]
    /// Keys that hold a weight or a figure made of weights.
    static let weightKeys: Set<String> = [
        "weight_kg", "balance", "moments", "left_kg", "right_kg", "front_kg", "back_kg", "trim", "list",
        "equivalent_kg", "imbalance_kg", "sums", "moment",
    ]

    /// The keys of every object in `json`, however deep, and its strings.
    static func contents(_ json: Any) -> (keys: Set<String>, strings: [String]) {
        var keys = Set<String>()
        var strings: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                keys.formUnion(object.keys)
                object.values.forEach(walk)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            } else if let text = value as? String {
                strings.append(text)
            }
        }
        walk(json)
        return (keys, strings)
    }

    /// The keys and strings of the answer to `uri` with `headers`, which must be 200.
    static func read(_ uri: String, _ client: some TestClientProtocol, _ headers: HTTPFields) async throws -> (
        keys: Set<String>, strings: [String]
    ) {
        let response = try await client.send(.get, uri, headers: headers)
        #expect(response.status == .ok, "\(uri): \(response.text)")
        return contents(try JSONSerialization.jsonObject(with: Data(response.text.utf8)))
    }

    /// A number with a unit of weight (`61.5 kg`, `like 15 kg`), other than the 0 kg the balance counts for an
    /// unknown weight.
    static func namesAWeight(_ text: String) -> Bool {
        text.range(of: #"(^|[^0-9.])(0\.[0-9]*[1-9]|[1-9][0-9.]*)\s?(kg|lb)"#, options: .regularExpression) != nil
    }

    /// A server beyond this machine with a coach (maya) and a viewer (sam) signed in: their cookies.
    static func signedIn(_ client: some TestClientProtocol) async throws -> (coach: HTTPFields, viewer: HTTPFields) {
        func cookie(_ name: String) async throws -> HTTPFields {
            let response = try await client.send(
                .post, "/api/session", json: #"{"name": "\#(name)", "password": "correct horse"}"#)
            let token = try #require(response.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            return [.cookie: token]
        }
        return (try await cookie("maya"), try await cookie("sam"))
    }

    static func fixture(viewersSeeWeights: Bool? = nil) throws -> ServerFixture {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        try fixture.addAccount("maya", role: .coach)
        try fixture.addAccount("sam", role: .viewer)
        if let viewersSeeWeights { try fixture.commandLine().setViewersSeeWeights(viewersSeeWeights) }
        return fixture
    }

    @Test func aViewerReadsNoWeightByDefault() async throws {
        let fixture = try Self.fixture()
        try await fixture.test { client in
            let (_, viewer) = try await Self.signedIn(client)
            for uri in Self.reads {
                let (keys, strings) = try await Self.read(uri, client, viewer)
                #expect(keys.isDisjoint(with: Self.weightKeys), "\(uri): \(keys.intersection(Self.weightKeys))")
                #expect(!strings.contains(where: Self.namesAWeight), "\(uri): \(strings.filter(Self.namesAWeight))")
            }
            // What stays: the verdict's direction, whose weight is unknown, and a flag saying weights are hidden.
            let boat = try await client.send(.get, Self.boat, headers: viewer).object
            #expect(boat["weights_hidden"] as? Bool == true)
            let verdict = try #require(boat["verdict"] as? [String: [String: Any]])
            #expect(verdict["front_back"]?["headline"] as? String == "stern-heavy")
            let seats = try #require(boat["seats"] as? [[String: Any]])
            #expect(seats.count == 30 && seats.allSatisfy { $0["weight_kg"] == nil && $0["seat"] != nil })
            // The coefficients are figures of the hull (what one kilogram adds in each seat), the same for all.
            let coefficients = "\(Self.boat)/coefficients"
            let (coach, _) = try await Self.signedIn(client)
            let forViewer = try await client.send(.get, coefficients, headers: viewer)
            #expect(forViewer.status == .ok)
            #expect(forViewer.text == (try await client.send(.get, coefficients, headers: coach).text))
            #expect(!forViewer.text.contains("weight_kg"))
            let preview = try await client.send(.get, "\(Self.boat)/preview", headers: viewer).object
            #expect(preview["unknown_weight_seats"] as? [String] == [])
            #expect(preview["weights_hidden"] as? Bool == true)
        }
    }

    /// The same routes carry weights for a coach, and for a viewer once the club allows it: the checks above
    /// find what they look for.
    @Test(arguments: [false, true])
    func aCoachAlwaysAndAViewerWhenAllowedReadWeights(viewer allowed: Bool) async throws {
        let fixture = try Self.fixture(viewersSeeWeights: allowed ? true : nil)
        try await fixture.test { client in
            let (coach, viewer) = try await Self.signedIn(client)
            let headers = allowed ? viewer : coach
            for uri in Self.reads where !["history", "/api/boats"].contains(where: uri.hasSuffix) {
                let (keys, strings) = try await Self.read(uri, client, headers)
                #expect(!keys.isDisjoint(with: Self.weightKeys), "\(uri)")
                if uri != "/api/roster" { #expect(strings.contains(where: Self.namesAWeight), "\(uri)") }
            }
            let boat = try await client.send(.get, Self.boat, headers: headers)
            // The coach's document is `show --json`'s, byte for byte.
            let expected = try JSONCoding.encode(LineupDocument(try fixture.commandLine().state(ofBoat: .current)))
            #expect(boat.text == expected)
        }
    }

    /// Notes may hold medical details: a viewer never reads them, on any route, whatever the club allows of
    /// weights; a coach does; no share page shows them.
    @Test(arguments: [false, true])
    func aViewerNeverReadsNotes(viewersSeeWeights: Bool) async throws {
        let fixture = try Self.fixture(viewersSeeWeights: viewersSeeWeights ? true : nil)
        let db = try fixture.commandLine()
        let note = "asthma, inhaler in the dry bag"
        _ = try db.updatePaddler(named: "Ada Lindqvist", with: PaddlerDraft(name: "Ada Lindqvist", notes: note))
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try db.addRace(
            "Heat", to: "Cup", start: try TimeOfDay(parsing: "09:10"), boat: .existing(.named("Sample crew")))
        let boatLink = SecretToken.make()
        let regattaLink = SecretToken.make()
        _ = try db.createShareLink(forBoat: .current, showsWeights: true, tokenDigest: SecretToken.digest(boatLink))
        _ = try db.createShareLink(forRegatta: "Cup", showsWeights: true, tokenDigest: SecretToken.digest(regattaLink))
        try await fixture.test { client in
            let (coach, viewer) = try await Self.signedIn(client)
            let regattaReads = ["/api/regattas", "/api/regattas/Cup", "/api/regattas/Cup/plan"]
            for uri in Self.reads + regattaReads + ["\(Self.boat)/chart.svg"] {
                let response = try await client.send(.get, uri, headers: viewer)
                #expect(response.status == .ok, "\(uri): \(response.text)")
                #expect(!response.text.contains(note), "\(uri)")
            }
            let roster = try await client.send(.get, "/api/roster", headers: viewer)
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(roster.text.utf8)) as? [[String: Any]])
            #expect(!entries.isEmpty && entries.allSatisfy { $0["notes"] == nil && $0["name"] != nil })
            let forCoach = try await client.send(.get, "/api/roster", headers: coach)
            let coachEntries = try #require(
                try JSONSerialization.jsonObject(with: Data(forCoach.text.utf8)) as? [[String: Any]])
            #expect(coachEntries.first { $0["name"] as? String == "Ada Lindqvist" }?["notes"] as? String == note)
            #expect(coachEntries.allSatisfy { $0["notes"] is String })
            for token in [boatLink, regattaLink] {
                let page = try await client.send(.get, "/share/\(token)")
                #expect(page.status == .ok)
                #expect(page.text.contains("Ada Lindqvist") && !page.text.contains(note))
            }
        }
    }

    /// Answers are kept while the database is unchanged, but a coach's never reaches a viewer, nor the other
    /// way round; changing the setting changes the next answer.
    @Test func theReadCacheKeepsCoachesAndViewersApart() async throws {
        let fixture = try Self.fixture()
        try await fixture.test { client in
            let (coach, viewer) = try await Self.signedIn(client)
            for uri in ["/api/roster", Self.boat, "\(Self.boat)/plan"] {
                for (headers, shows) in [(coach, true), (viewer, false), (coach, true), (viewer, false)] {
                    let (keys, _) = try await Self.read(uri, client, headers)
                    #expect(keys.contains("weight_kg") == shows, "\(uri)")
                }
            }
            try fixture.commandLine().setViewersSeeWeights(true)
            #expect(try await Self.read("/api/roster", client, viewer).keys.contains("weight_kg"))
        }
    }
}
