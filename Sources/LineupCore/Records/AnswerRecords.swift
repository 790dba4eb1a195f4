import Foundation

/// A paddler's personal link, made by `lineup invite`: through it the paddler reads their own races and gives
/// their own answers, nothing else. The token is known only to the paddler; the database keeps its digest.
public struct PaddlerLink: Hashable, Sendable {
    public var id: Int64
    public var paddler: PaddlerID
    /// The paddler's name as the roster has it.
    public var paddlerName: String
    /// The one regatta it opens; nil for every regatta of the paddler.
    public var regatta: String?
    /// The last day it opens; nil for no end.
    public var expiresOn: RegattaDay?
    public var createdAt: Date

    public init(
        id: Int64, paddler: PaddlerID, paddlerName: String, regatta: String?, expiresOn: RegattaDay?,
        createdAt: Date
    ) {
        self.id = id
        self.paddler = paddler
        self.paddlerName = paddlerName
        self.regatta = regatta
        self.expiresOn = expiresOn
        self.createdAt = createdAt
    }

    /// True on `day` when it has expired (the day after its last day, and later).
    public func hasExpired(on day: RegattaDay) -> Bool {
        expiresOn.map { day > $0 } ?? false
    }
}

/// A new link and its token: the token is shown once, to be given to the paddler, and never stored.
public struct IssuedPaddlerLink: Hashable, Sendable {
    public var link: PaddlerLink
    public var token: String

    public init(link: PaddlerLink, token: String) {
        self.link = link
        self.token = token
    }
}

/// Every answer of a regatta as the coach reads it (`lineup regatta answers`): one line per active paddler, and
/// per race how many are in, maybe, out and have not answered.
public struct AnswerSheet: Hashable, Sendable {
    /// One paddler's answers.
    public struct Line: Hashable, Sendable {
        public var paddler: PaddlerID
        public var name: String
        /// Their answer for the whole regatta; nil when they gave none.
        public var answer: PaddlerAnswer?
        /// The coach's entry for them (`regatta attend`), which wins over their answer; nil when none.
        public var coachEntry: Availability?
        /// Their answers for single races, by race time.
        public var raceAnswers: [PaddlerAnswer]
        /// Injured up to and including this day, the regatta's day or later; nil otherwise.
        public var injuredUntil: RegattaDay?
        /// True when an answer of their own (not the coach's for them) arrived after the coach last read the
        /// sheet.
        public var isNew: Bool

        public init(
            paddler: PaddlerID, name: String, answer: PaddlerAnswer?, coachEntry: Availability?,
            raceAnswers: [PaddlerAnswer], injuredUntil: RegattaDay?, isNew: Bool
        ) {
            self.paddler = paddler
            self.name = name
            self.answer = answer
            self.coachEntry = coachEntry
            self.raceAnswers = raceAnswers
            self.injuredUntil = injuredUntil
            self.isNew = isNew
        }

        /// True when neither they nor the coach said anything for this regatta.
        public var hasNotAnswered: Bool { answer == nil && coachEntry == nil && raceAnswers.isEmpty }
    }

    /// How one race stands: who is in, maybe, out, and who has not answered, counted.
    public struct RaceCount: Hashable, Sendable {
        public var race: String
        public var start: TimeOfDay
        public var inCount: Int
        public var maybeCount: Int
        public var outCount: Int
        public var notAnswered: Int

        public init(race: String, start: TimeOfDay, inCount: Int, maybeCount: Int, outCount: Int, notAnswered: Int) {
            self.race = race
            self.start = start
            self.inCount = inCount
            self.maybeCount = maybeCount
            self.outCount = outCount
            self.notAnswered = notAnswered
        }
    }

    public var regatta: RegattaInfo
    /// True when the coach closed the answers: paddlers read theirs and change nothing.
    public var isClosed: Bool
    /// When the coach last read the sheet before this reading; nil the first time.
    public var lastSeen: Date?
    /// Active paddlers (and anyone injured or answered), by name.
    public var lines: [Line]
    public var races: [RaceCount]

    public init(regatta: RegattaInfo, isClosed: Bool, lastSeen: Date?, lines: [Line], races: [RaceCount]) {
        self.regatta = regatta
        self.isClosed = isClosed
        self.lastSeen = lastSeen
        self.lines = lines
        self.races = races
    }

    /// Those who have not answered, by name.
    public var notAnswered: [String] { lines.filter(\.hasNotAnswered).map(\.name) }
}

