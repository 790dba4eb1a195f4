import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import LineupCore
import LineupPresentation
import LineupStore
import Testing

@testable import LineupServer

/// The routes that only read answer with the command line's `--json` documents, byte for byte.
@Suite("read routes", .serialized)
struct ReadRouteTests {
    @Test func theBoatIsShowJSONByteForByte() async throws {
        let fixture = try ServerFixture()
        let expected = try JSONCoding.encode(LineupDocument(try fixture.commandLine().state(ofBoat: .current)))
        try await fixture.test { client in
            let response = try await client.send(.get, "/api/boats/\(ServerFixture.sample)")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.text == expected)
            // A unique word of the name finds the boat, as `-b` does.
            #expect(try await client.send(.get, "/api/boats/sample").text == expected)
        }
    }

    /// A seat naming a paddler not in the roster (written by another program with foreign keys off): the boat
    /// is neither shown empty there nor changed; the answer names the seat and says how to repair the file.
    @Test func aBoatWithASeatNamingAMissingPaddlerIsRefusedWithTheRepair() async throws {
        let fixture = try ServerFixture { path in
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA foreign_keys = OFF")
                try db.execute(sql: "UPDATE placement SET paddler_id = 9999 WHERE section = 'left' AND position = 3")
            }
            try queue.close()
        }
        try await fixture.test { client in
            let read = try await client.send(.get, "/api/boats/\(ServerFixture.sample)")
            let change = try await client.send(
                .post, "/api/boats/\(ServerFixture.sample)/exchange", json: #"{"first": "L1", "second": "R1"}"#)
            for response in [read, change] {
                #expect(response.status == .conflict, "\(response.text)")
                #expect(response.errorMessage.contains("seat L3 names paddler 9999"), "\(response.text)")
                #expect((response.object["hint"] as? String)?.contains("lineup check --repair") == true)
                #expect(!response.text.contains("FOREIGN KEY"))
            }
        }
    }

    @Test func listHistoryCheckAndRosterAreTheirCommandsJSON() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.exchange("L1", "R1", inBoat: nil)
        let state = try db.state(ofBoat: .current)
        let boats = try JSONCoding.encode(BoatListDocument(try db.boats()))
        let history = try JSONCoding.encode(HistoryDocument(try db.history(ofBoat: .current).1))
        let check = try JSONCoding.encode(CheckDocument(state: state, rules: state.rules, findings: state.findings))
        let roster = try JSONCoding.encode(RosterDocument(try db.roster()))
        try await fixture.test { client in
            #expect(try await client.send(.get, "/api/boats").text == boats)
            #expect(try await client.send(.get, "/api/boats/\(ServerFixture.sample)/history").text == history)
            #expect(try await client.send(.get, "/api/boats/\(ServerFixture.sample)/check").text == check)
            #expect(try await client.send(.get, "/api/roster").text == roster)
            let limited = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/history?limit=0")
            #expect(limited.status == .unprocessableContent)
            #expect(limited.errorMessage == "limit must be a whole number from 1 to 1000000, not '0'")
        }
    }

    /// A read answered again while nothing has changed comes from the cache; any commit (another process's,
    /// or the server's own) makes the next answer read the database again, so no answer is ever stale.
    @Test func keptAnswersAreGivenOnlyWhileNothingCommits() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        let boat = "/api/boats/\(ServerFixture.sample)"
        try await fixture.test { client in
            let first = try await client.send(.get, boat).text
            #expect(try await client.send(.get, boat).text == first)
            #expect(fixture.server.readCache.hits == 1)

            // Another process (the command line) changes the boat: the next answer is the new state.
            try db.exchange("L1", "R1", inBoat: nil)
            let afterCommandLine = try JSONCoding.encode(LineupDocument(try db.state(ofBoat: .current)))
            #expect(afterCommandLine != first)
            #expect(try await client.send(.get, boat).text == afterCommandLine)
            #expect(fixture.server.readCache.hits == 1)
            #expect(try await client.send(.get, boat).text == afterCommandLine)
            #expect(fixture.server.readCache.hits == 2)

            // The server's own change likewise, for every kind of read.
            let history = try await client.send(.get, "\(boat)/history").text
            let exchange = try await client.send(.post, "\(boat)/exchange", json: #"{"first": "L2", "second": "R2"}"#)
            #expect(exchange.status == .ok)
            let state = try db.state(ofBoat: .current)
            #expect(try await client.send(.get, boat).text == (try JSONCoding.encode(LineupDocument(state))))
            let newHistory = try await client.send(.get, "\(boat)/history").text
            #expect(newHistory != history)
            #expect(newHistory == (try JSONCoding.encode(HistoryDocument(try db.history(ofBoat: .current).1))))
        }
    }

    /// Failures are not kept: a read that failed is tried again, and succeeds once the cause is gone.
    @Test func failuresAreNotKept() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            #expect(try await client.send(.get, "/api/boats/Second").status == .notFound)
            #expect(try await client.send(.get, "/api/boats/Second").status == .notFound)
            #expect(fixture.server.readCache.hits == 0)
            try db.createBoat(named: "Second", kind: .standard)
            #expect(try await client.send(.get, "/api/boats/Second").status == .ok)
        }
    }

    /// The page's Check tab reads `check --json`: someone seated in a race of the boat who is not there
    /// then is among its violations, in the words `show` prints.
    @Test func theCheckCountsAPaddlerSeatedInARaceTheyAreNotThereFor() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
        _ = try db.addRace(
            "Heat", to: "Cup", start: try TimeOfDay(parsing: "09:00"), boat: .existing(.named("Sample crew")))
        _ = try db.setAvailability(.absent, of: ["Ada Lindqvist"], at: "Cup")
        let state = try db.state(ofBoat: .current)
        let expected = try JSONCoding.encode(CheckDocument(state: state, rules: state.rules, findings: state.findings))
        try await fixture.test { client in
            let check = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/check").text
            #expect(check == expected)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(check.utf8)) as? [String: Any])
            #expect(
                document["violations"] as? [String] == ["Cup: Ada Lindqvist sits at L1 in Heat (09:00) but is absent"])
        }
    }

    @Test func anUnknownBoatIs404WithTheCommandLinesMessage() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for path in ["", "/history", "/check", "/coefficients", "/preview", "/plan"] {
                let response = try await client.send(.get, "/api/boats/Nowhere\(path)")
                #expect(response.status == .notFound, "\(path)")
                #expect(response.errorMessage == "no boat named 'Nowhere'; the boats are Sample crew", "\(path)")
            }
        }
    }

    /// The page computes the live figures as dot products of the weights with these coefficients: they give
    /// exactly the moments and sums the server computes, for the lineup as it is and after an exchange.
    @Test func theCoefficientsGiveTheServersFiguresAsDotProducts() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try db.exchange("L2", "R9", inBoat: nil)
        let state = try db.state(ofBoat: .current)
        let response = try await fixture.test { client in
            try await client.send(.get, "/api/boats/\(ServerFixture.sample)/coefficients")
        }
        #expect(response.status == .ok)
        let document = response.object
        let seats = try #require(document["seats"] as? [[String: Any]])
        #expect(seats.count == 22)
        var trim = try #require(document["equipment_trim_kg_m"] as? Double)
        var (list, front, back, left, right) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for seat in seats {
            let place = try PlaceReference(parsing: try #require(seat["seat"] as? String), kind: .standard)
            guard case .place(let place) = place, let paddler = state.paddler(at: place), let kg = paddler.weightKg
            else { continue }
            trim += kg * (seat["trim_kg_m"] as? Double ?? .nan)
            list += kg * (seat["list_kg_m"] as? Double ?? .nan)
            let shown = WeightFormat.kilograms.shownKilograms(kg)
            front += shown * (seat["front_kg"] as? Double ?? .nan)
            back += shown * (seat["back_kg"] as? Double ?? .nan)
            left += shown * (seat["left_kg"] as? Double ?? .nan)
            right += shown * (seat["right_kg"] as? Double ?? .nan)
        }
        #expect(abs(trim - state.moments.trimKgM) < 1e-9)
        #expect(abs(list - state.moments.listKgM) < 1e-9)
        let sums = state.shownSums()
        #expect(abs(front - sums.frontKg) < 1e-9 && abs(back - sums.backKg) < 1e-9)
        #expect(abs(left - sums.leftKg) < 1e-9 && abs(right - sums.rightKg) < 1e-9)
        let perEndRow = try #require(document["trim_kg_m_per_end_row_kg"] as? Double)
        #expect(abs(trim / perEndRow - state.moments.trimAsEndRowKg(state.balanceModel, kind: .standard)) < 1e-9)
        #expect(document["level_below_kg"] as? Double == AxisVerdict.levelBelowKg)
        #expect(document["slightly_below_kg"] as? Double == AxisVerdict.slightlyBelowKg)
    }

    /// The Boat view lists what `show` and `check` list: a paddler seated in a race they arrive too late
    /// for is a problem of the boat, so the preview never lets the page say "all kept" above it; the boat's
    /// own document and its check list the same.
    @Test func aPreviewListsTheProblemsInTheBoatsRaces() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        try await fixture.test { client in
            let path = "/api/boats/\(ServerFixture.sample)/preview"
            #expect((try await client.send(.get, path).object["race_problems"] as? [String]) == [])
            try db.createRegatta(named: "Cup", date: try RegattaDay(parsing: "2026-06-13"))
            _ = try db.addRace(
                "Heat", to: "Cup", start: try TimeOfDay(parsing: "09:10"), boat: .existing(.named("Sample crew")))
            _ = try db.setAvailability(
                try Availability(absent: false, from: try TimeOfDay(parsing: "10:00"), until: nil),
                of: ["Ada Lindqvist"], at: "Cup")
            let problems = try #require(try await client.send(.get, path).object["race_problems"] as? [String])
            #expect(problems.count == 1)
            #expect(problems.first?.contains("Ada Lindqvist sits at L1") == true, "\(problems)")
            // The boat itself (`show --json`) and its check list the same problems.
            let boat = "/api/boats/\(ServerFixture.sample)"
            #expect((try await client.send(.get, boat).object["race_problems"] as? [String]) == problems)
            let violations = try #require(
                try await client.send(.get, "\(boat)/check").object["violations"] as? [String])
            #expect(Array(violations.suffix(problems.count)) == problems)
            // As it would be with Ada on the bench, the race has no problem left.
            let moved = try await client.send(.get, "\(path)?origin=L1&target=B")
            #expect((moved.object["race_problems"] as? [String]) == [])
        }
    }

    @Test func aPreviewWordsTheBoatAsItWouldBeAndWritesNothing() async throws {
        let fixture = try ServerFixture()
        let db = try fixture.commandLine()
        let before = try db.state(ofBoat: .current)
        var exchanged = before
        exchanged.lineup = try before.lineup.exchanging(.left(row: 2), with: .right(row: 9), names: before.names).lineup
        let headlines = exchanged.verdict().axes.map { BalanceWords.headline($0) }
        try db.setLock(true, at: "D", inBoat: nil)
        let version = try db.dataVersion()
        try await fixture.test { client in
            let preview = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/preview?origin=L2&target=R9")
            #expect(preview.status == .ok)
            let words = try #require(preview.object["words"] as? [[String: Any]])
            #expect(words.map { $0["headline"] as? String } == headlines)
            // Fay Quintero paddles on the right: the drop would put her at L2, with a warning on that seat.
            let adds = try #require(preview.object["adds"] as? [[String: Any]])
            #expect(
                adds.map { $0["message"] as? String } == ["Fay Quintero paddles on the right but sits at L2"])
            #expect(adds.first?["seats"] as? [String] == ["L2"])
            let current = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/preview")
            #expect((current.object["adds"] as? [Any])?.isEmpty == true)
            let locked = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/preview?origin=D&target=R9")
            #expect(locked.status == .conflict)
            #expect(locked.errorMessage.hasPrefix("seat D (Dana Okafor) is locked"))
            let beyond = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/preview?origin=L11&target=R9")
            #expect(beyond.status == .notFound)
            let half = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/preview?origin=L1")
            #expect(half.status == .unprocessableContent)
            let nobody = try await client.send(
                .get, "/api/boats/\(ServerFixture.sample)/preview?origin=Nobody%20Here&target=R9")
            #expect(nobody.status == .notFound)
        }
        #expect(try db.dataVersion() == version)
        #expect(try db.state(ofBoat: .current).lineup == before.lineup.locking(.drummer))
    }

    @Test func thePlanIsTheOptimizersAndNamesItsBasis() async throws {
        let fixture = try ServerFixture()
        let state = try fixture.commandLine().state(ofBoat: .current)
        let expected = LineupOptimizer.optimize(
            state.lineup, roster: state.roster, model: state.balanceModel, rules: state.rules)
        try await fixture.test { client in
            let plan = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan")
            #expect(plan.status == .ok)
            #expect(plan.object["moves"] as? [String] == expected.plan.calls)
            #expect(plan.object["minimum_exchanges"] as? Int == expected.plan.minimumExchanges)
            #expect((plan.object["basis"] as? String)?.count == 64)
            let bad = try await client.send(.get, "/api/boats/\(ServerFixture.sample)/plan?use_bench=maybe")
            #expect(bad.status == .unprocessableContent)
        }
    }
}

extension Lineup {
    /// This lineup with `seat` locked, for comparing with what the store holds.
    func locking(_ seat: Place) throws -> Lineup {
        try applying(LineupChange(lockChanges: [LockChange(seat: seat, locked: true)]), names: [:])
    }
}
