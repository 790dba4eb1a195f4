/// What is wrong with a seat race or a time trial, in words a coach can act on.
public enum StrengthError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooFewPieces(Int)
    case badTime(piece: String, value: Double)
    case badDistance(Double)
    case inBothCrews(paddler: String, piece: Int)
    case notInEveryPiece(paddler: String, piece: Int)
    case changedSide(paddler: String, piece: Int)
    case tooManyMoved(side: SeatRaceSide, piece: Int, moved: Int)
    case unevenSwap(side: SeatRaceSide, piece: Int)
    case noPaddlers
    case emptyName
    /// A trial or seat race of that name is stored already.
    case duplicateName(String)
    /// No trial or seat race of that name is stored.
    case unknownName(String)
    /// A time that is not written as seconds (`125.3`) or minutes and seconds (`2:05.3`).
    case unreadableTime(String)
    /// A seat-race table that cannot be read, with the line (0 for the table as a whole).
    case badTable(line: Int, problem: String)

    /// The longest time accepted for one piece or trial, in seconds (two hours): anything longer is a typing slip.
    public static let longestTime = 7200.0

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
            return "a name is empty: give every paddler and piece a name."
        case .duplicateName(let name):
            return "\"\(name)\" is taken already: give it another name, or delete the old one first."
        case .unreadableTime(let text):
            return "\"\(text)\" is not a time: write seconds (125.3) or minutes and seconds (2:05.3)."
        case .badTable(let line, let problem):
            return line > 0 ? "line \(line) of the table: \(problem)" : "the table: \(problem)"
        case .unknownName(let name):
            return "there is no trial or seat race named \"\(name)\"."
        }
    }

    /// The time checked: finite, positive, under `longestTime`.
    static func checkedTime(_ seconds: Double, in piece: String) throws(StrengthError) -> Double {
        guard seconds.isFinite, seconds > 0, seconds < longestTime else {
            throw .badTime(piece: piece, value: seconds)
        }
        return seconds
    }
}