extension AnswerSheet {
    /// The sheet of `regatta` (its availability and answers already merged) from the stored answers.
    public static func make(
        regatta info: RegattaInfo, day regatta: Regatta, answers: [PaddlerAnswer],
        coachEntries: [PaddlerID: Availability], isClosed: Bool, lastSeen: Date?
    ) -> AnswerSheet {
        let byPaddler = Dictionary(grouping: answers, by: \.paddler)
        let starts = Dictionary(regatta.races.map { ($0.name, $0.start) }, uniquingKeysWith: { a, _ in a })
        let day = regatta.day
        let people = regatta.roster.values.filter { paddler in
            paddler.isActive || byPaddler[paddler.id] != nil || coachEntries[paddler.id] != nil
        }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        let lines = people.map { paddler in
            let own = byPaddler[paddler.id] ?? []
            return Line(
                paddler: paddler.id, name: paddler.name, answer: own.first { $0.race == nil },
                coachEntry: coachEntries[paddler.id],
                raceAnswers: own.filter { $0.race != nil }.sorted {
                    (starts[$0.race ?? ""]?.minutes ?? 0, $0.race ?? "") < (
                        starts[$1.race ?? ""]?.minutes ?? 0, $1.race ?? ""
                    )
                },
                injuredUntil: day.flatMap { paddler.isInjured(on: $0) ? paddler.injuredUntil : nil },
                // What the coach entered is not news to the coach.
                isNew: own.contains { answer in
                    answer.givenBy == .paddler && lastSeen.map { answer.givenAt > $0 } ?? true
                })
        }
        let counted = people.filter(\.isActive)
        let races = regatta.races.indices.map { index in
            var count = RaceCount(
                race: regatta.races[index].name, start: regatta.races[index].start, inCount: 0, maybeCount: 0,
                outCount: 0, notAnswered: 0)
            for paddler in counted {
                if regatta.absence(of: paddler.id, for: index) != nil {
                    count.outCount += 1
                } else if regatta.isMaybe(paddler.id, for: index) {
                    count.maybeCount += 1
                } else if regatta.answers.answered.contains(paddler.id) {
                    count.inCount += 1
                } else {
                    count.notAnswered += 1
                }
            }
            return count
        }
        return AnswerSheet(regatta: info, isClosed: isClosed, lastSeen: lastSeen, lines: lines, races: races)
    }
}

/// What a paddler sees through their own link: their regattas, their answers, their races with boat, seat and
/// start, and the first names of the crews they are in. Nobody's weight, notes, answers or links.
public struct PaddlerDay: Hashable, Sendable {
    /// One race of a regatta as the paddler sees it.
    public struct Race: Hashable, Sendable {
        public var name: String
        public var start: TimeOfDay
        public var boat: String
        /// Where they sit in it; nil when they do not race it.
        public var place: Place?
        /// The first names of the others in the crew, drummer first, when they race it.
        public var crew: [String]
        /// Minutes from this race's start to the start of the next race they paddle (seated and there); nil after
        /// their last, and for a race they do not paddle.
        public var minutesToNextRace: Int?
        /// Why they cannot race it (out, injured, not yet there); nil when they can.
        public var absence: Absence?
        public var isMaybe: Bool
        /// Their own answer for this race; nil when they gave none.
        public var answer: PaddlerAnswer?
    }

    /// One regatta of the paddler.
    public struct OwnRegatta: Hashable, Sendable {
        public var info: RegattaInfo
        public var isClosed: Bool
        /// Their answer for the whole regatta; nil when they gave none.
        public var answer: PaddlerAnswer?
        /// The coach's entry for them, which wins over their answer.
        public var coachEntry: Availability?
        public var races: [Race]
    }

    public var paddler: PaddlerID
    public var name: String
    public var injuredUntil: RegattaDay?
    /// The regattas the link opens, by date.
    public var regattas: [OwnRegatta]
}

extension PaddlerDay {
    /// Everyone's first name as a crewmate reads it: the first word of the name, with the initial of the last
    /// word added where two of `names` share a first word.
    public static func firstNames(_ names: [String]) -> [String] {
        func words(_ name: String) -> [Substring] { name.split(separator: " ") }
        let firsts = names.map { words($0).first.map(String.init) ?? $0 }
        return zip(names, firsts).map { name, first in
            guard firsts.filter({ $0 == first }).count > 1, let last = words(name).dropFirst().last?.first else {
                return first
            }
            return "\(first) \(last)."
        }
    }

    /// The day of `paddler` at `regattas` (each with its answers merged), from the stored answers and the
    /// coach's entries.
    public static func make(
        paddler: Paddler, regattas: [(info: RegattaInfo, day: Regatta, isClosed: Bool)],
        answers: [Int64: [PaddlerAnswer]], coachEntries: [Int64: Availability]
    ) -> PaddlerDay {
        PaddlerDay(
            paddler: paddler.id, name: paddler.name, injuredUntil: paddler.injuredUntil,
            regattas: regattas.map { info, day, isClosed in
                let own = answers[info.id] ?? []
                let seated = day.races.indices.map { race in
                    day.crew(of: race).first { $0.paddler == paddler.id }?.place
                }
                // The races they will paddle: seated and there.
                let racing = day.races.indices.map { race in
                    seated[race] != nil && day.absence(of: paddler.id, for: race) == nil
                }
                let races = day.races.indices.map { index -> Race in
                    let race = day.races[index]
                    let crew = day.crew(of: index).filter { $0.paddler != paddler.id }.map {
                        day.roster[$0.paddler]?.name ?? ""
                    }
                    let next =
                        !racing[index] ? nil : day.races.indices.first { later in later > index && racing[later] }
                    return Race(
                        name: race.name, start: race.start, boat: day.boats[race.boat].name, place: seated[index],
                        crew: seated[index] == nil ? [] : firstNames(crew),
                        minutesToNextRace: next.map { day.races[$0].start.minutes - race.start.minutes },
                        absence: day.absence(of: paddler.id, for: index), isMaybe: day.isMaybe(paddler.id, for: index),
                        answer: own.first { $0.race == race.name })
                }
                return OwnRegatta(
                    info: info, isClosed: isClosed, answer: own.first { $0.race == nil },
                    coachEntry: coachEntries[info.id], races: races)
            })
    }
}
