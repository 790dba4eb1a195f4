import ArgumentParser
import LineupCore

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back the boat's last change (exchange, lock or unlock).",
        discussion: """
            Undo first checks that everyone involved is still where the change left them; if not, it says \
            who is where and changes nothing. Exit status 1 when there is nothing to undo.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var steps: StepsOptions
    @OptionGroup var display: DisplayOptions

    func run() throws {
        try HistoryStep.undo.run(steps: steps.steps, database: database.location, boat: boat.boat, unit: display.unit)
    }
}
