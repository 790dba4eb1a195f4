import Foundation
import GRDB
import LineupCore

/// A paddler's answer to store: for the regatta, or one race of it.
public struct AnswerDraft: Hashable, Sendable {
    /// The race's name; nil for the whole regatta.
    public var race: String?
    public var choice: AnswerChoice
    public var from: TimeOfDay?
    public var until: TimeOfDay?
    public var comment: String

    public init(
        race: String? = nil, choice: AnswerChoice, from: TimeOfDay? = nil, until: TimeOfDay? = nil,
        comment: String = ""
    ) {
        self.race = race
        self.choice = choice
        self.from = from
        self.until = until
        self.comment = comment
    }
}

extension LineupDatabase {
    // MARK: - Personal links

    /// Makes a personal link for each paddler named (every active paddler when `names` is empty), to one
    /// regatta or to all, ending after `expiresOn` when given; all or none. Each token is returned once.
    public func invitePaddlers(
        _ names: [String], regatta: String?, expiresOn: RegattaDay?
    ) throws(StoreError) -> [IssuedPaddlerLink] {
        try write { db in
            let regattaInfo = try regatta.map { try Self.regatta(named: $0, db) }
            var paddlers: [Paddler] = []
            if names.isEmpty {
                paddlers = try PaddlerRow.all(db).map(\.paddler).filter(\.isActive)
            } else {
                for name in names {
                    let paddler = try Self.paddlerRow(named: name, db).paddler
                    if !paddlers.contains(where: { $0.id == paddler.id }) { paddlers.append(paddler) }
                }
            }
            let now = Date()
            return try paddlers.map { paddler in
                let token = SecretToken.make()
                try db.execute(
                    sql: """
                        INSERT INTO paddler_link (paddler_id, regatta_id, token_digest, expires_on, created_at)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        paddler.id, regattaInfo?.id, SecretToken.digest(token), expiresOn?.description,
                        Timestamp.text(from: now),
                    ])
                return IssuedPaddlerLink(
                    link: PaddlerLink(
                        id: db.lastInsertedRowID, paddler: paddler.id, paddlerName: paddler.name,
                        regatta: regattaInfo?.name, expiresOn: expiresOn, createdAt: now),
                    token: token)
            }
        }
    }

    /// The personal links of the paddlers named (of everyone when `names` is empty), by paddler then age.
    public func paddlerLinks(of names: [String]) throws(StoreError) -> [PaddlerLink] {
        try read { db in
            let ids = try names.map { try Self.paddlerRow(named: $0, db).paddler.id }
            return try Self.paddlerLinks(db).filter { ids.isEmpty || ids.contains($0.paddler) }
        }
    }

    /// Revokes the personal links of the paddlers named in full (of everyone with `names` empty): whoever holds
    /// them can no longer open them. Returns the links revoked.
    @discardableResult
    public func revokePaddlerLinks(of names: [String]) throws(StoreError) -> [PaddlerLink] {
        try write { db in
            let ids = try names.map { try Self.paddlerRow(named: $0, exactOnly: true, db).paddler.id }
            let links = try Self.paddlerLinks(db).filter { ids.isEmpty || ids.contains($0.paddler) }
            for link in links { try db.execute(sql: "DELETE FROM paddler_link WHERE id = ?", arguments: [link.id]) }
            return links
        }
    }

    /// Revokes the personal links numbered `ids` (those made by a command that could not show them).
    public func revokePaddlerLinks(ids: [Int64]) throws(StoreError) {
        try write { db in
            for id in ids { try db.execute(sql: "DELETE FROM paddler_link WHERE id = ?", arguments: [id]) }
        }
    }

    /// The link recorded under `tokenDigest` if it opens on `today`; nil when there is none (never made, or
    /// revoked) or it has expired.
    public func paddlerLink(tokenDigest: String, today: RegattaDay) throws(StoreError) -> PaddlerLink? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT id FROM paddler_link WHERE token_digest = ?", arguments: [tokenDigest]),
                let link = try Self.paddlerLinks(db, id: row["id"]).first, !link.hasExpired(on: today)
            else { return nil }
            return link
        }
    }

    private static func paddlerLinks(_ db: Database, id: Int64? = nil) throws -> [PaddlerLink] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT paddler_link.id, paddler_link.paddler_id, paddler.name AS paddler_name,
                regatta.name AS regatta_name, expires_on, paddler_link.created_at
                FROM paddler_link JOIN paddler ON paddler.id = paddler_link.paddler_id
                LEFT JOIN regatta ON regatta.id = paddler_link.regatta_id
                WHERE ? IS NULL OR paddler_link.id = ?
                ORDER BY paddler.name_key, paddler_link.id
                """, arguments: [id, id]
        ).map { row in
            PaddlerLink(
                id: row["id"], paddler: row["paddler_id"], paddlerName: row["paddler_name"],
                regatta: row["regatta_name"],
                expiresOn: (row["expires_on"] as String?).flatMap { try? RegattaDay(parsing: $0) },
                createdAt: Timestamp.date(from: row["created_at"]) ?? Date(timeIntervalSince1970: 0))
        }
    }

    // MARK: - Answers

    /// Stores the answer of paddler `paddler` for regatta `regattaName` (named whole), replacing their earlier
    /// one for the same regatta or race. A paddler's own answer is refused once the coach closed the answers,
    /// and for a race the coach answered for them (the coach's word wins).
    @discardableResult
    public func storeAnswer(
        _ draft: AnswerDraft, of paddler: PaddlerID, at regattaName: String, by source: AnswerSource
    ) throws(StoreError) -> PaddlerAnswer {
        let comment: String
        do {
            try PaddlerAnswer.validatedTimes(
                choice: draft.choice, race: draft.race, from: draft.from, until: draft.until)
            comment = try PaddlerAnswer.validatedComment(draft.comment)
        } catch {
            throw .lineup(error)
        }
        return try write { db in
            let regatta = try Self.regatta(named: regattaName, exactOnly: true, db)
            if source == .paddler, try Self.answersClosed(regatta.id, db) {
                throw StoreError.regatta(.answersClosed(regatta: regatta.name))
            }
            let now = Date()
            var answer = PaddlerAnswer(
                paddler: paddler, choice: draft.choice, from: draft.from, until: draft.until, comment: comment,
                givenBy: source, givenAt: now)
            if let raceName = draft.race {
                let race = try Self.race(named: raceName, in: regatta, exactOnly: true, db)
                answer.race = race.name
                if source == .paddler,
                    try String.fetchOne(
                        db, sql: "SELECT given_by FROM race_answer WHERE race_id = ? AND paddler_id = ?",
                        arguments: [race.id, paddler]) == AnswerSource.coach.rawValue
                {
                    throw StoreError.regatta(.answerSetByCoach(race: race.name))
                }
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO race_answer (race_id, paddler_id, choice, comment, given_by, given_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        race.id, paddler, draft.choice.rawValue, comment, source.rawValue, Timestamp.text(from: now),
                    ])
            } else {
                if source == .paddler,
                    try String.fetchOne(
                        db, sql: "SELECT given_by FROM regatta_answer WHERE regatta_id = ? AND paddler_id = ?",
                        arguments: [regatta.id, paddler]) == AnswerSource.coach.rawValue
                {
                    throw StoreError.regatta(.answerSetByCoach(race: nil))
                }
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO regatta_answer (regatta_id, paddler_id, choice, from_minute,
                        until_minute, comment, given_by, given_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        regatta.id, paddler, draft.choice.rawValue, draft.from?.minutes, draft.until?.minutes,
                        comment, source.rawValue, Timestamp.text(from: now),
                    ])
            }
            return answer
        }
    }

