/// A label laid out to fit a box: the lines it is broken into, the font size, and the width each line is
/// drawn at (never wider than the box).
struct FittedLabel: Equatable {
    var lines: [String]
    var fontSize: Double
    var lineWidths: [Double]

    /// `text` fitted into a box `width` wide and `height` high: on as few lines as fit, at the largest size
    /// from `fontSize` down to `minimumFontSize`, broken at spaces; a word too long even at the smallest
    /// size is broken between characters. Each line is drawn no wider than the box (`textLength`), so a
    /// label never spills over its box or into another, whatever font the viewer has.
    static func fit(
        _ text: String, width: Double, height: Double? = nil, fontSize maximumFontSize: Double,
        minimumFontSize: Double, maximumLines: Int = 3
    ) -> FittedLabel {
        func linesThatFit(_ size: Double) -> Int {
            guard let height else { return maximumLines }
            return max(1, min(maximumLines, Int(height / (size * lineSpacing))))
        }
        var size = maximumFontSize
        while true {
            let allowed = linesThatFit(size)
            if TextMetrics.width(text, fontSize: size) <= width { return make([text], size, width) }
            if allowed >= 2, let pair = splitAtSpace(text),
                pair.allSatisfy({ TextMetrics.width($0, fontSize: size) <= width })
            {
                return make(pair, size, width)
            }
            if allowed >= 3 {
                let lines = wrapped(text, width: width, size: size, breakingWords: false)
                if lines.count <= allowed, lines.allSatisfy({ TextMetrics.width($0, fontSize: size) <= width }) {
                    return make(lines, size, width)
                }
            }
            if size <= minimumFontSize { break }
            size = max(minimumFontSize, size - 0.5)
        }
        let allowed = linesThatFit(size)
        var lines = wrapped(text, width: width, size: size, breakingWords: true)
        if lines.count > allowed {
            // More than the box holds: the rest joins the last line, which `textLength` then compresses.
            let rest = lines[(allowed - 1)...].joined()
            lines = Array(lines[..<(allowed - 1)]) + [rest]
        }
        return make(lines, size, width)
    }

    /// The spacing of lines, as a multiple of the font size.
    static let lineSpacing = 1.15

    /// `text` filled into lines word by word (each line keeps its trailing space, so the drawn lines read
    /// as the whole text); with `breakingWords`, a word longer than a line is broken between characters.
    static func wrapped(_ text: String, width: Double, size: Double, breakingWords: Bool) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if TextMetrics.width(candidate, fontSize: size) <= width || current.isEmpty {
                current = candidate
            } else {
                lines.append(current + " ")
                current = word
            }
            guard breakingWords else { continue }
            while TextMetrics.width(current, fontSize: size) > width, current.count > 1 {
                var head = ""
                for character in current {
                    if !head.isEmpty, TextMetrics.width(head + String(character), fontSize: size) > width { break }
                    head.append(character)
                }
                lines.append(head)
                current = String(current.dropFirst(head.count))
            }
        }
        lines.append(current)
        return lines
    }

    /// The two halves of `text` broken at the space that makes the longer half shortest; nil without a space.
    static func splitAtSpace(_ text: String) -> [String]? {
        let characters = Array(text)
        var best: (Int, Double)?
        for index in characters.indices where characters[index] == " " {
            let first = String(characters[..<index])
            let second = String(characters[(index + 1)...])
            guard !first.isEmpty, !second.isEmpty else { continue }
            let longer = max(TextMetrics.width(first, fontSize: 1), TextMetrics.width(second, fontSize: 1))
            if best == nil || longer < best?.1 ?? .infinity { best = (index, longer) }
        }
        guard let (index, _) = best else { return nil }
        // The first half keeps its space, so the text of the drawn lines still reads as the whole name.
        return [String(characters[...index]), String(characters[(index + 1)...])]
    }

    private static func make(_ lines: [String], _ size: Double, _ width: Double) -> FittedLabel {
        FittedLabel(
            lines: lines, fontSize: size,
            lineWidths: lines.map { min(width, TextMetrics.width($0.trimmingTrailingSpace, fontSize: size)) })
    }
}

extension String {
    var trimmingTrailingSpace: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
