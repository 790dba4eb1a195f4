import ArgumentParser

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a lineup: the seat chart, the bench, and the balance sums.",
        discussion: """
            Left and right sum the row seats; front is the drummer and the front half of the rows, back the \
            back half and the steerer (in a small boat the middle row counts half to each). Unknown weights \
            count 0 and are listed.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Flag(help: "Print JSON: {boat, kind, seats: [{seat, paddler, weight_kg, locked}], balance}.") var json = false

    func run() throws {
        let state = try database.openForReading().state(ofBoat: boat.boat)
        if json {
            print(try JSONOutput.encode(JSONOutput.lineup(state)), terminator: "")
        } else {
            print(LineupChart(state: state).render())
        }
    }
}
