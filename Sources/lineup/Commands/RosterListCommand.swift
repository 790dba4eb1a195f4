import ArgumentParser
import LineupCore

struct RosterListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the roster by name.")

    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Print JSON: an array of {name, weight_kg, sex, side, can_drum, can_steer, notes}.") var json = false

    func run() throws {
        let paddlers = try database.openForReading().roster()
        if json {
            print(try JSONOutput.encode(JSONOutput.roster(paddlers)), terminator: "")
            return
        }
        guard !paddlers.isEmpty else {
            print("The roster is empty; add paddlers with `lineup roster add NAME` or `lineup roster import FILE`.")
            return
        }
        let width = min(30, max(4, paddlers.map(\.name.count).max() ?? 4))
        print(Terminal.bold(pad("name", width) + "  weight  sex  side    drum  steer  notes"))
        for paddler in paddlers {
            let name = paddler.name.count > width ? String(paddler.name.prefix(width - 1)) + "…" : paddler.name
            print(
                pad(name, width) + "  " + pad(paddler.weightKg.map(PaddlerRules.formatWeight) ?? "?", 6, right: true)
                    + "  " + pad(paddler.sex?.rawValue ?? "?", 3) + "  " + pad(paddler.side.rawValue, 6) + "  "
                    + pad(paddler.canDrum ? "yes" : "", 4) + "  " + pad(paddler.canSteer ? "yes" : "", 5) + "  "
                    + paddler.notes)
        }
        print(Terminal.dim("\(paddlers.count) paddlers"))
    }
}
