import Foundation
import Testing

/// The README's quick start runs as written, and the samples of output in the README and the command reference
/// are what the commands really print.
@Suite("the README's quick start and sample output")
struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let readme = root.appendingPathComponent("README.md")
    /// The command reference, which holds the optimizer's sample.
    static let reference = root.appendingPathComponent("docs").appendingPathComponent("reference.md")

    /// A line the shell would read as something other than one plain command of words: the tests run the
    /// binary directly, so they refuse what they could not run as the shell would, rather than run it otherwise.
    struct NotAPlainCommand: Error, CustomStringConvertible {
        let line: String
        let reason: String
        var description: String { "not a plain command (\(reason)): \(line)" }
    }

    /// The first fenced block that starts with `$ lineup show`: commands (`$ lineup …`) and what each prints.
    static func session() throws -> [(arguments: [String], output: String)] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let start = try #require(text.range(of: "```\n$ lineup show\n"))
        let body = text[start.upperBound...]
        let end = try #require(body.range(of: "\n```"))
        let lines = ("$ lineup show\n" + body[..<end.lowerBound]).split(
            separator: "\n", omittingEmptySubsequences: false)
        var session: [(arguments: [String], output: String)] = []
        for line in lines {
            if line.hasPrefix("$ lineup ") {
                let arguments = try words(String(line.dropFirst("$ lineup ".count)))
                session.append((arguments, ""))
            } else if !session.isEmpty {
                session[session.count - 1].output += line + "\n"
            }
        }
        // A blank line separates one command's output from the next command.
        return session.map {
            ($0.arguments, $0.output.replacingOccurrences(of: "\n\n$", with: "\n", options: .regularExpression))
        }
    }

    /// The quick start: the lines of the first `sh` block under `## Quick start`, each with its words after
    /// `lineup`. Blank lines and comments are skipped, as the shell skips them; every other line must be one
    /// plain `lineup` command, so that the test runs every line the README asks a coach to type.
    static func quickStart() throws -> [(line: String, arguments: [String])] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let heading = try #require(text.range(of: "\n## Quick start\n"))
        let section = text[heading.upperBound...]
        let body = section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]
        let start = try #require(body.range(of: "```sh\n"))
        let end = try #require(body[start.upperBound...].range(of: "\n```"))
        var commands: [(line: String, arguments: [String])] = []
        for line in body[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let words = try Self.words(String(line))
            if words.isEmpty { continue }
            guard words[0] == "lineup" else {
                throw NotAPlainCommand(line: String(line), reason: "not a `lineup` command")
            }
            commands.append((String(line), Array(words.dropFirst())))
        }
        return commands
    }

    /// Shell words: spaces separate; single and double quotes group (an empty pair is an empty word); a `#`
    /// that starts a word begins a comment. What the shell would read otherwise (a backslash, a variable, a
    /// substitution, a glob, a home folder, a redirection, a pipe, `;`, `&&`, an unclosed quote) throws.
    static func words(_ line: String) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open {
                    quote = nil
                } else if open == "\"" && "\\$`!".contains(character) {
                    throw NotAPlainCommand(line: line, reason: "\(character) in double quotes")
                } else {
                    current.append(character)
                }
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else if character == "#" && !inWord {
                break
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if "\\$`!|&;<>()*?[]{}~".contains(character) {
                throw NotAPlainCommand(line: line, reason: "\(character)")
            } else {
                current.append(character)
                inWord = true
            }
        }
        if quote != nil { throw NotAPlainCommand(line: line, reason: "an unclosed quote") }
        if inWord { words.append(current) }
        return words
    }

    /// The files a command writes with `--output FILE` (or `--output=FILE`).
    static func outputFiles(_ arguments: [String]) -> [String] {
        var files: [String] = []
        for (index, argument) in arguments.enumerated() {
            if argument == "--output" && index + 1 < arguments.count {
                files.append(arguments[index + 1])
            } else if argument.hasPrefix("--output=") {
                files.append(String(argument.dropFirst("--output=".count)))
            }
        }
        return files
    }

    /// Every line of the quick start, in order, as written, on a new database (`$LINEUP_DB`, in a folder of its
    /// own, which is also the commands' working folder): each exits 0, and each file it names with `--output`
    /// is there afterwards, not empty. The first line that fails ends the test, naming the line.
    @Test func theQuickStartRunsAsWritten() throws {
        let commands = try Self.quickStart()
        #expect(commands.count >= 10, "the quick start's block was not read whole: \(commands.map { $0.line })")
        let lineup = try LineupProcess()
        for (line, arguments) in commands {
            let result = try lineup.run(arguments)
            try #require(result.status == 0, "`\(line)` exited \(result.status): \(result.stderr)")
            for file in Self.outputFiles(arguments) {
                let written = try? Data(contentsOf: lineup.folder.appendingPathComponent(file))
                #expect(written?.isEmpty == false, "`\(line)` wrote nothing to \(file)")
            }
        }
    }

    /// The quick start's lines are split as the shell splits them, and what the shell would read otherwise is
    /// refused rather than run differently.
    @Test func wordsAreReadAsTheShellReadsThem() throws {
        #expect(
            try Self.words(#"lineup exchange "Mia Xu" L3   # places can be names"#) == [
                "lineup", "exchange", "Mia Xu", "L3",
            ])
        #expect(
            try Self.words("lineup boat copy 'Sample crew' Variant") == [
                "lineup", "boat", "copy", "Sample crew", "Variant",
            ])
        #expect(try Self.words(#"lineup roster add "" x#y"#) == ["lineup", "roster", "add", "", "x#y"])
        #expect(try Self.words("   # a comment").isEmpty)
        for line in [
            "lineup show && lineup undo", "lineup show | head", "lineup show > out", "lineup --db $HOME/x show",
            "lineup --db ~/x show", #"lineup exchange "Mia Xu L3"#, #"lineup exchange A\ B L3"#,
            "cd /tmp; lineup show",
        ] {
            #expect(throws: NotAPlainCommand.self, "\(line)") { try Self.words(line) }
        }
    }

    /// The optimizer's sample in the command reference (`$ lineup optimize` on the sample club) is how its
    /// real output begins.
    @Test func theOptimizeSampleIsHowOptimizeBegins() throws {
        let text = try String(contentsOf: Self.reference, encoding: .utf8)
        let start = try #require(text.range(of: "```\n$ lineup optimize\n"))
        let body = text[start.upperBound...]
        let end = try #require(body.range(of: "\n```"))
        let sample = String(body[..<end.lowerBound]) + "\n"
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let result = try lineup.run(["optimize"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(sample), "\(result.stdout)")
    }

    @Test func theSampleSessionPrintsWhatTheReadmeShows() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let session = try Self.session()
        #expect(session.count == 3)
        for (arguments, output) in session {
            let result = try lineup.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stdout == output, "lineup \(arguments.joined(separator: " "))")
        }
    }
}
