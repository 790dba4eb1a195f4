/// The unit of bare weight numbers in an imported file.
public enum WeightUnit: String, Sendable, CaseIterable {
    case kg, lb
}

/// A message about one line of an imported file (line 0: the file as a whole).
public struct RosterImportIssue: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// One paddler read from a roster file.
public struct RosterImportRow: Equatable, Sendable {
    public var line: Int
    public var draft: PaddlerDraft
}

/// A roster file as read: the paddlers to add or update (active or not), and everything wrong with it. A
/// file with any problem is rejected whole.
public struct RosterFile: Equatable, Sendable {
    /// The paddlers to add or update; a Status column sets `isActive` (inactive rows are kept, marked).
    public var rows: [RosterImportRow] = []
    /// Columns the importer does not know, left out.
    public var ignoredColumns: [String] = []
    /// Things worth saying that do not stop the import.
    public var warnings: [RosterImportIssue] = []
    /// Things that stop the import.
    public var problems: [RosterImportIssue] = []
}

/// Reads the roster files coaches actually have: exports of lineup tools and club spreadsheets.
public enum RosterImporter {
    enum Column: Hashable {
        case name, firstName, lastName, weight, weightKg, weightLb, sex, side, canDrum, canSteer, notes, skills
        case status, role, rows, preferRows, injuredUntil
    }

    static let aliases: [String: Column] = {
        var table: [String: Column] = [:]
        let groups: [(Column, [String])] = [
            (.name, ["name", "fullname", "paddler", "paddlername", "member", "membername"]),
            (.firstName, ["firstname", "first", "givenname", "forename"]),
            (.lastName, ["lastname", "last", "surname", "familyname"]),
            (.weight, ["weight", "bodyweight", "mass"]),
            (.weightKg, ["weightkg", "weightinkg", "kg", "kgs", "weightkgs"]),
            (.weightLb, ["weightlb", "weightlbs", "weightinlb", "weightinlbs", "lb", "lbs", "pounds", "weightpounds"]),
            (.sex, ["sex", "gender"]),
            (.side, ["side", "sidepreference", "preferredside", "paddlingside", "preference"]),
            (.canDrum, ["candrum", "drum", "drums", "drummer", "isdrummer"]),
            (.canSteer, ["cansteer", "steer", "steers", "steerer", "issteerer", "helm", "cox", "sweep", "stern"]),
            (.notes, ["notes", "note", "comments", "comment", "remarks"]),
            // A Role column holding skills ("left, drum") is read as skills (`readRow`).
            (.skills, ["skill", "skills", "roles", "position", "positions"]),
            (.status, ["status", "memberstatus"]),
            (.role, ["role", "seatrole"]),
            (.rows, ["rows", "seatrows", "allowedrows"]),
            (.preferRows, ["preferrows", "preferredrows", "rowpreference", "preferredrow"]),
            (.injuredUntil, ["injureduntil", "injured", "injury", "injuryuntil", "injuredtill"]),
        ]
        for (column, names) in groups { for name in names { table[name] = column } }
        return table
    }()

    /// The field separator of a file, from its first line: a comma, or the semicolon or tab a spreadsheet
    /// wrote instead (semicolons where the comma is the decimal mark), whichever the header uses most.
    static func separator(of text: String) -> Unicode.Scalar {
        var counts: [Unicode.Scalar: Int] = [",": 0, ";": 0, "\t": 0]
        var inQuotes = false
        for scalar in text.unicodeScalars {
            if scalar == "\"" { inQuotes.toggle() }
            if !inQuotes && (scalar == "\n" || scalar == "\r") { break }
            if !inQuotes, let count = counts[scalar] { counts[scalar] = count + 1 }
        }
        let comma = counts[","] ?? 0
        let best = [";", "\t"].max { (counts[$0] ?? 0) < (counts[$1] ?? 0) } ?? ","
        // A tie goes to the semicolon or tab: a spreadsheet writes those where commas are its decimal mark, so
        // `Ada;1:02,5` is two fields, not `Ada;1:02` and `5`.
        let count = counts[best] ?? 0
        return count > 0 && count >= comma ? best : ","
    }

    /// Header text reduced to what matters: lower case, without spaces, `_`, `-`, `.` and brackets.
    static func normalizedHeader(_ text: String) -> String {
        String(text.lowercased().filter { !" _-.()[]\t".contains($0) })
    }

