import ArgumentParser
import LineupPresentation

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a lineup: the seat chart, the bench, the balance verdict and the crew rules.",
        discussion: """
            Balance, per axis: the headline verdict comes from the moments (each seat weighted by its distance \
            from the boat's middle, the drum and oar included), with the plain sums beside it. Left and right \
            sum the row seats; front is the drummer and the front half of the rows, back the back half and the \
            steerer (in a small boat the middle row counts half to each). Weights are shown to a tenth of a \
            kilogram (or pound), and the sums add the weights as shown. Unknown weights count 0 and are listed.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var display: DisplayOptions
    @Flag(help: "Also list the paddlers' notes.") var notes = false
    @Flag(
        help: "Print JSON: {boat, kind, seats: [{seat, paddler, weight_kg, locked}], balance, moments, verdict, rules}."
    )
    var json = false

    func run() throws {
        let db = try database.openForReading()
        let state = try db.state(ofBoat: boat.boat)
        if json {
            print(try JSONCoding.encode(LineupDocument(state)), terminator: "")
        } else {
            print(
                LineupChart(state: state, format: display.format(for: state), style: Terminal.style, showsNotes: notes)
                    .render())
            // A boat that races: who sits in a race they are not there for (a boat may serve several races).
            let warnings = try RaceWarnings.lines(for: state.boat, in: db)
            if !warnings.isEmpty {
                print(
                    (["Races:"] + warnings.map { "  " + Terminal.style.warning("!") + " " + $0 }).joined(
                        separator: "\n"))
            }
        }
    }
}
