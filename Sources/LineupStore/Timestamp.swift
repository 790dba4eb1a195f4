import Foundation

/// Times as the database stores them: UTC text, `2026-11-22 14:05:09.123`, which sorts in time order and
/// reads the same in the sqlite3 shell. Converted with the C library, not a date formatter: setting one
/// up loads ICU, which cost more than the rest of an exchange.
public enum Timestamp {
    /// The stored text for `date`.
    public static func text(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        var whole = time_t(seconds.rounded(.down))
        let milliseconds = min(999, Int(((seconds - Double(whole)) * 1000).rounded(.down)))
        var parts = tm()
        gmtime_r(&whole, &parts)
        return "\(digits(Int(parts.tm_year) + 1900, 4))-\(digits(Int(parts.tm_mon) + 1))-\(digits(Int(parts.tm_mday))) "
            + "\(digits(Int(parts.tm_hour))):\(digits(Int(parts.tm_min))):\(digits(Int(parts.tm_sec))).\(digits(milliseconds, 3))"
    }

    /// The date stored as `text`; nil when it is not in the stored form.
    public static func date(from text: String) -> Date? {
        let fields = text.split(whereSeparator: { "- :.T".contains($0) }).map { Int($0) }
        guard fields.count >= 6, fields.allSatisfy({ $0 != nil }) else { return nil }
        let values = fields.compactMap { $0 }
        var parts = tm()
        parts.tm_year = Int32(values[0] - 1900)
        parts.tm_mon = Int32(values[1] - 1)
        parts.tm_mday = Int32(values[2])
        parts.tm_hour = Int32(values[3])
        parts.tm_min = Int32(values[4])
        parts.tm_sec = Int32(values[5])
        let milliseconds = values.count > 6 ? Double(values[6]) / 1000 : 0
        return Date(timeIntervalSince1970: Double(timegm(&parts)) + milliseconds)
    }

    private static func digits(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
