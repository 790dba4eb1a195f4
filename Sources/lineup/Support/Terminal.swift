import CStandardOutput
import Foundation
import LineupCore
import LineupPresentation
import LineupStore

/// Where output goes, and whether it may be coloured.
enum Terminal {
    /// Standard error, written without buffering; what is written is shown, never acted on by the terminal
    /// (`TerminalText.output`), so no message can forget it for a path, a URL or a name it quotes.
    static let standardError = OutputStream(fileDescriptor: STDERR_FILENO, showsControls: true)
    /// Standard output, written without buffering (the editor's screen, which draws with escape sequences).
    static let standardOutput = OutputStream(fileDescriptor: STDOUT_FILENO, showsControls: false)

    /// Colours only on a terminal, and never with `NO_COLOR` set (https://no-color.org).
    static let useColour: Bool = {
        if let noColour = environment("NO_COLOR"), !noColour.isEmpty { return false }
        if environment("TERM") == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }()

    /// The environment variable `name`, as `ProcessInfo`'s environment has it (bytes that are not UTF-8
    /// repaired), read without building the whole environment.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Prints `text` and a line break to standard output, as `print(text)` does, without `print`'s
    /// look-up of how to print a value of any type.
    static func printLine(_ text: String) {
        var line = text
        line.append("\n")
        printText(line)
    }

    /// Prints `text` as it is to standard output, as `print(text, terminator: "")` does.
    static func printText(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lineup_write_stdout($0.baseAddress, UInt($0.count)) }
        }
    }

    /// The styles of standard output: colours only when `useColour`.
    static let style = TextStyle(colours: useColour)

    /// The columns of the terminal standard output is, or nil when it is none (a file or a pipe).
    static var columns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// A file descriptor to write whole strings to.
    struct OutputStream {
        let fileDescriptor: Int32
        /// Whether `write` passes its text through `TerminalText.output`.
        let showsControls: Bool

        /// Writes `text`; for standard error, with every control character shown rather than sent.
        func write(_ text: String) {
            writeExactly(showsControls ? TerminalText.output(text) : text)
        }

        /// Writes `text` as it is, for the program's own control sequences (a progress line's carriage
        /// return, colours): what it holds from outside must have been made safe already.
        func writeExactly(_ text: String) {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Foundation.write(fileDescriptor, $0.baseAddress, $0.count) }
                if written <= 0 { return }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}

extension Terminal {
    /// True when the process started with standard output closed (`lineup show >&-`).
    nonisolated(unsafe) private static var standardOutputWasClosed = false

    /// Gives each closed standard descriptor (0, 1, 2) a harmless file, before anything else is opened:
    /// otherwise the next file opened (an output file, even the database) would take its number, and
    /// what is printed would be written into it. A closed standard output gets /dev/full, so printing
    /// to it still fails and is reported.
    static func guardStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let replacement = open(
                descriptor == STDOUT_FILENO ? "/dev/full" : "/dev/null",
                descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if replacement >= 0, replacement != descriptor {
                dup2(replacement, descriptor)
                close(replacement)
            }
            if descriptor == STDOUT_FILENO { standardOutputWasClosed = true }
        }
    }

    /// Makes `print`'s stream remember why a write to standard output failed (see CStandardOutput).
    static func checkStandardOutput() {
        _ = lineup_install_checked_stdout()
    }

    /// Flushes standard output and returns why a write to it failed, if one did since the start: the
    /// error number, or nil when every byte was written.
    static func standardOutputError() -> Int32? {
        let reason = lineup_stdout_error()
        guard reason != 0 else { return nil }
        return standardOutputWasClosed ? EBADF : reason
    }

    /// Ends the process as coreutils do when the reader of their output has gone: by SIGPIPE, silently.
    static func endQuietlyForClosedPipe() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        _exit(141)
    }

    /// `endQuietlyForClosedPipe()` for a command that saved no change; one that did goes on, to report
    /// the failed output with the status that says the change was saved (`StandardOutputFailure`).
    static func endQuietlyForClosedPipeIfNothingChanged() {
        if LineupDatabase.committedChangeCount == 0 { endQuietlyForClosedPipe() }
    }

    /// Writes `bytes` to standard output after anything `print` has buffered, for binary output.
    static func writeToStandardOutput(_ bytes: [UInt8]) throws {
        if lineup_stdout_error() == EPIPE { endQuietlyForClosedPipeIfNothingChanged() }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            let failure = written < 0 ? errno : 0
            if failure == EINTR { continue }
            if failure == EPIPE { endQuietlyForClosedPipeIfNothingChanged() }
            guard written > 0 else {
                let reason = standardOutputWasClosed ? EBADF : written < 0 ? failure : ENOSPC
                throw CommandError(
                    description: StandardOutputFailure.message(reason: reason), status: StandardOutputFailure.status)
            }
            offset += written
        }
    }
}

/// Prints a warning line to standard error; names and values in it are shown, never acted on.
func printWarning(_ text: String) {
    Terminal.standardError.writeExactly(Terminal.style.warning("warning:") + " \(TerminalText.message(text))\n")
}
