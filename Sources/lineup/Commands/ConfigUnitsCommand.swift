import ArgumentParser
import LineupCore

struct ConfigUnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units",
        abstract: "Show or set the unit the club reads weights in: kg or lb.",
        discussion: """
            Charts, lists and balance figures show weights in this unit, to a tenth; `--unit` on a command \
            overrides it once. Weights are stored in kilograms, to hundredths (10 g), whatever the unit; \
            CSV and JSON exports always write kilograms.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "kg or lb; left out, the unit in force is shown.") var unit: WeightUnit?

    func run() throws {
        let db = try database.open()
        if let unit {
            try db.setWeightUnit(unit)
            SavedChange.declare(
                .outsideHistory(
                    saved: "weights are now shown in \(unit.rawValue)",
                    again: "`lineup config units` shows it, and running it again changes nothing"))
            print("Weights are now shown in \(unit.rawValue).")
        } else {
            print("Weights are shown in \(try db.weightUnit().rawValue).")
        }
    }
}
