import Foundation

/// Passwords for `lineup user`: typed twice at the terminal without echo, or one line of standard input
/// (`--password-stdin`, for scripts). bcrypt reads at most 72 bytes, so a longer password is refused rather
/// than quietly cut.
enum PasswordInput {
    static let minimumLength = 8
    static let maximumBytes = 72

    static func read(for name: String, fromStandardInput: Bool) throws -> String {
        let password: String
        if fromStandardInput {
            guard let line = Swift.readLine(strippingNewline: true) else {
                throw CommandError.badUsage(
                    "--password-stdin: standard input was empty; give the password on its first line")
            }
            password = line
        } else {
            guard isatty(STDIN_FILENO) == 1 else {
                throw CommandError.badUsage(
                    "standard input is not a terminal, so the password cannot be asked for; pipe it in with --password-stdin"
                )
            }
            password = try prompt("Password for \(name): ")
            guard try prompt("Again, to be sure: ") == password else {
                throw CommandError.failed("the two passwords differ; nothing was changed")
            }
        }
        try check(password)
        return password
    }

    static func check(_ password: String) throws {
        guard password.count >= minimumLength else {
            throw CommandError.badUsage("a password needs at least \(minimumLength) characters")
        }
        guard password.utf8.count <= maximumBytes else {
            throw CommandError.badUsage(
                "a password may have at most \(maximumBytes) bytes (bcrypt reads no more); this one has \(password.utf8.count)"
            )
        }
        guard !password.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw CommandError.badUsage("a password may not contain control characters")
        }
    }

    /// Reads one line from the terminal with echo off, restoring it whatever happens.
    private static func prompt(_ text: String) throws -> String {
        Terminal.standardError.write(text)
        var saved = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if hasTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
        }
        defer {
            if hasTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            Terminal.standardError.write("\n")
        }
        guard let line = Swift.readLine(strippingNewline: true) else {
            throw CommandError.failed("no password was typed; nothing was changed")
        }
        return line
    }
}
