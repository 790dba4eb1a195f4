import LineupCore
import LineupPresentation
import LineupStore

/// What the commands that change a lineup print: what they did, to which boat, the balance afterwards, and
/// the crew rules the change broke or kept (so that an exchange that breaks a rule says so at once), and
/// likewise who it seated in, or took out of, a race they are not there for.
enum ChangeReport {
    static func text(for outcome: ChangeOutcome, verb: String, format: WeightFormat) -> String {
        guard let record = outcome.record else {
            return "Nothing changed in \"\(outcome.state.boat.name.terminalSafe)\"."
        }
        return
            (["\(verb) \(record.summary.terminalSafe) in \"\(outcome.state.boat.name.terminalSafe)\"."]
            + BalanceText(state: outcome.state, format: format).lines(style: Terminal.style)
            + ruleChanges(outcome.state, previous: outcome.previous))
            .joinedText(separator: "\n")
    }

    /// The findings the change added or cleared, against the boat's own rules, then in the boat's races
    /// (the rules of a race that races under its own, and who sits in one they are not there for).
    static func ruleChanges(_ state: BoatState, previous: Lineup) -> [String] {
        RulesText.changes(
            rules: state.rules, before: previous.check(state.rules, roster: state.roster), after: state.findings,
            style: Terminal.style)
            + RacesText.ruleChanges(
                before: state.ruleBreaksInRaces(previous), after: state.ruleBreaksInRaces(), style: Terminal.style)
            + RacesText.changes(
                before: state.unavailableInRaces(previous), after: state.unavailableInRaces(), style: Terminal.style)
    }

    static func text(for outcome: HistoryStepOutcome, verb: String, format: WeightFormat) -> String {
        let boat = "\"\(outcome.state.boat.name.terminalSafe)\""
        var lines =
            outcome.records.count == 1
            ? ["\(verb) \(outcome.records[0].summary.terminalSafe) in \(boat)."]
            : ["\(verb) \(outcome.records.count) changes in \(boat), in this order:"]
                + outcome.records.map { "  \($0.summary.terminalSafe)" }
        lines += BalanceText(state: outcome.state, format: format).lines(style: Terminal.style)
        lines += ruleChanges(outcome.state, previous: outcome.previous)
        return lines.joinedText(separator: "\n")
    }

    static func lockText(for outcome: ChangeOutcome, place: String, locked: Bool) -> String {
        let boat = "\"\(outcome.state.boat.name.terminalSafe)\""
        guard let seat = outcome.change.lockChanges.first?.seat else {
            // Named as the seat and its paddler, never as typed ("tom o").
            let seat = try? LineupDatabase.resolvePlace(place, in: outcome.state)
            let named = seat.map { "\($0)\(occupant(of: $0, in: outcome.state))" } ?? place.terminalSafe
            return "Nothing changed: \(named) is already \(locked ? "locked" : "unlocked") in \(boat)."
        }
        let who = occupant(of: seat, in: outcome.state)
        return locked
            ? "Locked \(seat)\(who) in \(boat): nobody moves in or out of it until "
                + "`lineup unlock \(seat) -b \(outcome.state.boat.name.shellWord)`."
            : "Unlocked \(seat)\(who) in \(boat)."
    }

    /// " (Name)" for a seat with a paddler, "" for an empty one.
    private static func occupant(of seat: Place, in state: BoatState) -> String {
        state.paddler(at: seat).map { " (\($0.name.terminalSafe))" } ?? ""
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
                "  " + TextLayout.pad("#\(entry.id)", idWidth) + "  " + Timestamp.localMinutes(entry.time) + "  "
                    + entry.summary.terminalSafe + mark)
        }
        return lines.joined(separator: "\n")
    }
}
