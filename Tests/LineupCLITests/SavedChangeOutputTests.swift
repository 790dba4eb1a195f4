import Foundation
import Testing

/// A change saved before standard output failed (`> /dev/full`): status 74, and advice that fits the kind of
/// change the command made.
@Suite("A saved change whose output was lost gets advice that fits it")
struct SavedChangeOutputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let command: String
        /// Words the message must carry.
        let says: [String]
        var testDescription: String { command }
    }

    static let cases: [Case] = [
        Case(command: "exchange L1 R1", says: ["the change WAS saved", "`lineup history` shows it", "`lineup undo`"]),
        Case(command: "share", says: ["share link #1 WAS made", "`lineup share --revoke 1`", "run the command again"]),
        Case(
            command: "user add maya --role coach --password-stdin",
            says: ["the account maya was added", "`lineup user list`", "not in `lineup history`"]),
        Case(command: "config units lb", says: ["weights are now shown in lb", "not in `lineup history`"]),
        Case(
            command: "config viewers --weights shown",
            says: ["viewers' weights are now shown", "not in `lineup history`"]),
        Case(
            command: "config balance --drum-kg 12",
            says: ["the balance figures of both kinds of boat are set", "not in `lineup history`"]),
        Case(command: "roster remove 'Ada Lindqvist' --force", says: ["Ada Lindqvist was removed from the roster"]),
        Case(command: "use Small", says: ["commands now use \"Small\"", "running it again changes nothing"]),
        Case(command: "roster add 'Zed Quill' --weight 70", says: ["Zed Quill was added to the roster"]),
        Case(command: "boat create Spare", says: ["the boat \"Spare\" was created", "`lineup boat list`"]),
        // A command that states nothing gets advice true of any change, never the history's.
        Case(command: "init --sample --db new.sqlite", says: ["so check before running the command again"]),
    ]

    @Test(arguments: cases)
    func theAdviceFitsTheChange(_ testCase: Case) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let historyBefore = try DatabaseChecks.historyCount(at: lineup.databasePath)
        let result = try lineup.run(
            ["-c", "printf 'correct horse\\n' | '\(LineupProcess.executable.path)' \(testCase.command) > /dev/full"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 74, "\(result.stderr)")
        // `share` says on standard error which link it made before the output fails.
        let error = result.stderr.split(separator: "\n").last { $0.hasPrefix("error: ") } ?? ""
        #expect(error.hasPrefix("error: cannot write to standard output: No space left on device"))
        for words in testCase.says { #expect(error.contains(words), "\(result.stderr)") }
        let isHistory = testCase.command.hasPrefix("exchange")
        // Only a change in the history may point at undo; the others are not in it.
        #expect(result.stderr.contains("`lineup undo`") == isHistory, "\(result.stderr)")
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == historyBefore + (isHistory ? 1 : 0))
    }

    /// A change saved before its output could not be written is not reported as a failure: rerunning an
    /// exchange would swap the pair back.
    @Test func aChangeSavedBeforeItsOutputFailedSaysItWasSaved() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(
            ["-c", "'\(LineupProcess.executable.path)' exchange L1 R1 > /dev/full"],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: cannot write to standard output: No space left on device"))
        #expect(result.stderr.contains("the change WAS saved"), "\(result.stderr)")
        #expect(result.stderr.contains("`lineup undo`"), "\(result.stderr)")
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == 1)
        // A read command saved nothing, so its failure is an ordinary one.
        let show = try lineup.run(
            ["-c", "'\(LineupProcess.executable.path)' show > /dev/full"], executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(show.status == 1)
        #expect(!show.stderr.contains("saved"), "\(show.stderr)")
    }
}
