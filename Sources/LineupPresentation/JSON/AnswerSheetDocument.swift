import Foundation
import LineupCore

/// `regatta answers --json` and `GET /api/regattas/{regatta}/answers`: the paddlers' answers as the coach reads
/// them. Per race how many are in, maybe, out and have not answered; per paddler their answer for the day, the
/// coach's entry (which wins), their answers for single races, an injury, and whether anything of theirs is new
/// since the coach last looked. Times are `HH:MM`, days `YYYY-MM-DD`, moments ISO 8601 UTC; what is not there
/// is `null`, never a missing key.
public struct AnswerSheetDocument: Codable, Hashable, Sendable {
    /// One race: its start and its counts.
    public struct Race: Codable, Hashable, Sendable {
        public let name: String
        /// `HH:MM`.
        public let start: String
        public let `in`: Int
        public let maybe: Int
        public let out: Int
        public let notAnswered: Int

        enum CodingKeys: String, CodingKey {
            case name, start, `in`, maybe, out, notAnswered
        }

        init(_ count: AnswerSheet.RaceCount) {
            name = count.race
            start = count.start.description
            self.in = count.inCount
            maybe = count.maybeCount
            out = count.outCount
            notAnswered = count.notAnswered
        }
    }

    /// A paddler's answer for the whole regatta.
    public struct Answer: Codable, Hashable, Sendable {
        /// `in`, `maybe` or `out`.
        public let choice: String
        /// When they arrive, `HH:MM`; nil for the start of the day.
        public let from: String?
        /// When they leave, `HH:MM`; nil for the end of the day.
        public let until: String?
        public let comment: String
        /// `paddler` or `coach`.
        public let givenBy: String
        /// ISO 8601 UTC.
        public let givenAt: String

        enum CodingKeys: String, CodingKey {
            case choice, from, until, comment, givenBy, givenAt
        }

        init(_ answer: PaddlerAnswer) {
            choice = answer.choice.rawValue
            from = answer.from?.description
            until = answer.until?.description
            comment = answer.comment
            givenBy = answer.givenBy.rawValue
            givenAt = DateText.iso8601(answer.givenAt)
        }

        // Spelled out so that an absent time is `null`, never a missing key.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(choice, forKey: .choice)
            try container.encode(from, forKey: .from)
            try container.encode(until, forKey: .until)
            try container.encode(comment, forKey: .comment)
            try container.encode(givenBy, forKey: .givenBy)
            try container.encode(givenAt, forKey: .givenAt)
        }
    }

    /// A paddler's answer for one race.
    public struct RaceAnswer: Codable, Hashable, Sendable {
        public let race: String
        /// `in`, `maybe` or `out`.
        public let choice: String
        public let comment: String
        /// `paddler` or `coach`.
        public let givenBy: String
        /// ISO 8601 UTC.
        public let givenAt: String

        init(_ answer: PaddlerAnswer) {
            race = answer.race ?? ""
            choice = answer.choice.rawValue
            comment = answer.comment
            givenBy = answer.givenBy.rawValue
            givenAt = DateText.iso8601(answer.givenAt)
        }
    }

    /// One paddler's line.
    public struct Paddler: Codable, Hashable, Sendable {
        public let name: String
        /// True when an answer of theirs arrived after the coach's last look.
        public let isNew: Bool
        /// Their answer for the whole regatta; nil when they gave none.
        public let answer: Answer?
        /// The coach's entry (`regatta attend`: `absent`, `from 10:00`, `10:00 to 14:00`…), which wins over their
        /// answer; nil when there is none.
        public let coachEntry: String?
        /// Their answers for single races, by race time.
        public let races: [RaceAnswer]
        /// Injured up to and including this day (`YYYY-MM-DD`); nil when not injured on the regatta's day.
        public let injuredUntil: String?

        enum CodingKeys: String, CodingKey {
            case name, isNew = "new", answer, coachEntry, races, injuredUntil
        }

        init(_ line: AnswerSheet.Line) {
            name = line.name
            isNew = line.isNew
            answer = line.answer.map(Answer.init)
            coachEntry = line.coachEntry?.description
            races = line.raceAnswers.map(RaceAnswer.init)
            injuredUntil = line.injuredUntil?.description
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(isNew, forKey: .isNew)
            try container.encode(answer, forKey: .answer)
            try container.encode(coachEntry, forKey: .coachEntry)
            try container.encode(races, forKey: .races)
            try container.encode(injuredUntil, forKey: .injuredUntil)
        }
    }

    public let regatta: String
    /// `YYYY-MM-DD`.
    public let date: String
    /// True when the coach closed the answers: paddlers read theirs and change nothing.
    public let closed: Bool
    /// When the coach last looked before this reading, ISO 8601 UTC; nil the first time.
    public let lastSeen: String?
    /// Those who have not answered, by name.
    public let notAnswered: [String]
    public let races: [Race]
    public let paddlers: [Paddler]

    enum CodingKeys: String, CodingKey {
        case regatta, date, closed, lastSeen, notAnswered, races, paddlers
    }

    /// The document of `sheet`.
    public init(_ sheet: AnswerSheet) {
        regatta = sheet.regatta.name
        date = sheet.regatta.date
        closed = sheet.isClosed
        lastSeen = sheet.lastSeen.map(DateText.iso8601)
        notAnswered = sheet.notAnswered
        races = sheet.races.map(Race.init)
        paddlers = sheet.lines.map(Paddler.init)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(regatta, forKey: .regatta)
        try container.encode(date, forKey: .date)
        try container.encode(closed, forKey: .closed)
        try container.encode(lastSeen, forKey: .lastSeen)
        try container.encode(notAnswered, forKey: .notAnswered)
        try container.encode(races, forKey: .races)
        try container.encode(paddlers, forKey: .paddlers)
    }
}
