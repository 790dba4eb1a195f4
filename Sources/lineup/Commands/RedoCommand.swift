import ArgumentParser

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
        let outcome = try database.open().redo(steps: steps.steps, inBoat: boat.boat)
        print(ChangeReport.text(for: outcome, verb: "Redid", format: display.format(for: outcome.state)))
    }
}
