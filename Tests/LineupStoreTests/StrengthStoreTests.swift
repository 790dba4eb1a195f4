import Foundation
import GRDB
import LineupCore
import Testing

@testable import LineupStore

/// Time trials and seat races in the database: stored with the roster's names, read back whole, guarded by the
/// schema, deleted.
@Suite("time trials and seat races in the database")
struct StrengthStoreTests {
    static let left = ["Ada Lindqvist", "Bea Marangoni", "Cora Nakashima", "Dana Okafor"]
    static let right = ["Edda Petrov", "Fay Quintero", "Gwen Rasmussen", "Hana Sato"]

    /// The one-swap worked example with sample paddlers for a–d and 1–4, named in lower case (a table's names
    /// are whole names, in any case).
    static func oneSwap() throws -> StoredSeatRace {
        let rows: [(String, Double, Double)] = [
            ("RRQQRRQQ", 164.0, 163.7), ("RQRQRRQQ", 166.4, 161.4), ("RQRQRQRQ", 164.7, 163.0),
            ("RQQRRQRQ", 162.7, 165.0), ("RQQRRQQR", 160.5, 167.4), ("RRQQRQQR", 160.2, 167.8),
        ]
        let names = (left + right).map { $0.lowercased() }
        let pieces = rows.enumerated().map { index, row in
            SeatRacePiece(
                number: index + 1,
                seats: zip(names.indices, row.0).map { column, letter in
                    SeatRaceSeat(
                        paddler: names[column], side: column < 4 ? .left : .right,
                        crew: letter == "Q" ? .first : .second)
                }, firstCrewTime: row.1, secondCrewTime: row.2)
        }
        return StoredSeatRace(session: try SeatRaceSession(name: "May seat racing", pieces: pieces))
    }

