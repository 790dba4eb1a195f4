/// A time of day in whole minutes since midnight, 00:00 to 23:59, in the regatta's own local time: races and
/// availability are read and shown as the coach wrote them, with no time-zone arithmetic.
public struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0 to 1439.
    public let minutes: Int

    /// The time `minutes` after midnight; nil outside 0…1439.
    public init?(minutes: Int) {
        guard (0..<1440).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Reads `HH:MM` or `H:MM` (24-hour clock, `9:30`, `09:30`, `14:05`); also `HH.MM` and `HHMM` as some
    /// spreadsheets write times.
    public init(parsing text: String) throws(LineupError) {
        let trimmed = text.trimmingWhitespace()
        let invalid = LineupError.invalidValue(
            field: "time", value: text, expected: "a 24-hour time HH:MM from 00:00 to 23:59, such as 09:30")
        var hours: Substring
        var minutes: Substring
        if let separator = trimmed.firstIndex(where: { $0 == ":" || $0 == "." }) {
            hours = trimmed[..<separator]
            minutes = trimmed[trimmed.index(after: separator)...]
        } else if trimmed.count == 4 {
            hours = trimmed.prefix(2)
            minutes = trimmed.suffix(2)
        } else {
            throw invalid
        }
        guard (1...2).contains(hours.count), minutes.count == 2,
            (hours + minutes).allSatisfy({ $0.isASCII && $0.isNumber }), let h = Int(hours), let m = Int(minutes),
            h < 24, m < 60, let time = TimeOfDay(minutes: h * 60 + m)
        else { throw invalid }
        self = time
    }

    /// `09:05`.
    public var description: String {
        let h = minutes / 60
        let m = minutes % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}

/// Whether a paddler can race at a regatta: all day (the default for every active paddler), not at all, or
/// within a window. A window's `from` is when they arrive (races starting then or later), `until` when they
/// leave (races starting before then).
public enum Availability: Hashable, Sendable, CustomStringConvertible {
    case allDay
    case absent
    /// From `from` (nil: the start of the day) until before `until` (nil: the end of the day).
    case window(from: TimeOfDay?, until: TimeOfDay?)

    /// The availability `--absent`, `--from` and `--until` describe, checked: a window must not be empty.
    public init(absent: Bool, from: TimeOfDay?, until: TimeOfDay?) throws(LineupError) {
        if absent {
            guard from == nil, until == nil else {
                throw .invalidValue(
                    field: "availability", value: "absent with a time",
                    expected: "either absent, or a time from and/or until")
            }
            self = .absent
        } else if from == nil, until == nil {
            self = .allDay
        } else {
            if let from, let until, until <= from {
                throw .invalidValue(
                    field: "availability", value: "from \(from) until \(until)",
                    expected: "an until time later than the from time")
            }
            self = .window(from: from, until: until)
        }
    }

    /// True when a race starting at `start` is within it.
    public func includes(_ start: TimeOfDay) -> Bool {
        switch self {
        case .allDay: return true
        case .absent: return false
        case .window(let from, let until):
            return (from.map { start >= $0 } ?? true) && (until.map { start < $0 } ?? true)
        }
    }

    /// `all day`, `absent`, `from 10:00`, `until 14:00`, `10:00 to 14:00`.
    public var description: String {
        switch self {
        case .allDay: return "all day"
        case .absent: return "absent"
        case .window(let from?, let until?): return "\(from) to \(until)"
        case .window(let from?, nil): return "from \(from)"
        case .window(nil, let until?): return "until \(until)"
        case .window(nil, nil): return "all day"
        }
    }

    /// Why a race at `start` is outside it, in words: `absent`, `arrives at 10:00`, `leaves at 14:00`; nil
    /// when it is not.
    public func reason(at start: TimeOfDay) -> String? {
        switch self {
        case .allDay: return nil
        case .absent: return "absent"
        case .window(let from, let until):
            if let from, start < from { return "arrives at \(from)" }
            if let until, start >= until { return "leaves at \(until)" }
            return nil
        }
    }
}

/// Everything wrong with a file a command reads, by line; any one of them rejects the whole file.
public struct FileProblems: Error, Equatable, Sendable, CustomStringConvertible {
    public var issues: [RosterImportIssue]

    public init(_ issues: [RosterImportIssue]) {
        self.issues = issues
    }

    public var description: String { issues.map(\.description).joined(separator: "\n") }

    /// The CSV records of a file's bytes, decoded and split as `roster import` does it (the separator a
    /// comma, or the semicolon or tab a spreadsheet saved instead, from the first line); a file that cannot
    /// be decoded or parsed is the problem.
    static func records(of bytes: [UInt8]) -> Result<[CSVRecord], FileProblems> {
        switch RosterImporter.decode(bytes) {
        case .failure(let problem): return .failure(FileProblems([problem]))
        case .success(let text):
            do {
                return .success(try CSVParser.records(in: text, separator: RosterImporter.separator(of: text)))
            } catch {
                return .failure(FileProblems([RosterImportIssue(line: error.line, message: error.message)]))
            }
        }
    }
}

extension RosterImportIssue {
    /// A message about line `line` of a file (0: the file as a whole).
    public init(at line: Int, _ message: String) {
        self.init(line: line, message: message)
    }
}
