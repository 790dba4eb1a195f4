import ArgumentParser
import Foundation
import LineupCore

/// The command line as the user typed it, made into what swift-argument-parser reads the way the user
/// meant it. The parser alone has three surprises, each fixed here at its root:
///
/// - It reads every argument that starts with `-` as options: `"-Dash Doe"` becomes `-D -a -s -h …`,
///   whose `-h` prints the help page and exits 0 having done nothing. Here, an argument is an option
///   only when it is shaped like one (`--word`, `--word=value`, `-x`) and, for a short one or one that is
///   not lower-case, when the command has it; an argument with white space before any `=` is never one.
///   Anything else is a value: it fills the command's next positional slot (`exchange -x L1`, `roster
///   add "-Dash Doe" --weight 70`), or is the value of the option before it (`-b -Mixed`, `--notes "-- call
///   first"`). Such values reach the parser after `--`, or attached as `--option=value`.
/// - After `--` it reads nothing but positionals. Here `--` makes the arguments after it fill the
///   command's positional slots whatever they look like, and once the slots are full options are read
///   again: `roster add -- --Dash --weight 70` works.
/// - Options of a subcommand given before it (`lineup -b Mixed exchange L3 R3`) are unknown to the root
///   command. Here every option before the subcommand is moved behind it, where the command declares it.
///
/// It also answers an unknown subcommand with the nearest ones ("did you mean 'exchange'?").
///
/// Which options a command has and which take a value is read from the parser's own description of the
/// command (`_dumpHelp()`, the JSON its `--experimental-dump-help` prints and its test helpers read), so
/// it can never disagree with the parser. Producing it takes milliseconds, so it is read only for the
/// arguments that need it: a command line whose arguments are all plain words and `--lower-case` options,
/// `-b` and `-h` goes to the parser as it is (apart from moving options behind the subcommand).
enum CommandLineArguments {
    /// The arguments (without the program name) rewritten for `parseAsRoot`.
    static func prepared(_ arguments: [String], root: any ParsableCommand.Type = LineupCommand.self) throws
        -> [String]
    {
        var node = root
        var path: [String] = []
        var leading: [String] = []
        var index = arguments.startIndex
        // The subcommand path, with the options given among it set aside.
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { break }
            if Shape(argument).isOption {
                leading.append(argument)
                index += 1
                // A value follows an option unless it names a subcommand or is an option itself.
                if !argument.contains("="), index < arguments.endIndex, !isGlobalFlag(argument) {
                    let next = arguments[index]
                    if next != "--", !Shape(next).isOption, child(named: next, of: node) == nil, next != "help" {
                        leading.append(next)
                        index += 1
                    }
                }
                continue
            }
            guard let subcommand = child(named: argument, of: node) else { break }
            node = subcommand
            path.append(argument)
            index += 1
        }
        let rest = Array(arguments[index...])
        let subcommands = node.configuration.subcommands
        if !subcommands.isEmpty, let first = rest.first, first != "--", !Shape(first).isOption, first != "help" {
            // A word where a subcommand goes that names none.
            let suggestions = suggestedSubcommands(for: first, of: node)
            // A default subcommand that takes no argument (`regatta` is `regatta list`) would answer with
            // its own usage alone, never naming the group's commands.
            let defaultTakesNone = try node.configuration.defaultSubcommand.map {
                try CommandOptions($0).positionalSlots == 0
            }
            if defaultTakesNone ?? true || !suggestions.isEmpty {
                let command = (["lineup"] + path).joined(separator: " ")
                // A group's few commands are named; the root's many are left to its help page.
                let names = subcommands.compactMap { $0.configuration.commandName }
                let hint =
                    !suggestions.isEmpty
                    ? "did you mean \(suggestions.map { "`\(command) \($0)`" }.joined(separator: " or "))?"
                    : path.isEmpty
                        ? "see `\(command) --help` for its commands"
                        : "its commands are \(names.joined(separator: ", ")) (`\(command) --help` says more)"
                throw CommandError.badUsage(
                    "Unexpected argument '\(first.truncatedForMessage)': `\(command)` has no such command; \(hint)")
            }
        }
        if path.isEmpty, rest.isEmpty { return arguments }
        let leaf = subcommands.isEmpty ? node : (node.configuration.defaultSubcommand ?? node)
        let tail = leading + rest
        guard tail.contains(where: { Shape($0).needsCommandOptions }) else { return path + tail }
        return path + (try CommandOptions(leaf).arranged(tail))
    }

    /// The subcommand of `node` called `name` (or aliased so).
    static func child(named name: String, of node: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        node.configuration.subcommands.first { command in
            command.configuration.commandName == name || command.configuration.aliases.contains(name)
        }
    }

    /// The subcommands of `node` whose names are close to `typed`: a typo away, or starting with it.
    static func suggestedSubcommands(for typed: String, of node: any ParsableCommand.Type) -> [String] {
        let names = node.configuration.subcommands.flatMap { command in
            [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
        }
        return NameMatcher(names.map { (id: $0, name: $0) }).suggestions(for: typed)
    }

    /// Options of the root command that take no value and stand alone: help and version.
    static func isGlobalFlag(_ argument: String) -> Bool {
        ["-h", "--help", "-help", "--version", "--experimental-dump-help"].contains(argument)
    }

    /// How an argument looks, before knowing the command's options.
    struct Shape {
        let argument: String

        init(_ argument: String) {
            self.argument = argument
        }

        /// The part before `=`, for `--name=value` and `-n=value`.
        var name: Substring { argument.prefix { $0 != "=" } }

        /// `--word` or `-x` (a value may be attached with `=`), and never with white space in the name.
        var isOption: Bool {
            guard argument.hasPrefix("-"), argument != "-", !name.contains(where: \.isWhitespace) else {
                return false
            }
            if name == "-help" { return true }
            if name.hasPrefix("--") {
                let word = name.dropFirst(2)
                guard let first = word.first, first.isASCII, first.isLetter else { return false }
                return word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            }
            let letter = name.dropFirst()
            return letter.count == 1 && letter.allSatisfy { $0.isASCII && $0.isLetter }
        }

        /// True when only the command's options can tell what the argument is: it starts with `-` and is
        /// neither a lower-case long option nor one of the short options every command knows (`-b`, `-h`),
        /// or it is `--`, after which positional slots are filled first.
        var needsCommandOptions: Bool {
            guard argument.hasPrefix("-"), argument != "-" else { return false }
            if argument == "--" { return true }
            guard isOption else { return true }
            if name.hasPrefix("--") { return name.contains { $0.isUppercase } }
            return name != "-b" && name != "-h"
        }
    }
}

