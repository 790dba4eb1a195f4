/// Something in one of a boat's races that keeps its crew from racing so: a rule of the race's own broken,
/// or someone seated who is not there when it starts. `RegattaWords` in `LineupPresentation` says it.
public enum RaceProblem: Hashable, Sendable {
    /// The race (`race` at `start`, in `regatta`) races under rules of its own (`rules`, by name), and the
    /// crew breaks them.
    case ruleBroken(regatta: String, race: String, start: TimeOfDay, rules: String, finding: RuleFinding)
    /// `name`, seated at `place` in a race of `regatta`, is not there when it starts, for `reason`.
    case notThere(regatta: String, race: String, start: TimeOfDay, name: String, place: Place, reason: Absence)
}
