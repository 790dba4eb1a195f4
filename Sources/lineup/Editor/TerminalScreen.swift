import Foundation
import LineupEditor

/// The write end of the pipe signal handlers write to; read by the editor's loop (the self-pipe trick:
/// a handler may only call async-signal-safe functions such as `write`).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The terminal in raw mode with the alternate screen, for `lineup edit`: keys arrive one by one without
/// echo, signals arrive through a pipe, and `restore()` puts everything back (cursor, echo, the normal
/// screen), whichever way the editor ends. Raw termios and ANSI sequences rather than ncurses: the
/// editor draws a few dozen lines of text, and no C library or system-library target is needed.
final class TerminalScreen {
    private var original = termios()
    private var isRaw = false
    /// The read end of the signal pipe.
    let signals: Int32

    /// Signals the editor handles: interruptions cancel a drag and end the editor; a resize redraws.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH]

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw CommandError.failed("cannot set up signal handling") }
        signals = ends[0]
        signalPipeWriteEnd = ends[1]
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    /// Raw mode, alternate screen, hidden cursor, signal handlers.
    func enter() throws {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw CommandError.failed("cannot set up the terminal")
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INPCK | ISTRIP)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else {
            throw CommandError.failed("cannot set up the terminal")
        }
        isRaw = true
        // A parent may have started us with these signals blocked (a blocked mask survives exec).
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in Self.handled { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for signal in Self.handled {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Foundation.write(signalPipeWriteEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
        Terminal.standardOutput.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    /// Puts the terminal back as it was: normal screen, visible cursor, echo and line editing.
    func restore() {
        guard isRaw else { return }
        isRaw = false
        Terminal.standardOutput.write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        for signal in Self.handled { Foundation.signal(signal, SIG_DFL) }
    }

    /// Columns and lines of the terminal.
    var size: (width: Int, height: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }
}

/// Turns the terminal's bytes into editor keys: arrows (`ESC [ A` and `ESC O A`), h j k l, space and
/// enter, a lone escape, and the letter commands.
enum KeyDecoder {
    static func keys(in bytes: [UInt8]) -> [EditorKeyOrByte] {
        var keys: [EditorKeyOrByte] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                if index + 2 < bytes.count,
                    bytes[index + 1] == UInt8(ascii: "[") || bytes[index + 1] == UInt8(ascii: "O")
                {
                    switch bytes[index + 2] {
                    case UInt8(ascii: "A"): keys.append(.key(.up))
                    case UInt8(ascii: "B"): keys.append(.key(.down))
                    case UInt8(ascii: "C"): keys.append(.key(.right))
                    case UInt8(ascii: "D"): keys.append(.key(.left))
                    default: break
                    }
                    index += 3
                    // Skip the rest of a longer sequence (modifiers, function keys).
                    while index < bytes.count, bytes[index - 1] < 0x40 || bytes[index - 1] > 0x7E { index += 1 }
                    continue
                }
                keys.append(.key(.cancel))
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "k"): keys.append(.key(.up))
            case UInt8(ascii: "j"): keys.append(.key(.down))
            case UInt8(ascii: "h"): keys.append(.key(.left))
            case UInt8(ascii: "l"): keys.append(.key(.right))
            case UInt8(ascii: " "), 0x0D, 0x0A: keys.append(.key(.select))
            case UInt8(ascii: "u"): keys.append(.key(.undo))
            case UInt8(ascii: "r"): keys.append(.key(.redo))
            case UInt8(ascii: "L"): keys.append(.key(.toggleLock))
            case UInt8(ascii: "?"): keys.append(.key(.help))
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): keys.append(.key(.quit))
            default: keys.append(.other(byte))
            }
            index += 1
        }
        return keys
    }
}

/// A decoded key, or a byte the editor has no use for.
enum EditorKeyOrByte: Equatable {
    case key(EditorKey)
    case other(UInt8)
}
