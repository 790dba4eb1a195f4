import ArgumentParser
import LineupCore

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Lock a seat: its paddler can be neither moved out nor displaced.",
        discussion: "Locks belong to seats, not people. A lock is one history record, so `lineup undo` takes it back.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Argument(help: "The seat (D, S, L1…, R1…) or the name of the paddler sitting in it.") var place: String

    func run() throws {
        try Self.run(place, locked: true, database: database.location, boat: boat.boat)
    }

    /// The work of `lock` and `unlock`, also run by `FastPath` for the command lines it reads.
    static func run(_ place: String, locked: Bool, database: DatabaseLocation, boat: String?) throws {
        let outcome = try database.openForChange().setLock(
            locked, inBoat: BoatChoice(boat), at: { state throws(LineupError) in try state.place(place) }, expected: nil
        )
        SavedChange.declare(.recordedInHistory)
        Terminal.printLine(ChangeReport.lockText(for: outcome, place: place, locked: locked))
    }
}
