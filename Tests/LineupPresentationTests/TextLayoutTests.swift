import Testing

@testable import LineupPresentation

@Suite("Text in terminal columns")
struct TextLayoutTests {
    @Test(arguments: [
        ("Ada", 3), ("Kit Valdés", 10), ("Jose\u{301}", 4), ("王小明", 6), ("\u{1B}[1mbold\u{1B}[0m", 4), ("", 0),
    ])
    func widthCountsColumns(text: String, columns: Int) {
        #expect(TextLayout.width(text) == columns)
    }

    @Test func padAndTruncateNeverExceedTheWidth() {
        #expect(TextLayout.pad("王小明", 8) == "王小明  ")
        #expect(TextLayout.pad("72", 5, right: true) == "   72")
        #expect(TextLayout.truncate("Maximiliane Oberhollenzer", 12) == "Maximiliane…")
        #expect(TextLayout.width(TextLayout.truncate("王小明王小明王小明", 7)) <= 7)
        #expect(TextLayout.truncate("short", 12) == "short")
    }

    /// `width` measures text below U+0300 by scalars; every such scalar, alone, between letters, after a colour
    /// sequence's start and as its end, must count as the walk by characters counts it.
    @Test func measuresByScalarsAsByCharacters() {
        var texts = ["", "\r\n", "a\r\nb", "\u{1B}[1mbold\u{1B}[0m", "\u{1B}[1", "kg·m", "Kit Valdés"]
        for value in UInt32(0)..<0x300 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = String(Character(scalar))
            #expect(Character(scalar).isLetter == scalar.properties.isAlphabetic, "U+\(String(value, radix: 16))")
            texts += [character, "a\(character)b", "\u{1B}[\(character)x", "\u{1B}[1\(character)", "\(character)\r\n"]
        }
        for text in texts {
            #expect(
                TextLayout.widthByScalars(text) == TextLayout.widthByCharacters(text),
                "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// `wrap` splits text below U+0300 by scalars: the words must be those `split(separator: " ")` gives.
    @Test func splitsWordsByScalarsAsByCharacters() {
        var texts = ["", " ", "  a  b ", "one two\r\nthree", "a\u{1B}[1m b"]
        for value in UInt32(0)..<0x300 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            texts += [" \(Character(scalar)) x", "a \(Character(scalar))\(Character(scalar)) b "]
        }
        texts.append("a \u{301}b c")  // a combining mark after a space: split as characters
        for text in texts {
            #expect(TextLayout.words(of: text) == text.split(separator: " "), "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func padFillsWithSpaces() {
        #expect(TextLayout.pad("ab", 4) == "ab  ")
        #expect(TextLayout.pad("ab", 4, right: true) == "  ab")
        #expect(TextLayout.pad("ab", 90) == "ab" + String(repeating: " ", count: 88))
        #expect(TextLayout.pad("ab", 90, right: true) == String(repeating: " ", count: 88) + "ab")
        #expect(TextLayout.pad("abcd", 2) == "abcd")
    }

    @Test func wrapBreaksAtSpaces() {
        #expect(TextLayout.wrap("one two three four", columns: 9) == ["one two", "three", "four"])
    }
}
