import Foundation
import LineupCore
import GRDB
import Testing

/// What the database path points at, for the cases about the database file itself.
enum DatabaseFixture: Sendable {
    /// The sample club, with a second boat "Small" of five rows.
    case sample
    case folder
    /// A path whose folder cannot be created (its parent is a regular file).
    case uncreatableFolder
    /// The sample club, in a folder and file the command may not write (run as another user when root).
    case readOnly
    case randomBytes
    /// The first half of the sample club's file.
    case truncated
    /// The sample club, marked with a migration this version does not know.
    case newerSchema
    case emptyFile
    /// A SQLite database of another program.
    case otherProgram
    /// No database file yet (commands that add something would create one).
    case missing
    /// A FIFO where the database should be.
    case fifo
    /// No database file, but a log (`-wal`) left under its name.
    case strayLog
    /// A symbolic link to a file that does not exist.
    case danglingLink
    /// The sample club, with a rollback journal beside it (which a WAL database never has).
    case foreignJournal
}

/// One bad input: the command, what it reads, and what it must answer.
struct BadInput: Sendable, CustomTestStringConvertible {
    let label: String
    var arguments: [String] = []
    /// Arguments as raw bytes, for text that is not UTF-8 (used instead of `arguments` when set).
    var rawArguments: [[UInt8]]? = nil
    /// Written to a file whose path replaces `{file}` in the arguments.
    var file: [UInt8]? = nil
    var database = DatabaseFixture.sample
    /// Set in the command's environment, over the test's `LINEUP_DB`.
    var environment: [String: String] = [:]
    /// Removed from the command's environment.
    var unsetting: [String] = []
    let status: Int32
    /// Part of the message expected after `error: `.
    let message: String

    var testDescription: String { label }
}

private func csv(_ text: String) -> [UInt8] { Array(text.utf8) }

@Suite("bad input: a clear error, the documented status, and the database unchanged")
struct BadInputTests {
    static let longName = String(repeating: "A", count: 101)

