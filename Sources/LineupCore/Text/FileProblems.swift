/// Everything wrong with a file a command reads, by line; any one of them rejects the whole file.
public struct FileProblems: Error, Equatable, Sendable, CustomStringConvertible {
    public var issues: [RosterImportIssue]

    public init(_ issues: [RosterImportIssue]) {
        self.issues = issues
    }

    public var description: String { issues.map(\.description).joined(separator: "\n") }

    /// The CSV records of a file's bytes, decoded and split as `roster import` does it (the separator a
    /// comma, or the semicolon or tab a spreadsheet saved instead, from the first line); a file that cannot
    /// be decoded or parsed is the problem.
    static func records(of bytes: [UInt8]) -> Result<[CSVRecord], FileProblems> {
        switch RosterImporter.decode(bytes) {
        case .failure(let problem): return .failure(FileProblems([problem]))
        case .success(let text):
            do {
                return .success(try CSVParser.records(in: text, separator: RosterImporter.separator(of: text)))
            } catch {
                return .failure(FileProblems([RosterImportIssue(line: error.line, message: error.message)]))
            }
        }
    }
}

extension RosterImportIssue {
    /// A message about line `line` of a file (0: the file as a whole).
    public init(at line: Int, _ message: String) {
        self.init(line: line, message: message)
    }
}