    /// Reads a roster file's bytes: UTF-8 with or without a byte-order mark, any line endings.
    public static func read(_ bytes: [UInt8], unit: WeightUnit = .kg) -> RosterFile {
        var file = RosterFile()
        let text: String
        switch decode(bytes) {
        case .success(let decoded): text = decoded
        case .failure(let problem):
            file.problems.append(problem)
            return file
        }
        let records: [CSVRecord]
        do {
            records = try CSVParser.records(in: text, separator: separator(of: text))
        } catch {
            file.problems.append(RosterImportIssue(line: error.line, message: error.message))
            return file
        }
        guard let header = records.first else {
            file.problems.append(
                RosterImportIssue(line: 0, message: "the file is empty; expected a header line with a name column"))
            return file
        }

        var columns: [Int: Column] = [:]
        var seenColumns: [Column: Int] = [:]
        var titles: [Column: String] = [:]
        for (index, title) in header.fields.enumerated() {
            let cleaned = CSVFormat.unguarded(title).trimmingWhitespace()
            if cleaned.isEmpty { continue }
            guard let column = aliases[normalizedHeader(cleaned)] else {
                file.ignoredColumns.append(cleaned)
                continue
            }
            if let earlier = seenColumns[column] {
                file.problems.append(
                    RosterImportIssue(
                        line: header.line,
                        message:
                            "columns \(earlier + 1) and \(index + 1) both mean the same thing ('\(cleaned)'); keep one")
                )
            }
            seenColumns[column] = index
            columns[index] = column
            titles[column] = cleaned.truncatedForMessage
        }
        let weightColumns = [Column.weight, .weightKg, .weightLb].filter { seenColumns[$0] != nil }
        if weightColumns.count > 1 {
            file.problems.append(
                RosterImportIssue(line: header.line, message: "more than one weight column; keep one"))
        }
        guard seenColumns[.name] != nil || seenColumns[.firstName] != nil || seenColumns[.lastName] != nil else {
            // The first few columns say enough; a header of thousands would bury the message.
            let shown = header.fields.prefix(10).map { "'\($0.truncatedForMessage)'" }.joined(separator: ", ")
            let found = shown + (header.fields.count > 10 ? " and \(header.fields.count - 10) more" : "")
            file.problems.append(
                RosterImportIssue(
                    line: header.line,
                    message: "no name column (found \(found)); the first line must name the columns, one of them Name"))
            return file
        }
        guard records.count > 1 else {
            file.problems.append(
                RosterImportIssue(line: 0, message: "the file has a header line but no paddlers below it"))
            return file
        }

        var firstLineOfName: [String: Int] = [:]
        for record in records.dropFirst() {
            var values: [Column: String] = [:]
            for (index, raw) in record.fields.enumerated() {
                let unguarded = CSVFormat.unguarded(raw)
                // Notes are kept exactly as written (an export reads back unchanged); other cells are trimmed.
                let value = columns[index] == .notes ? unguarded : unguarded.trimmingWhitespace()
                if let column = columns[index] {
                    values[column] = value
                } else if index >= header.fields.count, !value.isEmpty {
                    file.problems.append(
                        RosterImportIssue(
                            line: record.line,
                            message: "\(record.fields.count) fields, but the header names \(header.fields.count)"))
                    break
                }
            }
            var rowProblems: [String] = []
            // A line with content only in columns left out is still a paddler's line: its empty name is listed.
            let hasContent = record.fields.contains { !CSVFormat.unguarded($0).trimmingWhitespace().isEmpty }
            let row = readRow(
                values, titles: titles, hasContent: hasContent, unit: unit, problems: &rowProblems,
                warnings: &file.warnings, line: record.line)
            // Cells shifted by a comma inside a value ("72,5" or "1,500" unquoted) read as the wrong columns:
            // the count says why.
            if !rowProblems.isEmpty, record.fields.count > header.fields.count {
                rowProblems.append(
                    "\(record.fields.count) fields, but the header names \(header.fields.count): a value with a "
                        + "comma in it (72,5) needs double quotes (\"72,5\")")
            }
            file.problems += rowProblems.map { RosterImportIssue(line: record.line, message: $0) }
            guard let draft = row else { continue }
            let importRow = RosterImportRow(line: record.line, draft: draft)
            let key = PaddlerRules.nameKey(draft.name)
            if let earlier = firstLineOfName[key] {
                file.problems.append(
                    RosterImportIssue(
                        line: record.line, message: "'\(draft.name)' is already on line \(earlier); keep one of them"))
                continue
            }
            firstLineOfName[key] = record.line
            file.rows.append(importRow)
        }
        return file
    }

