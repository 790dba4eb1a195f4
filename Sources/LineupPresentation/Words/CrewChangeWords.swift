import LineupCore

/// What a plan changes in each crew, in plain words, as `regatta plan` and the page list it:
/// `"Cup: Mixed heat" (Mixed heat (09:00)): 2 people change place: Uri Gallagher in at L3; Rafael Duarte out
/// of L3 (arrives at 10:00)`.
public enum CrewChangeWords {
    /// One sentence per changed crew; `regatta` is the regatta before the plan (its names, races, absences).
    public static func lines(_ changes: [CrewChange], in regatta: Regatta) -> [String] {
        changes.map { line($0, in: regatta) }
    }

    /// The sentence of one crew's change.
    public static func line(_ change: CrewChange, in regatta: Regatta) -> String {
        func name(_ id: PaddlerID) -> String { regatta.roster[id]?.name ?? "paddler #\(id)" }
        let races = regatta.races(ofBoat: change.boat)
        var parts: [String] = []
        for person in change.joined { parts.append("\(name(person.paddler)) in at \(regatta.role(person.place))") }
        for person in change.left {
            var part = "\(name(person.paddler)) out of \(regatta.role(person.place))"
            if let reason = person.reason, let race = person.race {
                part +=
                    " (\(RegattaWords.reason(reason))"
                    + (races.count > 1 ? " for \(regatta.label(race))" : "") + ")"
            }
            parts.append(part)
        }
        for person in change.moved {
            parts.append(
                "\(name(person.paddler)) from \(regatta.role(person.from)) to \(regatta.role(person.to))")
        }
        return "\"\(regatta.boats[change.boat].name)\" (\(ListWords.joined(races.map { regatta.label($0) }))): "
            + "\(ListWords.count(change.peopleMoved, "person", "people")) change place: "
            + parts.joined(separator: "; ")
    }

    /// `Seated crews kept: …` or `Planned freely: …`, the line that says how far a plan may move people, with the
    /// front end's ways to plan freely and to keep crews (`options`).
    public static func keeping(_ keepsSeated: Bool, options: PlanWords.OptionNames) -> String {
        keepsSeated
            ? "Seated crews kept: everyone seated who is there for their boat's races stays in their seat; only "
                + "empty seats and the seats of those not there are filled (\(options.replanFreely) plans every seat "
                + "again)."
            : "Planned freely: every seat not locked is planned again (\(options.keepCrews) to keep seated crews "
                + "where they are)."
    }
}
