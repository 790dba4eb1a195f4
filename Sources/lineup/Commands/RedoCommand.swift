import ArgumentParser
import LineupCore

struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Apply again the change last undone.",
        discussion: "Any new change discards what could be redone. Exit status 1 when there is nothing to redo.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var steps: StepsOptions
    @OptionGroup var display: DisplayOptions

    func run() throws {
        try Self.run(steps: steps.steps, database: database.location, boat: boat.boat, unit: display.unit)
    }

    /// The command's work, also run by `FastPath` for the command lines it reads.
    static func run(steps: Int, database: DatabaseLocation, boat: String?, unit: WeightUnit?) throws {
        let outcome = try database.openForChange().redo(steps: steps, inBoat: boat)
        SavedChange.declare(.recordedInHistory)
        Terminal.printLine(
            ChangeReport.text(
                for: outcome, verb: "Redid", format: DisplayOptions.format(unit: unit, for: outcome.state)))
    }
}
