import LineupCore
import LineupStore

/// `undo` and `redo`: the same work in two directions through a boat's history.
enum HistoryStep {
    case undo, redo

    /// How the report after the step begins: `Undid …`, `Redid …`.
    var verb: String {
        switch self {
        case .undo: "Undid"
        case .redo: "Redid"
        }
    }

    /// Takes back (or applies again) `steps` records of `boat`'s history and prints what changed; also run by
    /// `FastPath` for the command lines it reads.
    func run(steps: Int, database: DatabaseLocation, boat: String?, unit: WeightUnit?) throws {
        let store = try database.openForChange()
        let outcome =
            switch self {
            case .undo: try store.undo(steps: steps, inBoat: BoatChoice(boat), expectedFirst: nil)
            case .redo: try store.redo(steps: steps, inBoat: BoatChoice(boat), expectedFirst: nil)
            }
        SavedChange.declare(.recordedInHistory)
        Terminal.printLine(
            ChangeReport.text(for: outcome, verb: verb, format: DisplayOptions.format(unit: unit, for: outcome.state)))
    }
}