    /// Takes back the coach's answer for the paddler named, for one race or (with `race` nil) the whole regatta,
    /// so that the paddler may answer for themselves again; returns whether there was one.
    @discardableResult
    public func clearCoachAnswer(of paddlerName: String, race raceName: String?, at regattaName: String)
        throws(StoreError) -> Bool
    {
        try write { db in
            let regatta = try Self.regatta(named: regattaName, db)
            let paddler = try Self.paddlerRow(named: paddlerName, db).paddler
            if let raceName {
                let race = try Self.race(named: raceName, in: regatta, db)
                try db.execute(
                    sql: "DELETE FROM race_answer WHERE race_id = ? AND paddler_id = ? AND given_by = 'coach'",
                    arguments: [race.id, paddler.id])
            } else {
                try db.execute(
                    sql: "DELETE FROM regatta_answer WHERE regatta_id = ? AND paddler_id = ? AND given_by = 'coach'",
                    arguments: [regatta.id, paddler.id])
            }
            return db.changesCount > 0
        }
    }

    /// Opens or closes the answers of a regatta; returns the regatta.
    @discardableResult
    public func setAnswersClosed(_ closed: Bool, at regattaName: String) throws(StoreError) -> RegattaInfo {
        try write { db in
            let regatta = try Self.regatta(named: regattaName, db)
            try db.execute(
                sql: "UPDATE regatta SET answers_closed = ? WHERE id = ?", arguments: [closed, regatta.id])
            return regatta
        }
    }