/// A command's options and positional slots, as the parser describes them.
struct CommandOptions {
    /// Every option and flag name (`--boat`, `-b`, `--json`), with whether it takes a value.
    var takesValue: [String: Bool] = [:]
    /// How many positional arguments the command takes (`Int.max` when one repeats).
    var positionalSlots = 0

    init(_ command: any ParsableCommand.Type) throws {
        let description = try JSONDecoder().decode(ToolDescription.self, from: Data(command._dumpHelp().utf8))
        for argument in description.command.arguments ?? [] {
            switch argument.kind {
            case "positional":
                positionalSlots = argument.isRepeating ? Int.max : positionalSlots + 1
            default:
                for name in argument.names ?? [] {
                    let prefix = name.kind == "long" ? "--" : "-"
                    takesValue[prefix + name.name] = argument.kind == "option"
                }
            }
        }
        // The parser reads `-help` as `-h` and more: help.
        takesValue["-help"] = false
    }

    init(takesValue: [String: Bool], positionalSlots: Int) {
        self.takesValue = takesValue
        self.positionalSlots = positionalSlots
    }

    /// The arguments of one command with its options first, each value that starts with `-` attached to
    /// its option, and the positional values last, after `--`.
    func arranged(_ arguments: [String]) -> [String] {
        var options: [String] = []
        var positionals: [String] = []
        var afterTerminator = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            let freeSlot = positionals.count < positionalSlots
            if afterTerminator && freeSlot {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                afterTerminator = true
                continue
            }
            let shape = CommandLineArguments.Shape(argument)
            guard shape.isOption else {
                positionals.append(argument)
                continue
            }
            guard let takesValue = takesValue[String(shape.name)] else {
                // Unknown: a lower-case long option is a mistyped option, for the parser to report;
                // anything else is a value where one fits.
                let isMistypedOption = shape.name.hasPrefix("--") && !shape.name.contains { $0.isUppercase }
                if !isMistypedOption && freeSlot { positionals.append(argument) } else { options.append(argument) }
                continue
            }
            guard takesValue, !argument.contains("="), index < arguments.endIndex else {
                options.append(argument)
                continue
            }
            let value = arguments[index]
            let valueIsOption = CommandLineArguments.Shape(value).isOption && self.takesValue[String(value)] != nil
            if value == "--" || valueIsOption {
                // Left without its value, for the parser to say so.
                options.append(argument)
                continue
            }
            index += 1
            options.append(value.hasPrefix("-") ? "\(argument)=\(value)" : argument)
            if !value.hasPrefix("-") { options.append(value) }
        }
        return positionals.isEmpty ? options : options + ["--"] + positionals
    }

    /// The part of the parser's `ToolInfoV0` this reads.
    private struct ToolDescription: Decodable {
        struct Command: Decodable {
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            var kind: String
            var names: [Name]?
            var isRepeating: Bool
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }
}
