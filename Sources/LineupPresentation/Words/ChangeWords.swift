import LineupCore

/// The sentences that say what a change did, written once for every front end: the command line and the
/// editor (names made safe for a terminal) and the API's answers (names as they are). A front end adds its
/// own hints, such as the command that takes a lock off.
public struct ChangeWords: Sendable {
    private let shown: @Sendable (String) -> String

    /// Names and summaries as they are, for the API's answers.
    public static let plain = ChangeWords { $0 }
    /// Names and summaries with terminal controls made visible, for the command line.
    public static let terminal = ChangeWords { $0.terminalSafe }

    private init(shown: @escaping @Sendable (String) -> String) {
        self.shown = shown
    }

    /// `"Sample crew"`: the boat as the sentences name it.
    public func boat(_ state: BoatState) -> String { "\"\(shown(state.boat.name))\"" }

    /// `Exchanged` for two paddlers who traded places, `Moved` for one who went to an empty place.
    public static func exchangeVerb(_ change: LineupChange) -> String {
        change.moves.count == 2 ? "Exchanged" : "Moved"
    }

    /// `Exchanged L1 Ada Lindqvist ⇄ R1 Bea Marangoni in "Sample crew".`, or `Nothing changed in "Sample
    /// crew".` when the change wrote no record.
    public func changed(_ outcome: ChangeOutcome, verb: String) -> String {
        guard let record = outcome.record else { return "Nothing changed in \(boat(outcome.state))." }
        return "\(verb) \(shown(record.summary)) in \(boat(outcome.state))."
    }

    /// An exchange of `first` and `second` (as the coach named them) that moved nobody.
    public func nothingExchanged(in state: BoatState, first: String, second: String) -> String {
        "Nothing changed in \(boat(state)): \(shown(first)) and \(shown(second)) are the same place or both empty."
    }

    /// A drop on the page: what it exchanged, or that the paddler was dropped where they started.
    public func dropped(_ outcome: ChangeOutcome) -> String {
        guard outcome.record != nil else {
            return "Nothing changed in \(boat(outcome.state)): the paddler was dropped where they started."
        }
        return changed(outcome, verb: Self.exchangeVerb(outcome.change))
    }

    /// What an undo or redo did, one line for one record, else a heading and a line per record in the
    /// order they were taken back or applied again (`verb`: `Undid`, `Redid`).
    public func stepLines(_ outcome: HistoryStepOutcome, verb: String) -> [String] {
        guard outcome.records.count > 1 else {
            let summary = outcome.records.first.map { shown($0.summary) } ?? "nothing"
            return ["\(verb) \(summary) in \(boat(outcome.state))."]
        }
        return ["\(verb) \(outcome.records.count) changes in \(boat(outcome.state)), in this order:"]
            + outcome.records.map { "  \(shown($0.summary))" }
    }

    /// `stepLines` as one sentence, the records separated by semicolons.
    public func stepSentence(_ outcome: HistoryStepOutcome, verb: String) -> String {
        guard outcome.records.count > 1 else { return stepLines(outcome, verb: verb)[0] }
        return "\(verb) \(outcome.records.count) changes in \(boat(outcome.state)), in this order: "
            + outcome.records.map { shown($0.summary) }.joined(separator: "; ") + "."
    }

    /// What a lock or unlock did. `named` is the seat as the sentence names it when nothing changed;
    /// `unlockHint` how the front end takes a lock off (`` `lineup unlock L1` ``, `it is unlocked`).
    public func lockSentence(_ outcome: ChangeOutcome, named: String, locked: Bool, unlockHint: String) -> String {
        guard let seat = outcome.change.lockChanges.first?.seat else {
            return "Nothing changed: \(named) is already \(locked ? "locked" : "unlocked") in \(boat(outcome.state))."
        }
        let who = occupant(of: seat, in: outcome.state)
        return locked
            ? "Locked \(seat)\(who) in \(boat(outcome.state)): nobody moves in or out of it until \(unlockHint)."
            : "Unlocked \(seat)\(who) in \(boat(outcome.state))."
    }

    /// An optimizer's plan written as one record: `Applied the plan (3 people change place) as one change (#12)
    /// in "Sample crew"; one undo takes it all back.` (`moved` nil leaves the count out; `undoHint` is how
    /// the front end undoes).
    public func appliedPlan(record: Int64, in state: BoatState, moved: Int?, undoHint: String) -> String {
        let count = moved.map { "the plan (\(PlanText.peopleChangingPlace($0))) " } ?? ""
        return "Applied \(count)as one change (#\(record)) in \(boat(state)); \(undoHint) takes it all back."
    }

    /// ` (Ada Lindqvist)` for a seat with a paddler, nothing for an empty one.
    public func occupant(of seat: Place, in state: BoatState) -> String {
        state.paddler(at: seat).map { " (\(shown($0.name)))" } ?? ""
    }
}
