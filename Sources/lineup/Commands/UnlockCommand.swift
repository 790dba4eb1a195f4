import ArgumentParser

struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock", abstract: "Unlock a seat, so its paddler can be exchanged again.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Argument(help: "The seat (D, S, L1…, R1…) or the name of the paddler sitting in it.") var place: String

    func run() throws {
        try LockCommand.run(place, locked: false, database: database.location, boat: boat.boat)
    }
}
