import Testing

@testable import LineupCore

@Suite("name rules: one normal form, nothing a name can never hold")
struct NameRulesTests {
    static let precomposed = "Jos\u{E9} Garc\u{ED}a"
    static let decomposed = "Jose\u{301} Garci\u{301}a"

    @Test func namesAreStoredInNFC() throws {
        #expect(Array(try PaddlerRules.validatedName(Self.decomposed).utf8) == Array(Self.precomposed.utf8))
        #expect(Self.decomposed.normalizedNFC.unicodeScalars.count == Self.precomposed.unicodeScalars.count)
    }

    @Test func precomposedAndDecomposedShareOneKey() {
        #expect(Array(PaddlerRules.nameKey(Self.decomposed).utf8) == Array(PaddlerRules.nameKey(Self.precomposed).utf8))
        #expect(PaddlerRules.nameKey("  ANN   Lee ") == "ann lee")
        // Lower-casing İ gives i + a combining dot: still one key for both spellings.
        #expect(Array(PaddlerRules.nameKey("\u{130}pek").utf8) == Array(PaddlerRules.nameKey("i\u{307}pek").utf8))
    }

    @Test func runsOfSpacesBecomeOne() throws {
        #expect(try PaddlerRules.validatedName("  Ann \t\u{A0} Lee ") == "Ann Lee")
        #expect(try PaddlerRules.validatedName("\u{3000}Ann\u{2003}\u{202F}Lee\u{A0}") == "Ann Lee")
    }

    /// Every Unicode space separator: a name typed or pasted with one is the name with a plain space, so
    /// "Ada Lindqvist" with a no-break space is the same paddler, not a look-alike beside her.
    static let unicodeSpaces: [UInt32] = [
        0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A,
        0x202F, 0x205F, 0x3000,
    ]

    @Test(arguments: unicodeSpaces)
    func everyUnicodeSpaceIsAPlainSpace(_ code: UInt32) throws {
        let space = try #require(Unicode.Scalar(code))
        #expect(space.properties.generalCategory == .spaceSeparator)
        #expect(try PaddlerRules.validatedName("Ada\(space)Lindqvist") == "Ada Lindqvist")
        #expect(try PaddlerRules.validatedName("山田\(space)太郎") == "山田 太郎")
        #expect(PaddlerRules.nameKey("Ada\(space)Lindqvist") == "ada lindqvist")
        // Tabs are no spaces in a name: a control character, refused.
        #expect(throws: LineupError.self) { try PaddlerRules.validatedName("Ada\tLindqvist") }
    }

    /// The length limit counts code points of the NFC form, as SQLite's `length()` does.
    @Test func lengthIsCountedInCodePoints() throws {
        let composable = String(repeating: "a", count: 99) + "e\u{301}"
        #expect(try PaddlerRules.validatedName(composable).unicodeScalars.count == 100)
        // q + combining tilde has no precomposed form: 101 code points, refused before SQLite sees it.
        let uncomposable = String(repeating: "a", count: 99) + "q\u{303}"
        #expect(throws: LineupError.self) { try PaddlerRules.validatedName(uncomposable) }
        do {
            _ = try PaddlerRules.validatedName(uncomposable)
        } catch {
            #expect(error.description.contains("at most 100 characters"))
            #expect(error.description.contains("has 101"))
        }
    }

