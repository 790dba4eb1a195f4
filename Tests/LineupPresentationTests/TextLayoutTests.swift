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

    @Test func wrapBreaksAtSpaces() {
        #expect(TextLayout.wrap("one two three four", columns: 9) == ["one two", "three", "four"])
    }
}
