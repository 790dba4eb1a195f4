import ArgumentParser
import LineupCore

struct BoatRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Show or set the crew rules a boat races under (open, women, idbf-mixed).")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Argument(help: "The preset to set; left out, the boat's preset is shown.") var preset: RulesPreset?

    func run() throws {
        let db = try preset == nil ? database.openForReading() : database.open()
        if let preset {
            let updated = try db.setRules(preset, forBoat: boat.choice)
            print(
                "\"\(updated.name.terminalSafe)\" now races under \(preset.rawValue) rules; `lineup check` checks them."
            )
        } else {
            let state = try db.state(ofBoat: BoatChoice(boat.boat))
            print("\"\(state.boat.name.terminalSafe)\" races under \(state.boat.rules.rawValue) rules.")
        }
    }
}
