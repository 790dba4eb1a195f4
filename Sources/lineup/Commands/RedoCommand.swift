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
        try HistoryStep.redo.run(steps: steps.steps, database: database.location, boat: boat.boat, unit: display.unit)
    }
}
