import LineupCore

/// A regatta's races, conflicts and race problems in words, as `regatta show`, `check`, `show`, the plan
/// and the page say them.
extension Regatta {
    /// `Heat 1 (09:30)`.
    public func label(_ race: Int) -> String { RegattaWords.label(races[race].name, races[race].start) }

    /// `L3`, `drummer`, `steerer`.
    public func role(_ place: Place) -> String {
        switch place {
        case .drummer: "drummer"
        case .steerer: "steerer"
        default: place.description
        }
    }

    /// `Ann Lee: L3 in Heat 1 (09:00) and R5 in Final (09:20), 20 minutes apart; the regatta needs 30`.
    public func describe(_ conflict: RestConflict) -> String {
        let name = roster[conflict.paddler]?.name ?? "paddler #\(conflict.paddler)"
        return "\(name): \(role(conflict.firstPlace)) in \(label(conflict.first)) and \(role(conflict.secondPlace)) "
            + "in \(label(conflict.second)), \(ListWords.count(conflict.gapMinutes, "minute")) apart; the regatta "
            + "needs \(effectiveGapMinutes)"
    }

    /// `Bo Kay sits at L2 in Heat 1 (09:30) but arrives at 10:00`.
    public func describe(_ conflict: AvailabilityConflict) -> String {
        RegattaWords.notThere(
            name: roster[conflict.paddler]?.name ?? "paddler #\(conflict.paddler)", place: conflict.place,
            race: label(conflict.race), reason: conflict.reason)
    }
}

public enum RegattaWords {
    /// `Heat 1 (09:30)`.
    public static func label(_ name: String, _ start: TimeOfDay) -> String { "\(name) (\(start))" }

    /// `Spring Cup: Final (10:00), women rules: Al Bo are not women`, or `Spring Cup: Bo Kay sits at L2 in
    /// Heat 1 (09:30) but is absent`.
    public static func problem(_ problem: RaceProblem) -> String {
        switch problem {
        case .ruleBroken(let regatta, let race, let start, let rules, let finding):
            return "\(regatta): \(label(race, start)), \(rules) rules: \(RulesWords.message(finding))"
        case .notThere(let regatta, let race, let start, let name, let place, let reason):
            return "\(regatta): " + notThere(name: name, place: place, race: label(race, start), reason: reason)
        }
    }

    /// `Bo Kay sits at L2 in Heat 1 (09:30) but is absent` (or `but arrives at 10:00`).
    static func notThere(name: String, place: Place, race: String, reason: Absence) -> String {
        "\(name) sits at \(place) in \(race) but \(predicate(reason))"
    }

    /// `absent`, `inactive`, `arrives at 10:00`, `leaves at 14:00`, `injured until 2026-12-05`, `answered out`,
    /// `answered out for it`, `out of it (coach)`, `races Heat of Bay Sprint at 10:00`.
    public static func reason(_ absence: Absence) -> String {
        switch absence {
        case .absent: "absent"
        case .inactive: "inactive"
        case .arrives(let time): "arrives at \(time)"
        case .leaves(let time): "leaves at \(time)"
        case .injured(let until): "injured until \(until)"
        case .answeredOut: "answered out"
        case .outOfRace(.paddler): "answered out for it"
        case .outOfRace(.coach): "out of it (coach)"
        case .racingElsewhere(let other):
            "races \(other.race) of \(other.regatta) at \(other.start)"
        }
    }

    /// `is absent`, `is inactive`, `arrives at 10:00`, `answered out for it`: what follows a name.
    public static func predicate(_ absence: Absence) -> String {
        switch absence {
        case .absent, .inactive, .injured, .outOfRace(.coach): "is " + reason(absence)
        case .arrives, .leaves, .answeredOut, .outOfRace(.paddler), .racingElsewhere: reason(absence)
        }
    }
}
