import LineupCore

/// A lineup as a few short lines for a team chat on a phone: first names row by row, the bench, and the
/// verdict per axis. Plain text, or Markdown for chats that render it.
public struct ChatCard {
    public enum Style: Sendable {
        case text
        case markdown
    }

    public let content: ChartContent
    public let style: Style

    public init(_ content: ChartContent, style: Style = .text) {
        self.content = content
        self.style = style
    }

    public func render() -> String {
        let names = Self.shortNames(content.seats.compactMap(\.name) + content.bench.compactMap(\.name))
        func name(_ seat: ChartContent.Seat?) -> String {
            guard let full = seat?.name else { return "–" }
            return escape(names[full] ?? full) + (seat?.locked == true ? "🔒" : "")
        }
        func seat(_ place: Place) -> ChartContent.Seat? { content.seats.first { $0.place == place } }
        var lines: [String] = []
        lines.append("D \(name(seat(.drummer)))")
        for row in 1...content.kind.rowCount {
            lines.append("\(row) \(name(seat(.left(row: row)))) | \(name(seat(.right(row: row))))")
        }
        lines.append("S \(name(seat(.steerer)))")
        if !content.bench.isEmpty {
            lines.append("Bench: " + content.bench.map { name($0) }.joined(separator: ", "))
        }
        for axis in content.axes {
            lines.append("\(axis.title) \(escape(axis.headline))")
        }
        lines.append(escape(content.rulesHeadline))
        lines += content.findings.map { ($0.severity.mark + " ") + escape($0.text) }
        let title = "\(content.boatName) · \(content.kind.rawValue) · \(content.rulesName) · \(content.date)"
        switch style {
        case .text:
            return ([title] + lines).joined(separator: "\n") + "\n"
        case .markdown:
            // A list keeps one line per row in every Markdown a chat renders; the title is bold.
            return (["**\(escape(title))**", ""] + lines.map { "- " + $0 }).joined(separator: "\n") + "\n"
        }
    }

    /// Text made safe for the chosen style: in Markdown the characters that would start emphasis, code,
    /// links or HTML are escaped; controls and bidi overrides are left out either way.
    private func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars where !MarkupText.isDropped(scalar) {
            if style == .markdown, "\\`*_~[]<>&".unicodeScalars.contains(scalar) {
                result.unicodeScalars.append("\\")
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// Each full name's short form: the first name, or the first name and the last name's initial where
    /// two share a first name, or the full name where even that is shared.
    static func shortNames(_ names: [String]) -> [String: String] {
        func words(_ name: String) -> [Substring] { name.split(separator: " ") }
        func first(_ name: String) -> String { words(name).first.map(String.init) ?? name }
        func initial(_ name: String) -> String {
            let parts = words(name)
            guard parts.count > 1, let letter = parts.last?.first else { return name }
            return "\(parts[0]) \(letter)."
        }
        var result: [String: String] = [:]
        let byFirst = Dictionary(grouping: Set(names), by: { first($0).lowercased() })
        for (_, group) in byFirst {
            if group.count == 1, let only = group.first {
                result[only] = first(only)
                continue
            }
            let byInitial = Dictionary(grouping: group, by: { initial($0).lowercased() })
            for name in group {
                result[name] = (byInitial[initial(name).lowercased()]?.count ?? 0) == 1 ? initial(name) : name
            }
        }
        return result
    }
}