    static let refused: [(String, String)] = [
        ("Ann\u{1B}[31mLee", "control characters"),
        ("Ann\u{7}Lee", "control characters"),
        ("Ann\u{85}Lee", "control characters"),
        ("Ann\u{2028}Lee", "line breaks"),
        ("Ann\u{2029}Lee", "line breaks"),
        ("\u{202E}Ann Lee", "direction controls"),
        ("Ann\u{202E}eeL", "direction controls"),
        ("\u{2067}Ann\u{2069}", "direction controls"),
        ("Ann\u{200F}", "direction controls"),
        ("\u{FEFF}Ann Lee", "U+FEFF"),
        ("Ann\u{200B}Lee", "invisible characters (U+200B ZERO WIDTH SPACE, character 4)"),
        ("Ann\u{AD}Lee", "invisible characters (U+00AD SOFT HYPHEN, character 4)"),
        ("\u{200B}", "invisible"),
        ("\u{200D}", "invisible"),
        ("\u{200D}Ann", "invisible"),
        ("Ann\u{200C}", "invisible"),
        ("Ann \u{200D} Lee", "invisible"),
        // A joiner between Latin letters changes nothing visible: a look-alike of "Ada Lindqvist".
        ("Ada\u{200D} Lindqvist", "invisible characters (U+200D ZERO WIDTH JOINER, character 4)"),
        ("Ad\u{200D}a Lindqvist", "U+200D ZERO WIDTH JOINER, character 3"),
        ("Ann\u{200C}Lee", "U+200C ZERO WIDTH NON-JOINER"),
        ("\u{1F469}\u{200D}Ann", "a joiner is kept only between two emoji"),
        // Hangul fillers, the grapheme joiner, Khmer inherent vowels, variation selectors after a letter.
        ("Ada\u{115F}Lindqvist", "U+115F HANGUL CHOSEONG FILLER, character 4"),
        ("Ada\u{1160} Lindqvist", "U+1160 HANGUL JUNGSEONG FILLER"),
        ("Ada \u{3164}Lindqvist", "U+3164 HANGUL FILLER, character 5"),
        ("Ada\u{FFA0} Lindqvist", "U+FFA0 HALFWIDTH HANGUL FILLER"),
        ("\u{3164}\u{3164}X", "U+3164 HANGUL FILLER, character 1"),
        ("Ada\u{34F} Lindqvist", "U+034F COMBINING GRAPHEME JOINER"),
        ("Ada\u{17B4} Lindqvist", "U+17B4 KHMER VOWEL INHERENT AQ"),
        ("Ada\u{17B5} Lindqvist", "U+17B5"),
        ("Ada\u{FE0F} Lindqvist", "U+FE0F VARIATION SELECTOR-16, character 4"),
        ("Ada\u{FE00} Lindqvist", "U+FE00"),
        ("Ada\u{180B} Lindqvist", "U+180B"),
        ("Ada\u{180E} Lindqvist", "U+180E"),
        ("Ada\u{2060}Lindqvist", "U+2060 WORD JOINER"),
        ("Ada\u{E0001} Lindqvist", "U+E0001 LANGUAGE TAG"),
        ("Ada\u{E0041} Lindqvist", "U+E0041 TAG LATIN CAPITAL LETTER A"),
        ("Ada\u{E01F0} Lindqvist", "U+E01F0"),
        ("Ada\u{E0100} Lindqvist", "U+E0100 VARIATION SELECTOR-17"),
        // The blank braille pattern shows as nothing (it is a symbol, not a space).
        ("Ada\u{2800}Lindqvist", "invisible characters (U+2800 BRAILLE PATTERN BLANK, character 4)"),
        ("\u{2800}\u{2800}", "U+2800"),
        // Private use: each device shows these differently or not at all.
        ("\u{E000}", "private-use characters (U+E000, character 1)"),
        ("Ann \u{F8FF}", "private-use"),
        ("Ann \u{F0000}", "private-use"),
        ("Ann \u{10FFFD}", "private-use"),
        // Unassigned code points.
        ("Ann\u{378}", "U+0378, character 4, which is not (yet) a character Unicode assigns"),
        ("Ann \u{2FFFD}", "not (yet) a character"),
        ("\u{301}Ann", "combining mark"),
        ("Ann \u{301}Lee", "combining mark"),
        ("Z" + String(repeating: "\u{336}", count: 12), "accents"),
        ("Ann\u{FFFD}", "U+FFFD"),
        ("Ann" + String(Unicode.Scalar(0xFDD0) ?? "?"), "not a character"),
        // Names that read as a place after NFKC and confusable folding, as `L3` and `B` do.
        ("\u{392}1", "reads as a seat or bench place"),  // Greek capital Beta
        ("\u{412}2", "reads as a seat or bench place"),  // Cyrillic capital Ve
        ("\u{13DA}", "reads as a seat or bench place"),  // Cherokee letter Du, an S
        ("\u{13A0}", "reads as a seat or bench place"),  // Cherokee letter A, a D
        ("\u{13DE}4", "reads as a seat or bench place"),  // Cherokee letter Tle, an L
        ("\u{13A1}10", "reads as a seat or bench place"),  // Cherokee letter E, an R
        ("\u{405}", "reads as a seat or bench place"),  // Cyrillic Dze
        ("\u{FF2C}3", "reads as a seat or bench place"),  // fullwidth L
        ("L\u{FF13}", "reads as a seat or bench place"),  // fullwidth 3
        ("\u{216C}3", "reads as a seat or bench place"),  // Roman numeral fifty
        ("\u{217E}", "reads as a seat or bench place"),  // small Roman numeral five hundred, a d
        ("\u{FF32}\u{FF11}\u{FF10}", "reads as a seat or bench place"),
        ("\u{1D401}12", "reads as a seat or bench place"),  // mathematical bold B
        ("L\u{B3}", "reads as a seat or bench place"),  // superscript three
        ("B\u{2460}", "reads as a seat or bench place"),  // circled one
        ("\u{212C}", "reads as a seat or bench place"),  // script B
    ]

