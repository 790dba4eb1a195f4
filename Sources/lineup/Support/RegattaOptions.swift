import ArgumentParser
import LineupCore
import LineupStore

extension TimeOfDay: ExpressibleByArgument {
    public init?(argument: String) {
        guard let time = try? TimeOfDay(parsing: argument) else { return nil }
        self = time
    }

    public var defaultValueDescription: String { description }
}

/// `REGATTA`: the regatta a command works on.
struct RegattaArgument: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "The regatta, by name (case does not matter; a unique word or start of one will do).",
            valueName: "regatta"))
    var regatta: String
}

/// `REGATTA RACE`: one race of a regatta.
struct RaceArguments: ParsableArguments {
    @Argument(help: ArgumentHelp("The regatta, by name.", valueName: "regatta")) var regatta: String
    @Argument(
        help: ArgumentHelp(
            "The race, by name within the regatta (a unique word or start of one will do).", valueName: "race"))
    var race: String
}

/// What the races of a regatta add to a boat's `show` and `check`: who is seated in a race they are not
/// there for. A boat may serve several races; each is named.
enum RaceWarnings {
    static func lines(for boat: Boat, in db: LineupDatabase) throws -> [String] {
        var lines: [String] = []
        var seen = Set<String>()
        for race in try db.races(ofBoat: boat.name) where seen.insert(race.regatta).inserted {
            let state = try db.regattaState(race.regatta)
            let indices = Set(state.regatta.races.indices.filter { state.races[$0].boat.id == boat.id })
            lines += state.regatta.availabilityConflicts(involving: indices).map {
                "\(race.regatta): " + state.regatta.describe($0)
            }
        }
        return lines
    }
}