    /// The regatta's answers as the coach reads them. With `markSeen`, this reading becomes the coach's last look:
    /// the next one calls new only what arrives after it.
    public func answerSheet(of regattaName: String, markSeen: Bool) throws(StoreError) -> AnswerSheet {
        let body = { (db: Database) throws -> AnswerSheet in
            let state = try Self.regattaState(regattaName, db)
            let row = try Row.fetchOne(
                db, sql: "SELECT answers_closed, answers_seen_at FROM regatta WHERE id = ?",
                arguments: [state.info.id])
            let lastSeen = (row?["answers_seen_at"] as String?).flatMap(Timestamp.date(from:))
            let sheet = AnswerSheet.make(
                regatta: state.info, day: state.regatta, answers: try Self.storedAnswers(state.info.id, db),
                coachEntries: try Self.availability(atRegatta: state.info.id, db),
                isClosed: (row?["answers_closed"] as Bool?) ?? false, lastSeen: lastSeen)
            if markSeen {
                try db.execute(
                    sql: "UPDATE regatta SET answers_seen_at = ? WHERE id = ?",
                    arguments: [Timestamp.text(from: Date()), state.info.id])
            }
            return sheet
        }
        return markSeen ? try write(body) : try read(body)
    }

    static func answersClosed(_ regattaID: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT answers_closed FROM regatta WHERE id = ?", arguments: [regattaID]) ?? false
    }

    /// Every stored answer of the regatta: for the whole regatta and for each race. Without `readingWhen`, every
    /// `givenAt` is left at 1970 rather than read from its text (planning needs no times, and reading them is a
    /// measurable share of a paddler's request).
    static func storedAnswers(_ regattaID: Int64, readingWhen: Bool = true, _ db: some SQLRunner) throws
        -> [PaddlerAnswer]
    {
        func answer(_ row: SQLRow, race: String?) -> PaddlerAnswer {
            PaddlerAnswer(
                paddler: row.integer("paddler_id"), race: race,
                choice: AnswerChoice(rawValue: row.text("choice")) ?? .maybe,
                from: row.optionalInteger("from_minute").flatMap { TimeOfDay(minutes: Int($0)) },
                until: row.optionalInteger("until_minute").flatMap { TimeOfDay(minutes: Int($0)) },
                comment: row.text("comment"), givenBy: AnswerSource(rawValue: row.text("given_by")) ?? .paddler,
                givenAt: readingWhen
                    ? Timestamp.date(from: row.text("given_at")) ?? Date(timeIntervalSince1970: 0)
                    : Date(timeIntervalSince1970: 0))
        }
        let whole = try db.rows("SELECT * FROM regatta_answer WHERE regatta_id = ?", [.integer(regattaID)]).map {
            answer($0, race: nil)
        }
        let races = try db.rows(
            """
            SELECT race_answer.*, NULL AS from_minute, NULL AS until_minute, race.name AS race_name
            FROM race_answer JOIN race ON race.id = race_answer.race_id WHERE race.regatta_id = ?
            """, [.integer(regattaID)]
        ).map { answer($0, race: $0.text("race_name")) }
        return whole + races
    }

