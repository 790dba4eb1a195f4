import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct ExchangeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exchange",
        abstract: "Exchange two places: the two paddlers trade places and nobody else moves.",
        discussion: """
            Each PLACE is a seat (D, S, L1…, R1…), a bench position (B1…), B for the end of the bench, or a \
            paddler's name. With an empty seat, the paddler moves there; `lineup exchange L3 B` sends L3 to \
            the bench. The change is one history record: `lineup undo` takes it back.
            """,
        aliases: ["swap"])

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var display: DisplayOptions
    @Argument(help: "The first place.") var first: String
    @Argument(help: "The second place.") var second: String

    func run() throws {
        try Self.run(first, second, database: database.location, boat: boat.boat, unit: display.unit)
    }

    /// The command's work, also run by `FastPath` for the command lines it reads.
    static func run(
        _ first: String, _ second: String, database: DatabaseLocation, boat: String?, unit: WeightUnit?
    ) throws {
        let outcome: ChangeOutcome
        do {
            outcome = try database.openForChange().exchange(inBoat: BoatChoice(boat)) { state throws(LineupError) in
                try ExchangePlaces(first, second, on: state)
            }
        } catch {
            throw LineupError.namingBoat(boat, in: error)
        }
        SavedChange.declare(.recordedInHistory)
        guard outcome.record != nil else {
            Terminal.printLine(ChangeWords.terminal.nothingExchanged(in: outcome.state, first: first, second: second))
            return
        }
        Terminal.printLine(
            ChangeReport.text(
                for: outcome, verb: ChangeWords.exchangeVerb(outcome.change),
                format: DisplayOptions.format(unit: unit, for: outcome.state)))
    }
}
