import LineupCore

/// What the coach does with the paddlers' answers, in words: closing or opening them, and an answer entered
/// for a paddler, as the page (and the command line) report it.
public enum CoachAnswerWords {
    /// `Answers for Cup are closed: paddlers read theirs and change nothing.` (or open again).
    public static func closed(_ closed: Bool, regatta: String) -> String {
        closed
            ? "Answers for \(regatta) are closed: paddlers read theirs and change nothing."
            : "Answers for \(regatta) are open: paddlers answer through their links."
    }

    /// `Ada Lindqvist: maybe from 10:00 at Cup, entered by the coach.`; for a race, `out of Heat at Cup`.
    public static func entered(_ answer: PaddlerAnswer, paddler: String, regatta: String) -> String {
        "\(paddler): \(said(answer)) at \(regatta), entered by the coach."
    }

    /// An answer in a few words: `in`, `maybe from 10:00 until 14:00`, `out of Heat`, `in for Final`.
    public static func said(_ answer: PaddlerAnswer) -> String {
        var words = answer.choice.rawValue
        if let race = answer.race {
            words += answer.choice == .out ? " of \(race)" : " for \(race)"
        }
        if let from = answer.from { words += " from \(from)" }
        if let until = answer.until { words += " until \(until)" }
        return words
    }
}
