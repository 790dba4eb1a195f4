import LineupCore

/// Whether text may carry terminal colours, and the few styles the front ends use.
public struct TextStyle: Hashable, Sendable {
    /// True on a colour terminal; false for files, pipes and `NO_COLOR`.
    public var colours: Bool

    public init(colours: Bool) {
        self.colours = colours
    }

    /// No colours: for files, tests and the web.
    public static let plain = TextStyle(colours: false)

    /// `text` in bold.
    public func bold(_ text: String) -> String { styled(text, "1") }
    /// `text` dimmed.
    public func dim(_ text: String) -> String { styled(text, "2") }
    /// `text` in yellow, for warnings.
    public func warning(_ text: String) -> String { styled(text, "33") }
    /// `text` in red, for broken rules.
    public func error(_ text: String) -> String { styled(text, "31") }
    /// `text` in reverse video, for a cursor.
    public func reversed(_ text: String) -> String { styled(text, "7") }

    private func styled(_ text: String, _ code: String) -> String {
        colours ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension TextStyle {
    /// The mark of a finding in a terminal: `✗` in the error colour for a broken rule or a conflict, `!` in
    /// the warning colour for a warning.
    public func mark(_ severity: RuleFinding.Severity) -> String {
        switch severity {
        case .violation: error(severity.mark)
        case .warning: warning(severity.mark)
        case .note: dim(severity.mark)
        }
    }

    /// `  ✗ text`: one problem in a list (a broken rule, a conflict), the text made safe for a terminal.
    public func problemLine(_ text: String) -> String {
        "  " + mark(.violation) + " " + text.terminalSafe
    }

    /// `  ! text`: one warning in a list, the text made safe for a terminal.
    public func warningLine(_ text: String) -> String {
        "  " + mark(.warning) + " " + text.terminalSafe
    }

    /// `  · text`: one note in a list, the text made safe for a terminal.
    public func noteLine(_ text: String) -> String {
        "  " + mark(.note) + " " + text.terminalSafe
    }
}

extension RuleFinding.Severity {
    /// `✗` for a broken rule, `!` for a warning, `·` for a note, as every chart, card and list marks them.
    public var mark: String {
        switch self {
        case .violation: "✗"
        case .warning: "!"
        case .note: "·"
        }
    }
}
