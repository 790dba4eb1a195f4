import ArgumentParser
import LineupCore

struct HistoryPruneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove a boat's old history records; the lineup itself does not change.",
        discussion: """
            Only how far back `undo` reaches changes: the lineup stays as it is, and records that can be \
            redone are never removed. With both options, a record goes when it is beyond the newest N \
            and older than DAYS.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Option(help: ArgumentHelp("Keep the newest N records that can be undone.", valueName: "N")) var keep: Int?
    @Option(help: ArgumentHelp("Remove records written more than DAYS days ago.", valueName: "DAYS"))
    var olderThan: PlainNumber?
    @Flag(help: "Say how many records would go, without removing any.") var dryRun = false

    func validate() throws {
        guard keep != nil || olderThan != nil else {
            throw ValidationError("say which records to remove: --keep N, --older-than DAYS, or both")
        }
        if let keep, keep < 0 { throw ValidationError("--keep must be 0 or more") }
        if let olderThan, !(olderThan.value >= 0 && olderThan.value <= 100_000) {
            throw ValidationError("--older-than must be a number of days from 0 to 100000")
        }
    }

    func run() throws {
        let outcome = try (dryRun ? database.openForReading() : database.open()).pruneHistory(
            // Removing records cannot be undone: a boat is named whole, as for `boat delete`.
            ofBoat: boat.boat.map(BoatChoice.wholeName) ?? .current, keep: keep,
            olderThan: olderThan.map { $0.value * 86_400 }, dryRun: dryRun)
        let records = outcome.removed == 1 ? "record" : "records"
        let left = "\(outcome.remaining) left; the lineup is unchanged"
        if dryRun {
            print("Would remove \(outcome.removed) \(records) from boat '\(outcome.boat.name.terminalSafe)' (\(left)).")
        } else {
            print("Removed \(outcome.removed) \(records) from boat '\(outcome.boat.name.terminalSafe)' (\(left)).")
        }
    }
}
