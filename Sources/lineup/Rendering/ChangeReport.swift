import LineupCore
import LineupPresentation
import LineupStore

/// What the commands that change a lineup print: what they did, to which boat, the balance afterwards, and
/// the crew rules the change broke or kept (so that an exchange that breaks a rule says so at once), and
/// likewise who it seated in, or took out of, a race they are not there for.
enum ChangeReport {
    static func text(for outcome: ChangeOutcome, verb: String, format: WeightFormat) -> String {
        let sentence = ChangeWords.terminal.changed(outcome, verb: verb)
        guard outcome.record != nil else { return sentence }
        return
            ([sentence]
            + BalanceText(state: outcome.state, format: format).lines(style: Terminal.style)
            + ruleChanges(outcome.state, previous: outcome.previous))
            .joinedText(separator: "\n")
    }

    /// The findings the change added or cleared, against the boat's own rules, then in the boat's races
    /// (the rules of a race that races under its own, and who sits in one they are not there for).
    static func ruleChanges(_ state: BoatState, previous: Lineup) -> [String] {
        RulesText.changes(
            rules: state.rules, before: state.findings(of: previous), after: state.findings,
            style: Terminal.style)
            + RacesText.ruleChanges(
                before: state.ruleBreaksInRaces(previous), after: state.ruleBreaksInRaces(), style: Terminal.style)
            + RacesText.changes(
                before: state.unavailableInRaces(previous), after: state.unavailableInRaces(), style: Terminal.style)
    }

    static func text(for outcome: HistoryStepOutcome, verb: String, format: WeightFormat) -> String {
        (ChangeWords.terminal.stepLines(outcome, verb: verb)
            + BalanceText(state: outcome.state, format: format).lines(style: Terminal.style)
            + ruleChanges(outcome.state, previous: outcome.previous))
            .joinedText(separator: "\n")
    }

    static func lockText(for outcome: ChangeOutcome, place: String, locked: Bool) -> String {
        let words = ChangeWords.terminal
        // Named as the seat and its paddler, never as typed ("tom o").
        let seat = try? outcome.state.place(place)
        let named = seat.map { "\($0)\(words.occupant(of: $0, in: outcome.state))" } ?? place.terminalSafe
        let unlock = outcome.change.lockChanges.first.map {
            "`lineup unlock \($0.seat) \(outcome.state.boat.name.boatOption)`"
        }
        return words.lockSentence(outcome, named: named, locked: locked, unlockHint: unlock ?? "")
    }
}

/// The text of `lineup history`.
enum HistoryText {
    static func render(boat: Boat, entries: [HistoryEntry]) -> String {
        guard !entries.isEmpty else { return "No changes recorded for \"\(boat.name.terminalSafe)\" yet." }
        var lines = ["History of \"\(boat.name.terminalSafe)\", newest first:"]
        let idWidth = entries.map { "#\($0.id)".count }.max() ?? 2
        for entry in entries {
            let mark = entry.undone ? Terminal.style.dim("  (undone)") : ""
            lines.append(
                "  " + TextLayout.pad("#\(entry.id)", idWidth) + "  " + DateText.localMinutes(entry.time) + "  "
                    + entry.summary.terminalSafe + mark)
        }
        return lines.joined(separator: "\n")
    }
}
