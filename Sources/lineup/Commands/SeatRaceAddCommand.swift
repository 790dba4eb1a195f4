import ArgumentParser
import LineupCore
import LineupStore

struct SeatRaceAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Record a seat race from its table.",
        discussion: """
            The CSV table has one line per piece: the piece number, one column per paddler headed \
            "Name (L)" or "Name (R)" (the paddler's whole roster name) holding the letter of the crew they sat in, then the two crews' times \
            headed by their letters (the margin is the first crew's time minus the second's); a last column \
            "margin" is ignored. Example header: race,Ada Lindqvist (L),Bo Berg (L),Cy Ott (R),Di Fox (R),Q,R. \
            Between pieces at most one paddler moves each way on each side; the slower crew of a piece takes at \
            most one and a half times the faster crew's time. A session holds 2 to 1000 pieces, \
            numbered 1 to 1000, each number once.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The session's name, such as \"May 12 seat racing\".") var name: String
    @Option(help: ArgumentHelp("The table, as CSV.", valueName: "FILE")) var csv: String

    func run() throws {
        // Read and checked before the database is opened: a bad table writes nothing.
        let table = try SeatRaceTable(name: name, bytes: FileSystem.readBytes(csv))
        let stored = try database.open().addSeatRace(
            StoredSeatRace(session: table.session, firstCrew: table.firstCrew, secondCrew: table.secondCrew))
        let reading = stored.session.swapsOneAtATime ? "swap by swap" : "by total times"
        print(
            "Recorded seat race \"\(stored.session.name.terminalSafe)\": \(stored.session.pieces.count) pieces, "
                + "\(stored.session.paddlers.count) paddlers, read \(reading); see `lineup roster rank`.")
    }
}
