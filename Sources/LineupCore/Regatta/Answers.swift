import Foundation

/// A paddler's answer to "are you racing?": for a whole regatta, or for one race of it.
public enum AnswerChoice: String, Hashable, Sendable, CaseIterable, Codable {
    case `in`, maybe, out
}

/// Whose word an answer is: the paddler's own (through their link) or the coach's. The coach's word wins.
public enum AnswerSource: String, Hashable, Sendable, Codable {
    case paddler, coach
}

/// One answer as it is stored: who answered what, for the regatta or one race, and when.
public struct PaddlerAnswer: Hashable, Sendable {
    public var paddler: PaddlerID
    /// The race's name; nil for an answer for the whole regatta.
    public var race: String?
    public var choice: AnswerChoice
    /// For a regatta's answer: when they arrive (races starting then or later) and leave (races starting before
    /// then); nil for the start or the end of the day.
    public var from: TimeOfDay?
    public var until: TimeOfDay?
    /// A short comment ("can drum if needed"), at most `PaddlerAnswer.commentLimit` characters.
    public var comment: String
    public var givenBy: AnswerSource
    public var givenAt: Date

    /// The longest comment kept, in characters.
    public static let commentLimit = 200

    public init(
        paddler: PaddlerID, race: String? = nil, choice: AnswerChoice, from: TimeOfDay? = nil,
        until: TimeOfDay? = nil, comment: String = "", givenBy: AnswerSource, givenAt: Date
    ) {
        self.paddler = paddler
        self.race = race
        self.choice = choice
        self.from = from
        self.until = until
        self.comment = comment
        self.givenBy = givenBy
        self.givenAt = givenAt
    }

    /// The times checked: only an "in" or "maybe" for the whole regatta has them, and the window is not empty.
    public static func validatedTimes(
        choice: AnswerChoice, race: String?, from: TimeOfDay?, until: TimeOfDay?
    ) throws(LineupError) {
        guard from != nil || until != nil else { return }
        guard choice != .out else {
            throw .invalidValue(
                field: "answer", value: "out with a time", expected: "either out, or in/maybe with a time")
        }
        guard race == nil else {
            throw .invalidValue(
                field: "answer", value: "a time for one race",
                expected: "times for the whole regatta only (a race has one start)")
        }
        if let from, let until, until <= from {
            throw .invalidValue(
                field: "answer", value: "from \(from) until \(until)",
                expected: "an until time later than the from time")
        }
    }

    /// The comment trimmed and checked: one line of at most `commentLimit` characters (Unicode code points, as
    /// the database counts them), with nothing a name may not hold either (control, direction and invisible
    /// characters, private-use ones): nothing that acts on a terminal or hides text. Empty is fine.
    public static func validatedComment(_ text: String) throws(LineupError) -> String {
        let trimmed = text.trimmingWhitespace().normalizedNFC
        guard trimmed.unicodeScalars.count <= commentLimit else {
            throw .invalidValue(
                field: "comment", value: "\(trimmed.unicodeScalars.count) characters",
                expected: "at most \(commentLimit) characters")
        }
        if !trimmed.isEmpty, let problem = PaddlerRules.nameProblem(trimmed) {
            throw .invalidValue(
                field: "comment", value: "a control or invisible character",
                expected: "one line of plain text (a comment \(problem))")
        }
        return trimmed
    }
}

/// What the answers (and the coach's word for single races) add to a regatta's availability: who is out of
/// which race, who answered maybe for which, and whose word made someone absent or late.
public struct RegattaAnswers: Hashable, Sendable {
    /// Races (by name) each paddler is out of, and whose word that is.
    public var raceOuts: [PaddlerID: [String: AnswerSource]]
    /// Races (by name) each paddler answered maybe for.
    public var maybes: [PaddlerID: Set<String>]
    /// Paddlers whose regatta-wide availability is their own answer rather than the coach's entry.
    public var answeredByPaddler: Set<PaddlerID>
    /// Paddlers with any answer or entry of the coach for this regatta: the others have not answered.
    public var answered: Set<PaddlerID>

    public init(
        raceOuts: [PaddlerID: [String: AnswerSource]] = [:], maybes: [PaddlerID: Set<String>] = [:],
        answeredByPaddler: Set<PaddlerID> = [], answered: Set<PaddlerID> = []
    ) {
        self.raceOuts = raceOuts
        self.maybes = maybes
        self.answeredByPaddler = answeredByPaddler
        self.answered = answered
    }

    /// True when the paddler answered maybe for `race`.
    public func isMaybe(_ paddler: PaddlerID, for race: String) -> Bool {
        maybes[paddler]?.contains(race) ?? false
    }
}
