import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// The paddlers' answers as the coach reads and keeps them (`regatta answers`): the sheet of a regatta, the
/// coach's last look at it, closing and opening the answers, and an answer the coach enters for a paddler. All
/// of it is the coach's alone, reads included: answers carry the paddlers' comments, which viewers do not see.
/// Changes name the regatta, the paddler and the race whole (in any case).
extension LineupServer {
    func addAnswerRoutes(to router: Routes) {
        // `regatta answers REGATTA --json`: read, not marked seen (the page marks it when the coach says so).
        router.get("api/regattas/:regatta/answers") { _, context in
            try context.requireCoach()
            let name = try context.regattaName()
            let sheet = try await read { db throws(StoreError) in try db.answerSheet(of: name, markSeen: false) }
            return JSONBody.response(AnswerSheetDocument(sheet))
        }
        // The coach has read the sheet: the next reading calls new only what arrives after now. The answer is the
        // sheet as it was read, new marks and all.
        router.post("api/regattas/:regatta/answers/seen") { _, context in
            try context.requireCoach()
            let name = try context.regattaName()
            let sheet = try await write { db throws(StoreError) in
                let whole = try db.regattaState(name, wholeName: true).info.name
                return try db.answerSheet(of: whole, markSeen: true)
            }
            return JSONBody.response(AnswerSheetDocument(sheet))
        }
        // `{"closed": true}`: paddlers read their answers and change nothing (false: they may answer again).
        router.put("api/regattas/:regatta/answers/closed") { request, context in
            try context.requireCoach()
            let name = try context.regattaName()
            let body = try await JSONBody.decode(AnswersClosedBody.self, from: request, context: context)
            let sheet = try await write { db throws(StoreError) in
                let whole = try db.regattaState(name, wholeName: true).info.name
                try db.setAnswersClosed(body.closed, at: whole)
                return try db.answerSheet(of: whole, markSeen: false)
            }
            return JSONBody.response(
                AnswerChangeDocument(
                    message: CoachAnswerWords.closed(body.closed, regatta: sheet.regatta.name),
                    answers: AnswerSheetDocument(sheet)))
        }
        // The coach's answer for a paddler, for the regatta or one race: stored as the coach's word, which a
        // paddler's own answer for that race no longer replaces. Allowed when the answers are closed.
        router.put("api/regattas/:regatta/answers/:paddler") { request, context in
            try context.requireCoach()
            let name = try context.regattaName()
            let paddlerName = try context.paddlerName()
            let body = try await JSONBody.decode(CoachAnswerBody.self, from: request, context: context)
            let draft = try body.draft()
            let (answer, paddler, sheet) = try await write { db throws(StoreError) in
                let paddler = try Self.paddler(wholeNamed: paddlerName, in: db)
                let answer = try db.storeAnswer(draft, of: paddler.id, at: name, by: .coach)
                return (answer, paddler, try db.answerSheet(of: name, markSeen: false))
            }
            return JSONBody.response(
                AnswerChangeDocument(
                    message: CoachAnswerWords.entered(answer, paddler: paddler.name, regatta: sheet.regatta.name),
                    answers: AnswerSheetDocument(sheet)))
        }
    }

    /// The paddler of that whole name (in any case): a part of a name is no paddler here.
    static func paddler(wholeNamed name: String, in db: LineupDatabase) throws(StoreError) -> Paddler {
        switch try db.lookUpPaddlers([name], inFile: true)[name] {
        case .success(let id)?:
            guard let paddler = try db.roster().first(where: { $0.id == id }) else {
                throw .unknownPaddler(name)
            }
            return paddler
        case .failure(let error)?: throw .lineup(error)
        case nil: throw .unknownPaddler(name)
        }
    }
}

/// `{"closed": true}`.
struct AnswersClosedBody: Decodable, Sendable {
    let closed: Bool
}

/// `{"race": null, "choice": "maybe", "from": "10:00", "until": null, "comment": "drums if needed"}`: the
/// coach's answer for a paddler; `race` null (or absent) for the whole regatta, times only for that.
struct CoachAnswerBody: Decodable, Sendable {
    let race: String?
    let choice: String
    let from: String?
    let until: String?
    let comment: String?

    func draft() throws -> AnswerDraft {
        guard let parsed = AnswerChoice(rawValue: choice) else {
            throw APIError.badInput("choice must be in, maybe or out, not '\(choice.prefix(40))'")
        }
        if let race, race.isEmpty { throw APIError.badInput("race must name a race, or be null for the whole day") }
        func time(_ text: String?, _ key: String) throws -> TimeOfDay? {
            guard let text else { return nil }
            do throws(LineupError) {
                return try TimeOfDay(parsing: text)
            } catch {
                throw APIError.badInput("\(key): \(error.description)")
            }
        }
        return AnswerDraft(
            race: race, choice: parsed, from: try time(from, "from"), until: try time(until, "until"),
            comment: comment ?? "")
    }
}

/// What a change to the answers answered: the sentence, and the sheet after it.
struct AnswerChangeDocument: Encodable {
    let message: String
    let answers: AnswerSheetDocument
}
