import ArgumentParser
import Foundation
import Testing

@testable import lineup

/// The frequent commands read without swift-argument-parser (`FastPath`) answer exactly as the parser
/// does: each case runs twice on identical files, once as it is and once with `LINEUP_NO_FAST_PATH=1`,
/// and standard output, standard error, the exit status and the database afterwards must be the same.
@Suite("fast path: the same answers as the parser, byte for byte")
struct FastPathTests {
    /// Command lines of the frequent commands in the shapes scripts and coaches type.
    static let plainCommands: [[String]] = [
        ["exchange", "L1", "R1"], ["swap", "L1", "R1"], ["exchange", "Mia Xu", "L3"], ["exchange", "L3", "B"],
        ["exchange", "L1", "L1"], ["exchange", "B1", "B2"], ["exchange", "maya", "L1"], ["exchange", "ada", "S"],
        ["exchange", "L1", "R1", "-b", "Sample crew"], ["-b", "Sample crew", "exchange", "L1", "R1"],
        ["exchange", "L1", "R1", "--boat=sample crew"], ["exchange", "--unit", "lb", "L2", "R2"],
        ["exchange", "L1", "R1", "--db", "club.sqlite"], ["--db=club.sqlite", "exchange", "L1", "R1"],
        ["exchange", "L1", "R1", "--db", "missing.sqlite"], ["exchange", "L6", "R1", "-b", "Small"],
        ["exchange", "D", "L1"], ["exchange", "L1", "R1", "-b", "Nope"], ["exchange", "", "L1"],
        ["exchange", "Bea Marangoni", "Ada Lindqvist"], ["exchange", "l1", "r1"],
        ["undo"], ["undo", "--steps", "2"], ["undo", "--steps=1"], ["undo", "--steps", "9"], ["undo", "-b", "Small"],
        ["undo", "--unit", "lb"], ["redo"], ["redo", "--steps", "1"], ["redo", "-b", "Small"],
        ["lock", "D"], ["lock", "L1"], ["lock", "Dana Okafor"], ["lock", "B1"], ["lock", "L11"], ["unlock", "D"],
        ["unlock", "S"], ["lock", "R1", "-b", "Small"],
        ["show"], ["show", "--json"], ["show", "--notes"], ["show", "--unit", "lb"], ["show", "--unit", "LB"],
        ["undo", "--unit", "Kg"], ["show", "-b", "Small"],
        ["show", "--boat=Small", "--json", "--notes"], ["--unit", "lb", "show"], ["show", "-b", "s"],
        ["show", "--db", "missing.sqlite"],
    ]

    /// Command lines that look like those above but are the parser's to answer.
    static let parserCommands: [[String]] = [
        ["exchange", "L1"], ["exchange", "L1", "R1", "R2"], ["exchange", "-x", "L1"],
        ["exchange", "L1", "R1", "--json"],
        ["exchange", "--", "L1", "R1"], ["exchange", "L1", "R1", "-b"], ["exchange", "L1", "R1", "-b", "-Mixed"],
        ["exchange", "L1", "R1", "-b", "a", "-b", "b"], ["exchange", "L1", "R1", "--unit", "stone"],
        ["exchange", "help", "L1"], ["exchange", "--help"], ["exchange", "-h"], ["undo", "--steps", "0"],
        ["undo", "--steps", "01"], ["undo", "--steps", "+1"], ["undo", "--steps", "abc"], ["undo", "L1"],
        ["redo", "--steps"], ["lock"], ["lock", "L1", "L2"], ["lock", "L1", "--unit", "kg"], ["show", "L1"],
        ["show", "--json", "--json"], ["show", "--json=1"], ["show", "--db="], ["show", "--db", ""],
        ["show", "-b=Small"], ["-b", "show", "show"], ["--db", "list", "show"], ["show", "--version"],
        ["help", "show"], ["--help"], [], ["list"], ["history"], ["exchnge", "L1", "R1"], ["show", "-"],
    ]

    @Test func readsThePlainShapes() {
        for arguments in Self.plainCommands {
            #expect(FastPath.parse(arguments) != nil, "\(arguments)")
        }
    }

    @Test func leavesEverythingElseToTheParser() {
        for arguments in Self.parserCommands {
            #expect(FastPath.parse(arguments) == nil, "\(arguments)")
        }
    }

