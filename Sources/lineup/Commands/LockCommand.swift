import ArgumentParser

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Lock a seat: its paddler can be neither moved out nor displaced.",
        discussion: "Locks belong to seats, not people. A lock is one history record, so `lineup undo` takes it back.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Argument(help: "The seat (D, S, L1…, R1…) or the name of the paddler sitting in it.") var place: String

    func run() throws {
        let outcome = try database.open().setLock(true, at: place, inBoat: boat.boat)
        print(ChangeReport.lockText(for: outcome, place: place, locked: true))
    }
}
