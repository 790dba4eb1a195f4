import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two boats seat by seat: who sits where in each, who moved, and their balance.",
        discussion: """
            Boats of different kinds compare seat by seat where both have the seat; the rows only the \
            standard boat has are listed with "no seat" for the small one.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The first boat.") var first: String
    @Argument(help: "The second boat.") var second: String
    @Flag(help: "List every seat, not only those that differ.") var all = false
    @OptionGroup var display: DisplayOptions
    @Flag(
        help:
            "Print JSON: {seats: [{seat, first, second, in_first, in_second}], moved: [{paddler, first, second}], boats}."
    )
    var json = false

    func run() throws {
        let db = try database.openForReading()
        let a = try db.state(ofBoat: BoatChoice(first))
        let b = try db.state(ofBoat: BoatChoice(second))
        let comparison = LineupComparison(a.lineup, b.lineup)
        if json {
            print(
                try JSONCoding.encode(DiffDocument(first: a, second: b, comparison: comparison, all: all)),
                terminator: "")
            return
        }
        let differing = comparison.differing
        let shown = all ? comparison.seats : differing
        print(
            "\"\(a.boat.name.terminalSafe)\" against \"\(b.boat.name.terminalSafe)\": \(differing.count) of \(comparison.seats.count) seats differ."
        )
        let nameWidth = 26
        if !shown.isEmpty {
            print("")
            print(
                "  " + TextLayout.pad("seat", 6)
                    + TextLayout.pad(TextLayout.field(a.boat.name, nameWidth - 2), nameWidth)
                    + b.boat.name.terminalSafe)
            for seat in shown {
                func cell(_ state: BoatState, _ id: PaddlerID?, _ exists: Bool) -> String {
                    exists ? id.flatMap { state.roster[$0]?.name.terminalSafe } ?? "-" : "(no seat)"
                }
                print(
                    (seat.differs ? "* " : "  ") + TextLayout.pad(seat.place.description, 6)
                        + TextLayout.pad(
                            TextLayout.field(cell(a, seat.first, seat.inFirst), nameWidth - 2), nameWidth)
                        + cell(b, seat.second, seat.inSecond))
            }
        }
        if !comparison.moves.isEmpty {
            print("\nMoved:")
            for move in comparison.moves {
                let name = a.roster[move.paddler]?.name ?? b.roster[move.paddler]?.name ?? "?"
                print(
                    "  \(name.terminalSafe): \(move.first?.description ?? "bench") → \(move.second?.description ?? "bench")"
                )
            }
        }
        print("")
        let columns = [a, b].map { (title: TextLayout.field($0.boat.name, 24), state: $0) }
        print(BalanceFigures.table(columns, width: 26, format: display.format(for: a)).joined(separator: "\n"))
    }
}
