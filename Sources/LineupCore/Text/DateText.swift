import Foundation

/// Dates as people read them: ISO 8601 in UTC for documents, the machine's local time for the terminal.
/// Written with the C library, not a date formatter: setting one up loads ICU, which costs more than a
/// short command.
public enum DateText {
    /// `date` in ISO 8601, UTC, to the second: `2026-11-22T14:05:09Z`.
    public static func iso8601(_ date: Date) -> String {
        var whole = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&whole, &parts)
        return format(parts, "%Y-%m-%dT%H:%M:%SZ")
    }

    /// `date` in the machine's local time: `2026-11-22 15:05`.
    public static func localMinutes(_ date: Date) -> String {
        var whole = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&whole, &parts)
        return format(parts, "%Y-%m-%d %H:%M")
    }

    /// `date`'s day in the machine's local time: `2026-11-22`.
    public static func localDate(_ date: Date) -> String {
        var whole = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&whole, &parts)
        return format(parts, "%Y-%m-%d")
    }

    private static func format(_ parts: tm, _ pattern: String) -> String {
        var parts = parts
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
