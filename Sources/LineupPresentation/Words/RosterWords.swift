import LineupCore

/// A paddler's changes and values in words, as the roster commands report them.
public enum RosterWords {
    /// What differs between two versions of a paddler: `weight 70 kg → 72 kg`, `now inactive`; the name
    /// first when it changed. Empty when nothing did.
    public static func changes(from before: Paddler, to after: Paddler) -> [String] {
        var changes: [String] = []
        if before.name != after.name { changes.append("name \(before.name) → \(after.name)") }
        if before.weightKg != after.weightKg {
            changes.append("weight \(weight(before.weightKg)) → \(weight(after.weightKg))")
        }
        if before.sex != after.sex {
            changes.append("sex \(before.sex?.rawValue ?? "unknown") → \(after.sex?.rawValue ?? "unknown")")
        }
        if before.side != after.side { changes.append("side \(before.side.rawValue) → \(after.side.rawValue)") }
        if before.canDrum != after.canDrum {
            changes.append("drummer \(flag(before.canDrum)) → \(flag(after.canDrum))")
        }
        if before.canSteer != after.canSteer {
            changes.append("steerer \(flag(before.canSteer)) → \(flag(after.canSteer))")
        }
        if before.notes != after.notes { changes.append("notes changed") }
        if before.isActive != after.isActive { changes.append(after.isActive ? "active again" : "now inactive") }
        if before.injuredUntil != after.injuredUntil {
            changes.append(after.injuredUntil.map { "injured until \($0)" } ?? "no longer injured")
        }
        if before.role != after.role { changes.append("role \(before.role.rawValue) → \(after.role.rawValue)") }
        if before.rows != after.rows { changes.append("rows \(rows(before.rows)) → \(rows(after.rows))") }
        if before.preferredRows != after.preferredRows {
            changes.append(
                "preferred rows \(rows(before.preferredRows, none: "none")) → \(rows(after.preferredRows, none: "none"))"
            )
        }
        return changes
    }

    /// A new paddler with the values set, as stored: `New One (weight 68.04 kg, sex F, side left)`, or the
    /// name alone when nothing is set.
    public static func added(_ paddler: Paddler) -> String {
        let values = [
            paddler.weightKg.map { "weight \(weight($0))" }, paddler.sex.map { "sex \($0.rawValue)" },
            paddler.side == .either ? nil : "side \(paddler.side.rawValue)", paddler.canDrum ? "drummer" : nil,
            paddler.canSteer ? "steerer" : nil, paddler.notes.isEmpty ? nil : "notes",
            paddler.isActive ? nil : "inactive", paddler.injuredUntil.map { "injured until \($0)" },
            paddler.role == .any ? nil : "role \(paddler.role.rawValue)", paddler.rows.map { "rows \(rows($0))" },
            paddler.preferredRows.map { "prefers rows \(rows($0))" },
        ].compactMap { $0 }
        return values.isEmpty ? paddler.name : "\(paddler.name) (\(values.joined(separator: ", ")))"
    }

    /// What adding a paddler did, as `roster add` and the page say it.
    public static func addedSentence(_ paddler: Paddler) -> String {
        "Added \(paddler.name) to the roster and to the end of every bench."
    }

    /// What changing a paddler did, as `roster update` and the page say it.
    public static func updatedSentence(from before: Paddler, to after: Paddler) -> String {
        let changes = changes(from: before, to: after)
        return changes.isEmpty
            ? "Nothing to change for \(after.name): every field given already has that value."
            : "Updated \(after.name): \(changes.joined(separator: ", "))."
    }

    /// The warning for an inactive paddler who still sits somewhere; nil when they sit nowhere or paddle.
    public static func inactiveButSeated(_ paddler: Paddler, _ seats: [PaddlerSeat]) -> String? {
        guard !paddler.isActive, !seats.isEmpty else { return nil }
        return "\(paddler.name) is inactive but still seated (\(Self.seats(seats)))"
    }

    /// `Heat 1: L3, Final: R2`.
    public static func seats(_ seats: [PaddlerSeat]) -> String {
        seats.map(\.description).joined(separator: ", ")
    }

    static func weight(_ kg: Double?) -> String { kg.map { CSVFormat.exactWeight($0) + " kg" } ?? "unknown" }

    /// Rows for people to read: `2–10`, `1,3–5`; `none` (a paddler's every row: `any`) for nil.
    public static func rows(_ rows: RowSet?, none: String = "any") -> String {
        rows.map { $0.text(dash: "–") } ?? none
    }

    /// Where a paddler may and would sit, compactly, as `roster list` shows it: `stroke`, `rows 2–10`,
    /// `engine, rows 3–8, prefers 4–5`; empty for a paddler of any role, every row and no preference.
    public static func seatSummary(_ paddler: Paddler) -> String {
        let parts = [
            paddler.role == .any ? nil : paddler.role.rawValue, paddler.rows.map { "rows \(rows($0))" },
            paddler.preferredRows.map { "prefers \(rows($0))" },
        ]
        return parts.compactMap { $0 }.joined(separator: ", ")
    }

    static func flag(_ value: Bool) -> String { value ? "yes" : "no" }
}
