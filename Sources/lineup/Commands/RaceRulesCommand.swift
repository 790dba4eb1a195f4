import ArgumentParser
import LineupCore
import LineupPresentation

struct RaceRulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "Show or set the crew rules of one race (open, women, idbf-mixed).",
        discussion: """
            A race races under its boat's rules unless it has its own: useful when one boat serves races of \
            different categories. --boat puts it back under its boat's rules.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var race: RaceArguments
    @Argument(help: "The preset to set; left out, the race's rules are shown.") var preset: RulesPreset?
    @Flag(help: "Race under the boat's rules again.") var boat = false

    func validate() throws {
        if boat && preset != nil { throw ValidationError("give either a preset or --boat, not both") }
    }

    func run() throws {
        let db = try preset != nil || boat ? database.open() : database.openForReading()
        if preset != nil || boat {
            let previous = try db.race(race.race, of: race.regatta)
            let updated = try db.setRules(preset, forRace: race.race, of: race.regatta)
            print(
                "\"\(updated.name.terminalSafe)\" now races under \(updated.rules.rawValue) rules"
                    + (updated.ownRules == nil ? " (its boat's, \"\(updated.boat.name.terminalSafe)\")." : "."))
            // As an exchange says so of the boat's rules: what the crew breaks now that it did not, or keeps.
            let state = try db.state(ofBoat: BoatChoice(updated.boat.name))
            let rules = CrewRules(updated.rules, kind: updated.boat.kind)
            let lines = RulesText.changes(
                rules: rules,
                before: state.lineup.check(CrewRules(previous.rules, kind: previous.boat.kind), roster: state.roster),
                after: state.lineup.check(rules, roster: state.roster), style: Terminal.style)
            if !lines.isEmpty { print(lines.joinedText(separator: "\n")) }
        } else {
            let found = try db.race(race.race, of: race.regatta)
            print(
                "\"\(found.name.terminalSafe)\" races under \(found.rules.rawValue) rules"
                    + (found.ownRules == nil ? " (its boat's, \"\(found.boat.name.terminalSafe)\")." : " (its own)."))
        }
    }
}
