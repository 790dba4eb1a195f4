import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

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
        try Self.run(database: database.location, boat: boat.boat, unit: display.unit, notes: notes, json: json)
    }

    /// The command's work, also run by `FastPath` for the command lines it reads.
    static func run(database: DatabaseLocation, boat: String?, unit: WeightUnit?, notes: Bool, json: Bool) throws {
        let store = try database.openForShowing()
        let state = try store.state(ofBoat: BoatChoice(boat))
        if json {
            Terminal.printText(try JSONCoding.encode(LineupDocument(state)))
        } else {
            Terminal.printLine(
                LineupChart(
                    state: state, format: DisplayOptions.format(unit: unit, for: state), style: Terminal.style,
                    showsNotes: notes
                ).render())
        }
    }
}
