import ArgumentParser
import LineupCore
import LineupPresentation

struct RosterListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the roster by name; inactive paddlers are marked.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var display: DisplayOptions
    @Flag(
        help: ArgumentHelp(
            "Print JSON: an array of {name, weight_kg, sex, side, can_drum, can_steer, notes, active, injured_until, "
                + "role, rows, prefer_rows}."))
    var json = false

    func run() throws {
        let db = try database.openForReading()
        let paddlers = try db.roster()
        if json {
            print(try JSONCoding.encode(RosterDocument(paddlers)), terminator: "")
            return
        }
        guard !paddlers.isEmpty else {
            print("The roster is empty; add paddlers with `lineup roster add NAME` or `lineup roster import FILE`.")
            return
        }
        let format = try display.format(in: db)
        let width = min(30, max(4, paddlers.map { TextLayout.width($0.name.terminalSafe) }.max() ?? 4))
        let style = Terminal.style
        print(
            style.bold(
                TextLayout.pad("name", width) + "  " + TextLayout.pad(format.symbol, 6, right: true)
                    + "  sex  side    drum  steer  notes"))
        // Role and rows only where set, so a roster that uses neither reads as it always has.
        func seat(_ paddler: Paddler) -> String {
            let summary = RosterWords.seatSummary(paddler)
            return summary.isEmpty ? "" : "[\(summary)] "
        }
        for paddler in paddlers {
            let inactive =
                (paddler.isActive ? "" : style.dim("(inactive) "))
                + (paddler.injuredUntil.map { style.dim("(injured until \($0)) ") } ?? "")
            print(
                TextLayout.pad(TextLayout.field(paddler.name, width), width) + "  "
                    + TextLayout.pad(paddler.weightKg.map(format.number) ?? "?", 6, right: true) + "  "
                    + TextLayout.pad(paddler.sex?.rawValue ?? "?", 3) + "  " + TextLayout.pad(paddler.side.rawValue, 6)
                    + "  " + TextLayout.pad(paddler.canDrum ? "yes" : "", 4) + "  "
                    + TextLayout.pad(paddler.canSteer ? "yes" : "", 5) + "  " + inactive + seat(paddler)
                    + paddler.notes.terminalSafe)
        }
        let inactiveCount = paddlers.filter { !$0.isActive }.count
        print(style.dim("\(paddlers.count) paddlers" + (inactiveCount > 0 ? ", \(inactiveCount) inactive" : "")))
    }
}
