/// Writing lineups and rosters as CSV (RFC 4180), safe to open in a spreadsheet.
public enum CSVFormat {
    /// The lineup export's header.
    public static let lineupHeader = ["seat", "section", "row", "side", "name", "weight_kg", "sex"]
    /// The roster's header, the same columns the importer reads.
    public static let rosterHeader = [
        "name", "weight_kg", "sex", "side", "can_drum", "can_steer", "notes", "status", "role", "rows", "prefer_rows",
        "injured_until",
    ]

    /// Leading characters that make a spreadsheet run a cell as a formula; `'` is guarded too, so that
    /// the guard can always be taken off again on import.
    static let guardedLeadingCharacters: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// One field, quoted when it holds a comma, quote or line break, and with a leading `'` when it would
    /// otherwise start like a spreadsheet formula (`=`, `+`, `-`, `@`, tab, carriage return).
    public static func field(_ value: String) -> String {
        var text = value
        if let first = text.unicodeScalars.first, guardedLeadingCharacters.contains(first) {
            text = "'" + text
        }
        // Scalars, not characters: a quote or comma followed by a combining mark is one `Character`,
        // but the reader still sees the quote or comma.
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        var quoted = String.UnicodeScalarView()
        quoted.append("\"")
        for scalar in text.unicodeScalars {
            quoted.append(scalar)
            if scalar == "\"" { quoted.append(scalar) }
        }
        quoted.append("\"")
        return String(quoted)
    }

    /// Lines joined with CRLF, as RFC 4180 asks, ending with one. A row of one empty field is written
    /// `""`, since an empty line is no row at all to a reader.
    public static func document(_ rows: [[String]]) -> String {
        rows.map { $0 == [""] ? "\"\"" : $0.map(field).joined(separator: ",") }.map { $0 + "\r\n" }.joined()
    }

    /// The lineup, one line per seat in chart order (D, L1, R1, …, S) then the bench; empty seats with
    /// an empty name.
    public static func lineup(_ lineup: Lineup, roster: [PaddlerID: Paddler]) -> String {
        var rows = [lineupHeader]
        for (place, paddlerID) in lineup.allPlaces {
            let paddler = paddlerID.flatMap { roster[$0] }
            let side: String
            switch place {
            case .left: side = "left"
            case .right: side = "right"
            default: side = ""
            }
            rows.append([
                place.description, place.section.rawValue, place.row.map(String.init) ?? "", side,
                paddler?.name ?? "", paddler?.weightKg.map(exactWeight) ?? "",
                paddler?.sex?.rawValue ?? "",
            ])
        }
        return document(rows)
    }

    /// The roster in the importer's own columns, so an export imports back unchanged.
    public static func roster(_ paddlers: [Paddler]) -> String {
        document(
            [rosterHeader]
                + paddlers.map { paddler in
                    [
                        paddler.name, paddler.weightKg.map(exactWeight) ?? "",
                        paddler.sex?.rawValue ?? "", paddler.side.rawValue, paddler.canDrum ? "yes" : "no",
                        paddler.canSteer ? "yes" : "no", paddler.notes, paddler.isActive ? "active" : "inactive",
                        paddler.role.rawValue, paddler.rows?.description ?? "any",
                        paddler.preferredRows?.description ?? "none",
                        paddler.injuredUntil?.description ?? "none",
                    ]
                })
    }

    /// A weight to hundredths of a kilogram, the precision weights are kept to: `72`, `72.5`, `68.04`.
    public static func exactWeight(_ kilograms: Double) -> String {
        guard kilograms.isFinite, abs(kilograms) < 1e12 else { return String(kilograms) }
        let hundredths = Int64((kilograms * 100).rounded())
        let whole = String(abs(hundredths) / 100)
        let fraction = abs(hundredths) % 100
        let sign = hundredths < 0 ? "-" : ""
        if fraction == 0 { return sign + whole }
        return sign + whole + "."
            + (fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction))
    }

    /// A field as written by `field(_:)`, with the formula guard taken off again.
    public static func unguarded(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars.prefix(2))
        guard scalars.count == 2, scalars[0] == "'", guardedLeadingCharacters.contains(scalars[1]) else { return text }
        return String(text.unicodeScalars.dropFirst())
    }
}
