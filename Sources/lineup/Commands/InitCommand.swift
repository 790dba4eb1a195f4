import ArgumentParser
import LineupCore
import LineupStore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database (safe to run again).",
        discussion: """
            With --sample, also load the sample club roster and a seated standard boat, "Sample crew": only \
            into a new or empty database, never beside a club's own paddlers.
            """)

    @OptionGroup var database: DatabaseOptions

    @Flag(
        help:
            "Also load the sample roster and create the boat \"Sample crew\" with a crew seated (empty databases only)."
    )
    var sample = false

    func run() throws {
        let path = try database.resolvedPath
        let (db, isNew) = try database.openForSetUp()
        let shown = path.terminalSafe
        let ready = isNew ? "Created the lineup database at \(shown)." : "The lineup database at \(shown) is ready."
        guard sample else {
            print(ready)
            return
        }
        let state: BoatState
        do {
            state = try db.loadSample()
        } catch .sampleNeedsEmptyDatabase {
            throw CommandError.failed(
                "\(path) already holds a club; the sample goes only into an empty database, so nothing was "
                    + "changed. Try it in a database of its own: `lineup init --sample --db sample.sqlite`")
        }
        print(ready)
        print(
            "Loaded the sample roster (\(state.roster.count) paddlers) and the boat \"\(state.boat.name.terminalSafe)\"; "
                + "see it with `lineup show \(state.boat.name.boatOption)`.")
    }
}