    /// What the answers add to the coach's availability at a regatta: the availability to plan with (the
    /// coach's entry, else the paddler's answer) and the races each paddler is out of or maybe for.
    static func answeredAvailability(
        atRegatta regattaID: Int64, raceNames: [String], _ db: some SQLRunner
    ) throws -> (availability: [PaddlerID: Availability], answers: RegattaAnswers) {
        var availability = try availability(atRegatta: regattaID, db)
        let coachSet = Set(availability.keys)
        var answers = RegattaAnswers(answered: coachSet)
        let stored = try storedAnswers(regattaID, readingWhen: false, db)
        let wholeMaybe = Set(stored.filter { $0.race == nil && $0.choice == .maybe }.map(\.paddler))
        for answer in stored {
            answers.answered.insert(answer.paddler)
            if let race = answer.race {
                switch answer.choice {
                case .out: answers.raceOuts[answer.paddler, default: [:]][race] = answer.givenBy
                case .maybe: answers.maybes[answer.paddler, default: []].insert(race)
                case .in: break
                }
                continue
            }
            guard !coachSet.contains(answer.paddler) else { continue }
            switch answer.choice {
            case .out:
                availability[answer.paddler] = .absent
                if answer.givenBy == .paddler { answers.answeredByPaddler.insert(answer.paddler) }
            case .in, .maybe:
                if answer.from != nil || answer.until != nil {
                    availability[answer.paddler] = .window(from: answer.from, until: answer.until)
                    if answer.givenBy == .paddler { answers.answeredByPaddler.insert(answer.paddler) }
                }
            }
        }
        // A maybe for the whole regatta covers every race the paddler did not answer "in" for by itself; the
        // coach's entry for the day overrides it.
        for paddler in wholeMaybe where !coachSet.contains(paddler) {
            let answeredIn = Set(
                stored.filter { $0.paddler == paddler && $0.race != nil && $0.choice == .in }
                    .compactMap(\.race))
            answers.maybes[paddler, default: []].formUnion(raceNames.filter { !answeredIn.contains($0) })
        }
        return (availability, answers)
    }
}

extension LineupDatabase {
    /// The regattas the paddler of `link` may answer for on `today` (the one it opens, or every regatta from
    /// today on), each with its races' names: what an answer is checked against, without the crews.
    public func answerableRegattas(for link: PaddlerLink, today: RegattaDay) throws(StoreError) -> [(
        name: String, races: [String]
    )] {
        try read { db in
            let infos =
                try link.regatta.map { [try Self.regatta(named: $0, exactOnly: true, db)] }
                ?? Self.regattaInfos(db, sql: "WHERE date >= ?", arguments: [today.description])
            return try infos.map { info in
                (
                    info.name,
                    try String.fetchAll(db, sql: "SELECT name FROM race WHERE regatta_id = ?", arguments: [info.id])
                )
            }
        }
    }

    /// What the paddler of `link` sees on `today`: the regatta the link opens, or every regatta from today on.
    public func paddlerDay(for link: PaddlerLink, today: RegattaDay) throws(StoreError) -> PaddlerDay {
        try read { db in
            guard
                let paddler = try PaddlerRow.fetchOne(
                    db, sql: "SELECT * FROM paddler WHERE id = ?", arguments: [link.paddler])?.paddler
            else { throw StoreError.unknownPaddler(link.paddlerName) }
            let infos =
                try link.regatta.map { [try Self.regatta(named: $0, exactOnly: true, db)] }
                ?? Self.regattaInfos(db, sql: "WHERE date >= ?", arguments: [today.description])
            var regattas: [(info: RegattaInfo, day: Regatta, isClosed: Bool)] = []
            var answers: [Int64: [PaddlerAnswer]] = [:]
            var entries: [Int64: Availability] = [:]
            for info in infos {
                let state = try Self.regattaState(info.name, exactOnly: true, db)
                regattas.append((info, state.regatta, try Self.answersClosed(info.id, db)))
                answers[info.id] = try Self.storedAnswers(info.id, db).filter { $0.paddler == paddler.id }
                entries[info.id] = try Self.availability(atRegatta: info.id, db)[paddler.id]
            }
            return PaddlerDay.make(paddler: paddler, regattas: regattas, answers: answers, coachEntries: entries)
        }
    }
}

extension LineupDatabase {
    /// `storeAnswer(_:of:at:by:)` for the paddler `name` names (as the command line names paddlers); returns the
    /// answer and the paddler's name as the roster has it.
    @discardableResult
    public func storeAnswer(
        _ draft: AnswerDraft, ofPaddlerNamed name: String, at regattaName: String, by source: AnswerSource
    ) throws(StoreError) -> (answer: PaddlerAnswer, name: String) {
        let paddler = try read { db in try Self.paddlerRow(named: name, db).paddler }
        return (try storeAnswer(draft, of: paddler.id, at: regattaName, by: source), paddler.name)
    }
}