    static let cases: [BadInput] = [
        // Places
        BadInput(label: "seat L0", arguments: ["exchange", "L0", "R1"], status: 1, message: "'L0' is not a place"),
        BadInput(label: "seat L11", arguments: ["exchange", "L11", "R1"], status: 1, message: "no seat L11"),
        BadInput(
            label: "seat L6 in a small boat", arguments: ["exchange", "L6", "R1", "-b", "Small"], status: 1,
            message: "this boat has 5 rows, so there is no seat L6"),
        BadInput(label: "seat R-1", arguments: ["exchange", "R-1", "L1"], status: 1, message: "'R-1' is not a place"),
        BadInput(label: "seat X1", arguments: ["exchange", "X1", "L1"], status: 1, message: "no paddler named 'X1'"),
        BadInput(
            label: "empty place", arguments: ["exchange", "", "L1"], status: 1, message: "a place cannot be empty"),
        BadInput(
            label: "whitespace place", arguments: ["exchange", " \t ", "L1"], status: 1,
            message: "a place cannot be empty"),
        BadInput(
            label: "10,000-character place", arguments: ["exchange", String(repeating: "L", count: 10_000), "L1"],
            status: 1, message: "no paddler named 'LLLLLLLLLL"),
        BadInput(label: "bench B0", arguments: ["exchange", "B0", "L1"], status: 1, message: "'B0' is not a place"),
        BadInput(label: "bench B99", arguments: ["exchange", "L1", "B99"], status: 1, message: "there is no B99"),
        BadInput(
            label: "bench B1000000", arguments: ["exchange", "L1", "B1000000"], status: 1, message: "not a place"),
        BadInput(label: "seat L+1", arguments: ["exchange", "L+1", "R1"], status: 1, message: "'L+1' is not a place"),
        BadInput(
            label: "one place only", arguments: ["exchange", "L1"], status: 64, message: "Missing expected argument"),
        BadInput(
            label: "three places", arguments: ["exchange", "L1", "R1", "R2"], status: 64, message: "Unexpected argument"
        ),
        BadInput(
            label: "unknown boat", arguments: ["exchange", "L1", "R1", "-b", "Nope"], status: 1,
            message: "no boat named 'Nope'"),
        BadInput(label: "lock the bench", arguments: ["lock", "B1"], status: 1, message: "only seats can be locked"),
        BadInput(label: "lock L0", arguments: ["lock", "L0"], status: 1, message: "'L0' is not a place"),
        BadInput(label: "unlock L11", arguments: ["unlock", "L11"], status: 1, message: "no seat L11"),
        BadInput(label: "lock nobody", arguments: ["lock", "Nobody"], status: 1, message: "no paddler named 'Nobody'"),
        // Undo, redo, history
        BadInput(
            label: "undo 0 steps", arguments: ["undo", "--steps", "0"], status: 64, message: "--steps must be 1 or more"
        ),
        BadInput(
            label: "undo abc steps", arguments: ["undo", "--steps", "abc"], status: 64, message: "'abc' is invalid"),
        BadInput(label: "nothing to undo", arguments: ["undo", "-b", "Small"], status: 1, message: "nothing to undo"),
        BadInput(label: "nothing to redo", arguments: ["redo"], status: 1, message: "nothing to redo"),
        BadInput(
            label: "history limit 0", arguments: ["history", "--limit", "0"], status: 64,
            message: "--limit must be 1 or more"),
        BadInput(
            label: "prune without a rule", arguments: ["history", "prune"], status: 64,
            message: "--keep N, --older-than DAYS"),
        BadInput(
            label: "prune keep -1", arguments: ["history", "prune", "--keep=-1"], status: 64,
            message: "--keep must be 0 or more"),
        BadInput(
            label: "prune older than NaN", arguments: ["history", "prune", "--older-than", "nan"], status: 64,
            message: "The value 'nan' is invalid for '--older-than <DAYS>'"),
        // Boats
        BadInput(
            label: "show unknown boat", arguments: ["show", "-b", "Nope"], status: 1, message: "no boat named 'Nope'"),
        BadInput(label: "use unknown boat", arguments: ["use", "Nope"], status: 1, message: "no boat named 'Nope'"),
        BadInput(
            label: "duplicate boat", arguments: ["boat", "create", "sample CREW"], status: 1, message: "already exists"),
        BadInput(
            label: "empty boat name", arguments: ["boat", "create", ""], status: 64,
            message: "a boat name cannot be empty"),
        BadInput(
            label: "boat name with a control character", arguments: ["boat", "create", "Mixed\u{1B}[2J"], status: 64,
            message: "control characters"),
        BadInput(
            label: "boat renamed with a direction override", arguments: ["boat", "rename", "Small", "\u{202E}llamS"],
            status: 64, message: "direction controls"),
        BadInput(
            label: "boat copied to an invisible name", arguments: ["boat", "copy", "Small", "\u{200B}\u{200B}"],
            status: 64, message: "invisible characters (U+200B ZERO WIDTH SPACE, character 1)"),
        BadInput(
            label: "boat deleted by part of its name", arguments: ["boat", "delete", "sma", "--force"], status: 1,
            message: "give the whole name (Small)"),
        BadInput(
            label: "boat name typo", arguments: ["show", "-b", "Smll"], status: 1, message: "did you mean Small?"),
        BadInput(
            label: "boat by one letter", arguments: ["show", "-b", "s"], status: 1,
            message: "no boat named 's'; the boats are Sample crew and Small"),
        BadInput(
            label: "rename unknown boat", arguments: ["boat", "rename", "Nope", "X"], status: 1,
            message: "no boat named 'Nope'"),
        BadInput(
            label: "delete unknown boat", arguments: ["boat", "delete", "Nope"], status: 1,
            message: "no boat named 'Nope'"),
        BadInput(
            label: "copy unknown boat", arguments: ["boat", "copy", "Nope", "X"], status: 1,
            message: "no boat named 'Nope'"),
        // Export
        BadInput(
            label: "export as xml", arguments: ["export", "--format", "xml"], status: 64, message: "'xml' is invalid"),
        BadInput(
            label: "export into a missing folder", arguments: ["export", "--output", "/proc/no-such-folder/x.csv"],
            status: 1, message: "cannot write in /proc/no-such-folder"),
        BadInput(
            label: "export onto a folder", arguments: ["export", "--output", "/tmp"], status: 1, message: "is a folder"),
        // Names
        BadInput(
            label: "name with a control character", arguments: ["roster", "add", "Ann\u{1}Lee"], status: 64,
            message: "control characters"),
        BadInput(
            label: "name with an escape sequence", arguments: ["roster", "add", "Ann\u{1B}[31mLee"], status: 64,
            message: "control characters"),
        BadInput(label: "name of spaces", arguments: ["roster", "add", "   "], status: 64, message: "cannot be empty"),
        BadInput(label: "empty name", arguments: ["roster", "add", ""], status: 64, message: "cannot be empty"),
        BadInput(
            label: "101-character name", arguments: ["roster", "add", longName], status: 64,
            message: "at most 100 characters"),
        BadInput(
            label: "100 characters and a combining mark",
            arguments: ["roster", "add", String(repeating: "a", count: 99) + "q\u{303}"],
            status: 64, message: "at most 100 characters (each accent counts as one), this one has 101"),
        BadInput(
            label: "name with a direction override", arguments: ["roster", "add", "\u{202E}Ann Lee"], status: 64,
            message: "direction controls"),
        BadInput(
            label: "name of zero-width spaces", arguments: ["roster", "add", "\u{200B}\u{200B}"], status: 64,
            message: "invisible characters (U+200B ZERO WIDTH SPACE, character 1)"),
        BadInput(
            label: "name with a Hangul filler", arguments: ["roster", "add", "Ada\u{3164}Lindqvist"], status: 64,
            message: "invisible characters (U+3164 HANGUL FILLER, character 4)"),
        BadInput(
            label: "name of a private-use character", arguments: ["roster", "add", "\u{E000}"], status: 64,
            message: "private-use characters (U+E000, character 1)"),
        BadInput(
            label: "name that reads as a bench place in Greek", arguments: ["roster", "add", "\u{392}1"], status: 64,
            message: "reads as a seat or bench place"),
        BadInput(
            label: "name of a lone joiner", arguments: ["roster", "add", "\u{200D}"], status: 64,
            message: "invisible characters (U+200D ZERO WIDTH JOINER, character 1)"),
        BadInput(
            label: "name of Hangul fillers", arguments: ["roster", "add", "\u{3164}\u{3164}"], status: 64,
            message: "invisible characters (U+3164 HANGUL FILLER, character 1)"),
        BadInput(
            label: "name with a byte-order mark", arguments: ["roster", "add", "\u{FEFF}Ann Lee"], status: 64,
            message: "U+FEFF"),
        BadInput(
            label: "name with a line separator", arguments: ["roster", "add", "Ann\u{2028}Lee"], status: 64,
            message: "line breaks"),
        BadInput(
            label: "name with a paragraph separator", arguments: ["roster", "add", "Ann\u{2029}Lee"], status: 64,
            message: "line breaks"),
        BadInput(
            label: "name starting with a combining mark", arguments: ["roster", "add", "\u{301}Ann"], status: 64,
            message: "combining mark"),
        BadInput(
            label: "Zalgo name", arguments: ["roster", "add", "Z" + String(repeating: "\u{336}\u{337}", count: 8)],
            status: 64, message: "accents on one letter"),
        BadInput(
            label: "name decomposed, already there precomposed", arguments: ["roster", "add", "Kit Valde\u{301}s"],
            status: 1, message: "already in the roster"),
        BadInput(
            label: "notes with an escape sequence",
            arguments: ["roster", "add", "Zed", "--notes", "\u{1B}]0;pwned\u{7}"],
            status: 64, message: "notes cannot contain control characters"),
        BadInput(
            label: "notes updated with a bell",
            arguments: ["roster", "update", "Ada Lindqvist", "--notes", "ring\u{7}"],
            status: 64, message: "notes cannot contain control characters"),
        BadInput(
            label: "renamed to a direction override",
            arguments: ["roster", "update", "Ada Lindqvist", "--rename", "Ada\u{202E}"], status: 64,
            message: "direction controls"),
        BadInput(
            label: "place part of two names", arguments: ["exchange", "ha", "L1"], status: 1,
            message: "'ha' could be 2 paddlers: Hana Sato or Victor Halvorsen"),
        BadInput(
            label: "place with a typo", arguments: ["exchange", "Mia Xo", "L1"], status: 1,
            message: "did you mean Mia Xu?"),
        BadInput(
            label: "remove by a first name only", arguments: ["roster", "remove", "mia", "--force"], status: 1,
            message: "give the whole name (Mia Xu)"),
        BadInput(
            label: "escape sequence in an unknown boat", arguments: ["show", "-b", "\u{1B}]0;pwned\u{7}"], status: 1,
            message: "no boat named '␛]0;pwned␇'"),
        BadInput(
            label: "escape sequence in an unknown place", arguments: ["exchange", "\u{1B}[2J\u{9B}H", "L1"], status: 1,
            message: "no paddler named '␛[2J\u{FFFD}H'"),
        BadInput(
            label: "escape sequence in a database path", arguments: ["show", "--db", "club\u{1B}[2J.sqlite"], status: 1,
            message: "no lineup database at club␛[2J.sqlite"),
        BadInput(
            label: "escape sequence in an unknown option", arguments: ["show", "--json\u{7}"], status: 64,
            message: "--json␇"),
        BadInput(
            label: "name not UTF-8",
            rawArguments: [Array("roster".utf8), Array("add".utf8), [0x41, 0x6E, 0xE9, 0x0A]],
            status: 64, message: "argument 3 is not valid UTF-8"),
        BadInput(
            label: "name differing in case", arguments: ["roster", "add", "ada LINDQVIST"], status: 1,
            message: "already in the roster"),
        BadInput(
            label: "name differing in spaces", arguments: ["roster", "add", "  Ada Lindqvist "], status: 1,
            message: "already in the roster"),
        BadInput(
            label: "name that reads as a seat", arguments: ["roster", "add", "L3"], status: 64,
            message: "reads as a seat"),
        // Shaped like a seat though impossible: as a place it is an error, so as a name it could never be used.
        BadInput(
            label: "name that reads as an impossible seat", arguments: ["roster", "add", "R-1"], status: 64,
            message: "reads as a seat"),
        BadInput(
            label: "name that reads as an impossible bench place", arguments: ["roster", "add", "b+2"], status: 64,
            message: "reads as a seat"),
        BadInput(
            label: "rename onto another paddler",
            arguments: ["roster", "update", "Ada Lindqvist", "--rename", "bea marangoni"], status: 1,
            message: "already in the roster"),
        BadInput(
            label: "update nobody", arguments: ["roster", "update", "Nobody", "--weight", "70"], status: 1,
            message: "no paddler named 'Nobody'"),
        BadInput(
            label: "remove nobody", arguments: ["roster", "remove", "Nobody"], status: 1,
            message: "no paddler named 'Nobody'"),
        BadInput(
            label: "remove a seated paddler", arguments: ["roster", "remove", "Ada Lindqvist"], status: 1,
            message: "is seated"),
        // Weights
        BadInput(
            label: "weight 0", arguments: ["roster", "add", "Zed", "--weight", "0"], status: 64,
            message: "weight 0 is out of range"),
        BadInput(
            label: "weight -5", arguments: ["roster", "add", "Zed", "--weight=-5"], status: 64,
            message: "'-5' is not a valid weight"),
        BadInput(
            label: "weight abc", arguments: ["roster", "add", "Zed", "--weight", "abc"], status: 64,
            message: "'abc' is not a valid weight"),
        BadInput(
            label: "weight 1e309", arguments: ["roster", "add", "Zed", "--weight", "1e309"], status: 64,
            message: "'1e309' is not a valid weight"),
        BadInput(
            label: "weight NaN", arguments: ["roster", "add", "Zed", "--weight", "NaN"], status: 64,
            message: "'NaN' is not a valid weight"),
        BadInput(
            label: "weight 300", arguments: ["roster", "add", "Zed", "--weight", "300"], status: 64,
            message: "weight 300 is out of range"),
        BadInput(
            label: "weight 72 stone", arguments: ["roster", "add", "Zed", "--weight", "72 stone"], status: 64,
            message: "'72 stone' is not a valid weight"),
        BadInput(
            label: "weight 700 lb", arguments: ["roster", "update", "Ada Lindqvist", "--weight", "700 lb"], status: 64,
            message: "out of range"),
        BadInput(
            label: "sex Q", arguments: ["roster", "add", "Zed", "--sex", "Q"], status: 64, message: "'Q' is not a sex"),
        // Roster files
        BadInput(
            label: "CSV empty", arguments: ["roster", "import", "{file}"], file: [], status: 1,
            message: "the file is empty"),
        BadInput(
            label: "CSV header only", arguments: ["roster", "import", "{file}"], file: csv("name,weight_kg\n"),
            status: 1, message: "no paddlers below it"),
        BadInput(
            label: "CSV without a name column", arguments: ["roster", "import", "{file}"],
            file: csv("nom,poids\nAnn,60\n"), status: 1, message: "no name column"),
        BadInput(
            label: "CSV unbalanced quotes", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\n\"Ann,60\nBo,70\n"), status: 1, message: "line 2: a quoted field is never closed"),
        BadInput(
            label: "CSV quote inside a field", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\nAn\"n,60\n"), status: 1, message: "line 2: a quote in the middle"),
        BadInput(
            label: "CSV in UTF-16", arguments: ["roster", "import", "{file}"],
            file: [0xFF, 0xFE] + Array("name\r\nAnn\r\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
            status: 1, message: "UTF-16"),
        BadInput(
            label: "CSV in Latin-1", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\n") + [0x52, 0xE9, 0x6D, 0x79, 0x2C, 0x36, 0x30, 0x0A], status: 1, message: "UTF-8"),
        BadInput(
            label: "CSV duplicate names", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\nAnn Lee,60\nann lee ,61\n"), status: 1, message: "line 3"),
        BadInput(
            label: "CSV NUL in a name", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\nAnn") + [0] + csv("Lee,60\n"), status: 1, message: "(or binary)"),
        BadInput(
            label: "CSV control character in a name", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\nAnn\u{7}Lee,60\n"), status: 1, message: "control characters"),
        BadInput(
            label: "CSV name with a direction override", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\nAnn\u{202E}eeL,60\n"), status: 1, message: "direction controls"),
        BadInput(
            label: "CSV notes with an escape sequence", arguments: ["roster", "import", "{file}"],
            file: csv("name,notes\nAnn,\u{1B}[2Jcleared\n"), status: 1, message: "line 2: notes cannot contain"),
        BadInput(
            label: "CSV the same name precomposed and decomposed", arguments: ["roster", "import", "{file}"],
            file: csv("name\nJos\u{E9}\nJose\u{301}\n"), status: 1, message: "line 3"),
        BadInput(
            label: "CSV 101-character name", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\n\(longName),60\n"), status: 1, message: "at most 100 characters"),
        BadInput(
            label: "CSV weight 1e309", arguments: ["roster", "import", "{file}"], file: csv("name,weight\nAnn,1e309\n"),
            status: 1, message: "line 2"),
        BadInput(
            label: "CSV weight NaN", arguments: ["roster", "import", "{file}"], file: csv("name,weight\nAnn,NaN\n"),
            status: 1, message: "line 2"),
        BadInput(
            label: "CSV weight 72 stone", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\nAnn,72 stone\n"), status: 1, message: "line 2"),
        BadInput(
            label: "CSV weight 0", arguments: ["roster", "import", "{file}"], file: csv("name,weight\nAnn,0\n"),
            status: 1, message: "line 2"),
        BadInput(
            label: "CSV name that reads as a seat", arguments: ["roster", "import", "{file}"], file: csv("name\nR7\n"),
            status: 1, message: "reads as a seat"),
        BadInput(
            label: "CSV too many fields", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\nAnn,60,extra\n"), status: 1, message: "3 fields, but the header names 2"),
        BadInput(
            label: "CSV one bad line among fifty", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\n" + (1...49).map { "Member \($0),\(50 + $0)\n" }.joined() + "Member 50,-1\n"),
            status: 1, message: "line 51"),
        BadInput(
            label: "CSV file missing", arguments: ["roster", "import", "no-such-file.csv"], status: 1,
            message: "there is no file"),
        BadInput(
            label: "CSV path is a folder", arguments: ["roster", "import", "/tmp"], status: 1, message: "is a folder"),
        BadInput(
            label: "CSV unit stone", arguments: ["roster", "import", "{file}", "--unit", "stone"],
            file: csv("name\nAnn\n"), status: 64, message: "'stone' is invalid"),
        // The database file itself
        BadInput(
            label: "database is a folder", arguments: ["show"], database: .folder, status: 1, message: "it is a folder"),
        BadInput(
            label: "database folder cannot be created", arguments: ["roster", "add", "Zed"],
            database: .uncreatableFolder, status: 1, message: "its folder cannot be created"),
        BadInput(
            label: "database read-only", arguments: ["exchange", "L1", "R1"], database: .readOnly, status: 1,
            message: "is read-only"),
        BadInput(
            label: "database read-only, import", arguments: ["roster", "import", "{file}"], file: csv("name\nZed\n"),
            database: .readOnly, status: 1, message: "is read-only"),
        BadInput(
            label: "database of random bytes", arguments: ["show"], database: .randomBytes, status: 1,
            message: "is not a SQLite database"),
        BadInput(
            label: "database of random bytes, write", arguments: ["exchange", "L1", "R1"], database: .randomBytes,
            status: 1, message: "is not a SQLite database"),
        BadInput(
            label: "database truncated", arguments: ["show"], database: .truncated, status: 1,
            message: "damaged or incomplete"),
        BadInput(
            label: "database truncated, write", arguments: ["undo"], database: .truncated, status: 1,
            message: "damaged or incomplete"),
        BadInput(
            label: "database from a newer version", arguments: ["exchange", "L1", "R1"], database: .newerSchema,
            status: 1, message: "newer version of lineup"),
        BadInput(
            label: "database 0 bytes", arguments: ["show"], database: .emptyFile, status: 1,
            message: "is an empty database"),
        BadInput(
            label: "database 0 bytes, add", arguments: ["roster", "add", "Zed"], database: .emptyFile, status: 1,
            message: "is an empty database"),
        BadInput(
            label: "database of another program", arguments: ["exchange", "L1", "R1"], database: .otherProgram,
            status: 1, message: "of another program"),
        // Database paths
        BadInput(label: "--db empty", arguments: ["show", "--db", ""], status: 64, message: "--db needs a path"),
        BadInput(label: "--db -", arguments: ["show", "--db", "-"], status: 64, message: "cannot be a database"),
        BadInput(
            label: "--db with a trailing slash", arguments: ["init", "--db", "x/"], database: .missing, status: 1,
            message: "names a folder"),
        BadInput(
            label: "--db a SQLite URI", arguments: ["init", "--db", "file:empty.txt"], database: .missing, status: 1,
            message: "looks like a SQLite URI"),
        BadInput(
            label: "--db a SQLite URI with parameters", arguments: ["show", "--db", "file:club.sqlite?mode=ro"],
            status: 1, message: "looks like a SQLite URI"),
        BadInput(
            label: "--db the log", arguments: ["show", "--db", "club.sqlite-wal"], status: 1,
            message: "a file SQLite keeps beside the database club.sqlite"),
        BadInput(
            label: "--db the index, add", arguments: ["roster", "add", "Zed", "--db", "club.sqlite-shm"], status: 1,
            message: "a file SQLite keeps beside the database club.sqlite"),
        BadInput(label: "database is a FIFO", arguments: ["show"], database: .fifo, status: 1, message: "is a FIFO"),
        BadInput(
            label: "database is a FIFO, add", arguments: ["roster", "add", "Zed"], database: .fifo, status: 1,
            message: "is a FIFO"),
        BadInput(
            label: "database is a device", arguments: ["show", "--db", "/dev/null"], status: 1,
            message: "is a device"),
        BadInput(
            label: "database is a dangling link", arguments: ["roster", "add", "Zed"], database: .danglingLink,
            status: 1, message: "symbolic link to a file that does not exist"),
        BadInput(
            label: "a log left where a database would be created", arguments: ["roster", "add", "Zed"],
            database: .strayLog, status: 1, message: "is still there"),
        BadInput(
            label: "HOME empty", arguments: ["show"], environment: ["HOME": ""],
            unsetting: ["LINEUP_DB", "XDG_DATA_HOME"], status: 64, message: "HOME is empty"),
        BadInput(
            label: "HOME relative", arguments: ["roster", "add", "Zed"], environment: ["HOME": "home"],
            unsetting: ["LINEUP_DB", "XDG_DATA_HOME"], status: 64, message: "HOME is not an absolute path"),
        BadInput(
            label: "busy timeout not a number", arguments: ["show"], environment: ["LINEUP_BUSY_TIMEOUT": "abc"],
            status: 64, message: "LINEUP_BUSY_TIMEOUT must be a number of seconds"),
        BadInput(
            label: "busy timeout negative", arguments: ["exchange", "L1", "R1"],
            environment: ["LINEUP_BUSY_TIMEOUT": "-1"], status: 64, message: "LINEUP_BUSY_TIMEOUT must be"),
        BadInput(
            label: "busy timeout in hexadecimal", arguments: ["show"], environment: ["LINEUP_BUSY_TIMEOUT": "0x10"],
            status: 64, message: "LINEUP_BUSY_TIMEOUT must be"),
        BadInput(
            label: "a rollback journal beside the database", arguments: ["show"], database: .foreignJournal,
            status: 1, message: "is a rollback journal"),
        BadInput(
            label: "a rollback journal beside the database, write", arguments: ["exchange", "L1", "R1"],
            database: .foreignJournal, status: 1, message: "is a rollback journal"),
        BadInput(
            label: "CSV from a device", arguments: ["roster", "import", "/dev/zero"], status: 1,
            message: "/dev/zero is a device"),
        // A command that fails creates no database
        BadInput(
            label: "import of a missing file, no database yet", arguments: ["roster", "import", "no-such-file.csv"],
            database: .missing, status: 1, message: "there is no file"),
        BadInput(
            label: "import of a bad file, no database yet", arguments: ["roster", "import", "{file}"],
            file: csv("name,weight\nAnn,-1\n"), database: .missing, status: 1, message: "line 2"),
        BadInput(
            label: "empty boat name, no database yet", arguments: ["boat", "create", ""], database: .missing,
            status: 64, message: "a boat name cannot be empty"),
        BadInput(
            label: "empty boat name, no database or folder yet",
            arguments: ["boat", "create", "", "--db", "a/b/c.sqlite"],
            database: .missing, status: 64, message: "a boat name cannot be empty"),
        BadInput(
            label: "add with a bad weight, no database yet", arguments: ["roster", "add", "Zed", "--weight", "0"],
            database: .missing, status: 64, message: "out of range"),
        // Usage
        BadInput(
            label: "unknown command", arguments: ["frobnicate"], status: 64, message: "Unexpected argument 'frobnicate'"
        ),
        BadInput(
            label: "unknown option", arguments: ["show", "--frobnicate"], status: 64,
            message: "Unknown option '--frobnicate'"),
        BadInput(
            label: "unknown subcommand", arguments: ["boat", "sink"], status: 64, message: "Unexpected argument 'sink'"),
        BadInput(
            label: "command typo", arguments: ["exchnge", "L1", "L2"], status: 64,
            message: "did you mean `lineup exchange`?"),
        BadInput(
            label: "subcommand typo", arguments: ["roster", "ad", "Zed"], status: 64, message: "`lineup roster add`"),
        BadInput(
            label: "a dashed name where a command goes", arguments: ["-Dash Doe"], status: 64,
            message: "Unexpected argument '-Dash Doe'"),
        BadInput(
            label: "a dashed word after a command without arguments", arguments: ["show", "-Dash"], status: 64,
            message: "Unexpected argument '-Dash'"),
        BadInput(
            label: "a dashed name for the default roster command", arguments: ["roster", "-help me"], status: 64,
            message: "Unexpected argument '-help me'"),
        BadInput(
            label: "boat option without its value", arguments: ["show", "-b", "--json"], status: 64,
            message: "Missing value for '-b <name>'"),
    ]

    /// One-character names once crashed Foundation (SIGILL) while the folder of a new database was worked
    /// out; they are names like any other.
    @Test(arguments: ["x", "é", "a/x", "./y"])
    func oneCharacterPathsAreDatabasesLikeAnyOther(_ name: String) throws {
        let lineup = try LineupProcess()
        let result = try lineup.run(["init", "--db", name])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("Backtrace"))
        #expect(try lineup.run(["roster", "add", "Ann", "--db", name]).status == 0)
        #expect(FileManager.default.fileExists(atPath: lineup.folder.appendingPathComponent(name).path))
    }

    @Test func theCatalogueIsBigEnough() {
        #expect(Self.cases.count >= 60)
        #expect(Set(Self.cases.map(\.label)).count == Self.cases.count)
    }

    /// The sample club with a small boat, made once and copied for every case.
    static func template() throws -> Data {
        try TemplateCache.shared.lock.withLock {
            if let data = TemplateCache.shared.data { return data }
            let lineup = try LineupProcess()
            for command in [["init", "--sample"], ["boat", "create", "Small", "--small"], ["use", "Sample crew"]] {
                let result = try lineup.run(command)
                guard result.status == 0 else {
                    throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": result.stderr])
                }
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
            TemplateCache.shared.data = data
            return data
        }
    }

    final class TemplateCache: @unchecked Sendable {
        static let shared = TemplateCache()
        let lock = NSLock()
        var data: Data?
    }

    /// Every file under `folder` with its bytes and permissions (links, FIFOs and devices by what they
    /// are, never opened), to compare before and after.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(folder.path.count))
            var status = stat()
            guard lstat(url.path, &status) == 0 else {
                files[relative] = Data()
                continue
            }
            let mode = Data(String(status.st_mode, radix: 8).utf8)
            switch status.st_mode & S_IFMT {
            case S_IFREG: files[relative] = mode + ((try? Data(contentsOf: url)) ?? Data())
            case S_IFLNK:
                files[relative] =
                    mode + Data(((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "").utf8)
            default: files[relative] = mode
            }
        }
        return files
    }

    /// Puts the fixture in place; returns the database path and how to run the command there.
    static func prepare(_ fixture: DatabaseFixture, in lineup: LineupProcess) throws -> (
        path: String, wrapper: [String]
    ) {
        let path = lineup.databasePath
        let url = URL(fileURLWithPath: path)
        switch fixture {
        case .sample:
            try template().write(to: url)
        case .folder:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        case .uncreatableFolder:
            try Data("not a folder".utf8).write(to: lineup.folder.appendingPathComponent("file"))
            return (lineup.folder.appendingPathComponent("file/sub/club.sqlite").path, [])
        case .readOnly:
            try template().write(to: url)
            if getuid() == 0 {
                // Root may write anywhere; run as the unprivileged user instead.
                return (path, ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
            }
            chmod(path, 0o444)
            chmod(lineup.folder.path, 0o555)
        case .randomBytes:
            var random = SeededRandomGenerator(seed: 42)
            try Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &random) }).write(to: url)
        case .truncated:
            let template = try template()
            try template.prefix(template.count / 2).write(to: url)
        case .newerSchema:
            try template().write(to: url)
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('9999_from_the_future')") }
            try queue.close()
        case .emptyFile:
            try Data().write(to: url)
        case .otherProgram:
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)") }
            try queue.close()
        case .missing:
            break
        case .fifo:
            mkfifo(path, 0o644)
        case .strayLog:
            try Data("left by an earlier database".utf8).write(to: URL(fileURLWithPath: path + "-wal"))
        case .danglingLink:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "gone.sqlite")
        case .foreignJournal:
            try template().write(to: url)
            // A rollback journal's header (its magic number), then what another program's change left.
            try Data([0xD9, 0xD5, 0x05, 0xF9, 0x20, 0xA1, 0x63, 0xD7] + [UInt8](repeating: 7, count: 4088))
                .write(to: URL(fileURLWithPath: path + "-journal"))
        }
        return (path, [])
    }

    // A time limit: a FIFO as the database once made commands wait forever. It is longer than a whole run of
    // the suite, because a case's clock starts before it gets a thread: on 2 cores, tests that wait for
    // minutes (the browser's) can hold every thread, and a 1-minute limit failed all 158 cases in one CI run.
    @Test(.timeLimit(.minutes(40)), arguments: cases)
    func isRefusedCleanly(_ input: BadInput) throws {
        let lineup = try LineupProcess()
        let (path, wrapper) = try Self.prepare(input.database, in: lineup)
        var arguments = input.arguments
        if let file = input.file {
            let filePath = try lineup.file("input.csv", file)
            chmod(filePath, 0o644)
            arguments = arguments.map { $0 == "{file}" ? filePath : $0 }
        }
        let before = Self.snapshot(lineup.folder)
        let result: LineupProcess.Result
        if let raw = input.rawArguments {
            result = try lineup.runRaw(raw)
        } else if wrapper.isEmpty {
            result = try lineup.run(
                arguments, environment: ["LINEUP_DB": path].merging(input.environment) { $1 },
                unsetting: input.unsetting)
        } else {
            result = try lineup.run(
                Array(wrapper.dropFirst()) + [LineupProcess.executable.path] + arguments,
                executable: URL(fileURLWithPath: wrapper[0]),
                environment: ["LINEUP_DB": path].merging(input.environment) { $1 }, unsetting: input.unsetting)
        }
        chmod(lineup.folder.path, 0o755)
        #expect(result.status == input.status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains(input.message), "\(result.stderr)")
        #expect(!result.stderr.contains("SQLite error"), "\(result.stderr)")
        #expect(!result.stderr.contains("constraint failed"), "\(result.stderr)")
        // Nothing typed or stored reaches the terminal as a control character.
        #expect(
            !result.stderr.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
            },
            "\(result.stderr.unicodeScalars.map(\.value))")
        #expect(Self.snapshot(lineup.folder) == before, "the command changed files in its folder")
    }
}
