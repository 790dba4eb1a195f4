import Foundation
import GRDB
import LineupCore

/// A stored seat race: the session and the names of its two crews (the letters of the table it came from).
public struct StoredSeatRace: Hashable, Sendable {
    public var session: SeatRaceSession
    public var firstCrew: String
    public var secondCrew: String

    public init(session: SeatRaceSession, firstCrew: String = "Q", secondCrew: String = "R") {
        self.session = session
        self.firstCrew = firstCrew
        self.secondCrew = secondCrew
    }
}

/// Everything a strength ranking reads: the seat races, the time trials and the roster's sides.
public struct StrengthEvidenceSet: Sendable {
    public var seatRaces: [StoredSeatRace]
    public var trials: [TimeTrial]
    /// Active paddlers with their side preference.
    public var roster: [(name: String, side: SidePreference)]
    /// Inactive paddlers: left out of every ranking, however they were measured.
    public var inactive: Set<String> = []
    /// Seat races that no longer hold together (a paddler removed from the roster before removal kept their
    /// seats), left out.
    public var unreadableSeatRaces: [String]

    /// The ranking of one side from all of it.
    public func ranking(of side: SeatRaceSide) -> StrengthRanking {
        StrengthRanking(
            side: side, sessions: seatRaces.map(\.session), trials: trials, roster: roster, inactive: inactive)
    }
}

extension LineupDatabase {
    // MARK: - Time trials

