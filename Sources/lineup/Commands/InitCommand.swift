import ArgumentParser
import LineupStore

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database (safe to run again).",
        discussion: "With --sample, also load the sample club roster and a seated standard boat, \"Sample crew\".")

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "Also load the sample roster and create the boat \"Sample crew\" with a crew seated.")
    var sample = false

    func run() throws {
        let path = try database.resolvedPath
        let (db, isNew) = try database.openForSetUp()
        print(isNew ? "Created the lineup database at \(path)." : "The lineup database at \(path) is ready.")
        if sample {
            let state = try db.loadSample()
            print(
                "Loaded the sample roster (\(state.roster.count) paddlers) and the boat \"\(state.boat.name)\"; "
                    + "see it with `lineup show -b \"\(state.boat.name)\"`.")
        }
    }
}
