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
