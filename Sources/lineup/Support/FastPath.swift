import LineupCore

/// The commands a coach and scripts run most (`exchange`/`swap`, `undo`, `redo`, `lock`, `unlock`, `show`)
/// in their plain shapes, read without swift-argument-parser.
///
/// The parser builds every command's argument set by reflection, and the Swift runtime scans all of the
/// binary's protocol conformances for each new type it meets on the way: about half of what a short
/// command did (bench/RESULTS.md). Here a command line is read only when it is unmistakable: the
/// subcommand, its positional values (none starting with `-`), and the options it has, each once, spelled
/// `--db PATH`, `--db=PATH`, `-b NAME`, `--boat NAME`, `--boat=NAME`, `--unit kg|lb`, `--steps N` (a plain
/// positive number), `--json`, `--notes`, before or after the subcommand. Anything else (help, `--`,
/// values starting with `-`, a missing or extra value, a value the parser would refuse, the word `help`)
/// goes to the parser, so what a user sees for it, help and errors included, is the parser's own. The
/// command then runs the same function either way, and a test compares both ways over the bad-input
/// catalogue and every command's help (`FastPathTests`). `LINEUP_NO_FAST_PATH=1` turns it off, and
/// `DirectDatabase` with it.
enum FastPath {
    /// One command line read here.
    struct Invocation: Equatable {
        enum Command: Equatable {
            case exchange(String, String)
            case undo(steps: Int)
            case redo(steps: Int)
            case lock(String, locked: Bool)
            case show(json: Bool, notes: Bool)
        }

        var command: Command
        var database: String?
        var boat: String?
        var unit: WeightUnit?
    }

    /// False when `LINEUP_NO_FAST_PATH` is set (to anything but empty text): then every command line goes
    /// to the parser and every database is opened through GRDB, as before the fast path.
    static let isEnabled: Bool = {
        guard let off = Terminal.environment("LINEUP_NO_FAST_PATH") else { return true }
        return off.isEmpty
    }()

    /// Runs `arguments` (without the program name) when they are a command line read here, and returns
    /// true; returns false, having done nothing, when they are for the parser.
    static func run(_ arguments: [String]) throws -> Bool {
        guard isEnabled, let invocation = parse(arguments) else { return false }
        PhaseTimer.mark("parse")
        let database = DatabaseLocation(option: invocation.database)
        switch invocation.command {
        case .exchange(let first, let second):
            try ExchangeCommand.run(first, second, database: database, boat: invocation.boat, unit: invocation.unit)
        case .undo(let steps):
            try HistoryStep.undo.run(steps: steps, database: database, boat: invocation.boat, unit: invocation.unit)
        case .redo(let steps):
            try HistoryStep.redo.run(steps: steps, database: database, boat: invocation.boat, unit: invocation.unit)
        case .lock(let place, let locked):
            try LockCommand.run(place, locked: locked, database: database, boat: invocation.boat)
        case .show(let json, let notes):
            try ShowCommand.run(
                database: database, boat: invocation.boat, unit: invocation.unit, notes: notes, json: json)
        }
        return true
    }

    /// The options given, each at most once.
    private struct Options {
        var database: String?
        var boat: String?
        var unit: String?
        var steps: String?
        var json = false
        var notes = false

        /// True when only the options every command has, and those allowed, were given.
        func only(unit allowsUnit: Bool = false, steps allowsSteps: Bool = false, flags allowsFlags: Bool = false)
            -> Bool
        {
            (allowsUnit || unit == nil) && (allowsSteps || steps == nil) && (allowsFlags || (!json && !notes))
        }
    }

    /// The command line as a command read here, or nil when it is for the parser.
    static func parse(_ arguments: [String]) -> Invocation? {
        var name: String?
        var positionals: [String] = []
        var options = Options()
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.utf8.first == UInt8(ascii: "-") else {
                if argument == "help" { return nil }
                if name == nil {
                    name = argument
                } else {
                    positionals.append(argument)
                }
                continue
            }
            // An option, spelled `--name`, `--name=value` or `-b`.
            var optionName = Substring(argument)
            var attached: Substring?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                optionName = argument[..<equals]
                attached = argument[argument.index(after: equals)...]
            }
            switch optionName {
            case "--json", "--notes":
                guard attached == nil else { return nil }
                if optionName == "--json" {
                    guard !options.json else { return nil }
                    options.json = true
                } else {
                    guard !options.notes else { return nil }
                    options.notes = true
                }
                continue
            case "--db", "-b", "--boat", "--unit", "--steps":
                break
            default:
                return nil
            }
            let value: String
            if let attached {
                value = String(attached)
            } else {
                guard index < arguments.endIndex else { return nil }
                value = arguments[index]
                index += 1
                // Before the subcommand, the parser would not take a subcommand's name as the value. Those
                // names are plain lowercase words, so a path is told apart without building every command's
                // configuration (0.16 M instructions, bench/RESULTS.md).
                if name == nil, isLowercaseWord(value),
                    CommandLineArguments.child(named: value, of: LineupCommand.self) != nil
                {
                    return nil
                }
            }
            guard !value.isEmpty, value.utf8.first != UInt8(ascii: "-"), value != "help" else { return nil }
            switch optionName {
            case "--db":
                guard options.database == nil else { return nil }
                options.database = value
            case "--unit":
                guard options.unit == nil else { return nil }
                options.unit = value
            case "--steps":
                guard options.steps == nil else { return nil }
                options.steps = value
            default:
                guard options.boat == nil else { return nil }
                options.boat = value
            }
        }
        guard let name, let command = command(name, positionals, options) else { return nil }
        var unit: WeightUnit?
        if let text = options.unit {
            // In any case, as the parser reads it (`WeightUnit.init(argument:)`).
            guard let parsed = WeightUnit(rawValue: text.lowercased()) else { return nil }
            unit = parsed
        }
        return Invocation(command: command, database: options.database, boat: options.boat, unit: unit)
    }

    /// The command `name` with its positional values and options, when it takes exactly those.
    private static func command(_ name: String, _ positionals: [String], _ options: Options) -> Invocation.Command? {
        switch name {
        case "exchange", "swap":
            guard positionals.count == 2, options.only(unit: true) else { return nil }
            return .exchange(positionals[0], positionals[1])
        case "undo", "redo":
            guard positionals.isEmpty, options.only(unit: true, steps: true) else { return nil }
            var steps = 1
            if let text = options.steps {
                guard let number = plainPositiveNumber(text) else { return nil }
                steps = number
            }
            return name == "undo" ? .undo(steps: steps) : .redo(steps: steps)
        case "lock", "unlock":
            guard positionals.count == 1, options.only() else { return nil }
            return .lock(positionals[0], locked: name == "lock")
        case "show":
            guard positionals.isEmpty, options.only(unit: true, flags: true) else { return nil }
            return .show(json: options.json, notes: options.notes)
        default:
            return nil
        }
    }

    /// True when `text` is made of the letters a to z (and hyphens within), as every subcommand's name and alias is.
    static func isLowercaseWord(_ text: String) -> Bool {
        guard let first = text.utf8.first, first != UInt8(ascii: "-"), text.utf8.last != UInt8(ascii: "-") else {
            return false
        }
        return text.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// `text` as a number from 1 up when it is written plainly (digits, no sign, no leading zero).
    private static func plainPositiveNumber(_ text: String) -> Int? {
        guard text.count <= 9, let first = text.first, first != "0",
            text.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return Int(text)
    }
}
