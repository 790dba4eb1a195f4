import ArgumentParser

struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Apply again the change last undone.",
        discussion: "Any new change discards what could be redone. Exit status 1 when there is nothing to redo.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var steps: StepsOptions

    func run() throws {
        print(ChangeReport.text(for: try database.open().redo(steps: steps.steps, inBoat: boat.boat), verb: "Redid"))
    }
}
