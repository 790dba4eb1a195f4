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
            guard let line = try readTextLine() else {
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
        try check(password, account: name)
        return password
    }

    /// The passwords guessed first, which the sign-in limiter's five tries would let through (docs/reference.md
    /// lists the rule): kept short on purpose, compared ignoring case.
    static let commonPasswords: Set<String> = [
        "password", "password1", "passw0rd", "12345678", "123456789", "1234567890", "87654321", "11111111",
        "00000000", "qwertyui", "qwerty12", "qwerty123", "1q2w3e4r", "abc12345", "iloveyou", "sunshine",
        "princess", "football", "baseball", "letmein1", "trustno1", "welcome1", "dragonboat", "paddling",
    ]

    static func check(_ password: String, account: String) throws {
        guard password.count >= minimumLength else {
            throw CommandError.badUsage("a password needs at least \(minimumLength) characters")
        }
        guard password.contains(where: { !$0.isWhitespace }) else {
            throw CommandError.badUsage("a password of spaces alone is too easy to guess; choose another")
        }
        let folded = password.lowercased()
        guard !commonPasswords.contains(folded), folded != account.lowercased() else {
            throw CommandError.badUsage(
                "that password is among the first any attacker tries (or is the account's name); choose another")
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

    /// One line of standard input without its line end, nil at its end. Read as bytes, not by `readLine`, which
    /// puts U+FFFD in place of bytes that are not UTF-8: two different passwords typed in a Latin-1 terminal
    /// would be saved as the same one, and neither would sign in from a browser.
    private static func readTextLine() throws -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        var sawAny = false
        while true {
            let count = Foundation.read(STDIN_FILENO, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandError.failed(
                    "cannot read the password from standard input: \(String(cString: strerror(errno))); nothing was changed"
                )
            }
            guard count == 1 else { break }
            sawAny = true
            if byte == UInt8(ascii: "\n") { break }
            bytes.append(byte)
        }
        guard sawAny else { return nil }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandError.badUsage(
                "the password is not UTF-8 text (is the terminal set to another encoding?); nothing was changed")
        }
        return text
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
        guard let line = try readTextLine() else {
            throw CommandError.failed("no password was typed; nothing was changed")
        }
        return line
    }
}
