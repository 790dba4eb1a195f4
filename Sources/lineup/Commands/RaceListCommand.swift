import ArgumentParser
import LineupPresentation

struct RaceListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List a regatta's races in time order, with their boats and rules.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument

    func run() throws {
        let (info, races) = try database.openForReading().races(of: regatta.regatta)
        print(
            "\(info.name.terminalSafe)  \(info.date), minimum gap \(info.minimumGapMinutes) minutes (times local to the regatta)"
        )
        guard !races.isEmpty else {
            print("No races yet; add one with `lineup race add \(info.name.shellWord) RACE --at HH:MM`.")
            return
        }
        let width = races.map { TextLayout.width($0.name.terminalSafe) }.max() ?? 4
        for race in races {
            let shared = races.filter { $0.boat.id == race.boat.id && $0.id != race.id }.map(\.name)
            print(
                "  \(race.start)  " + TextLayout.pad(race.name.terminalSafe, width)
                    + "  boat \"\(race.boat.name.terminalSafe)\" "
                    + "(\(race.boat.kind.rawValue)), \(race.rules.rawValue) rules"
                    + (race.ownRules == nil ? "" : " (the race's own)")
                    + (shared.isEmpty ? "" : "; same crew as \(shared.joined(separator: ", ").terminalSafe)")
                    + (race.carriesCrewOf.map { "; carries the crew of \($0.terminalSafe)" } ?? ""))
        }
    }
}
