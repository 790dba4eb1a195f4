import ArgumentParser

struct RaceRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a race from its regatta (its boat and lineup stay).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var race: RaceArguments

    func run() throws {
        let removed = try database.open().removeRace(race.race, of: race.regatta)
        print(
            "Removed \"\(removed.name.terminalSafe)\" (\(removed.start)); its boat \"\(removed.boat.name.terminalSafe)\" is still there "
                + "(`lineup boat delete` deletes it once no race uses it).")
    }
}
