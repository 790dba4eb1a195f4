import Foundation
import LineupCore

/// `GET /api/p/{token}`: what a paddler reads through their own link. Their regattas, their answers, and each
/// race with its boat, their seat, the crew's first names and why they do not race it; nobody's weight, notes,
/// answers or links, and nobody else's full name.
public struct PaddlerDayDocument: Codable, Sendable, Equatable {
    /// An answer as the paddler gave it (or the coach entered it for them).
    public struct Answer: Codable, Sendable, Equatable {
        /// `in`, `maybe` or `out`.
        public let choice: String
        /// `HH:MM` when they arrive; nil for the start of the day (and always for a race).
        public let from: String?
        /// `HH:MM` when they leave; nil for the end of the day (and always for a race).
        public let until: String?
        /// Their own comment; always empty for an answer the coach entered (the coach's note is the coach's).
        public let comment: String
        /// `paddler` or `coach`.
        public let givenBy: String
        /// When, ISO 8601 UTC.
        public let givenAt: String

        public init(_ answer: PaddlerAnswer) {
            choice = answer.choice.rawValue
            from = answer.from?.description
            until = answer.until?.description
            comment = answer.givenBy == .coach ? "" : answer.comment
            givenBy = answer.givenBy.rawValue
            givenAt = DateText.iso8601(answer.givenAt)
        }

        enum CodingKeys: String, CodingKey {
            case choice, from, until, comment, givenBy, givenAt
        }

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

    /// One race of a regatta as the paddler sees it.
    public struct Race: Codable, Sendable, Equatable {
        public let name: String
        /// `HH:MM`.
        public let start: String
        public let boat: String
        /// `L1`, `R3`, `D`, `S`, `B1`; nil when they do not race it.
        public let seat: String?
        /// The others' first names, drummer first; empty when they do not race it.
        public let crew: [String]
        public let minutesToNextRace: Int?
        /// Why they cannot race it (`answered out for it`, `arrives at 10:00`); nil when they can.
        public let notRacing: String?
        /// True when they answered maybe for it (or for the whole regatta).
        public let maybe: Bool
        /// Their own answer for this race; nil when they gave none.
        public let answer: Answer?

        init(_ race: PaddlerDay.Race) {
            name = race.name
            start = race.start.description
            boat = race.boat
            seat = race.place?.description
            crew = race.crew
            minutesToNextRace = race.minutesToNextRace
            notRacing = race.absence.map(RegattaWords.reason)
            maybe = race.isMaybe
            answer = race.answer.map(Answer.init)
        }

        enum CodingKeys: String, CodingKey {
            case name, start, boat, seat, crew, minutesToNextRace, notRacing, maybe, answer
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(start, forKey: .start)
            try container.encode(boat, forKey: .boat)
            try container.encode(seat, forKey: .seat)
            try container.encode(crew, forKey: .crew)
            try container.encode(minutesToNextRace, forKey: .minutesToNextRace)
            try container.encode(notRacing, forKey: .notRacing)
            try container.encode(maybe, forKey: .maybe)
            try container.encode(answer, forKey: .answer)
        }
    }

    /// One regatta the link opens.
    public struct Regatta: Codable, Sendable, Equatable {
        public let name: String
        /// `YYYY-MM-DD`.
        public let date: String
        /// True when the coach closed the answers: the paddler reads theirs and changes nothing.
        public let closed: Bool
        /// Their answer for the whole regatta; nil when they gave none.
        public let answer: Answer?
        /// The coach's entry for them (`absent`, `from 10:00`), which wins over their answer; nil when none.
        public let coachEntry: String?
        /// Every race of the regatta, by start.
        public let races: [Race]

        init(_ regatta: PaddlerDay.OwnRegatta) {
            name = regatta.info.name
            date = regatta.info.date
            closed = regatta.isClosed
            answer = regatta.answer.map(Answer.init)
            coachEntry = regatta.coachEntry?.description
            races = regatta.races.map(Race.init)
        }

        enum CodingKeys: String, CodingKey {
            case name, date, closed, answer, coachEntry, races
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(date, forKey: .date)
            try container.encode(closed, forKey: .closed)
            try container.encode(answer, forKey: .answer)
            try container.encode(coachEntry, forKey: .coachEntry)
            try container.encode(races, forKey: .races)
        }
    }

    /// The paddler's own name, as the roster has it (the page greets them by its first word).
    public let name: String
    /// `YYYY-MM-DD`, the last day of an injury; nil when none.
    public let injuredUntil: String?
    /// The regattas the link opens, by date.
    public let regattas: [Regatta]

    public init(_ day: PaddlerDay) {
        name = day.name
        injuredUntil = day.injuredUntil?.description
        regattas = day.regattas.map(Regatta.init)
    }

    enum CodingKeys: String, CodingKey {
        case name, injuredUntil, regattas
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(injuredUntil, forKey: .injuredUntil)
        try container.encode(regattas, forKey: .regattas)
    }
}
