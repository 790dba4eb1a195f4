import ArgumentParser
import LineupCore

struct RaceMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a race to another start time.",
        discussion: """
            Rest and availability are checked against the new time: the conflicts the move makes or clears are \
            printed (`lineup check --regatta` lists them all).
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var race: RaceArguments
    @Option(help: ArgumentHelp("The new start time, 00:00 to 23:59.", valueName: "HH:MM")) var to: TimeOfDay

    func run() throws {
        let db = try database.open()
        try RegattaChangeReport.printing(regatta: race.regatta, in: db) {
            let moved = try db.moveRace(race.race, of: race.regatta, to: to)
            print(
                moved.start == to
                    ? "\"\(moved.name.terminalSafe)\" already starts at \(to); nothing changed."
                    : "Moved \"\(moved.name.terminalSafe)\" from \(moved.start) to \(to).")
        }
    }
}
