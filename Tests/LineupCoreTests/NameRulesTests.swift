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
        // A single no-break or ideographic space is kept as typed.
        #expect(try PaddlerRules.validatedName("Ann\u{A0}Lee") == "Ann\u{A0}Lee")
        #expect(try PaddlerRules.validatedName("山田\u{3000}太郎") == "山田\u{3000}太郎")
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
        ("Ann\u{200B}Lee", "invisible formatting"),
        ("Ann\u{AD}Lee", "invisible formatting"),
        ("\u{200B}", "invisible formatting"),
        ("\u{200D}", "invisible formatting"),
        ("\u{200D}Ann", "invisible formatting"),
        ("Ann\u{200C}", "invisible formatting"),
        ("Ann \u{200D} Lee", "invisible formatting"),
        ("\u{3164}", "visible"),
        ("\u{2800}\u{2800}", "visible"),
        ("\u{301}Ann", "combining mark"),
        ("Ann \u{301}Lee", "combining mark"),
        ("Z" + String(repeating: "\u{336}", count: 12), "accents"),
        ("Ann\u{FFFD}", "U+FFFD"),
        ("Ann" + String(Unicode.Scalar(0xFDD0) ?? "?"), "not a character"),
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
    ]

    @Test(arguments: accepted)
    func isAccepted(_ name: String) throws {
        #expect(try PaddlerRules.validatedName(name) == name.normalizedNFC)
    }

    @Test func boatsFollowTheSameRulesButMayLookLikePlaces() throws {
        #expect(try PaddlerRules.validatedName("B1", of: .boat) == "B1")
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
