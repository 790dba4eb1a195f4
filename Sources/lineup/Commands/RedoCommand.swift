import ArgumentParser

struct RedoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Apply again the change last undone.",
        discussion: "Any new change discards what could be redone. Exit status 1 when there is nothing to redo.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Option(help: "How many undone changes to apply again, oldest first; all or none.") var steps = 1

    func validate() throws {
        guard steps >= 1 else { throw ValidationError("--steps must be 1 or more") }
    }

    func run() throws {
        print(ChangeReport.text(for: try database.open().redo(steps: steps, inBoat: boat.boat), verb: "Redid"))
    }
}
