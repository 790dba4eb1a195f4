import LineupCore
import LineupStore

/// What the commands that change a lineup print: what they did, and the balance afterwards.
enum ChangeReport {
    static func text(for outcome: ChangeOutcome, verb: String) -> String {
        guard let record = outcome.record else { return "Nothing changed." }
        return "\(verb) \(record.summary).\n"
            + BalanceText(sums: outcome.state.balance, state: outcome.state).lines
            .joined(separator: "\n")
    }

    static func text(for outcome: HistoryStepOutcome, verb: String) -> String {
        var lines = outcome.records.map { "\(verb) \($0.summary)." }
        if outcome.records.count < outcome.requestedSteps {
            lines.append("(only \(outcome.records.count) of the \(outcome.requestedSteps) steps asked for were there)")
        }
        lines += BalanceText(sums: outcome.state.balance, state: outcome.state).lines
        return lines.joined(separator: "\n")
    }

    static func lockText(for outcome: ChangeOutcome, place: String, locked: Bool) -> String {
        guard let seat = outcome.change.lockChanges.first?.seat else {
            return "Nothing changed: \(place) is already \(locked ? "locked" : "unlocked")."
        }
        let who = outcome.state.paddler(at: seat).map { " (\($0.name))" } ?? ""
        return locked
            ? "Locked \(seat)\(who): nobody moves in or out of it until `lineup unlock \(seat)`."
            : "Unlocked \(seat)\(who)."
    }
}

/// The text of `lineup history`.
enum HistoryText {
    static func render(boat: Boat, entries: [HistoryEntry]) -> String {
        guard !entries.isEmpty else { return "No changes recorded for \"\(boat.name)\" yet." }
        var lines = ["History of \"\(boat.name)\", newest first:"]
        let idWidth = entries.map { "#\($0.id)".count }.max() ?? 2
        for entry in entries {
            let mark = entry.undone ? Terminal.dim("  (undone)") : ""
            lines.append(
                "  " + pad("#\(entry.id)", idWidth) + "  " + Formatting.localTime(entry.time) + "  " + entry.summary
                    + mark)
        }
        return lines.joined(separator: "\n")
    }
}