    /// One paddler from a line's cells (`titles`: the header's words for each column, for messages). Two
    /// columns that say different things (Name and First/Last name, Skills and Side, Drummer or Steerer)
    /// are a problem of the line, never settled by picking one.
    private static func readRow(
        _ values: [Column: String], titles: [Column: String], hasContent: Bool, unit: WeightUnit,
        problems: inout [String], warnings: inout [RosterImportIssue], line: Int
    ) -> PaddlerDraft? {
        var values = values
        var titles = titles
        // Club sheets name their skills column "Role" too: what is no seat role there is read as skills.
        if let text = values[.role], !text.isEmpty, parseRole(text) == nil, values[.skills] == nil {
            (values[.skills], values[.role]) = (text, nil)
            titles[.skills] = titles[.role]
        }
        let rawName: String
        let splitName = [values[.firstName], values[.lastName]].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: " ")
        if let name = values[.name], !name.isEmpty {
            rawName = name
            if !splitName.isEmpty, PaddlerRules.nameKey(splitName) != PaddlerRules.nameKey(name) {
                let parts = [Column.firstName, .lastName].compactMap { titles[$0] }.map { "'\($0)'" }
                problems.append(
                    "the '\(titles[.name] ?? "Name")' column says '\(name.truncatedForMessage)' but "
                        + "\(parts.joined(separator: " and ")) say '\(splitName.truncatedForMessage)'; "
                        + "make them agree or keep one")
                return nil
            }
        } else {
            rawName = splitName
        }
        if rawName.isEmpty, !hasContent { return nil }
        let name: String
        do {
            name = try PaddlerRules.validatedName(rawName)
        } catch {
            problems.append(error.description)
            return nil
        }
        var draft = PaddlerDraft(name: name)

