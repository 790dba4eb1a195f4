import ArgumentParser
import Foundation

struct EditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Edit a lineup full-screen: catch a paddler, drag them over seats watching the balance, drop.",
        discussion: """
            Keys: arrows or h j k l move (→ from a right seat goes into the bench drawn beside the boat, \
            ← comes back), space or enter catches and drops, esc cancels the drag, u undo, r redo, L locks \
            or unlocks the seat, ? help (? or esc goes back), q quit. While a paddler is caught, the \
            balance and the crew rules show the boat as it would be if dropped there. Every drop is one \
            history record, as `lineup exchange` writes it; nothing is written before the drop, and an \
            interruption (Ctrl-C, a closed terminal, a signal) cancels the drag. Names get the width the \
            terminal allows; it needs at least 80×24.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var display: DisplayOptions

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandError.failed(
                "lineup edit needs a terminal; in scripts use `lineup exchange A B` (and `lineup show`)")
        }
        let session = try EditorSession(
            db: try database.open(), boat: boat.boat, unit: display.unit, colours: Terminal.useColour)
        let status = try session.run()
        if status != 0 { throw ExitCode(status) }
    }
}
