import Foundation
import Testing

/// Passwords for `lineup user add` and `user password`: the ones guessed first are refused (64), the
/// account unchanged.
@Suite("Passwords that are guessed first are refused")
struct PasswordRuleTests {
    @Test(arguments: [
        "        ", " \t      ", "password", "PASSWORD", "12345678", "qwerty123", "dragonboat", "maya1234",
    ])
    func aWeakPasswordIsRefused(password: String) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let add = try lineup.run(
            ["user", "add", "maya1234", "--role", "coach", "--password-stdin"], input: password + "\n")
        #expect(add.status == 64, "\(add.stderr)")
        #expect(add.stderr.hasPrefix("error: "), "\(add.stderr)")
        #expect(try lineup.run(["user", "list"]).stdout.contains("maya1234") == false)
        let good = try lineup.run(
            ["user", "add", "maya1234", "--role", "coach", "--password-stdin"], input: "correct horse\n")
        #expect(good.status == 0, "\(good.stderr)")
        let change = try lineup.run(["user", "password", "maya1234", "--password-stdin"], input: password + "\n")
        #expect(change.status == 64, "\(change.stderr)")
    }

    /// A password that is not UTF-8 text is bad usage, not saved with U+FFFD in place of its bytes (which two
    /// different passwords would share, and no browser would send).
    @Test func aPasswordThatIsNotUTF8IsRefused() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let process = lineup.makeProcess(
            [
                "-c", "printf 'Abcdefgh1!\\377\\n' | exec \"$0\" user add bad --role viewer --password-stdin",
                LineupProcess.executable.path,
            ], executable: URL(fileURLWithPath: "/bin/sh"), environment: [:])
        let errors = Pipe()
        process.standardError = errors
        try ProcessLaunch.run(process)
        process.waitUntilExit()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 64, "\(stderr)")
        #expect(stderr.hasPrefix("error: the password is not UTF-8 text"), "\(stderr)")
        #expect(try lineup.run(["user", "list"]).stdout.contains("bad") == false)
    }

    /// A command that refuses its arguments exits without reading standard input: writing the input then meets
    /// a closed pipe, which is the command's answer, not a signal that ends the test run (a megabyte, more than
    /// a pipe holds, so the write is still under way when the command exits).
    @Test func aCommandThatExitsBeforeReadingItsInputIsAnsweredAsUsual() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let refused = try lineup.run(
            ["user", "add", "two words", "--role", "coach", "--password-stdin"],
            input: String(repeating: "x", count: 1 << 20) + "\n")
        #expect(refused.status == 64, "\(refused.stderr)")
        #expect(refused.stderr.contains("cannot be an account name"), "\(refused.stderr)")
    }
}
