/// One paddler's availability as read from a file.
public struct AvailabilityRow: Equatable, Sendable {
    public var line: Int
    public var name: String
    public var availability: Availability
}

/// Reads who is at a regatta when, from a CSV file: a `name` column, and `from` and `until` times
/// (`HH:MM`; empty: the start or end of the day) and/or an `absent` column (yes/no), or an `available`
/// (also `attending`, `present`) column meaning the opposite. Headers ignore case, spaces, `_` and `-`.
/// Any bad line rejects the whole file, with every bad line listed.
public enum AvailabilityReader {
    enum Column: Hashable {
        case name, from, until, absent, available
    }

    static let aliases: [String: Column] = [
        "name": .name, "paddler": .name, "fullname": .name, "member": .name,
        "from": .from, "arrives": .from, "arrival": .from, "arrive": .from, "availablefrom": .from, "fromtime": .from,
        "until": .until, "till": .until, "leaves": .until, "departure": .until, "leave": .until, "to": .until,
        "availableuntil": .until, "untiltime": .until,
        "absent": .absent, "away": .absent, "missing": .absent,
        "available": .available, "attending": .available, "present": .available, "attends": .available,
    ]

    public static func read(_ bytes: [UInt8]) -> Result<[AvailabilityRow], FileProblems> {
        let (rows, problems) = readLines(bytes)
        return problems.isEmpty ? .success(rows) : .failure(FileProblems(problems))
    }

    /// The lines read well and the bad ones, apart: a line with a good time but an unknown name is bad too,
    /// and the store, which knows the names, lists it with the others.
    public static func readLines(_ bytes: [UInt8]) -> (rows: [AvailabilityRow], problems: [RosterImportIssue]) {
        let records: [CSVRecord]
        switch FileProblems.records(of: bytes) {
        case .success(let read): records = read
        case .failure(let problems): return ([], problems.issues)
        }
        guard let header = records.first else {
            return (
                [],
                [
                    RosterImportIssue(
                        line: 0, message: "the file is empty; expected a header line: name,from,until,absent")
                ]
            )
        }
        var problems: [RosterImportIssue] = []
        var columns: [Column: Int] = [:]
        var titles: [Column: String] = [:]
        for (index, title) in header.fields.enumerated() {
            let key = RosterImporter.normalizedHeader(CSVFormat.unguarded(title))
            guard let column = aliases[key] else { continue }
            if columns[column] != nil {
                problems.append(RosterImportIssue(line: header.line, message: "two columns mean '\(title)'; keep one"))
            }
            columns[column] = index
            titles[column] = CSVFormat.unguarded(title).trimmingWhitespace()
        }
        guard columns[.name] != nil else {
            let found = header.fields.map { "'\($0.truncatedForMessage)'" }.joined(separator: ", ")
            problems.append(
                RosterImportIssue(
                    line: header.line,
                    message:
                        "no name column (found \(found)); the first line must name the columns: name,from,until,absent"
                ))
            return ([], problems)
        }
        guard columns.count > 1 else {
            problems.append(
                RosterImportIssue(
                    line: header.line, message: "no from, until, absent or available column; nothing to read"))
            return ([], problems)
        }
        var rows: [AvailabilityRow] = []
        var lineOfName: [String: Int] = [:]
        for record in records.dropFirst() {
            func field(_ column: Column) -> String {
                guard let index = columns[column], index < record.fields.count else { return "" }
                return CSVFormat.unguarded(record.fields[index]).trimmingWhitespace()
            }
            let problem = { (message: String) in problems.append(RosterImportIssue(line: record.line, message: message))
            }
            let name = field(.name)
            guard !name.isEmpty else {
                if record.fields.contains(where: { !$0.trimmingWhitespace().isEmpty }) { problem("the name is empty") }
                continue
            }
            if let earlier = lineOfName[PaddlerRules.nameKey(name)] {
                problem("'\(name.truncatedForMessage)' is already on line \(earlier); keep one of them")
                continue
            }
            lineOfName[PaddlerRules.nameKey(name)] = record.line
            // What each of the absent and available columns says, as "absent or not", with the cell as written.
            var says: [(absent: Bool, cell: String)] = []
            for (column, inverted) in [(Column.absent, false), (.available, true)] {
                let text = field(column)
                guard !text.isEmpty else { continue }
                guard let flag = RosterImporter.parseFlag(text) else {
                    problem(
                        LineupError.invalidValue(
                            field: column == .absent ? "absent value" : "available value", value: text,
                            expected: "yes/no, y/n, true/false, 1/0 or x"
                        ).description)
                    continue
                }
                says.append((flag != inverted, "\(titles[column] ?? "") '\(text.truncatedForMessage)'"))
            }
            if says.count == 2, says[0].absent != says[1].absent {
                problem(
                    "\(says[0].cell) and \(says[1].cell) contradict each other (one says absent, the other "
                        + "available); fill in one of the two columns")
                continue
            }
            let absent = says.first?.absent ?? false
            var times: [TimeOfDay?] = []
            for column in [Column.from, .until] {
                let text = field(column)
                if text.isEmpty {
                    times.append(nil)
                    continue
                }
                do {
                    times.append(try TimeOfDay(parsing: text))
                } catch {
                    problem(error.description)
                    times.append(nil)
                }
            }
            if absent, let cell = says.first?.cell,
                let time = [Column.from, .until].first(where: { !field($0).isEmpty })
            {
                problem(
                    "\(cell) says absent, but \(titles[time] ?? "") '\(field(time).truncatedForMessage)' gives a time; "
                        + "leave the times empty for someone absent, or say they are there")
                continue
            }
            do {
                let availability = try Availability(absent: absent, from: times[0], until: times[1])
                rows.append(AvailabilityRow(line: record.line, name: name, availability: availability))
            } catch {
                problem(error.description)
            }
        }
        if rows.isEmpty && problems.isEmpty {
            problems.append(RosterImportIssue(line: 0, message: "the file has a header line but no paddlers below it"))
        }
        return (rows, problems)
    }
}
