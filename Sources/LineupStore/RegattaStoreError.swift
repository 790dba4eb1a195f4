import LineupCore

/// What the store refuses about regattas, races and availability, each as a sentence of facts a coach can
/// act on; which command to type next is for the front end to add.
public enum RegattaStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No regatta has that name; `suggestions` are the closest names.
    case unknownRegatta(String, available: [String], suggestions: [String] = [])
    case duplicateRegatta(String)
    case invalidGap(Int)
    /// The regatta has no race of that name; `suggestions` are the closest names.
    case unknownRace(String, regatta: String, available: [String], suggestions: [String] = [])
    case duplicateRace(String, regatta: String)
    case boatRaces(boat: String, races: [String])
    /// The boat already races `race` of the regatta at that start time: one boat races one race at a time.
    /// `otherRegatta` names the regatta of the same day the clashing race is in; nil for this regatta.
    case boatRacesAtOnce(boat: String, race: String, start: String, otherRegatta: String? = nil)
    case boatNameTaken(String)
    /// No boat has that name, but races do (a race is no boat): the boat each is raced in.
    case raceIsNoBoat(String, races: [RacedIn])
    case fileRejected([RosterImportIssue])
    /// The names given for a crew (`boat seat BOAT NAME…`), each problem naming the name it is about.
    case crewRejected([RosterImportIssue])
    /// A plan's inputs (the races, boats, roster or availability of the regatta) changed while it was made.
    case planInputsChanged(regatta: String)
    /// One paddler named twice in one change (`regatta attend`), under the names given.
    case paddlerNamedTwice(String, names: [String])
    /// The coach closed the regatta's answers: a paddler's own answer is refused.
    case answersClosed(regatta: String)
    /// The coach answered for the paddler for this race (nil: for the whole regatta); their word wins.
    case answerSetByCoach(race: String?)

    /// A race's regatta and the boat it is raced in.
    public struct RacedIn: Hashable, Sendable {
        public var regatta: String
        public var boat: String

        public init(regatta: String, boat: String) {
            self.regatta = regatta
            self.boat = boat
        }
    }

    public var description: String {
        switch self {
        case .unknownRegatta(let name, let available, let suggestions):
            let hint =
                !suggestions.isEmpty
                ? "did you mean \(LineupError.alternatives(suggestions))?"
                : available.isEmpty ? "there are no regattas yet" : "the regattas are \(Self.list(available))"
            return "no regatta named '\(name.truncatedForMessage)'; \(hint)"
        case .duplicateRegatta(let name):
            return "a regatta named '\(name.truncatedForMessage)' already exists; choose another name"
        case .invalidGap(let minutes):
            return "a minimum gap of \(minutes) minutes is out of range; give 0 to 720 minutes"
        case .unknownRace(let name, let regatta, let available, let suggestions):
            let hint =
                !suggestions.isEmpty
                ? "did you mean \(LineupError.alternatives(suggestions))?"
                : available.isEmpty ? "it has no races yet" : "its races are \(Self.list(available))"
            return "regatta '\(regatta.truncatedForMessage)' has no race named '\(name.truncatedForMessage)'; \(hint)"
        case .duplicateRace(let name, let regatta):
            return "regatta '\(regatta.truncatedForMessage)' already has a race named '\(name.truncatedForMessage)'; "
                + "choose another name"
        case .boatRaces(let boat, let races):
            return "boat '\(boat.truncatedForMessage)' races in \(Self.list(races)); it stays while a race uses it"
        case .boatRacesAtOnce(let boat, let race, let start, let otherRegatta):
            guard let otherRegatta else {
                return "boat '\(boat.truncatedForMessage)' already races '\(race.truncatedForMessage)' at \(start), "
                    + "and a boat races one race at a time"
            }
            return "boat '\(boat.truncatedForMessage)' already races '\(race.truncatedForMessage)' of regatta "
                + "'\(otherRegatta.truncatedForMessage)' that day at \(start), and its crew races one race at a "
                + "time, the minimum gap apart"
        case .boatNameTaken(let name):
            return "a boat named '\(name.truncatedForMessage)' already exists, so the race cannot get a new boat of "
                + "that name"
        case .raceIsNoBoat(let name, let races):
            // The boat's name in full, never cut: it is the name to type instead.
            let raced = races.map {
                "of \($0.regatta.truncatedForMessage), raced in the boat '\(TerminalText.line($0.boat))'"
            }
            return "no boat named '\(name.truncatedForMessage)'; that is a race "
                + raced.joined(separator: ", and a race ")
        case .fileRejected(let issues):
            return "the file was not read, nothing was changed; fix these and try again:\n" + Self.lines(issues)
        case .crewRejected(let issues):
            return "the crew was not seated, nothing was changed; fix these and try again:\n" + Self.lines(issues)
        case .planInputsChanged(let regatta):
            return "the races, boats, roster or availability of regatta '\(regatta.truncatedForMessage)' changed while "
                + "the plan was being made, so nothing was written"
        case .paddlerNamedTwice(let paddler, let names):
            let given = names.map { "'\($0.truncatedForMessage)'" }.joined(separator: " and ")
            return "\(paddler.truncatedForMessage) is named twice (as \(given)); name each paddler once, nothing was "
                + "changed"
        case .answersClosed(let regatta):
            return "the answers for regatta '\(regatta.truncatedForMessage)' are closed; ask the coach to change yours"
        case .answerSetByCoach(let race):
            return "the coach has set your answer for \(race.map { "race '\($0.truncatedForMessage)'" } ?? "the day"); "
                + "ask the coach to change it"
        }
    }

    /// One indented line per issue.
    private static func lines(_ issues: [RosterImportIssue]) -> String {
        issues.map { "  \($0)" }.joined(separator: "\n")
    }

    private static func list(_ names: [String]) -> String {
        LineupError.alternatives(names, conjunction: "and", limit: 6)
    }
}