    @Test func aSeatRaceIsStoredWithRosterNamesAndRanksAsTheExample() throws {
        let test = try TestDatabase(sample: true)
        let stored = try test.db.addSeatRace(try Self.oneSwap())
        #expect(Set(stored.session.paddlers.map(\.paddler)) == Set(Self.left + Self.right))
        let read = try test.db.seatRaces()
        #expect(read == [stored])
        let evidence = try test.db.strengthEvidence()
        let ranking = SwapRanking(
            side: .left, comparisons: evidence.seatRaces[0].session.swapComparisons,
            everyone: evidence.seatRaces[0].session.paddlers(on: .left))
        #expect(ranking.entries.map(\.name) == ["Cora Nakashima", "Dana Okafor", "Bea Marangoni"])
        #expect(ranking.notRanked == ["Ada Lindqvist"])
        #expect(evidence.ranking(of: .left).entries.first?.name == "Cora Nakashima")
        #expect(throws: StoreError.strength(.duplicateName("may SEAT racing", isSeatRace: true))) {
            try test.db.addSeatRace(
                StoredSeatRace(session: try SeatRaceSession(name: "may SEAT racing", pieces: stored.session.pieces)))
        }
        #expect(try test.db.deleteSeatRace(named: "may seat racing") == "May seat racing")
        #expect(try test.db.seatRaces().isEmpty)
        #expect(try test.db.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM seat_race_seat") } == 0)
    }

    @Test func aTimeTrialIsStoredReadAndDeleted() throws {
        let test = try TestDatabase(sample: true)
        let trial = try TimeTrial(
            name: "500 m OC1", distanceMetres: 500, day: RegattaDay(parsing: "2026-05-01"),
            results: [
                TrialResult(paddlers: ["Ada"], seconds: 125.3),
                TrialResult(paddlers: ["Bea", "Cora"], seconds: 110),
            ])
        let stored = try test.db.addTimeTrial(trial)
        #expect(stored.results.map(\.paddlers) == [["Ada Lindqvist"], ["Bea Marangoni", "Cora Nakashima"]])
        #expect(try test.db.timeTrials() == [stored])
        #expect(throws: StoreError.self) { try test.db.addTimeTrial(trial) }
        #expect(throws: StoreError.self) {
            try test.db.addTimeTrial(
                try TimeTrial(
                    name: "x", distanceMetres: 500, day: nil, results: [.init(paddlers: ["Nobody Atall"], seconds: 100)]
                ))
        }
        #expect(try test.db.timeTrials().count == 1)
        #expect(try test.db.deleteTimeTrial(named: "500 M oc1").name == "500 m OC1")
        #expect(throws: StoreError.strength(.unknownName("500 m OC1"))) {
            try test.db.deleteTimeTrial(named: "500 m OC1")
        }
    }

    @Test func removingAPaddlerDropsEveryTrialTimeTheyWerePartOfAndNeverMakesACrewTimeSolo() throws {
        let test = try TestDatabase(sample: true)
        try test.db.addTimeTrial(
            try TimeTrial(
                name: "OC2", distanceMetres: 500, day: nil,
                results: [
                    TrialResult(paddlers: ["Gwen", "Jo"], seconds: 90), TrialResult(paddlers: ["Hana"], seconds: 110),
                ]
            ))
        // A trial times each paddler once, so Gwen's times alone are trials of their own.
        for (name, seconds) in [("Gwen alone", 95.0), ("Gwen again", 100.0)] {
            try test.db.addTimeTrial(
                try TimeTrial(
                    name: name, distanceMetres: 500, day: nil,
                    results: [TrialResult(paddlers: ["Gwen"], seconds: seconds)]
                ))
        }
        let report = try test.db.removePaddler(named: "Gwen Rasmussen", force: true)
        #expect(report.droppedTrialTimes == 3)
        // The two trials left with no time are named: they go whole.
        #expect(report.droppedTrials == ["Gwen again", "Gwen alone"])
        let trials = try test.db.timeTrials()
        #expect(trials.map(\.name) == ["OC2"])
        #expect(trials.first?.results == [TrialResult(paddlers: ["Hana Sato"], seconds: 110)])
        #expect(TrialBoard(trials: trials).entries.map(\.bestPace) == [110])
        #expect(try test.db.queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM time_trial") } == 1)
    }

    @Test func removingAPaddlerKeepsTheirSeatRacesAndTheSwapsThatDoNotCreditThem() throws {
        let test = try TestDatabase(sample: true)
        let stored = try test.db.addSeatRace(try Self.oneSwap())
        let report = try test.db.removePaddler(named: "Gwen Rasmussen", force: true)
        #expect(report.seatRaces == ["May seat racing"])
        let races = try test.db.seatRaces()
        #expect(races.first?.session.pieces.map { Set($0.seats) } == stored.session.pieces.map { Set($0.seats) })
        #expect(races.first?.session.removed == ["Gwen Rasmussen"])
        let evidence = try test.db.strengthEvidence()
        #expect(evidence.unreadableSeatRaces.isEmpty)
        #expect(
            evidence.ranking(of: .left).entries.prefix(3).map(\.name) == [
                "Cora Nakashima", "Dana Okafor", "Bea Marangoni",
            ])
        let right = evidence.ranking(of: .right).entries.filter { $0.evidence == .seatRacing }.map(\.name)
        #expect(right.contains("Fay Quintero") && right.contains("Hana Sato"))
        #expect(!right.contains("Gwen Rasmussen"))
    }

    @Test func deletingATrialByASeatRaceNamePointsToTheOtherCommand() throws {
        let test = try TestDatabase(sample: true)
        try test.db.addSeatRace(try Self.oneSwap())
        #expect(throws: StoreError.strength(.otherKind(name: "May seat racing", isSeatRace: true))) {
            try test.db.deleteTimeTrial(named: "May seat racing")
        }
        #expect(try test.db.seatRaces().count == 1)
    }

    @Test(
        "the schema refuses what the checks refuse",
        arguments: [
            "INSERT INTO time_trial (name, name_key, distance_m, created_at) VALUES ('t', 't', 0, 'now')",
            "INSERT INTO time_trial (name, name_key, distance_m, day, created_at) VALUES ('t', 't', 500, '2026-02-30', 'now')",
            "INSERT INTO time_trial_result (trial_id, seconds) VALUES (1, -3.0)",
            "INSERT INTO time_trial_result (trial_id, seconds) VALUES (1, 9000.0)",
            "INSERT INTO seat_race_piece (seat_race_id, number, first_seconds, second_seconds) VALUES (1, 1, 100.0, 0.0)",
            "INSERT INTO seat_race_seat (seat_race_id, piece, paddler_id, side, crew) VALUES (1, 1, 1, 'middle', 0)",
            "INSERT INTO seat_race_seat (seat_race_id, piece, paddler_id, side, crew) VALUES (1, 1, 1, 'left', 2)",
            "INSERT INTO seat_race_seat (seat_race_id, piece, paddler_id, side, crew) VALUES (1, 1, 1, 'left', 1)",
        ])
    func schemaGuards(sql: String) throws {
        let test = try TestDatabase(sample: true)
        try test.db.queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO time_trial (id, name, name_key, distance_m, created_at) VALUES (1, 'a', 'a', 500, 'now')"
            )
            try db.execute(sql: "INSERT INTO seat_race (id, name, name_key, created_at) VALUES (1, 's', 's', 'now')")
            try db.execute(
                sql:
                    "INSERT INTO seat_race_piece (seat_race_id, number, first_seconds, second_seconds) VALUES (1, 1, 100.0, 101.0)"
            )
            try db.execute(
                sql:
                    "INSERT INTO seat_race_seat (seat_race_id, piece, paddler_id, side, crew) VALUES (1, 1, 1, 'left', 0)"
            )
        }
        #expect(throws: DatabaseError.self) { try test.db.queue.write { try $0.execute(sql: sql) } }
    }
}
