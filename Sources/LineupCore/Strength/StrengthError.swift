/// What is wrong with a seat race or a time trial, in words a coach can act on.
public enum StrengthError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooFewPieces(Int)
    case badTime(piece: String, value: Double)
    case badDistance(Double)
    case inBothCrews(paddler: String, piece: Int)
    /// A paddler seated twice in one crew of a piece (two columns of a table naming them).
    case seatedTwice(paddler: String, piece: Int)
    case notInEveryPiece(paddler: String, piece: Int)
    case changedSide(paddler: String, piece: Int)
    case tooManyMoved(side: SeatRaceSide, piece: Int, moved: Int)
    case unevenSwap(side: SeatRaceSide, piece: Int)
    case noPaddlers
    case emptyName
    /// One crew of a trial names the same paddler twice.
    case namedTwice(String)
    /// A trial gives one paddler two times (alone or in crews): a trial is one piece, a paddler in one boat.
    case timedTwice(paddler: String, trial: String)
    /// A crew of a trial with an empty name between its `+`s.
    case emptyCrewMember
    /// A seat race with more pieces than `mostPieces`.
    case tooManyPieces(Int)
    /// A time trial with more times than `mostResults`.
    case tooManyResults(Int)
    /// A piece number outside 1...`mostPieces`.
    case badPieceNumber(Int)
    /// Two pieces of a seat race with one number.
    case duplicatePiece(Int)
    /// A trial time faster than `fastestPace` per 500 m: no paddler goes that fast.
    case tooFast(paddlers: String, pacePer500: Double)
    /// A trial time slower than `slowestPace` per 500 m: a wrong distance or time, not a paddler's pace.
    case tooSlow(paddlers: String, pacePer500: Double)
    /// A piece of a seat race with nobody in one of its two crews: there is no race to compare.
    case emptyCrew(piece: Int)
    /// A piece of a seat race whose slower crew took more than `unlikeTimesRatio` times the faster one's
    /// time over the same course: a typing slip, which would outweigh every other piece.
    case unlikeTimes(piece: Int, first: Double, second: Double)
    /// A `--time` without its `=`: not a name and a time.
    case notNameAndTime(String)
    /// A trial (or, `isSeatRace`, a seat race) of that name is stored already.
    case duplicateName(String, isSeatRace: Bool)
    /// No trial or seat race of that name is stored.
    case unknownName(String)
    /// A trial was asked for by the name of a seat race (or a seat race by a trial's name).
    case otherKind(name: String, isSeatRace: Bool)
    /// No seat race of that name is stored (nor a trial: that is `otherKind`).
    case unknownSeatRace(String)
    /// The seat race of that name is stored but cannot be read: a paddler of a swap is no longer on the roster.
    case unreadableSeatRace(String)
    /// A time that is not written as seconds (`125.3`) or minutes and seconds (`2:05.3`).
    case unreadableTime(String)
    /// A seat-race table that cannot be read, with the line (0 for the table as a whole).
    case badTable(line: Int, problem: String)
    /// Several lines of a trial file that cannot be read, each with its problem.
    case badLines([LineProblem])
    /// A trial file's header that does not name the columns `name` and `time`.
    case unknownTrialHeader(line: Int, columns: [String])
    /// A trial file's header that names `name` and `time` and more columns besides.
    case extraTrialColumns(line: Int, columns: [String])
    /// A trial name that is a roster paddler's and also, split at its `+`, a crew of roster paddlers.
    case paddlerOrCrew(String, crew: [String])

    /// One line of a file and what is wrong with it.
    public struct LineProblem: Hashable, Sendable {
        public var line: Int
        public var problem: String

        public init(line: Int, problem: String) {
            self.line = line
            self.problem = problem
        }
    }

    /// The longest time accepted for one piece or trial, in seconds (two hours): anything longer is a typing slip.
    public static let longestTime = 7200.0
    /// The most pieces one seat race holds (and the highest piece number).
    public static let mostPieces = 1000
    /// The most times one time trial holds (a club's whole roster, many times over).
    public static let mostResults = 1000
    /// The fastest pace accepted for a trial, in seconds per 500 m: faster is a typing slip, not a paddler.
    public static let fastestPace = 60.0
    /// The slowest pace per 500 m a trial records (15:00): slower is a slip in the distance or the time.
    public static let slowestPace = 900.0
    /// The most a seat-race piece's slower crew may take, as a multiple of the faster crew's time.
    public static let unlikeTimesRatio = 1.5

    public var description: String {
        switch self {
        case .tooFewPieces(let count):
            return "a seat race needs at least two pieces; it has \(count)."
        case .badTime(let piece, let value):
            return
                "the time \(value) in \(piece) is not a time: give a positive time under two hours (\"2:05.3\" or \"125.3\")."
        case .badDistance(let metres):
            return "the distance \(metres) m is not a distance: give whole metres between 1 and 100000."
        case .inBothCrews(let paddler, let piece):
            return "\(paddler) is in both crews in piece \(piece): each paddler sits in one crew per piece."
        case .seatedTwice(let paddler, let piece):
            return "\(paddler) sits twice in one crew in piece \(piece): give each paddler one column of the table."
        case .notInEveryPiece(let paddler, let piece):
            return "\(paddler) is missing from piece \(piece): every paddler of a seat race sits in every piece."
        case .changedSide(let paddler, let piece):
            return "\(paddler) changes side in piece \(piece): seat racing compares paddlers on one side only."
        case .tooManyMoved(let side, let piece, let moved):
            return
                "\(moved) \(side.rawValue) paddlers swap before piece \(piece): swap at most one paddler each way per side between pieces."
        case .unevenSwap(let side, let piece):
            return
                "before piece \(piece) the \(side.rawValue) side does not swap one for one: a paddler moving one way needs one moving the other."
        case .noPaddlers:
            return "there is nobody in it: name the paddlers."
        case .emptyName:
            return "a name is empty: give every paddler a name, and the trial or seat race one."
        case .namedTwice(let paddler):
            return "\(paddler) is named twice in one crew: name each paddler of a crew once."
        case .timedTwice(let paddler, let trial):
            return
                "\(paddler.truncatedForMessage) has two times in the trial \"\(trial.truncatedForMessage)\": a trial is one piece, so give each paddler "
                + "one time in it (record another piece as a trial of its own)."
        case .emptyCrewMember:
            return "a crew member's name is empty: join a crew's names with + (\"Ada Lindqvist+Bo Berg=4:10.2\")."
        case .tooManyResults(let count):
            return "a time trial holds at most \(Self.mostResults) times; this one has \(count): split it in two."
        case .tooManyPieces(let count):
            return "a seat race holds at most \(Self.mostPieces) pieces; this one has \(count): split it in two."
        case .badPieceNumber(let number):
            return "\(number) is not a piece number: number the pieces 1 to \(Self.mostPieces)."
        case .duplicatePiece(let number):
            return "piece \(number) is written twice: give every piece its own number."
        case .tooFast(let paddlers, let pace):
            return
                "\(paddlers)'s time is \(pace.formatted1) s per 500 m, faster than \(Int(Self.fastestPace)) s per 500 m, "
                + "which no paddler goes: check the time and the distance."
        case .tooSlow(let paddlers, let pace):
            return
                "\(paddlers)'s time is \(StrengthError.clock(pace)) per 500 m, slower than "
                + "\(StrengthError.clock(Self.slowestPace)) per 500 m, which is not a race pace: check the time and the "
                + "distance (in metres)."
        case .notNameAndTime(let text):
            return
                "\"\(text)\" is not NAME=TIME: write the paddler's name, =, then the time (\"Ada Lindqvist=2:05.3\")."
        case .emptyCrew(let piece):
            return "piece \(piece) has nobody in one crew: each piece races two crews, each with someone in it."
        case .unlikeTimes(let piece, let first, let second):
            return "piece \(piece) has times \(Self.clock(first)) and \(Self.clock(second)): two crews over the same "
                + "course do not differ that much (the slower may take at most one and a half times the faster "
                + "one's time), so one is a typing slip; check the times."
        case .duplicateName(let name, let isSeatRace):
            return
                "a \(isSeatRace ? "seat race" : "time trial") named \"\(name.truncatedForMessage)\" is recorded already: give this one "
                + "another name, or delete the old one first with `lineup \(isSeatRace ? "seat-race" : "trial") delete`."
        case .unreadableTime(let text):
            return
                "\"\(text.truncatedForMessage)\" is not a time: write seconds (125.3) or minutes and seconds (2:05.3)."
        case .badTable(let line, let problem):
            return line > 0 ? "line \(line) of the table: \(problem)" : "the table: \(problem)"
        case .badLines(let problems):
            let shown = problems.prefix(TrialResult.badLinesShown).map { "\n  line \($0.line): \($0.problem)" }
            let more = problems.count - shown.count
            return "\(problems.count) lines cannot be read, so nothing is recorded:" + shown.joined()
                + (more > 0 ? "\n  and \(more) more." : "")
        case .unknownTrialHeader(let line, let columns):
            return "line \(line) " + Self.headerProblem(columns)
        case .extraTrialColumns(let line, let columns):
            var wanted: Set<String> = ["name", "time"]
            let extra = columns.enumerated().filter { wanted.remove($0.element.lowercased()) == nil }
            let named = extra.map { "\"\($0.element.truncatedForMessage)\" (column \($0.offset + 1))" }
            return "line \(line) has "
                + (extra.count == 1 ? "an unexpected extra column, " : "unexpected extra columns, ")
                + named.joined(separator: ", ")
                + ": a trial file has two columns, so head it name,time (or time,name) and leave the others out."
        case .paddlerOrCrew(let whole, let crew):
            return "\"\(whole)\" is the paddler \(whole) and also the crew "
                + crew.joined(separator: " and ") + ": write \(whole.replacing("+", with: "\\+")) for the "
                + "paddler alone, or put spaces around the + for the crew (\(crew.joined(separator: " + ")))."
        case .unknownName(let name):
            return "there is no trial or seat race named \"\(name.truncatedForMessage)\"."
        case .unknownSeatRace(let name):
            return "there is no seat race named \"\(name.truncatedForMessage)\"."
        case .unreadableSeatRace(let name):
            return
                "the seat race \"\(name.truncatedForMessage)\" cannot be read: a paddler of a swap is no longer on the roster."
        case .otherKind(let name, let isSeatRace):
            return isSeatRace
                ? "\"\(name.truncatedForMessage)\" is a seat race, not a trial: delete it with `lineup seat-race delete`."
                : "\"\(name.truncatedForMessage)\" is a time trial, not a seat race: delete it with `lineup trial delete`."
        }
    }

    /// What is wrong with a first line that has no time in it and does not name the columns.
    static func headerProblem(_ columns: [String]) -> String {
        "has no time in it, so it reads as a header, but its columns are "
            + columns.map { "\"\($0.trimmingSpaces)\"" }.joined(separator: ", ")
            + ": head the two columns name and time (in either order), or leave the header out and write name,time."
    }

    /// The start of the problem of a line with more than two fields: which fields are one too many.
    static func extraFields(_ extra: [String]) -> String {
        let shown = extra.prefix(3).map { "\"\($0.trimmingSpaces.truncatedForMessage)\"" }
        let more = extra.count > shown.count ? " and \(extra.count - shown.count) more" : ""
        return (extra.count == 1 ? "an unexpected extra field, " : "unexpected extra fields, ")
            + shown.joined(separator: ", ") + more + ": "
    }

    /// A pace as minutes and seconds to the tenth (`16:40.0`), hours too when it takes them (`1:02:05.0`).
    static func clock(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        let (hours, minutes, rest) = (tenths / 36_000, tenths / 600 % 60, tenths % 600)
        let tail = (rest < 100 ? "0" : "") + "\(rest / 10).\(rest % 10)"
        return hours > 0 ? "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):\(tail)" : "\(minutes):\(tail)"
    }

    /// True for the seconds a time shows to the tenth, so that a time accepted never shows as a refused one.
    static func isTime(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds > 0 && (seconds * 10).rounded() < longestTime * 10
    }

    /// The time checked: finite, positive, under `longestTime`.
    static func checkedTime(_ seconds: Double, in piece: String) throws(StrengthError) -> Double {
        guard isTime(seconds) else {
            throw .badTime(piece: piece, value: seconds)
        }
        return seconds
    }
}

extension Double {
    /// To one decimal, for messages.
    fileprivate var formatted1: String {
        let tenths = Int((self * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
