import ArgumentParser
import LineupPresentation

struct RaceRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a race from its regatta (its boat and lineup stay).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var race: RaceArguments

    func run() throws {
        let (removed, relinked) = try database.open().removeRace(race.race, of: race.regatta)
        print(
            "Removed \"\(removed.name.terminalSafe)\" (\(removed.start)); its boat \"\(removed.boat.name.terminalSafe)\" is still there "
                + "(`lineup boat delete` deletes it once no race uses it).")
        if let source = removed.carriesCrewOf, !relinked.isEmpty {
            let names = relinked.map { "\"\($0.terminalSafe)\"" }
            print(
                "\(ListWords.joined(names)) now \(relinked.count == 1 ? "carries" : "carry") the crew of "
                    + "\"\(source.terminalSafe)\", as \"\(removed.name.terminalSafe)\" did.")
        }
    }
}