    /// Stores a time trial, its paddlers named as the roster names them: a unique start of a name will do, or
    /// with `wholeNamesOnly` (times read from a file, where a shortened name is a slip nobody sees) only the
    /// whole name. Returns the trial with the roster's names.
    @discardableResult
    public func addTimeTrial(_ trial: TimeTrial, wholeNamesOnly: Bool = false) throws(StoreError) -> TimeTrial {
        let name = try Self.validRegattaName(trial.name, of: .trial)
        _ = try Self.strengthChecked { () throws(StrengthError) in try trial.checkedForRecording() }
        return try write { db in
            guard try Self.trialID(key: PaddlerRules.nameKey(name), db) == nil else {
                throw StoreError.strength(.duplicateName(name, isSeatRace: false))
            }
            // Each name is looked up once (a trial of thousands of times names the same paddlers again and
            // again), in the order the times give them; every name not on the roster is named, in that order.
            var rows: [String: PaddlerRow] = [:]
            var ids: [String: Int64] = [:]
            var refused: Set<String> = []
            var refusals: [StoreError] = []
            for paddler in trial.results.flatMap(\.paddlers) where rows[paddler] == nil && !refused.contains(paddler) {
                let refusal: StoreError
                do {
                    let row =
                        try wholeNamesOnly
                        ? Self.paddlerRow(inFileNamed: paddler, db) : Self.paddlerRow(named: paddler, db)
                    rows[paddler] = row
                    ids[row.name] = row.id
                    continue
                } catch let error as StoreError {
                    refusal = error
                } catch let error as LineupError {
                    refusal = .lineup(error)
                }
                refused.insert(paddler)
                refusals.append(refusal)
            }
            if let only = refusals.first, refusals.count == 1 { throw only }
            guard refusals.isEmpty else { throw StoreError.paddlerNames(refusals) }
            let results = trial.results.map { result in
                TrialResult(paddlers: result.paddlers.map { rows[$0]?.name ?? $0 }, seconds: result.seconds)
            }
            let stored = try Self.strengthChecked { () throws(StrengthError) in
                // Checked again with the roster's names: "Ada" and "Ada Lindqvist" are one paddler.
                try TimeTrial(name: name, distanceMetres: trial.distanceMetres, day: trial.day, results: results)
                    .checkedForRecording()
            }
            try db.execute(
                sql: "INSERT INTO time_trial (name, name_key, distance_m, day, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    name, PaddlerRules.nameKey(name), stored.distanceMetres, stored.day?.description,
                    Timestamp.text(from: Date()),
                ])
            let trialID = db.lastInsertedRowID
            let addResult = try db.cachedStatement(
                sql: "INSERT INTO time_trial_result (trial_id, seconds) VALUES (?, ?)")
            let addPaddler = try db.cachedStatement(
                sql: "INSERT OR IGNORE INTO time_trial_paddler (result_id, paddler_id) VALUES (?, ?)")
            for result in stored.results {
                try addResult.execute(arguments: [trialID, result.seconds])
                let resultID = db.lastInsertedRowID
                for paddler in result.paddlers {
                    guard let id = ids[paddler] else { throw StoreError.unknownPaddler(paddler) }
                    try addPaddler.execute(arguments: [resultID, id])
                }
            }
            return stored
        }
    }

    /// The stored time trials, by day (undated last) then name.
    public func timeTrials() throws(StoreError) -> [TimeTrial] {
        try read { db in try Self.timeTrials(db) }
    }

    /// Deletes a time trial and its results; returns it.
    @discardableResult
    public func deleteTimeTrial(named name: String) throws(StoreError) -> TimeTrial {
        try write { db in
            guard let id = try Self.trialID(key: PaddlerRules.nameKey(name), db),
                let trial = try Self.timeTrials(db).first(where: {
                    PaddlerRules.nameKey($0.name) == PaddlerRules.nameKey(name)
                })
            else {
                let seatRace = try Self.seatRaceID(key: PaddlerRules.nameKey(name), db) != nil
                throw StoreError.strength(seatRace ? .otherKind(name: name, isSeatRace: true) : .unknownName(name))
            }
            try db.execute(sql: "DELETE FROM time_trial WHERE id = ?", arguments: [id])
            return trial
        }
    }

    // MARK: - Seat races

    /// Stores a seat race, its paddlers named by their whole names as the roster has them (a seat race comes
    /// from a table, where a shortened name is a slip nobody sees). Returns it with the roster's names.
    @discardableResult
    public func addSeatRace(_ race: StoredSeatRace) throws(StoreError) -> StoredSeatRace {
        let name = try Self.validRegattaName(race.session.name, of: .seatRace)
        _ = try Self.strengthChecked { () throws(StrengthError) in try race.session.checkedForRecording() }
        return try write { db in
            guard try Self.seatRaceID(key: PaddlerRules.nameKey(name), db) == nil else {
                throw StoreError.strength(.duplicateName(name, isSeatRace: true))
            }
            var rows: [String: PaddlerRow] = [:]
            for seat in race.session.paddlers {
                rows[seat.paddler] = try Self.paddlerRow(inFileNamed: seat.paddler, db)
            }
            let pieces = race.session.pieces.map { piece in
                SeatRacePiece(
                    number: piece.number,
                    seats: piece.seats.map {
                        SeatRaceSeat(paddler: rows[$0.paddler]?.name ?? $0.paddler, side: $0.side, crew: $0.crew)
                    }, firstCrewTime: piece.firstCrewTime, secondCrewTime: piece.secondCrewTime)
            }
            let session = try Self.strengthChecked { () throws(StrengthError) in
                try SeatRaceSession(name: name, pieces: pieces)
            }
            try db.execute(
                sql:
                    "INSERT INTO seat_race (name, name_key, first_crew, second_crew, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    name, PaddlerRules.nameKey(name), race.firstCrew, race.secondCrew, Timestamp.text(from: Date()),
                ])
            let raceID = db.lastInsertedRowID
            for piece in race.session.pieces {
                try db.execute(
                    sql:
                        "INSERT INTO seat_race_piece (seat_race_id, number, first_seconds, second_seconds) VALUES (?, ?, ?, ?)",
                    arguments: [raceID, piece.number, piece.firstCrewTime, piece.secondCrewTime])
                for seat in piece.seats {
                    try db.execute(
                        sql:
                            "INSERT INTO seat_race_seat (seat_race_id, piece, paddler_id, side, crew) VALUES (?, ?, ?, ?, ?)",
                        arguments: [
                            raceID, piece.number, rows[seat.paddler]?.id, seat.side.rawValue, seat.crew.rawValue,
                        ])
                }
            }
            return StoredSeatRace(session: session, firstCrew: race.firstCrew, secondCrew: race.secondCrew)
        }
    }

    /// The stored seat races, by name.
    public func seatRaces() throws(StoreError) -> [StoredSeatRace] {
        try read { db in try Self.seatRaces(db).readable }
    }

    /// The stored seat races that can be read, by name, and the names of those that cannot (a paddler of
    /// theirs was removed before removals kept seat races whole).
    public func seatRacesWithUnreadable() throws(StoreError) -> (readable: [StoredSeatRace], unreadable: [String]) {
        try read { db in try Self.seatRaces(db) }
    }

    /// Deletes a seat race with its pieces; returns its name as stored.
    @discardableResult
    public func deleteSeatRace(named name: String) throws(StoreError) -> String {
        try write { db in
            guard let id = try Self.seatRaceID(key: PaddlerRules.nameKey(name), db),
                let stored = try String.fetchOne(db, sql: "SELECT name FROM seat_race WHERE id = ?", arguments: [id])
            else {
                let trial = try Self.trialID(key: PaddlerRules.nameKey(name), db) != nil
                throw StoreError.strength(trial ? .otherKind(name: name, isSeatRace: false) : .unknownName(name))
            }
            try db.execute(sql: "DELETE FROM seat_race WHERE id = ?", arguments: [id])
            return stored
        }
    }

    /// Everything a strength ranking needs, read at one moment.
    public func strengthEvidence() throws(StoreError) -> StrengthEvidenceSet {
        try read { db in
            let races = try Self.seatRaces(db)
            let paddlers = try PaddlerRow.all(db).map(\.paddler)
            return StrengthEvidenceSet(
                seatRaces: races.readable, trials: try Self.timeTrials(db),
                roster: paddlers.filter(\.isActive).map { ($0.name, $0.side) },
                inactive: Set(paddlers.filter { !$0.isActive }.map(\.name)), unreadableSeatRaces: races.unreadable)
        }
    }

    // MARK: - Reading

    /// The value `check` makes, its refusal as the store's error.
    private static func strengthChecked<Value>(_ check: () throws(StrengthError) -> Value) throws(StoreError)
        -> Value
    {
        do {
            return try check()
        } catch {
            throw .strength(error)
        }
    }

    private static func trialID(key: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM time_trial WHERE name_key = ?", arguments: [key])
    }

    private static func seatRaceID(key: String, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM seat_race WHERE name_key = ?", arguments: [key])
    }

    private static func timeTrials(_ db: Database) throws -> [TimeTrial] {
        let paddlers = try Row.fetchAll(
            db,
            sql: """
                SELECT time_trial_paddler.result_id, paddler.name FROM time_trial_paddler
                JOIN paddler ON paddler.id = time_trial_paddler.paddler_id ORDER BY paddler.name_key
                """)
        var names: [Int64: [String]] = [:]
        for row in paddlers { names[row["result_id"], default: []].append(row["name"]) }
        let results = try Row.fetchAll(db, sql: "SELECT id, trial_id, seconds FROM time_trial_result ORDER BY id")
        var byTrial: [Int64: [TrialResult]] = [:]
        for row in results {
            guard let who = names[row["id"]] else { continue }
            byTrial[row["trial_id"], default: []].append(TrialResult(paddlers: who, seconds: row["seconds"]))
        }
        let trials = try Row.fetchAll(
            db,
            sql: "SELECT id, name, distance_m, day FROM time_trial ORDER BY day IS NULL, day, name_key")
        return trials.compactMap { row in
            let day = (row["day"] as String?).flatMap { try? RegattaDay(parsing: $0) }
            return try? TimeTrial(
                name: row["name"], distanceMetres: row["distance_m"], day: day, results: byTrial[row["id"]] ?? [])
        }
    }

    private static func seatRaces(_ db: Database) throws -> (readable: [StoredSeatRace], unreadable: [String]) {
        let seats = try Row.fetchAll(
            db,
            sql: """
                SELECT seat.seat_race_id, seat.piece, seat.side, seat.crew, paddler.name FROM seat_race_seat AS seat
                JOIN paddler ON paddler.id = seat.paddler_id ORDER BY seat.side, paddler.name_key
                """)
        var seatsOf: [[Int64]: [SeatRaceSeat]] = [:]
        for row in seats {
            let side = SeatRaceSide(rawValue: row["side"]) ?? .left
            let crew = SeatRaceCrew(rawValue: row["crew"]) ?? .first
            seatsOf[[row["seat_race_id"], row["piece"]], default: []].append(
                SeatRaceSeat(paddler: row["name"], side: side, crew: crew))
        }
        var removedOf: [Int64: Set<String>] = [:]
        for row in try Row.fetchAll(
            db, sql: "SELECT seat_race_id, piece, side, crew, name FROM seat_race_removed_seat ORDER BY side, name")
        {
            let side = SeatRaceSide(rawValue: row["side"]) ?? .left
            let crew = SeatRaceCrew(rawValue: row["crew"]) ?? .first
            seatsOf[[row["seat_race_id"], row["piece"]], default: []].append(
                SeatRaceSeat(paddler: row["name"], side: side, crew: crew))
            removedOf[row["seat_race_id"], default: []].insert(row["name"])
        }
        let pieces = try Row.fetchAll(
            db, sql: "SELECT seat_race_id, number, first_seconds, second_seconds FROM seat_race_piece ORDER BY number")
        var piecesOf: [Int64: [SeatRacePiece]] = [:]
        for row in pieces {
            let id: Int64 = row["seat_race_id"]
            let number: Int64 = row["number"]
            piecesOf[id, default: []].append(
                SeatRacePiece(
                    number: Int(number), seats: seatsOf[[id, number]] ?? [], firstCrewTime: row["first_seconds"],
                    secondCrewTime: row["second_seconds"]))
        }
        var readable: [StoredSeatRace] = []
        var unreadable: [String] = []
        for row in try Row.fetchAll(
            db, sql: "SELECT id, name, first_crew, second_crew FROM seat_race ORDER BY name_key")
        {
            if var session = try? SeatRaceSession(name: row["name"], pieces: piecesOf[row["id"]] ?? []) {
                session.removed = removedOf[row["id"]] ?? []
                readable.append(
                    StoredSeatRace(session: session, firstCrew: row["first_crew"], secondCrew: row["second_crew"]))
            } else {
                unreadable.append(row["name"])
            }
        }
        return (readable, unreadable)
    }
}
