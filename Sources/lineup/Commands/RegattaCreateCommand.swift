import ArgumentParser
import LineupCore

struct RegattaCreateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create a regatta on a date.",
        discussion: "Then add its races with `lineup race add REGATTA RACE --at HH:MM`.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The regatta's name, such as \"Spring Cup\".") var name: String
    @Option(help: ArgumentHelp("The day of the regatta, from 1900-01-01 to 2200-12-31.", valueName: "YYYY-MM-DD"))
    var date: String
    @Option(
        help: ArgumentHelp(
            "Shortest start-to-start time between two races of one person, in minutes (0-720).", valueName: "minutes"))
    var minGap = 30

    func run() throws {
        // The day is read before the database is opened: a mistyped one creates no file.
        let day = try RegattaDay(parsing: date)
        let regatta = try database.open(creatingIfMissing: true).createRegatta(
            named: name, date: day, minimumGapMinutes: minGap)
        print(
            "Created regatta \"\(regatta.name.terminalSafe)\" on \(regatta.date), minimum gap "
                + "\(regatta.minimumGapMinutes) minutes; add races with "
                + "`lineup race add \(regatta.name.shellWord) RACE --at HH:MM`.")
    }
}
