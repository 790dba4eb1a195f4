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