    /// `FastPath` looks up a value given before the subcommand among the subcommands only when it is a word of
    /// the letters a to z (hyphens within it): every name and alias must be one.
    @Test func subcommandNamesAreLowercaseWords() {
        for command in LineupCommand.configuration.subcommands {
            for name in [command.configuration.commandName ?? ""] + command.configuration.aliases {
                #expect(FastPath.isLowercaseWord(name), "\(name)")
            }
        }
        #expect(!FastPath.isLowercaseWord("club.sqlite") && !FastPath.isLowercaseWord("List"))
        #expect(
            FastPath.isLowercaseWord("seat-race") && !FastPath.isLowercaseWord("-b") && !FastPath.isLowercaseWord("x-"))
    }

    @Test func readsWhatTheParserReads() {
        typealias Invocation = FastPath.Invocation
        #expect(
            FastPath.parse(["-b", "Small", "show", "--json", "--unit", "lb"])
                == Invocation(command: .show(json: true, notes: false), boat: "Small", unit: .lb))
        #expect(
            FastPath.parse(["swap", "--db=x.sqlite", "Mia Xu", "L3", "--boat", "Mixed"])
                == Invocation(command: .exchange("Mia Xu", "L3"), database: "x.sqlite", boat: "Mixed"))
        #expect(FastPath.parse(["undo", "--steps", "12"]) == Invocation(command: .undo(steps: 12)))
        #expect(FastPath.parse(["redo"]) == Invocation(command: .redo(steps: 1)))
        #expect(FastPath.parse(["unlock", "L3"]) == Invocation(command: .lock("L3", locked: false)))
    }

    /// Runs `arguments` both ways, each on its own copy of the sample club set up by `setUp`, and returns
    /// what each showed, with each test folder's path made the same.
    private func bothWays(
        _ arguments: [String], setUp: [[String]] = [], environment: [String: String] = [:]
    ) throws -> (fast: String, parser: String) {
        var answers: [String] = []
        for parser in [false, true] {
            let lineup = try LineupProcess()
            try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
            for command in setUp { try lineup.run(command) }
            let result = try lineup.run(
                arguments, environment: environment.merging(parser ? ["LINEUP_NO_FAST_PATH": "1"] : [:]) { $1 })
            let state = try lineup.snapshot()
            answers.append(
                "status \(result.status)\nstdout:\n\(result.stdout)\nstderr:\n\(result.stderr)\nafter:\n\(state)"
                    .replacingOccurrences(of: lineup.folder.path, with: "FOLDER"))
        }
        return (answers[0], answers[1])
    }

    @Test(arguments: plainCommands)
    func commandsAnswerTheSameBothWays(_ arguments: [String]) throws {
        let (fast, parser) = try bothWays(
            arguments,
            setUp: [["exchange", "L1", "R1"], ["exchange", "L2", "R2"], ["exchange", "L3", "R3"], ["undo"]])
        #expect(fast == parser)
    }

    /// The sample club's boat racing a heat and a final, Ada Lindqvist (L1) gone before the final and Mia
    /// Xu (on the bench) absent.
    static let racingSetUp: [[String]] = [
        ["regatta", "create", "Cup", "--date", "2026-06-13"],
        ["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"],
        ["race", "add", "Cup", "Final", "--at", "11:00", "--boat", "Sample crew"],
        ["regatta", "attend", "Cup", "Ada Lindqvist", "--until", "10:00"],
        ["regatta", "attend", "Cup", "Mia Xu", "--absent"],
    ]

    /// A boat that races, with someone seated who is not there for a race: every frequent command says the
    /// same of it both ways (commands run first, the command, and what its output must say).
    @Test(
        arguments: [
            ([], ["exchange", "Mia Xu", "L2"], "  ✗ Cup: Mia Xu sits at L2 in Heat (09:00) but is absent"),
            ([], ["exchange", "L1", "B"], "  ✓ no longer: Cup: Ada Lindqvist sits at L1 in Final (11:00) but leaves"),
            ([["exchange", "Mia Xu", "L2"]], ["undo"], "  ✓ no longer: Cup: Mia Xu sits at L2 in Final (11:00)"),
            ([["exchange", "Mia Xu", "L2"], ["undo"]], ["redo"], "  ✗ Cup: Mia Xu sits at L2 in Heat (09:00)"),
            ([], ["show"], "Races:\n  ✗ Cup: Ada Lindqvist sits at L1 in Final (11:00) but leaves at 10:00"),
            ([], ["show", "--json"], "\"Ada Lindqvist\""), ([], ["lock", "L1"], "Locked L1 (Ada Lindqvist)"),
        ] as [([[String]], [String], String)])
    func aRacingBoatAnswersTheSameBothWays(before: [[String]], arguments: [String], says: String) throws {
        let (fast, parser) = try bothWays(arguments, setUp: Self.racingSetUp + before)
        #expect(fast == parser)
        #expect(fast.contains(says), "\(fast)")
    }

    /// The bad-input cases of the commands the fast path serves, and those given as raw bytes; any other
    /// command line goes to the parser and opens its database as before, whatever `LINEUP_NO_FAST_PATH`
    /// says, so running it both ways would only double the suite's load.
    static let badInputOfTheFastCommands = BadInputTests.cases.filter { input in
        input.rawArguments != nil
            || input.arguments.contains { ["exchange", "swap", "undo", "redo", "lock", "unlock", "show"].contains($0) }
    }

    @Test func theBadInputCasesCoverTheFastCommands() {
        #expect(Self.badInputOfTheFastCommands.count >= 40)
    }

    // A hang guard longer than a whole run of the suite (see BadInputTests.isRefusedCleanly's limit).
    @Test(.timeLimit(.minutes(40)), arguments: badInputOfTheFastCommands)
    func badInputIsAnsweredTheSameBothWays(_ input: BadInput) throws {
        var answers: [String] = []
        for parser in [false, true] {
            let lineup = try LineupProcess()
            let (path, wrapper) = try BadInputTests.prepare(input.database, in: lineup)
            var arguments = input.arguments
            if let file = input.file {
                let filePath = try lineup.file("input.csv", file)
                chmod(filePath, 0o644)
                arguments = arguments.map { $0 == "{file}" ? filePath : $0 }
            }
            let environment = ["LINEUP_DB": path].merging(input.environment) { $1 }
                .merging(parser ? ["LINEUP_NO_FAST_PATH": "1"] : [:]) { $1 }
            let result: LineupProcess.Result
            if let raw = input.rawArguments {
                result = try lineup.runRaw(raw, environment: parser ? ["LINEUP_NO_FAST_PATH": Array("1".utf8)] : [:])
            } else if wrapper.isEmpty {
                result = try lineup.run(arguments, environment: environment, unsetting: input.unsetting)
            } else {
                result = try lineup.run(
                    Array(wrapper.dropFirst()) + [LineupProcess.executable.path] + arguments,
                    executable: URL(fileURLWithPath: wrapper[0]), environment: environment,
                    unsetting: input.unsetting)
            }
            chmod(lineup.folder.path, 0o755)
            let files = BadInputTests.snapshot(lineup.folder).keys.sorted().joined(separator: "\n")
            answers.append(
                "status \(result.status)\nstdout:\n\(result.stdout)\nstderr:\n\(result.stderr)\nfiles:\n\(files)"
                    .replacingOccurrences(of: lineup.folder.path, with: "FOLDER"))
        }
        #expect(answers[0] == answers[1])
    }

    /// Every command's help, the root's, `help COMMAND`, the version and the completion scripts.
    @Test func helpVersionAndCompletionAreTheParsersOwn() throws {
        var commandLines: [[String]] = [
            ["--help"], ["-h"], ["help"], ["--version"], ["--generate-completion-script", "bash"],
            ["--generate-completion-script", "zsh"], ["--generate-completion-script", "fish"],
        ]
        func visit(_ command: any ParsableCommand.Type, path: [String]) {
            for subcommand in command.configuration.subcommands {
                guard let name = subcommand.configuration.commandName else { continue }
                let subpath = path + [name]
                commandLines += [subpath + ["--help"], subpath + ["-h"], ["help"] + subpath]
                visit(subcommand, path: subpath)
            }
        }
        visit(LineupCommand.self, path: [])
        #expect(commandLines.count > 60)
        for arguments in commandLines {
            var answers: [String] = []
            for parser in [false, true] {
                let lineup = try LineupProcess()
                let result = try lineup.run(arguments, environment: parser ? ["LINEUP_NO_FAST_PATH": "1"] : [:])
                answers.append("status \(result.status)\nstdout:\n\(result.stdout)\nstderr:\n\(result.stderr)")
            }
            #expect(answers[0] == answers[1], "\(arguments)")
            #expect(answers[0].contains("status 0"), "\(arguments)")
        }
    }
}
