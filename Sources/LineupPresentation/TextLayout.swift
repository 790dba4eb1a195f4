import LineupCore

/// Padding, cutting and measuring text in terminal columns, shared by the charts, tables and the editor.
public enum TextLayout {
    /// The columns `text` takes on a terminal: colour sequences take none, combining marks and other
    /// zero-width characters none, East Asian wide characters and emoji two.
    public static func width(_ text: String) -> Int {
        // Below U+0300 every scalar is a character of its own (but CR LF, which takes no columns either way),
        // so such text, a chart's usual cell, is measured by scalars: several times cheaper than characters.
        text.unicodeScalars.allSatisfy { $0.value < 0x300 } ? widthByScalars(text) : widthByCharacters(text)
    }

    /// `width(_:)` of text whose scalars are all below U+0300.
    static func widthByScalars(_ text: String) -> Int {
        var columns = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                // What `Character.isLetter` reads of a character of one scalar.
                if scalar.properties.isAlphabetic { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            columns += width(of: scalar)
        }
        return columns
    }

    /// `width(_:)` of any text, character by character.
    static func widthByCharacters(_ text: String) -> Int {
        var columns = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            columns += width(of: character)
        }
        return columns
    }

    /// `text` padded with spaces to `columns` (never cut), on the left with `right`.
    public static func pad(_ text: String, _ columns: Int, right: Bool = false) -> String {
        let shown = width(text)
        guard shown < columns else { return text }
        // Written as bytes: `String(repeating:count:)` costs more than measuring the text, and a chart pads
        // every cell three times.
        let missing = columns - shown
        let padding = String(unsafeUninitializedCapacity: missing) { bytes in
            bytes.initialize(repeating: UInt8(ascii: " "))
            return missing
        }
        return right ? padding + text : text + padding
    }

    /// `text` cut to at most `columns`, with `…` as its last column when it was cut.
    public static func truncate(_ text: String, _ columns: Int) -> String {
        guard width(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > columns - 1 { break }
            result.append(character)
            used += next
        }
        return result + "…"
    }

    /// Text from data as one cell of a table: made safe to print (`TerminalText.line`), then cut to at most
    /// `columns`, a direction control cut open by the cut closed again.
    public static func field(_ text: String, _ columns: Int) -> String {
        TerminalText.line(truncate(TerminalText.line(text), columns))
    }

    /// `text` cut to `columns` visible columns, keeping its colour sequences (and ending them when cut).
    public static func fit(_ text: String, _ columns: Int, colours: Bool) -> String {
        guard width(text) > columns else { return text }
        var result = ""
        var used = 0
        var inEscape = false
        for character in text {
            if character == "\u{1B}" { inEscape = true }
            if inEscape {
                result.append(character)
                if character.isLetter { inEscape = false }
                continue
            }
            let next = width(of: character)
            if used + next > columns { continue }
            result.append(character)
            used += next
        }
        return result + (colours ? "\u{1B}[0m" : "")
    }

    /// Columns of one character: the width of its first scalar (the rest are combining).
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return width(of: scalar)
    }

    /// Columns of a character's first scalar.
    static func width(of scalar: Unicode.Scalar) -> Int {
        if scalar.value < 0x300 { return scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return isWide(scalar.value) ? 2 : 1
    }

    /// East Asian wide and full-width ranges, and the emoji blocks, that terminals draw two columns wide.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension TextLayout {
    /// `text` broken at spaces into lines of at most `columns` (a word longer than that stands alone).
    public static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in words(of: text) {
            if !current.isEmpty, width(current) + 1 + width(String(word)) > columns {
                lines.append(current)
                current = String(word)
            } else {
                // Appended as a `Substring`: `String + Substring` is a generic call the runtime looks up.
                if !current.isEmpty { current += " " }
                current.append(contentsOf: word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// `text` split at spaces, without empty words: what `split(separator: " ")` gives.
    static func words(of text: String) -> [Substring] {
        // Below U+0300 a space never shares a character with what follows it, so splitting the scalars gives
        // the same words, for a third of the cost of splitting characters.
        guard text.unicodeScalars.allSatisfy({ $0.value < 0x300 }) else { return text.split(separator: " ") }
        return text.unicodeScalars.split(separator: " ").map(Substring.init)
    }
}
