import ArgumentParser
import LineupCore

struct RegattaUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Change a regatta's date, minimum gap or name.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument
    @Option(help: ArgumentHelp("The new date, from 1900-01-01 to 2200-12-31.", valueName: "YYYY-MM-DD")) var date:
        String?
    @Option(
        help: ArgumentHelp(
            "Shortest start-to-start time between two races of one person, in minutes (0-720).", valueName: "minutes"))
    var minGap: Int?
    @Option(help: ArgumentHelp("A new name.", valueName: "name")) var rename: String?

    func validate() throws {
        if date == nil && minGap == nil && rename == nil {
            throw ValidationError("give --date, --min-gap or --rename")
        }
    }

    func run() throws {
        let day = try date.map { (text: String) throws(LineupError) in try RegattaDay(parsing: text) }
        let updated = try database.open().updateRegatta(
            regatta.regatta, date: day, minimumGapMinutes: minGap, newName: rename)
        print(
            "Regatta \"\(updated.name.terminalSafe)\": \(updated.date), minimum gap \(updated.minimumGapMinutes) minutes, "
                + "\(updated.raceCount) race\(updated.raceCount == 1 ? "" : "s").")
    }
}
