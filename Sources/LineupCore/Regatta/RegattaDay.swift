/// The day of a regatta: a real calendar day from 1900-01-01 to 2200-12-31, read and written as
/// `YYYY-MM-DD`.
public struct RegattaDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The years a regatta's day may fall in: wide enough for any club's archive and plans, narrow enough
    /// that a slip of the keyboard (`0000-01-01`, `20260-06-13` cut short) is caught.
    public static let years = 1900...2200

    public let year: Int
    public let month: Int
    public let day: Int

    /// The day `text` gives as `YYYY-MM-DD`; refused unless it is a real day in `years`.
    public init(parsing text: String) throws(LineupError) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), let year = Int(parts[0]),
            Self.years.contains(year), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month),
            day >= 1, day <= Self.days(inMonth: month, of: year)
        else { throw .invalidDate(text) }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2026-06-13`.
    public var description: String {
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public static func < (lhs: RegattaDay, rhs: RegattaDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }
}