    @Test(arguments: refused)
    func isRefused(_ name: String, _ reason: String) {
        do {
            let accepted = try PaddlerRules.validatedName(name)
            Issue.record("accepted \(accepted.unicodeScalars.map(\.codePointDescription))")
        } catch {
            #expect(error.description.contains(reason), "\(error.description)")
            // The message shows the name without acting on a terminal (direction controls are contained:
            // TerminalTextTests).
            #expect(
                !error.description.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "\(error.description.unicodeScalars.map(\.value))")
        }
    }

    static let accepted: [String] = [
        "-Dash Doe",
        "José",
        "O'Brien-Smith",
        "Ngô Bảo Châu",
        "محمد علی",
        "שרה לוי",
        "क्‍षमा",  // a Devanagari conjunct spelled with a zero-width joiner after the virama
        "می‌خواهم",  // Persian with a zero-width non-joiner between two letters
        "👩‍🚣 Kim",  // an emoji ZWJ sequence
        "❤️‍🔥 Fire",  // a joiner after an emoji's variation selector
        "🏴󠁧󠁢󠁳󠁣󠁴󠁿 Ross",  // the flag of Scotland: tag characters
        "🐉",
        "Zoë",
        "❤️ Ann",  // an emoji's variation selector
        "1️⃣ Kim",  // a keycap: digit, variation selector, enclosing keycap
        "🏳️‍🌈 Pat",  // a joiner after a variation selector, between two emoji
        "👩🏽‍🚣 Kim",  // a joiner after a skin tone
        "葛󠄀飾 Aiko",  // an ideographic variation selector after a CJK ideograph
        "ශ්‍රී Lanka",  // Sinhala with a joiner after the virama
        "Νίκος Παπαδόπουλος",
        "Jan Strauß",
        "Βασίλης",  // a Greek name starting with Beta, no place
        "Ꮪequoyah",
        "Lee 3",
        "Ｌｅｅ",
        "L3 Lee",
    ]

    @Test(arguments: accepted)
    func isAccepted(_ name: String) throws {
        #expect(try PaddlerRules.validatedName(name) == name.normalizedNFC)
    }

    @Test func boatsFollowTheSameRulesButMayLookLikePlaces() throws {
        #expect(try PaddlerRules.validatedName("B1", of: .boat) == "B1")
        #expect(try PaddlerRules.validatedName("\u{392}1", of: .boat) == "\u{392}1")
        #expect(try PaddlerRules.validatedName("Mixed\u{A0}crew", of: .boat) == "Mixed crew")
        #expect(try PaddlerRules.validatedName("Spring\u{3000}Cup", of: .regatta) == "Spring Cup")
        for owner in [PaddlerRules.NameOwner.boat, .regatta, .race] {
            #expect(throws: LineupError.self) { try PaddlerRules.validatedName("Mixed\u{200B}", of: owner) }
            #expect(throws: LineupError.self) { try PaddlerRules.validatedName("\u{E000}", of: owner) }
        }
        #expect(throws: LineupError.self) { try PaddlerRules.validatedName("Mixed\u{202E}", of: .boat) }
    }

    @Test func notesKeepLineBreaksAndTabsButNoOtherControls() throws {
        #expect(try PaddlerRules.validatedNotes("left only\r\n\tcall first") == "left only\r\n\tcall first")
        #expect(try PaddlerRules.validatedNotes("\u{202B}שלום\u{202C}") == "\u{202B}שלום\u{202C}")
        for bad in ["\u{1B}]0;pwned\u{7}", "clear\u{1B}[2J", "nul\u{0}", "c1\u{9B}2J", "del\u{7F}"] {
            #expect(throws: LineupError.self) { try PaddlerRules.validatedNotes(bad) }
        }
    }

    @Test func draftsCheckTheirNotes() {
        #expect(throws: LineupError.self) { try PaddlerDraft(name: "Ann", notes: "\u{7}").validated() }
    }
}
