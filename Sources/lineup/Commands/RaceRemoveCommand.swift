import ArgumentParser
import LineupPresentation

struct RaceRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a race from its regatta (its boat and lineup stay).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var race: RaceArguments

    func run() throws {
        let db = try database.open()
        let (removed, relinked, carryingNow) = try db.removeRace(race.race, of: race.regatta)
        let stillRaces = try db.races(ofBoat: .id(removed.boat.id)).map { "\($0.race) (\($0.regatta))".terminalSafe }
        print(
            "Removed \"\(removed.name.terminalSafe)\" (\(removed.start)); its boat \"\(removed.boat.name.terminalSafe)\" "
                + (stillRaces.isEmpty
                    ? "is still there (`lineup boat delete` deletes it once no race uses it)."
                    : "still races \(ListWords.joined(stillRaces))."))
        guard !relinked.isEmpty else { return }
        let names = ListWords.joined(relinked.map { "\"\($0.terminalSafe)\"" })
        let verb = relinked.count == 1 ? "carries" : "carry"
        if let carryingNow {
            print(
                "\(names) now \(verb) the crew of \"\(carryingNow.terminalSafe)\", as \"\(removed.name.terminalSafe)\" did."
            )
        } else {
            print(
                "\(names) no longer \(verb) the crew of a race: `regatta plan` seats \(relinked.count == 1 ? "it" : "them") "
                    + "on \(relinked.count == 1 ? "its" : "their") own.")
        }
    }
}
