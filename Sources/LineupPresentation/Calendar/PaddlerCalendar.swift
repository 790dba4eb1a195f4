import Foundation
import LineupCore

/// A paddler's races as an iCalendar document (RFC 5545), for a calendar app to subscribe to through their
/// link: one event per race they are seated in, at the regatta's day and the race's start in local time.
public struct PaddlerCalendar: Sendable {
    public let day: PaddlerDay
    /// When the document is made (each event's `DTSTAMP`).
    public let stamp: Date
    /// How long each event lasts, in minutes: the schedule keeps starts only, and a calendar needs an end.
    public let raceMinutes: Int

    public init(_ day: PaddlerDay, stamp: Date, raceMinutes: Int = 30) {
        self.day = day
        self.stamp = stamp
        self.raceMinutes = raceMinutes
    }

    /// The whole document: CRLF line ends, lines folded at 75 octets.
    public func document() -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//lineup//paddler calendar//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + Self.escaped("\(day.name): races"),
        ]
        for regatta in day.regattas {
            let date = regatta.info.date.filter(\.isNumber)
            for race in regatta.races {
                guard let place = race.place else { continue }
                let start = race.start.description.filter(\.isNumber)
                var details = ["\(regatta.info.name), boat \(race.boat), seat \(place)"]
                if !race.crew.isEmpty { details.append("Crew: " + race.crew.joined(separator: ", ")) }
                if let absence = race.absence { details.append("Not racing: " + RegattaWords.reason(absence)) }
                lines += [
                    "BEGIN:VEVENT",
                    // Stable while the race keeps its name: the same event however often the calendar is read,
                    // and through a new link of the same paddler. (The schedule names races; it has no race ids
                    // to show.)
                    "UID:"
                        + Self.escaped(
                            "regatta-\(regatta.info.id)-race-\(Self.hex(race.name))-paddler-\(day.paddler)@lineup"),
                    "DTSTAMP:" + Self.utcStamp(stamp),
                    "DTSTART:\(date)T\(start)00",
                    "DURATION:PT\(raceMinutes)M",
                    "SUMMARY:"
                        + Self.escaped(
                            (race.absence == nil ? "" : "Not racing: ")
                                + "\(race.name), \(regatta.info.name) (\(race.boat))"),
                    "DESCRIPTION:" + Self.escaped(details.joined(separator: "\n")),
                ]
                // Seated for a race they are out of (the coach has yet to change the crew): the event stays, so a
                // subscribed calendar updates it, but as cancelled for them.
                if race.absence != nil { lines.append("STATUS:CANCELLED") }
                lines.append("END:VEVENT")
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined()
    }

    /// `text` as an iCalendar TEXT value: backslash, semicolon and comma escaped, a line break written `\n`,
    /// and other control characters dropped.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\r": continue
            default:
                if scalar.properties.generalCategory == .control { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// One content line, folded as RFC 5545 says: at most 75 octets a line, each further line starting with a
    /// space, never splitting a character's UTF-8 bytes; each line ending in CRLF.
    public static func folded(_ line: String) -> String {
        var result = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.append(character)
            octets += size
        }
        return result + "\r\n"
    }

    /// `20261127T091500Z`.
    static func utcStamp(_ date: Date) -> String {
        DateText.iso8601(date).filter { $0.isNumber || $0 == "T" || $0 == "Z" }
    }

    /// The name's UTF-8 bytes in hex, so that any name makes a UID of plain letters and digits.
    static func hex(_ text: String) -> String {
        text.utf8.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
