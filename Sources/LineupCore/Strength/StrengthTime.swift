/// Times as coaches write them: seconds (`125.3`), minutes and seconds (`2:05.3`) or hours too (`1:02:05`).
public enum StrengthTime {
    /// The most characters a time may have (`1:59:59.999999`, with room to spare).
    static let longestTime = 24

    /// The seconds `text` says, checked to be a time (positive, under two hours).
    public static func seconds(parsing text: String) throws(StrengthError) -> Double {
        // No time is longer; a longer field is refused before the number parser reads it (a megabyte of digits
        // takes it minutes).
        guard text.utf8.count <= longestTime else { throw .unreadableTime(text) }
        // A decimal comma (`1:02,5`) is what spreadsheets that separate fields with semicolons write.
        let written = text
        let text = text.contains(".") ? text : String(text.map { $0 == "," ? "." : $0 })
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.dropLast().allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let last = parts.last, last.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let seconds = Double(last)
        else { throw .unreadableTime(written) }
        if parts.count > 1, seconds >= 60 { throw .unreadableTime(written) }
        // After a colon, minutes and seconds take two digits: `1:5` could be 1:05 or 1:50.
        for part in parts.dropFirst() where part.split(separator: ".", omittingEmptySubsequences: false)[0].count != 2 {
            throw .unreadableTime(written)
        }
        // Hours and minutes of more digits than any time has would overflow: not a time.
        guard parts.dropLast().allSatisfy({ $0.count <= 3 }) else { throw .unreadableTime(written) }
        let whole = parts.dropLast().reduce(0) { $0 * 60 + (Int($1) ?? 0) }
        return try StrengthError.checkedTime(Double(whole * 60) + seconds, in: "\"\(written)\"")
    }
}

/// A seat race as a table, the way the worked examples write it: a first column of piece numbers, one column
/// per paddler headed by the name and the side, `Ada Lindqvist (L)` or `Bo Berg (R)`, holding the letter of the
/// crew they sat in, then the two crews' times headed by the crews' letters (`Q`, `R`); a last column `margin`
/// may follow and is not read (it is worked out from the times).
public struct SeatRaceTable: Hashable, Sendable {
    public var session: SeatRaceSession
    public var firstCrew: String
    public var secondCrew: String

    /// Reads `records` (a CSV file's) as the seat race `name`.
    public init(name: String, records: [CSVRecord]) throws(StrengthError) {
        guard var header = records.first?.fields.map({ $0.trimmingSpaces }) else {
            throw .badTable(line: 0, problem: "it is empty; write a header line and one line per piece.")
        }
        let hasMargin = header.last?.lowercased() == "margin"
        if hasMargin { header.removeLast() }
        guard header.count >= 5 else {
            throw .badTable(
                line: records[0].line,
                problem:
                    "the header needs: race, the paddlers as \"Name (L)\" or \"Name (R)\", then the two crews' letters."
            )
        }
        let firstCrew = header[header.count - 2]
        let secondCrew = header[header.count - 1]
        guard !firstCrew.isEmpty, !secondCrew.isEmpty, firstCrew != secondCrew else {
            throw .badTable(line: records[0].line, problem: "the last two columns need two different crew letters.")
        }
        var paddlers: [(name: String, side: SeatRaceSide)] = []
        for column in header[1..<(header.count - 2)] {
            guard let paddler = Self.paddler(column) else {
                throw .badTable(
                    line: records[0].line,
                    problem: "\"\(column)\" needs its side: \"\(column) (L)\" or \"\(column) (R)\".")
            }
            paddlers.append(paddler)
        }
        var pieces: [SeatRacePiece] = []
        for record in records.dropFirst() {
            var fields = record.fields.map { $0.trimmingSpaces }
            if hasMargin, fields.count == header.count + 1 { fields.removeLast() }
            guard fields.count == header.count else {
                throw .badTable(
                    line: record.line, problem: "it has \(fields.count) fields; the header has \(header.count).")
            }
            guard let number = Int(fields[0]), number > 0 else {
                throw .badTable(line: record.line, problem: "\"\(fields[0])\" is not a piece number.")
            }
            var seats: [SeatRaceSeat] = []
            for (paddler, letter) in zip(paddlers, fields[1..<(fields.count - 2)]) {
                guard letter == firstCrew || letter == secondCrew else {
                    throw .badTable(
                        line: record.line,
                        problem: "\(paddler.name) is in crew \"\(letter)\"; write \(firstCrew) or \(secondCrew).")
                }
                seats.append(
                    SeatRaceSeat(
                        paddler: paddler.name, side: paddler.side, crew: letter == firstCrew ? .first : .second))
            }
            let first: Double
            let second: Double
            do {
                first = try StrengthTime.seconds(parsing: fields[fields.count - 2])
                second = try StrengthTime.seconds(parsing: fields[fields.count - 1])
            } catch {
                throw .badTable(line: record.line, problem: error.description)
            }
            pieces.append(SeatRacePiece(number: number, seats: seats, firstCrewTime: first, secondCrewTime: second))
        }
        self.session = try SeatRaceSession(name: name, pieces: pieces)
        self.firstCrew = firstCrew
        self.secondCrew = secondCrew
    }

    private static func paddler(_ column: String) -> (name: String, side: SeatRaceSide)? {
        let sides: [(String, SeatRaceSide)] = [
            ("(L)", .left), ("(R)", .right), ("(left)", .left), ("(right)", .right),
        ]
        for (suffix, side) in sides where column.lowercased().hasSuffix(suffix.lowercased()) {
            let name = String(column.dropLast(suffix.count)).trimmingSpaces
            return name.isEmpty ? nil : (name, side)
        }
        return nil
    }
}

extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension SeatRaceTable {
    /// Reads a CSV file's bytes (comma, semicolon or tab separated, as `roster import` reads them).
    public init(name: String, bytes: [UInt8]) throws(StrengthError) {
        try self.init(name: name, records: try StrengthTime.records(of: bytes))
    }
}

extension TrialResult {
    /// The most bad lines of a trial file named one by one; the rest are counted.
    public static let badLinesShown = 10

    /// A result written `NAME=TIME`, a crew's names joined by `+` (`Ada Lindqvist+Bo Berg=4:10.2`); a name
    /// `isRosterName` knows is one paddler even with a `+` in it, as is a name whose `+` is written `\+`.
    public init(parsing text: String, isRosterName: (String) -> Bool = { _ in false }) throws(StrengthError) {
        guard let equals = text.lastIndex(of: "=") else { throw .notNameAndTime(text) }
        try self.init(
            names: String(text[..<equals]), time: String(text[text.index(after: equals)...]),
            isRosterName: isRosterName)
    }

    /// The results of a file: one line per paddler or crew, `name,time`, or the columns its header names
    /// (`time,name`); a first line without digits is a header. Every bad line is named, none recorded.
    public static func results(bytes: [UInt8], isRosterName: (String) -> Bool = { _ in false }) throws(StrengthError)
        -> [TrialResult]
    {
        var records = try StrengthTime.records(of: bytes)[...]
        var columns = (name: 0, time: 1)
        var problems: [StrengthError.LineProblem] = []
        var unknownHeader: StrengthError?
        // No time is written without digits, so a first line without any is a header, never a result.
        if let first = records.first, !first.fields.contains(where: { $0.contains(where: \.isNumber) }) {
            let names = first.fields.map { $0.trimmingSpaces.lowercased() }
            if names.count == 2, let name = names.firstIndex(of: "name"), let time = names.firstIndex(of: "time") {
                columns = (name, time)
            } else if names.count > 2, names.contains("name"), names.contains("time") {
                // The header the file meant, with more beside it: that is its problem, not a missing time.
                throw .extraTrialColumns(line: first.line, columns: first.fields.map(\.trimmingSpaces))
            } else {
                unknownHeader = .unknownTrialHeader(line: first.line, columns: first.fields.map(\.trimmingSpaces))
                problems.append(.init(line: first.line, problem: StrengthError.headerProblem(first.fields)))
            }
            records = records.dropFirst()
        }
        let order = columns.name == 0 ? "name,time" : "time,name"
        var results: [TrialResult] = []
        for record in records {
            guard record.fields.count == 2 else {
                let extra = record.fields.count > 2 ? StrengthError.extraFields(Array(record.fields.dropFirst(2))) : ""
                problems.append(.init(line: record.line, problem: extra + "write two fields: \(order)."))
                continue
            }
            do {
                results.append(
                    try TrialResult(
                        names: record.fields[columns.name], time: record.fields[columns.time],
                        isRosterName: isRosterName))
            } catch {
                problems.append(.init(line: record.line, problem: error.description))
            }
        }
        if let only = problems.first, problems.count == 1 {
            throw unknownHeader ?? .badTable(line: only.line, problem: only.problem)
        }
        guard problems.isEmpty else { throw .badLines(problems) }
        return results
    }

    private init(names: String, time: String, isRosterName: (String) -> Bool) throws(StrengthError) {
        self.init(
            paddlers: try Self.paddlers(written: names, isRosterName: isRosterName),
            seconds: try StrengthTime.seconds(parsing: time.trimmingSpaces))
    }

    /// The paddlers `written` names: one when the whole is a roster name, else a crew split at each `+` not
    /// written `\+`. A whole that is a roster name and a crew of roster names alike is refused.
    static func paddlers(written: String, isRosterName: (String) -> Bool) throws(StrengthError) -> [String] {
        var parts = [""]
        var rest = written[...]
        while let character = rest.popFirst() {
            if character == "\\", rest.first == "+" {
                parts[parts.count - 1].append(rest.removeFirst())
            } else if character == "+" {
                parts.append("")
            } else {
                parts[parts.count - 1].append(character)
            }
        }
        parts = parts.map(\.trimmingSpaces)
        if parts.count > 1 {
            // The whole as written, spaces kept: `Ada + Bo` is a crew even when `Ada+Bo` is a paddler.
            let whole = written.replacing("\\+", with: "+").trimmingSpaces
            if isRosterName(whole) {
                guard parts.allSatisfy({ !$0.isEmpty && isRosterName($0) }) else { return [whole] }
                throw .paddlerOrCrew(whole, crew: parts)
            }
        }
        guard parts.count > 1 || parts.first?.isEmpty == false else { throw .emptyName }
        guard parts.allSatisfy({ !$0.isEmpty }) else { throw .emptyCrewMember }
        return parts
    }
}

extension StrengthTime {
    static func records(of bytes: [UInt8]) throws(StrengthError) -> [CSVRecord] {
        switch FileProblems.records(of: bytes) {
        case .success(let records): return records
        case .failure(let problems):
            let first = problems.issues.first
            throw .badTable(line: first?.line ?? 0, problem: first?.message ?? "it cannot be read.")
        }
    }
}
