import Foundation
import LineupCore
import LineupPresentation

/// Where output goes, and whether it may be coloured.
enum Terminal {
    /// Standard error, written without buffering.
    static let standardError = OutputStream(fileDescriptor: STDERR_FILENO)
    /// Standard output, written without buffering (the editor's screen).
    static let standardOutput = OutputStream(fileDescriptor: STDOUT_FILENO)

    /// Colours only on a terminal, and never with `NO_COLOR` set (https://no-color.org).
    static let useColour: Bool = {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }()

    /// The styles of standard output: colours only when `useColour`.
    static let style = TextStyle(colours: useColour)

    /// A file descriptor to write whole strings to.
    struct OutputStream {
        let fileDescriptor: Int32

        func write(_ text: String) {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Foundation.write(fileDescriptor, $0.baseAddress, $0.count) }
                if written <= 0 { return }
                bytes = bytes.dropFirst(written)
            }
        }
    }
}

/// Prints a warning line to standard error; names and values in it are shown, never acted on.
func printWarning(_ text: String) {
    Terminal.standardError.write(Terminal.style.warning("warning:") + " \(TerminalText.message(text))\n")
}