        if let text = values[.weight] ?? values[.weightKg] ?? values[.weightLb], !text.isEmpty {
            let columnUnit: WeightUnit = values[.weightLb] != nil ? .lb : values[.weightKg] != nil ? .kg : unit
            do {
                draft.weightKg = .some(try parseWeight(text, defaultUnit: columnUnit))
            } catch {
                problems.append(error.description)
            }
        }
        if let text = values[.sex], !text.isEmpty {
            if let sex = parseSex(text) {
                draft.sex = .some(sex)
            } else {
                problems.append(
                    LineupError.invalidValue(field: "sex", value: text, expected: "F, M or X (Female, Male, Other)")
                        .description)
            }
        }
        // What the Skills column says outright, to be checked against the Side, Drummer and Steerer columns.
        var skillsSide: SidePreference?
        var skillsNameDrum = false
        var skillsNameSteer = false
        if let text = values[.skills], !text.isEmpty {
            let tokens = text.lowercased().split(whereSeparator: { ",;/|+&".contains($0) || $0.isWhitespace })
            var sides = Set<SidePreference>()
            var drum = false
            var steer = false
            var unknown: [String] = []
            for token in tokens {
                switch token {
                case "left", "l", "port": sides.insert(.left)
                case "right", "r", "starboard": sides.insert(.right)
                case "both", "either", "any", "ambi", "ambidextrous": sides.insert(.either)
                case "drum", "drums", "drummer", "drumming": drum = true
                case "steer", "steers", "steerer", "steering", "stern", "sweep", "helm", "cox": steer = true
                case "paddle", "paddler", "paddling", "paddlers": break
                default: unknown.append(String(token))
                }
            }
            if sides.count == 1, let side = sides.first {
                draft.side = side
            } else if !sides.isEmpty {
                draft.side = .either
            }
            draft.canDrum = drum
            draft.canSteer = steer
            skillsSide = sides.isEmpty ? nil : draft.side
            skillsNameDrum = drum
            skillsNameSteer = steer
            if !unknown.isEmpty {
                warnings.append(
                    RosterImportIssue(
                        line: line, message: "skills not understood and left out: \(unknown.joined(separator: ", "))"))
            }
        }
        if let text = values[.side], !text.isEmpty {
            if normalizedHeader(text) == "none" {
                // Sheets write `none` for a drummer or steerer who does not paddle, others for no preference;
                // the roster has no side for never paddling, so neither reading is taken silently.
                problems.append(
                    "'\(text.truncatedForMessage)' is not a valid side: it could mean no preference or never "
                        + "paddling, and the roster has no side for never paddling; write either (no preference), "
                        + "left or right")
            } else if let side = parseSide(text) {
                if let skillsSide, skillsSide != side {
                    problems.append(disagreement(titles, .skills, values[.skills] ?? "", .side, text))
                }
                draft.side = side
            } else {
                problems.append(
                    LineupError.invalidValue(field: "side", value: text, expected: "left, right or either").description)
            }
        }
        for (column, field) in [(Column.canDrum, "drummer value"), (.canSteer, "steerer value")] {
            guard let text = values[column], !text.isEmpty else { continue }
            guard let flag = parseFlag(text) else {
                problems.append(
                    LineupError.invalidValue(field: field, value: text, expected: "yes/no, y/n, true/false, 1/0 or x")
                        .description)
                continue
            }
            if !flag, column == .canDrum ? skillsNameDrum : skillsNameSteer {
                problems.append(disagreement(titles, .skills, values[.skills] ?? "", column, text))
            }
            if column == .canDrum { draft.canDrum = flag } else { draft.canSteer = flag }
        }
        if let notes = values[.notes], !notes.isEmpty {
            do {
                draft.notes = try PaddlerRules.validatedNotes(notes)
            } catch {
                problems.append(error.description)
            }
        }
        if let text = values[.role], !text.isEmpty {
            if let role = parseRole(text) {
                draft.role = role
            } else {
                problems.append(
                    LineupError.invalidValue(field: "role", value: text, expected: "stroke, engine, rear or any")
                        .description)
            }
        }
        for column in [Column.rows, .preferRows] {
            guard let text = values[column], !text.isEmpty else { continue }
            let isLimit = column == .rows
            // `none` is no preference; as the rows they may sit in it could mean no limit or no row: refused.
            if isLimit, text.lowercased() == "none" {
                problems.append(
                    LineupError.invalidValue(
                        field: "Rows value", value: text,
                        expected: "any (every row) or the rows they may sit in, such as 2-10"
                    ).description)
                continue
            }
            do {
                let rows: RowSet? =
                    ["any", "none", "all", "*"].contains(text.lowercased()) ? nil : try RowSet.parse(text)
                let checked = try PaddlerRules.validatedRows(rows)
                if isLimit { draft.rows = .some(checked) } else { draft.preferredRows = .some(checked) }
            } catch {
                problems.append(error.description)
            }
        }
        if let rows = draft.rows ?? nil, let preferred = draft.preferredRows ?? nil {
            do {
                try PaddlerRules.checkPreferredRows(preferred, within: rows)
            } catch {
                problems.append(error.description)
            }
        }
        if let text = values[.injuredUntil], !text.isEmpty {
            // `none` ends an injury, as `roster update --injured-until none` does; an export writes it.
            if text.lowercased() == "none" {
                draft.injuredUntil = .some(nil)
            } else {
                do {
                    draft.injuredUntil = .some(try RegattaDay(parsing: text))
                } catch {
                    problems.append(error.description + ", or none when not injured")
                }
            }
        }
        if let text = values[.status], !text.isEmpty {
            if let active = parseStatus(text) {
                draft.isActive = active
            } else {
                warnings.append(
                    RosterImportIssue(
                        line: line, message: "status '\(text.truncatedForMessage)' not understood; left as it was"))
            }
        }
        return problems.isEmpty ? draft : nil
    }

    /// A weight as coaches write it: `72`, `72.5`, `72,5`, `72 kg`, `160 lb`; bare numbers are in `defaultUnit`.
    public static func parseWeight(_ text: String, defaultUnit: WeightUnit) throws(LineupError) -> Double {
        let lowered = text.lowercased().trimmingWhitespace()
        let numberPart = String(lowered.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") })
        let unitPart = String(lowered.dropFirst(numberPart.count)).trimmingWhitespace()
        let invalid = LineupError.invalidValue(
            field: "weight", value: text, expected: "a number of kilograms such as 72.5, or with a unit: 72 kg, 160 lb")
        guard let number = DecimalNumber.parse(numberPart) else { throw invalid }
        try checkDecimals(of: numberPart, as: text)
        let unit: WeightUnit
        switch unitPart {
        case "": unit = defaultUnit
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms": unit = .kg
        case "lb", "lbs", "pound", "pounds", "#": unit = .lb
        default: throw invalid
        }
        let kilograms = unit == .lb ? number * PaddlerRules.kilogramsPerPound : number
        return try PaddlerRules.validatedWeight(kilograms)
    }

    /// The problem of a line whose two columns say different things.
    private static func disagreement(
        _ titles: [Column: String], _ first: Column, _ firstValue: String, _ second: Column, _ secondValue: String
    ) -> String {
        "the '\(titles[first] ?? "")' column says '\(firstValue.truncatedForMessage)' but the "
            + "'\(titles[second] ?? "")' column says '\(secondValue.truncatedForMessage)'; make them agree or keep one"
    }

    /// Refuses a weight written with more than two decimals: weights are kept to hundredths, so `0.005`
    /// would be stored as something else than was typed. Three digits after a point or comma that follows
    /// a whole number (`1,500`, `1.500`) may be a thousands separator instead, so the words say both readings.
    static func checkDecimals(of number: String, as text: String) throws(LineupError) {
        guard let separator = number.firstIndex(where: { $0 == "." || $0 == "," }) else { return }
        let whole = number[..<separator]
        let decimals = number[number.index(after: separator)...]
        guard decimals.count > 2 else { return }
        if decimals.count == 3, decimals.hasSuffix("0"), whole.contains(where: { $0 != "0" }) {
            let wholeValue = String(whole.drop { $0 == "0" })
            var fraction = String(decimals)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            let asDecimal = fraction.isEmpty ? wholeValue : wholeValue + "." + fraction
            throw .invalidValue(
                field: "weight", value: text,
                expected: "\(asDecimal) or \(wholeValue)\(decimals), whichever is meant: a point or comma before three "
                    + "digits may separate thousands, and weights take at most two decimals")
        }
        throw .invalidValue(
            field: "weight", value: text,
            expected: "at most two decimals: weights are kept to hundredths of a kilogram (10 g)")
    }

    /// `F`/`Female`/`W`/`Woman`, `M`/`Male`/`Man`, `X`/`Other`/`Non-binary`; nil when not understood.
    public static func parseSex(_ text: String) -> Sex? {
        switch normalizedHeader(text) {
        case "f", "female", "w", "woman", "women", "lady": .female
        case "m", "male", "man", "men": .male
        case "x", "other", "nonbinary", "nb", "diverse", "d": .other
        default: nil
        }
    }

    /// `stroke` (also pacer, front), `engine` (middle, engine room), `rear` (back, rocket), `any`; nil when not
    /// understood.
    public static func parseRole(_ text: String) -> SeatRole? {
        switch normalizedHeader(text) {
        case "stroke", "strokes", "stroker", "strokers", "pacer", "pacers", "front": .stroke
        case "engine", "engineroom", "middle", "mid": .engine
        case "rear", "back", "rocket", "rockets": .rear
        case "any", "either", "all", "none", "": .any
        default: nil
        }
    }

    /// `left`/`l`, `right`/`r`, `either`/`both`/`any`/`no preference`; nil when not understood (`none` too:
    /// it could mean no preference or no side at all).
    public static func parseSide(_ text: String) -> SidePreference? {
        switch normalizedHeader(text) {
        case "left", "l", "port": .left
        case "right", "r", "starboard": .right
        case "either", "both", "any", "nopreference", "ambi", "e", "b": .either
        default: nil
        }
    }

    /// Whether a Status cell means active (`active`, `current`, `member`) or not (`inactive`, `retired`,
    /// `former`, `archived`, `left`); nil when not understood.
    public static func parseStatus(_ text: String) -> Bool? {
        switch normalizedHeader(text) {
        case "active", "current", "member", "regular", "yes", "y": true
        case "inactive", "notactive", "retired", "former", "archived", "left", "lapsed", "no", "n": false
        default: nil
        }
    }

    /// yes/no, y/n, true/false, 1/0, x (yes); nil when not understood.
    public static func parseFlag(_ text: String) -> Bool? {
        switch text.lowercased().trimmingWhitespace() {
        case "yes", "y", "true", "t", "1", "x", "✓", "✔": true
        case "no", "n", "false", "f", "0", "-", "": false
        default: nil
        }
    }

    static func decode(_ bytes: [UInt8]) -> Result<String, RosterImportIssue> {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || bytes.prefix(200).contains(0) {
            return .failure(
                RosterImportIssue(
                    line: 0,
                    message: "the file is UTF-16 (or binary), not UTF-8; save it as \"CSV UTF-8\" and try again"))
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let text = String(validating: body, as: UTF8.self) { return .success(text) }
        var line = 1
        var start = 0
        for index in body.indices where body[index] == 0x0A || index == body.count - 1 {
            if String(validating: body[start...index], as: UTF8.self) == nil { break }
            line += 1
            start = index + 1
        }
        return .failure(
            RosterImportIssue(
                line: line,
                message:
                    "not valid UTF-8 text (perhaps Latin-1 or Windows-1252); save the file as \"CSV UTF-8\" and try again"
            ))
    }
}
