import ArgumentParser
import LineupCore
import LineupPresentation

struct TrialAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Record a time trial and its times.",
        discussion: """
            Give each time with --time "NAME=TIME" (TIME as 125.3 or 2:05.3; a crew's names joined by +, \
            "Ada Lindqvist+Bo Berg=4:10.2"), or --csv FILE with lines name,time (or the columns a header line \
            names: name,time or time,name; separated by commas, or by semicolons with decimal commas, 1:02,5). \
            Names are the roster's (with --time a unique start of a name will do; a file names each paddler by \
            their whole name), each paddler once in the trial (a trial \
            is one piece: alone or in one crew). A name that is exactly a roster name is that paddler, + and \
            all ("Ada+Bo=2:05.3"); \\+ writes a + inside a name ("Ada\\+Bo=2:05.3"), and a crew whose names \
            read as one paddler's is written with spaces around its + ("Ada + Bo=4:10.2"). Only times of one \
            paddler alone rank paddlers. A time is positive and under two hours (1:59:59.9 at most); a pace \
            faster than 60 s per 500 m is refused as a typing slip. A file with bad lines names each of them \
            and records nothing.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The trial's name, such as \"500 m OC1 May\".") var name: String
    @Option(help: ArgumentHelp("The distance in whole metres (1-100000).", valueName: "metres")) var distance: Int
    @Option(help: ArgumentHelp("The day of the trial.", valueName: "YYYY-MM-DD")) var date: String?
    @Option(name: .customLong("time"), help: ArgumentHelp("A time: NAME=TIME (repeat).", valueName: "NAME=TIME"))
    var times: [String] = []
    @Option(help: ArgumentHelp("A CSV file of name,time lines (or time,name under a header).", valueName: "FILE"))
    var csv: String?

    func run() throws {
        guard times.isEmpty != (csv == nil) else {
            throw CommandError.badUsage("give the times with --time NAME=TIME or with --csv FILE (one of them)")
        }
        // Everything is read and checked before anything is written: a bad line writes nothing.
        let day = try date.map { try RegattaDay(parsing: $0) }
        let bytes = try csv.map { try FileSystem.readBytes($0) }
        let db = try database.open(creatingIfMissing: false)
        // The roster's names, so that a paddler whose name holds a + is not read as a crew.
        let roster = Set(try db.roster().map { PaddlerRules.nameKey($0.name) })
        let isRosterName = { (name: String) in roster.contains(PaddlerRules.nameKey(name)) }
        let results =
            try bytes.map { try TrialResult.results(bytes: $0, isRosterName: isRosterName) }
            ?? times.map { try TrialResult(parsing: $0, isRosterName: isRosterName) }
        let trial = try TimeTrial(name: name, distanceMetres: distance, day: day, results: results)
        let stored = try db.addTimeTrial(trial, wholeNamesOnly: csv != nil)
        print(StrengthText.trialRecorded(stored))
    }
}
