import Foundation
import Testing

/// The README's sample session is what the commands really print.
@Suite("the README's sample output")
struct ReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("README.md")

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
                session.append((words(String(line.dropFirst("$ lineup ".count))), ""))
            } else if !session.isEmpty {
                session[session.count - 1].output += line + "\n"
            }
        }
        // A blank line separates one command's output from the next command.
        return session.map {
            ($0.arguments, $0.output.replacingOccurrences(of: "\n\n$", with: "\n", options: .regularExpression))
        }
    }

    /// Shell words: spaces separate, double quotes group.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == " " && !quoted {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The optimizer's sample (`$ lineup optimize` on the sample club) is how its real output begins.
    @Test func theOptimizeSampleIsHowOptimizeBegins() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
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
