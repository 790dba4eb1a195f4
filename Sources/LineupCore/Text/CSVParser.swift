/// One record of a CSV file with the line it starts on.
public struct CSVRecord: Equatable, Sendable {
    public var line: Int
    public var fields: [String]
}

/// A strict RFC 4180 reader that accepts LF, CRLF and CR-only line endings and says on which line a
/// file goes wrong. (The CSV libraries at hand silently read an unclosed quote to the end of the file.)
public enum CSVParser {
    /// A file the reader cannot make sense of, with the line where it went wrong.
    public struct Failure: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// The records of `text`, fields separated by `separator` (a comma; spreadsheets in some countries write
    /// semicolons, and tab-separated files are common). Blank lines are skipped.
    public static func records(in text: String, separator: Unicode.Scalar = ",") throws(Failure) -> [CSVRecord] {
        var records: [CSVRecord] = []
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var inQuotes = false
        var quotedFieldLine = 1
        var afterClosingQuote = false
        var fieldWasQuoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?

        func endRecord() {
            fields.append(String(field))
            field = String.UnicodeScalarView()
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) {
                records.append(CSVRecord(line: recordLine, fields: fields))
            }
            fields = []
            afterClosingQuote = false
            fieldWasQuoted = false
        }

        while let scalar = pending ?? scalars.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    let next = scalars.next()
                    if next == "\"" {
                        field.append("\"")
                    } else {
                        inQuotes = false
                        afterClosingQuote = true
                        pending = next
                    }
                } else if scalar == "\r" {
                    field.append(scalar)
                    let next = scalars.next()
                    if next == "\n" { field.append("\n") } else { pending = next }
                    line += 1
                } else {
                    field.append(scalar)
                    if scalar == "\n" { line += 1 }
                }
                continue
            }
            switch scalar {
            case separator:
                fields.append(String(field))
                field = String.UnicodeScalarView()
                afterClosingQuote = false
                fieldWasQuoted = false
            case "\n", "\r":
                if scalar == "\r" {
                    let next = scalars.next()
                    if next != "\n" { pending = next }
                }
                endRecord()
                line += 1
                recordLine = line
            case "\"" where field.allSatisfy({ $0 == " " }) && !afterClosingQuote:
                // Spaces before an opening quote are a common export quirk, not content.
                field = String.UnicodeScalarView()
                inQuotes = true
                fieldWasQuoted = true
                quotedFieldLine = line
            case " " where afterClosingQuote && separator != " ":
                continue
            default:
                if afterClosingQuote {
                    throw Failure(
                        line: line,
                        message: "text follows a closing quote; a quote inside a field is written twice (\"\")")
                }
                if scalar == "\"" {
                    throw Failure(
                        line: line,
                        message:
                            "a quote in the middle of an unquoted field; quote the whole field and write the quote twice (\"\")"
                    )
                }
                field.append(scalar)
            }
        }
        if inQuotes {
            throw Failure(line: quotedFieldLine, message: "a quoted field is never closed")
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}
