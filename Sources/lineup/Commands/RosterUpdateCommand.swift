import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation
import LineupStore

struct RosterUpdateCommand: ParsableCommand {
    /// `--active` or `--inactive`.
    enum Activity: String, EnumerableFlag {
        case active, inactive

        static func help(for value: Activity) -> ArgumentHelp? {
            switch value {
            case .active: "They paddle again: back at the end of every bench."
            case .inactive: "They no longer paddle: off every bench, a broken rule where still seated."
            }
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Change a paddler's details; only the fields given change.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The paddler's name, or a part that names only them: a first name, a surname, or its start.")
    var name: String
    @Option(help: ArgumentHelp("A new name.", valueName: "name")) var rename: String?
    @Flag(help: "Forget the paddler's weight (it shows as unknown).") var clearWeight = false
    @OptionGroup var fields: PaddlerOptions
    @Flag var activity: Activity?
    @Option(
        help: ArgumentHelp(
            "Injured up to and including this day: not racing until then, racing again after it without anyone "
                + "switching them back; `none` ends the injury.", valueName: "YYYY-MM-DD"))
    var injuredUntil: String?

    func validate() throws {
        if clearWeight && fields.weight != nil {
            throw ValidationError("give either --weight or --clear-weight, not both")
        }
        _ = try fields.draft(name: rename ?? name, validatingName: rename != nil)
        _ = try injury()
    }

    /// `--injured-until` read: nil when not given, `.some(nil)` for `none`.
    private func injury() throws -> RegattaDay?? {
        guard let injuredUntil else { return nil }
        if injuredUntil.lowercased() == "none" { return .some(nil) }
        do {
            return .some(try RegattaDay(parsing: injuredUntil))
        } catch {
            throw ValidationError("--injured-until: \(error.description), or `none` to end the injury")
        }
    }

    func run() throws {
        var draft = try fields.draft(name: rename ?? name, validatingName: rename != nil)
        if clearWeight { draft.weightKg = .some(nil) }
        if let activity { draft.isActive = activity == .active }
        draft.injuredUntil = try injury()
        let db = try database.open()
        let (before, paddler) = try db.changePaddler(named: name, with: draft, renaming: rename != nil)
        print(RosterWords.updatedSentence(from: before, to: paddler).terminalSafe)
        let seats = try db.seats(ofPaddler: paddler)
        if draft.role != nil || draft.rows != nil {
            if let note = SeatRoleWords.unmetRole(of: paddler, in: try db.boats().map(\.boat)) {
                print("note: \(note.terminalSafe)")
            }
            for note in SeatRoleWords.seatedOutsideRows(paddler, seats) {
                print(
                    "note: \(note.terminalSafe): `lineup check` fails until they move; `lineup optimize` moves them "
                        + "out when some seat of their rows can take them, or an exchange does")
            }
        }
        if let warning = RosterWords.inactiveButSeated(paddler, seats) {
            printWarning(
                warning.terminalSafe
                    + "; `lineup show` and `lineup check` count it as a broken rule until someone takes the seat")
        }
        if injuredUntil != nil, let last = paddler.injuredUntil,
            let today = try? RegattaDay(parsing: DateText.localDate(Date())),
            last < today
        {
            printWarning("\(last) is already past, so the injury keeps \(paddler.name) out of no regatta from today on")
        }
    }
}
