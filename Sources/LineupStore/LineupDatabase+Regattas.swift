import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    // MARK: - Regattas

    /// Every regatta, by date then name.
    public func regattas() throws(StoreError) -> [RegattaInfo] {
        try read { db in try Self.regattaInfos(db, sql: "", arguments: []) }
    }

    /// Creates a regatta on `date`.
    @discardableResult
    public func createRegatta(named rawName: String, date: RegattaDay, minimumGapMinutes: Int = 30)
        throws(StoreError)
        -> RegattaInfo
    {
        let name = try Self.validRegattaName(rawName)
        try Self.checkGap(minimumGapMinutes)
        return try write { db in
            guard try Self.regattaRow(key: PaddlerRules.nameKey(name), db) == nil else {
                throw StoreError.regatta(.duplicateRegatta(name))
            }
            try db.execute(
                sql:
                    "INSERT INTO regatta (name, name_key, date, minimum_gap_minutes, created_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [
                    name, PaddlerRules.nameKey(name), date.description, minimumGapMinutes, Timestamp.text(from: Date()),
                ])
            return try Self.regatta(named: name, db)
        }
    }

    /// Changes a regatta's date, minimum gap or name; nil leaves a field as it is.
    public func updateRegatta(
        _ name: String, date: RegattaDay? = nil, minimumGapMinutes: Int? = nil, newName: String? = nil
    ) throws(StoreError) -> RegattaInfo {
        if let minimumGapMinutes { try Self.checkGap(minimumGapMinutes) }
        let renamed = try newName.map { (raw: String) throws(StoreError) in try Self.validRegattaName(raw) }
        return try write { db in
            let regatta = try Self.regatta(named: name, db)
            // On its new day, or with a larger gap, no boat of it may race a race of another regatta of that day
            // closer than the minimum gap.
            var moved = regatta
            moved.date = date?.description ?? regatta.date
            moved.minimumGapMinutes = minimumGapMinutes ?? regatta.minimumGapMinutes
            if moved.date != regatta.date || moved.minimumGapMinutes > regatta.minimumGapMinutes {
                for race in try Self.races(of: regatta, db) {
                    try Self.refuseBoatRacingAtOnce(race.boat.id, at: race.start, in: moved, except: race.id, db)
                }
            }
            if let date, date.description != regatta.date {
                try db.execute(
                    sql: "UPDATE regatta SET date = ? WHERE id = ?", arguments: [date.description, regatta.id])
            }
            if let minimumGapMinutes {
                try db.execute(
                    sql: "UPDATE regatta SET minimum_gap_minutes = ? WHERE id = ?",
                    arguments: [minimumGapMinutes, regatta.id])
            }
            if let renamed {
                let key = PaddlerRules.nameKey(renamed)
                if key != PaddlerRules.nameKey(regatta.name), try Self.regattaRow(key: key, db) != nil {
                    throw StoreError.regatta(.duplicateRegatta(renamed))
                }
                try db.execute(
                    sql: "UPDATE regatta SET name = ?, name_key = ? WHERE id = ?",
                    arguments: [renamed, key, regatta.id])
            }
            return try Self.regatta(named: renamed ?? regatta.name, db)
        }
    }

    /// Deletes a regatta with its races and availability; the boats stay.
    public func deleteRegatta(_ name: String) throws(StoreError) -> RegattaInfo {
        try write { db in
            let regatta = try Self.regatta(named: name, exactOnly: true, db)
            try db.execute(sql: "DELETE FROM regatta WHERE id = ?", arguments: [regatta.id])
            return regatta
        }
    }

    // MARK: - Races

    /// The races of a regatta in time order.
    public func races(of regatta: String) throws(StoreError) -> (RegattaInfo, [RaceInfo]) {
        try read { db in
            let info = try Self.regatta(named: regatta, db)
            return (info, try Self.races(of: info, db))
        }
    }

    /// One race of a regatta.
    public func race(_ name: String, of regatta: String) throws(StoreError) -> RaceInfo {
        try read { db in try Self.race(named: name, in: try Self.regatta(named: regatta, db), db) }
    }

    /// Adds a race at `start` raced by the boat `source` gives. A new boat (`.new`, `.copyOf`) is named
    /// "REGATTA: RACE". Returns the race and whether its boat was made for it.
    public func addRace(
        _ rawName: String, to regattaName: String, start: TimeOfDay, boat source: RaceBoatSource,
        rules: RulesPreset? = nil
    ) throws(StoreError) -> (race: RaceInfo, newBoat: Bool) {
        let name = try Self.validRegattaName(rawName, of: .race)
        return try write { db in
            let regatta = try Self.regatta(named: regattaName, db)
            let key = PaddlerRules.nameKey(name)
            if try Self.races(of: regatta, db).contains(where: { PaddlerRules.nameKey($0.name) == key }) {
                throw StoreError.regatta(.duplicateRace(name, regatta: regatta.name))
            }
            let boatID: Int64
            var newBoat = true
            var carried: Int64?
            let newName = "\(regatta.name): \(name)"
            switch source {
            case .existing(let boat):
                boatID = try Self.boatRow(boat, db).boat.id
                newBoat = false
                try Self.refuseBoatRacingAtOnce(boatID, at: start, in: regatta, db)
            case .copyOf(let raceName):
                let original = try Self.race(named: raceName, in: regatta, db)
                guard
                    let sourceBoat = try BoatRow.fetchOne(
                        db, sql: "SELECT * FROM boat WHERE id = ?", arguments: [original.boat.id])
                else { throw StoreError.database("a race's boat is missing") }
                boatID = try Self.copyBoatRow(sourceBoat, to: try Self.freeBoatName(newName, db), db).id ?? 0
                carried = original.id
            case .new(let kind):
                var row = BoatRow(
                    name: try Self.freeBoatName(newName, db), kind: kind, rules: rules ?? .open, createdAt: Date())
                try row.insert(db)
                boatID = row.id ?? 0
            }
            // A new boat takes the rules as its own preset; a shared or copied boat keeps its own, and the
            // race gets the rules asked for.
            var ownRules = rules
            if case .new = source { ownRules = nil }
            try db.execute(
                sql:
                    "INSERT INTO race (regatta_id, name, name_key, start_minute, boat_id, rules, carries_crew_of) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?)",
                arguments: [regatta.id, name, key, start.minutes, boatID, ownRules?.rawValue, carried])
            return (try Self.race(named: name, in: regatta, db), newBoat)
        }
    }

    /// Moves a race to another start time; returns the race as it was.
    public func moveRace(_ name: String, of regattaName: String, to start: TimeOfDay) throws(StoreError) -> RaceInfo {
        try write { db in
            let regatta = try Self.regatta(named: regattaName, db)
            let race = try Self.race(named: name, in: regatta, db)
            // A race already at that time: nothing is written (the file stays as it was).
            guard race.start != start else { return race }
            try Self.refuseBoatRacingAtOnce(race.boat.id, at: start, in: regatta, except: race.id, db)
            try db.execute(sql: "UPDATE race SET start_minute = ? WHERE id = ?", arguments: [start.minutes, race.id])
            return race
        }
    }

    /// Refuses a race of `regatta` in boat `boatID` at `start` when another race (not `except`) is raced in
    /// that boat then, in this regatta, or in another of the same day closer than the larger of the two
    /// regattas' minimum gaps:
    /// one boat cannot race two races at once, and its crew races two regattas' races only with rest between.
    static func refuseBoatRacingAtOnce(
        _ boatID: Int64, at start: TimeOfDay, in regatta: RegattaInfo, except: Int64? = nil, _ db: Database
    ) throws {
        guard
            let clash = try Row.fetchOne(
                db,
                sql: """
                    SELECT race.name AS race_name, race.start_minute, boat.name AS boat_name,
                        regatta.id AS regatta_id, regatta.name AS regatta_name
                    FROM race JOIN regatta ON regatta.id = race.regatta_id JOIN boat ON boat.id = race.boat_id
                    WHERE race.boat_id = ? AND regatta.date = ? AND race.id IS NOT ?
                        AND (race.start_minute = ?
                            OR (regatta.id != ? AND abs(race.start_minute - ?) < max(?, regatta.minimum_gap_minutes, 1)))
                    ORDER BY regatta.id != ?, abs(race.start_minute - ?), regatta.name_key, race.name_key LIMIT 1
                    """,
                arguments: [
                    boatID, regatta.date, except, start.minutes, regatta.id, start.minutes,
                    max(1, regatta.minimumGapMinutes), regatta.id, start.minutes,
                ])
        else { return }
        let otherRegatta: String? = clash["regatta_id"] == regatta.id ? nil : clash["regatta_name"]
        let clashStart = TimeOfDay(minutes: clash["start_minute"]) ?? start
        throw StoreError.regatta(
            .boatRacesAtOnce(
                boat: clash["boat_name"], race: clash["race_name"], start: "\(clashStart)", otherRegatta: otherRegatta))
    }

    /// Removes a race from its regatta; its boat stays. Races that carried its crew carry on the same crew:
    /// another race raced in its boat (the same lineup), else the crew it carried, so a chain of copies
    /// (heat, semi, final) stays one chain without its middle race. Returns the race as it was, the races
    /// that carried its crew, and the race they carry now (nil: none, their link goes with the race).
    public func removeRace(_ name: String, of regattaName: String) throws(StoreError) -> (
        removed: RaceInfo, relinked: [String], carryingNow: String?
    ) {
        try write { db in
            let regatta = try Self.regatta(named: regattaName, exactOnly: true, db)
            let race = try Self.race(named: name, in: regatta, exactOnly: true, db)
            let races = try Self.races(of: regatta, db)
            let carriers = races.filter { $0.carriesCrewOf == race.name }.map(\.name)
            let sameBoat = races.first { $0.boat.id == race.boat.id && $0.id != race.id }
            let source = sameBoat ?? race.carriesCrewOf.flatMap { source in races.first { $0.name == source } }
            if let source {
                try db.execute(
                    sql: "UPDATE race SET carries_crew_of = ? WHERE carries_crew_of = ?",
                    arguments: [source.id, race.id])
            }
            try db.execute(sql: "DELETE FROM race WHERE id = ?", arguments: [race.id])
            return (race, carriers, carriers.isEmpty ? nil : source?.name)
        }
    }

    /// Sets the race's own crew rules; nil: the rules of its boat.
    public func setRules(_ rules: RulesPreset?, forRace name: String, of regattaName: String) throws(StoreError)
        -> RaceInfo
    {
        try write { db in
            let regatta = try Self.regatta(named: regattaName, db)
            let race = try Self.race(named: name, in: regatta, db)
            try db.execute(sql: "UPDATE race SET rules = ? WHERE id = ?", arguments: [rules?.rawValue, race.id])
            return try Self.race(named: name, in: regatta, db)
        }
    }

    /// The races, of every regatta, that the boat races in, by regatta date and time.
    public func races(ofBoat choice: BoatChoice) throws(StoreError) -> [BoatRace] {
        try read { db in try Self.boatRaces(try Self.resolveBoat(choice, db).id, db) }
    }

    // MARK: - Availability

    /// Sets the availability of each paddler named, all or none; returns the paddlers as named in the roster,
    /// each once. With `wholeNames`, the regatta and the paddlers are named whole (in any case), as the API
    /// names them.
    public func setAvailability(
        _ availability: Availability, of names: [String], at regattaName: String, wholeNames: Bool = false
    ) throws(StoreError) -> [Paddler] {
        try write { db in
            let regatta = try Self.regatta(named: regattaName, exactOnly: wholeNames, db)
            var paddlers: [Paddler] = []
            var namedAs: [PaddlerID: String] = [:]
            // A paddler named twice ("Mia" and "mia xu") is refused, as a file's second line for them is: the
            // names were likely meant for two paddlers.
            for name in names {
                let paddler = try Self.paddlerRow(named: name, exactOnly: wholeNames, db).paddler
                if let earlier = namedAs[paddler.id] {
                    throw StoreError.regatta(.paddlerNamedTwice(paddler.name, names: [earlier, name]))
                }
                namedAs[paddler.id] = name
                paddlers.append(paddler)
            }
            for paddler in paddlers { try Self.store(availability, of: paddler.id, regatta: regatta.id, db) }
            return paddlers
        }
    }

    /// Sets the availability of every paddler of a file, all or none; unknown names are refused by line.
    public func importAvailability(
        _ rows: [AvailabilityRow], at regattaName: String, fileProblems: [RosterImportIssue] = []
    ) throws(StoreError) -> AvailabilityReport {
        try write { db in
            let regatta = try Self.regatta(named: regattaName, db)
            var problems = fileProblems
            var found: [(Paddler, Availability)] = []
            var lineOf: [PaddlerID: Int] = [:]
            for row in rows {
                do {
                    let paddler = try Self.paddlerRow(inFileNamed: row.name, db).paddler
                    if let earlier = lineOf[paddler.id] {
                        problems.append(
                            RosterImportIssue(at: row.line, "\(paddler.name) is already on line \(earlier)"))
                    }
                    lineOf[paddler.id] = row.line
                    found.append((paddler, row.availability))
                } catch {
                    problems.append(RosterImportIssue(at: row.line, StoreError(error, path: "").description))
                }
            }
            guard problems.isEmpty else {
                throw StoreError.regatta(.fileRejected(problems.sorted { $0.line < $1.line }))
            }
            var report = AvailabilityReport()
            for (paddler, availability) in found {
                try Self.store(availability, of: paddler.id, regatta: regatta.id, db)
                report.set.append((paddler.name, availability))
            }
            return report
        }
    }

    /// The regattas for which the paddler named has availability set, by date.
    public func regattasWithAvailability(ofPaddler name: String) throws(StoreError) -> [String] {
        try read { db in
            let paddler = try Self.paddlerRow(named: name, exactOnly: true, db).paddler
            return try String.fetchAll(
                db,
                sql: """
                    SELECT regatta.name FROM availability JOIN regatta ON regatta.id = availability.regatta_id
                    WHERE availability.paddler_id = ? ORDER BY regatta.date, regatta.name_key
                    """, arguments: [paddler.id])
        }
    }

    // MARK: - The whole regatta

    /// The regatta with its races, their boats' lineups, the roster and the availability.
    /// With `wholeName`, only the regatta's whole name (in any case) names it, as the API's changes name it.
    public func regattaState(_ name: String, wholeName: Bool = false) throws(StoreError) -> RegattaState {
        try read { db in try Self.regattaState(name, exactOnly: wholeName, db) }
    }

    static func regattaState(_ name: String, exactOnly: Bool = false, _ db: Database) throws -> RegattaState {
        let info = try Self.regatta(named: name, exactOnly: exactOnly, db)
        let races = try Self.races(of: info, db)
        var boats: [Boat] = []
        for race in races where !boats.contains(where: { $0.id == race.boat.id }) { boats.append(race.boat) }
        let roster = try Self.loadRoster(db)
        var coreBoats: [Regatta.Boat] = []
        for boat in boats {
            coreBoats.append(
                Regatta.Boat(
                    name: boat.name, lineup: try Self.loadLineup(boat, db),
                    balanceModel: try Self.loadBalanceModel(boat.kind, db), wantedRoles: boat.wantedRoles))
        }
        let coreRaces = races.map { race in
            Regatta.Race(
                name: race.name, start: race.start, boat: boats.firstIndex { $0.id == race.boat.id } ?? 0,
                rules: CrewRules(race.rules, kind: race.boat.kind), carriesCrewOf: race.carriesCrewOf)
        }
        let (availability, answers) = try Self.answeredAvailability(
            atRegatta: info.id, raceNames: races.map(\.name), db)
        var regatta = Regatta(
            name: info.name, date: info.date, minimumGapMinutes: info.minimumGapMinutes, races: coreRaces,
            boats: coreBoats, roster: roster, availability: availability, answers: answers)
        regatta.elsewhere = try Self.racesElsewhere(than: info.id, on: info.date, db)
        regatta.boatsRacingElsewhere = try Self.boatsRacingElsewhere(boats.map(\.id), than: info, db)
        // The core sorts races by time then name, as `races(of:)` does, so the two lists match.
        return RegattaState(
            info: info, races: races, boats: boats, regatta: regatta, weightUnit: try Self.loadWeightUnit(db))
    }

    /// Who is seated (drum, rows, helm) in a race of another regatta than `regatta` on its day `date`, and in
    /// which races.
    static func racesElsewhere(than regatta: Int64, on date: String, _ db: some SQLRunner) throws
        -> [PaddlerID: [RaceElsewhere]]
    {
        var found: [PaddlerID: [RaceElsewhere]] = [:]
        let rows = try db.rows(
            """
            SELECT placement.paddler_id, other.name AS regatta, race.name AS race, race.start_minute,
            other.minimum_gap_minutes FROM regatta AS other
            JOIN race ON race.regatta_id = other.id
            JOIN placement ON placement.boat_id = race.boat_id AND placement.section != 'bench'
            WHERE other.date = ? AND other.id != ?
            ORDER BY other.name_key, race.start_minute, race.name_key, placement.paddler_id
            """, [.text(date), .integer(regatta)])
        for row in rows {
            found[row.integer("paddler_id"), default: []].append(
                RaceElsewhere(
                    regatta: row.text("regatta"), race: row.text("race"), start: start(row),
                    minimumGapMinutes: row.int("minimum_gap_minutes")))
        }
        return found
    }

    /// By index in `boats`, the races of other regattas that each of those boats races: of `regatta`'s day,
    /// or of a day not past yet (a boat's one lineup is every such race's crew; a past regatta's is history).
    static func boatsRacingElsewhere(_ boats: [Int64], than regatta: RegattaInfo, _ db: Database) throws
        -> [Int: [RaceElsewhere]]
    {
        var found: [Int: [RaceElsewhere]] = [:]
        let others = try Self.regattaInfos(
            db, sql: "WHERE id != ? AND (date = ? OR date >= date('now'))", arguments: [regatta.id, regatta.date])
        for other in others {
            for race in try Self.races(of: other, db) {
                guard let index = boats.firstIndex(of: race.boat.id) else { continue }
                found[index, default: []].append(
                    RaceElsewhere(
                        regatta: other.name, race: race.name, start: race.start,
                        minimumGapMinutes: other.minimumGapMinutes, day: other.date))
            }
        }
        return found
    }

    /// Writes several boats' new lineups in one transaction, each as one history record (one `undo` per boat
    /// takes its part back). Refused, changing nothing, when any boat no longer holds its `original`, or when
    /// `madeFrom` names a regatta whose `inputFingerprint` is no longer the one given (a plan's inputs
    /// changed while it was being made).
    public func applyLineups(
        _ changes: [(boat: BoatChoice, original: Lineup, target: Lineup, summary: String)],
        madeFrom: (regatta: String, fingerprint: UInt64)? = nil
    ) throws(StoreError) -> [ChangeOutcome] {
        try write { db in
            // Read again inside the write lock: nothing can change between this check and the commit.
            if let madeFrom,
                try Self.regattaState(madeFrom.regatta, db).regatta.inputFingerprint != madeFrom.fingerprint
            {
                throw StoreError.regatta(.planInputsChanged(regatta: madeFrom.regatta))
            }
            return try changes.map { change in
                let state = try Self.loadState(try Self.resolveBoat(change.boat, db), db)
                guard state.lineup == change.original else {
                    throw StoreError.changedMeanwhile(boat: state.boat.name)
                }
                let recorded = LineupChange(from: change.original, to: change.target, names: state.names)
                let lineup = try change.original.applying(recorded, names: state.names)
                guard lineup == change.target else {
                    throw StoreError.proposalNotReproduced(boat: state.boat.name)
                }
                return try Self.commit(recorded, summary: change.summary, from: state, to: lineup, db)
            }
        }
    }

    /// Writes the boats `plan` changed, each as one history record ("regatta plan "NAME": its races"), in one
    /// transaction: refused, changing nothing, when anything the plan was made from (`state`) changed since
    /// (`StoreError.regatta(.planInputsChanged)`) or a boat no longer holds the lineup it had then.
    public func applyRegattaPlan(_ plan: RegattaPlan, madeFrom state: RegattaState) throws(StoreError)
        -> [ChangeOutcome]
    {
        let changes = plan.changedBoats.map { index in
            let races = state.regatta.races(ofBoat: index).map { state.regatta.races[$0].name }
            return (
                boat: BoatChoice.wholeName(state.boats[index].name), original: state.regatta.boats[index].lineup,
                target: plan.regatta.boats[index].lineup,
                summary: "regatta plan \"\(state.info.name)\": " + races.joined(separator: ", ")
            )
        }
        return try applyLineups(changes, madeFrom: (state.info.name, state.regatta.inputFingerprint))
    }

    /// Each name's paddler id, or why there is none, with the store's usual name matching.
    /// With `inFile`, only whole names match (`paddlerRow(inFileNamed:)`).
    public func lookUpPaddlers(_ names: [String], inFile: Bool = false) throws(StoreError) -> [String: Result<
        PaddlerID, LineupError
    >] {
        try read { db in
            var result: [String: Result<PaddlerID, LineupError>] = [:]
            for name in names where result[name] == nil {
                do {
                    let row = try inFile ? Self.paddlerRow(inFileNamed: name, db) : Self.paddlerRow(named: name, db)
                    result[name] = .success(row.paddler.id)
                } catch let error as StoreError {
                    switch error {
                    case .lineup(let lineupError): result[name] = .failure(lineupError)
                    case .unknownPaddler(_, let suggestions):
                        result[name] = .failure(.paddlerNotFound(name, suggestions: suggestions))
                    default: result[name] = .failure(.paddlerNotFound(name))
                    }
                } catch let error as LineupError {
                    result[name] = .failure(error)
                }
            }
            return result
        }
    }

    // MARK: - Helpers

    /// Refuses to delete a boat that races (the schema refuses too), naming its races.
    static func refuseDeletingRacingBoat(_ boat: BoatRow, _ db: Database) throws {
        let races = try boatRaces(boat.id ?? 0, db)
        guard races.isEmpty else {
            throw StoreError.regatta(.boatRaces(boat: boat.name, races: races.map { "\($0.regatta): \($0.race)" }))
        }
    }

    static func boatRaces(_ boatID: Int64, _ db: some SQLRunner) throws -> [BoatRace] {
        try raceRows(ofBoat: boatID, db).map { row in
            BoatRace(regatta: row.text("regatta"), race: row.text("race"), start: start(row))
        }
    }

    /// The boat's entries in regattas, by regatta date: the races it races at each, and who is there when.
    /// One query for a boat that races in none, so every boat's state can carry them.
    static func regattaEntries(ofBoat boatID: Int64, _ db: some SQLRunner) throws -> [RegattaEntry] {
        var entries: [(id: Int64, entry: RegattaEntry)] = []
        for row in try raceRows(ofBoat: boatID, db) {
            let race = RegattaEntry.Race(
                name: row.text("race"), start: start(row),
                rules: row.optionalText("rules").flatMap(RulesPreset.init(rawValue:)))
            if let last = entries.indices.last, entries[last].id == row.integer("regatta_id") {
                entries[last].entry.races.append(race)
            } else {
                entries.append((row.integer("regatta_id"), RegattaEntry(regatta: row.text("regatta"), races: [race])))
            }
        }
        return try entries.map { id, entry in
            var entry = entry
            if let row = try db.row("SELECT date, minimum_gap_minutes FROM regatta WHERE id = ?", [.integer(id)]) {
                entry.date = row.text("date")
                entry.minimumGapMinutes = row.int("minimum_gap_minutes")
                entry.elsewhere = try racesElsewhere(than: id, on: entry.date, db)
            }
            let names = try db.rows("SELECT name FROM race WHERE regatta_id = ?", [.integer(id)]).map {
                $0.text("name")
            }
            (entry.availability, entry.answers) = try answeredAvailability(atRegatta: id, raceNames: names, db)
            return entry
        }
    }

    /// The races of every regatta that the boat races in, by regatta date and time.
    private static func raceRows(ofBoat boatID: Int64, _ db: some SQLRunner) throws -> [SQLRow] {
        try db.rows(
            """
            SELECT regatta.id AS regatta_id, regatta.name AS regatta, race.name AS race, race.start_minute,
            race.rules FROM race
            JOIN regatta ON regatta.id = race.regatta_id WHERE race.boat_id = ?
            ORDER BY regatta.date, regatta.name_key, race.start_minute, race.name_key
            """, [.integer(boatID)])
    }

    private static func start(_ row: SQLRow) -> TimeOfDay {
        TimeOfDay(minutes: row.int("start_minute")) ?? .midnight
    }

    static func store(_ availability: Availability, of paddler: PaddlerID, regatta: Int64, _ db: Database) throws {
        // The same availability again changes nothing, and so writes nothing (no change reaches the pages).
        let stored = try db.row(
            "SELECT absent, from_minute, until_minute FROM availability WHERE regatta_id = ? AND paddler_id = ?",
            [.integer(regatta), .integer(paddler)])
        guard (stored.map(Self.availability(of:)) ?? .allDay) != availability else { return }
        try db.execute(
            sql: "DELETE FROM availability WHERE regatta_id = ? AND paddler_id = ?", arguments: [regatta, paddler])
        let values: (Bool, Int?, Int?)
        switch availability {
        case .allDay: return
        case .absent: values = (true, nil, nil)
        case .window(let from, let until): values = (false, from?.minutes, until?.minutes)
        }
        try db.execute(
            sql:
                "INSERT INTO availability (regatta_id, paddler_id, absent, from_minute, until_minute) VALUES (?, ?, ?, ?, ?)",
            arguments: [regatta, paddler, values.0, values.1, values.2])
    }

    /// The availability set at a regatta, by paddler (those not listed are there all day).
    static func availability(atRegatta regattaID: Int64, _ db: some SQLRunner) throws -> [PaddlerID: Availability] {
        var availability: [PaddlerID: Availability] = [:]
        for row in try db.rows(
            "SELECT paddler_id, absent, from_minute, until_minute FROM availability WHERE regatta_id = ?",
            [.integer(regattaID)])
        {
            availability[row.integer("paddler_id")] = Self.availability(of: row)
        }
        return availability
    }

    /// The availability an `availability` row (`absent`, `from_minute`, `until_minute`) stores.
    private static func availability(of row: SQLRow) -> Availability {
        let from = row.optionalInteger("from_minute").flatMap { TimeOfDay(minutes: Int($0)) }
        let until = row.optionalInteger("until_minute").flatMap { TimeOfDay(minutes: Int($0)) }
        return row.bool("absent") ? .absent : from == nil && until == nil ? .allDay : .window(from: from, until: until)
    }

    static func regattaInfos(_ db: Database, sql filter: String, arguments: StatementArguments) throws -> [RegattaInfo]
    {
        try Row.fetchAll(
            db,
            sql: """
                SELECT regatta.*, (SELECT count(*) FROM race WHERE race.regatta_id = regatta.id) AS race_count
                FROM regatta \(filter) ORDER BY date, name_key
                """, arguments: arguments
        ).map { row in
            RegattaInfo(
                id: row["id"], name: row["name"], date: row["date"], minimumGapMinutes: row["minimum_gap_minutes"],
                raceCount: row["race_count"])
        }
    }

    static func regattaRow(key: String, _ db: Database) throws -> RegattaInfo? {
        try regattaInfos(db, sql: "WHERE name_key = ?", arguments: [key]).first
    }

    /// The regatta `name` names: the whole name in any case or spelling, else a unique word or start of one
    /// ("spring" for "Spring Cup"), as `NameMatcher` finds names; only the whole name with `exactOnly`.
    static func regatta(named name: String, exactOnly: Bool = false, _ db: Database) throws -> RegattaInfo {
        if let info = try regattaRow(key: PaddlerRules.nameKey(name), db) { return info }
        let all = try regattaInfos(db, sql: "", arguments: [])
        switch NameMatcher(all.map { (id: $0.id, name: $0.name) }).match(name, exactOnly: exactOnly) {
        case .found(let id, _, _):
            if let info = all.first(where: { $0.id == id }) { return info }
            throw StoreError.regatta(.unknownRegatta(name, available: all.map(\.name)))
        case .ambiguous(let candidates):
            throw LineupError.ambiguousName(name, owner: .regatta, candidates: candidates)
        case .partOfNames(let candidates):
            throw LineupError.wholeNameNeeded(name, owner: .regatta, candidates: candidates)
        case .notFound(let suggestions):
            throw StoreError.regatta(.unknownRegatta(name, available: all.map(\.name), suggestions: suggestions))
        }
    }

    static func races(of regatta: RegattaInfo, _ db: Database) throws -> [RaceInfo] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT race.id AS race_id, race.name AS race_name, race.start_minute, race.rules AS race_rules,
                    (SELECT source.name FROM race AS source WHERE source.id = race.carries_crew_of) AS carried_name,
                    boat.*
                FROM race JOIN boat ON boat.id = race.boat_id WHERE race.regatta_id = ?
                """, arguments: [regatta.id]
        ).map { row in
            RaceInfo(
                id: row["race_id"], name: row["race_name"], regatta: regatta.name,
                start: TimeOfDay(minutes: row["start_minute"]) ?? .midnight,
                boat: try BoatRow(row: row).boat,
                ownRules: (row["race_rules"] as String?).flatMap(RulesPreset.init(rawValue:)),
                carriesCrewOf: row["carried_name"])
        }.sorted { ($0.start, $0.name) < ($1.start, $1.name) }
    }

    /// The race of `regatta` that `name` names, matched as `regatta(named:)` matches regattas.
    static func race(named name: String, in regatta: RegattaInfo, exactOnly: Bool = false, _ db: Database) throws
        -> RaceInfo
    {
        let races = try races(of: regatta, db)
        if let race = races.first(where: { PaddlerRules.nameKey($0.name) == PaddlerRules.nameKey(name) }) {
            return race
        }
        switch NameMatcher(races.map { (id: $0.id, name: $0.name) }).match(name, exactOnly: exactOnly) {
        case .found(let id, _, _):
            if let race = races.first(where: { $0.id == id }) { return race }
            throw StoreError.regatta(.unknownRace(name, regatta: regatta.name, available: races.map(\.name)))
        case .ambiguous(let candidates):
            throw LineupError.ambiguousName(name, owner: .race, candidates: candidates)
        case .partOfNames(let candidates):
            throw LineupError.wholeNameNeeded(name, owner: .race, candidates: candidates)
        case .notFound(let suggestions):
            throw StoreError.regatta(
                .unknownRace(name, regatta: regatta.name, available: races.map(\.name), suggestions: suggestions))
        }
    }

    static func freeBoatName(_ raw: String, _ db: Database) throws -> String {
        let name = try validBoatName(raw)
        guard try BoatRow.withKey(PaddlerRules.nameKey(name), db) == nil else {
            throw StoreError.regatta(.boatNameTaken(name))
        }
        return name
    }

    /// Copies a boat's kind, rules, lineup, locks and seat roles (the rows wanted for each role) into a new
    /// boat named `name`, with no history: `boat copy` and a race added with `--copy-from` alike.
    static func copyBoatRow(_ source: BoatRow, to name: String, _ db: Database) throws -> BoatRow {
        var row = BoatRow(
            name: name, kind: BoatKind(rawValue: source.kind) ?? .standard,
            rules: RulesPreset(rawValue: source.rules) ?? .open, createdAt: Date())
        (row.strokeRows, row.engineRows, row.rearRows) = (source.strokeRows, source.engineRows, source.rearRows)
        try row.insert(db)
        try db.execute(sql: "DELETE FROM placement WHERE boat_id = ?", arguments: [row.id])
        try db.execute(
            sql: """
                INSERT INTO placement (boat_id, paddler_id, section, position)
                SELECT ?, paddler_id, section, position FROM placement WHERE boat_id = ?
                """, arguments: [row.id, source.id])
        try db.execute(
            sql:
                "INSERT INTO seat_lock (boat_id, section, position) SELECT ?, section, position FROM seat_lock WHERE boat_id = ?",
            arguments: [row.id, source.id])
        return row
    }

    /// A regatta's or race's name as stored, by the rules every name follows (NFC, trimmed, no control or
    /// direction characters, at most 100 characters).
    static func validRegattaName(_ raw: String, of owner: PaddlerRules.NameOwner = .regatta) throws(StoreError)
        -> String
    {
        do {
            return try PaddlerRules.validatedName(raw, of: owner)
        } catch {
            throw .lineup(error)
        }
    }

    static func checkGap(_ minutes: Int) throws(StoreError) {
        guard (0...720).contains(minutes) else { throw .regatta(.invalidGap(minutes)) }
    }
}

extension TimeOfDay {
    /// 00:00, for a stored minute the schema keeps in range anyway.
    fileprivate static var midnight: TimeOfDay {
        guard let time = TimeOfDay(minutes: 0) else { preconditionFailure("midnight is a time of day") }
        return time
    }
}
