/// Text from data (names, notes, history summaries, file paths, echoed arguments) made safe to print on a
/// terminal, where it must not act on the terminal or on the text around it.
///
/// - Control characters are shown, never sent: C0 controls as their Unicode control pictures (ESC as
///   `␛`, BEL as `␇`), DEL as `␡`, C1 controls as `�`. In one line of a table, line breaks show as `↵`
///   and tabs as a space; in a message, line breaks stay.
/// - Direction controls cannot reach past the text: in one line of data every embedding, override or
///   isolate left open is closed at its end, a closing control without an opening one is dropped, and a
///   text holding any direction control is wrapped in an isolate (FSI … PDI), so that it is laid out on its
///   own. A message (an error that quotes paths and arguments among its own words) cannot tell where the
///   quoted text ends, so there every direction control is shown as its code (`<U+202E>`), never obeyed.
/// Text without any of these comes back unchanged, so ordinary output is byte for byte what it was.
public enum TerminalText {
    /// `text` as one line of output (a table cell, a name, a note in a list).
    public static func line(_ text: String) -> String {
        sanitized(text, keepingLineBreaks: false)
    }

    /// `text` as a message that may span lines (an error): line breaks stay, everything else as `line`.
    public static func message(_ text: String) -> String {
        sanitized(text, keepingLineBreaks: true)
    }

    /// `text` as an output function writes it to the terminal, the net under every message: line breaks
    /// stay, controls are shown as in `line`, and each line's direction controls are balanced (closed at its
    /// end) but neither isolated nor shown by code. Text already made safe (`line`, `message`) comes back
    /// unchanged, so this never replaces isolating a quoted name or path (`terminalSafe`) where it is put in
    /// a sentence: it only keeps what was forgotten from acting on the terminal.
    public static func output(_ text: String) -> String {
        sanitized(text, keepingLineBreaks: true, codingDirectionControls: false)
    }

    /// True for a character `TerminalText` shows differently: a control character (C0, DEL, C1), a line or
    /// paragraph separator, a direction control.
    public static func needsCare(_ scalar: Unicode.Scalar) -> Bool { scalar.needsTerminalCare }

    /// True when `text` would print as it is.
    public static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.needsTerminalCare }
    }

    static func sanitized(_ text: String, keepingLineBreaks: Bool) -> String {
        sanitized(text, keepingLineBreaks: keepingLineBreaks, codingDirectionControls: keepingLineBreaks)
    }

    static func sanitized(_ text: String, keepingLineBreaks: Bool, codingDirectionControls: Bool) -> String {
        guard !isSafe(text) else { return text }
        var lines: [String.UnicodeScalarView] = [String.UnicodeScalarView()]
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            let isLineBreak = ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
            defer { previousWasCarriageReturn = scalar == "\r" }
            if isLineBreak {
                // CRLF is one break.
                if scalar == "\n" && previousWasCarriageReturn { continue }
                if keepingLineBreaks {
                    lines.append(String.UnicodeScalarView())
                } else {
                    lines[lines.count - 1].append("↵")
                }
                continue
            }
            if codingDirectionControls && scalar.isBidiControl {
                lines[lines.count - 1].append(contentsOf: code(scalar).unicodeScalars)
                continue
            }
            lines[lines.count - 1].append(contentsOf: visible(scalar))
        }
        // A line of a message ends its direction controls' reach by itself; a field is isolated whole.
        return lines.map { balancingDirectionControls(String($0), isolating: !keepingLineBreaks) }
            .joined(separator: "\n")
    }

    /// `<U+202E>`: a character shown by its code point.
    static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    /// The scalar as it may be printed: a control shown as a picture, anything else as it is.
    static func visible(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        switch scalar.value {
        case 0x09: [" "]
        case 0x00...0x1F: [Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"]
        case 0x7F: ["\u{2421}"]
        case 0x80...0x9F: ["\u{FFFD}"]
        default: [scalar]
        }
    }

    /// One line with its direction controls balanced and, `isolating`, the whole wrapped in FSI … PDI;
    /// unchanged when it has none.
    static func balancingDirectionControls(_ line: String, isolating: Bool) -> String {
        guard line.unicodeScalars.contains(where: \.isBidiControl) else { return line }
        var result = String.UnicodeScalarView()
        if isolating { result.append("\u{2068}") }
        // What is open, innermost last: true for an isolate, false for an embedding or override.
        var open: [Bool] = []
        for scalar in line.unicodeScalars {
            switch scalar.value {
            case 0x202A...0x202E where scalar.value != 0x202C:
                open.append(false)
            case 0x2066...0x2068:
                open.append(true)
            case 0x202C:
                // PDF closes the innermost embedding, and never across an isolate.
                guard let last = open.last, !last else { continue }
                open.removeLast()
            case 0x2069:
                // PDI closes the innermost isolate and any embedding opened inside it.
                guard let isolate = open.lastIndex(of: true) else { continue }
                for _ in isolate..<(open.count - 1) { result.append("\u{202C}") }
                open.removeSubrange(isolate...)
            default:
                break
            }
            result.append(scalar)
        }
        for isIsolate in open.reversed() { result.append(isIsolate ? "\u{2069}" : "\u{202C}") }
        if isolating { result.append("\u{2069}") }
        return String(result)
    }
}

extension Unicode.Scalar {
    /// Controls (C0, DEL, C1), line and paragraph separators and direction controls: what `TerminalText`
    /// shows differently.
    var needsTerminalCare: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 || isBidiControl
    }
}

extension String {
    /// The string as one line of terminal output (see `TerminalText`).
    public var terminalSafe: String { TerminalText.line(self) }
}

extension String {
    /// The string as one word of a command line to copy into a POSIX shell, made safe to print: in double
    /// quotes, as names are shown in hints, or in single quotes when it holds a character the shell acts on
    /// inside double quotes (`$`, a backquote, `"`, `\`, `!`), so that a pasted hint never runs part of a name.
    public var shellWord: String {
        let text = terminalSafe
        guard text.contains(where: { "$`\"\\!".contains($0) }) else { return "\"" + text + "\"" }
        var word = "'"
        for character in text {
            word += character == "'" ? "'\\''" : String(character)
        }
        return word + "'"
    }

    /// The option naming this boat on a command line to copy: `-b "Sample crew"`, or `--boat="-x"` for a name
    /// that starts with a dash (the parser would read `-b "-x"` as an option without its value).
    public var boatOption: String {
        hasPrefix("-") ? "--boat=\(shellWord)" : "-b \(shellWord)"
    }
}
