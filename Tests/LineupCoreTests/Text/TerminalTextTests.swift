import Testing

@testable import LineupCore

@Suite("terminal text: data is shown, never acted on")
struct TerminalTextTests {
    @Test func ordinaryTextIsUnchanged() {
        for text in ["Ada Lindqvist", "José García", "محمد علی", "👩‍🚣 Kim", "L3 Ann ⇄ R7 Bo"] {
            #expect(TerminalText.line(text) == text)
            #expect(TerminalText.isSafe(text))
        }
    }

    @Test func controlCharactersAreShownAsPictures() {
        #expect(TerminalText.line("\u{1B}]0;pwned\u{7}") == "␛]0;pwned␇")
        #expect(TerminalText.line("a\u{1B}[2Jb") == "a␛[2Jb")
        #expect(TerminalText.line("del\u{7F}") == "del␡")
        #expect(TerminalText.line("csi\u{9B}2J") == "csi\u{FFFD}2J")
        #expect(TerminalText.line("nul\u{0}") == "nul␀")
    }

    @Test func lineBreaksAreMarkedInALineAndKeptInAMessage() {
        #expect(TerminalText.line("one\r\ntwo\nthree\u{2028}four\tfive") == "one↵two↵three↵four five")
        #expect(TerminalText.message("one\r\ntwo\u{1B}") == "one\ntwo␛")
        // A message quotes paths and arguments among its own words and cannot tell where they end: its
        // direction controls are shown as codes, never obeyed, so an override cannot reverse the rest.
        #expect(TerminalText.message("error: '\u{202E}x'\nnext") == "error: '<U+202E>x'\nnext")
        #expect(TerminalText.message("/tmp/\u{2067}nope; create it") == "/tmp/<U+2067>nope; create it")
    }

    @Test func directionControlsCannotReachPastTheText() {
        // An override left open is closed, and the text is isolated from what follows.
        #expect(TerminalText.line("\u{202E}Ann") == "\u{2068}\u{202E}Ann\u{202C}\u{2069}")
        // A closing control without an opening one is dropped.
        #expect(TerminalText.line("Ann\u{202C}\u{2069}") == "\u{2068}Ann\u{2069}")
        // Balanced controls stay as they are, inside the isolate.
        #expect(TerminalText.line("\u{2067}שלום\u{2069}") == "\u{2068}\u{2067}שלום\u{2069}\u{2069}")
        // A PDI closes embeddings opened inside its isolate.
        #expect(
            TerminalText.line("\u{2066}a\u{202B}b\u{2069}c") == "\u{2068}\u{2066}a\u{202B}b\u{202C}\u{2069}c\u{2069}")
    }

    /// Whatever goes in, what comes out has no control character but line breaks (in messages), and every
    /// direction control opened in it is closed in it.
    @Test func outputIsAlwaysSafe() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Unicode.Scalar] = [
            "a", " ", "\u{0}", "\u{7}", "\u{1B}", "\n", "\r", "\t", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}",
            "\u{200E}",
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
            "ש", "é",
        ]
        for _ in 0..<2000 {
            let text = String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator) ?? "a"
                    }))
            for (output, keepsLines) in [(TerminalText.line(text), false), (TerminalText.message(text), true)] {
                for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
                    #expect(keepsLines || output == String(line))
                    #expect(!keepsLines || !line.unicodeScalars.contains(where: \.isBidiControl))
                    #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
                    #expect(!line.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
                    var open: [Bool] = []
                    for scalar in line.unicodeScalars {
                        switch scalar.value {
                        case 0x202A, 0x202B, 0x202D, 0x202E: open.append(false)
                        case 0x2066, 0x2067, 0x2068: open.append(true)
                        case 0x202C:
                            #expect(open.last == false)
                            if open.last == false { open.removeLast() }
                        case 0x2069:
                            #expect(open.last == true)
                            if open.last == true { open.removeLast() }
                        default: break
                        }
                    }
                    #expect(open.isEmpty, "\(text.unicodeScalars.map(\.value))")
                }
            }
        }
    }

    @Test func errorMessagesShowWhatWasTyped() {
        let description = LineupError.paddlerNotFound("\u{1B}]0;x\u{7}\u{202E}", suggestions: []).description
        #expect(description.contains("␛]0;x␇"))
        #expect(!description.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" })
        // The override is closed inside the quoted name, before the rest of the message.
        #expect(description.contains("\u{202E}\u{202C}\u{2069}' in the roster"))
    }

    /// The net under every message an output function writes: it leaves what was made safe already as it is,
    /// and keeps what was forgotten from acting on the terminal.
    @Test func outputShowsWhatWasForgottenAndKeepsWhatIsSafe() {
        let hostile = "x\u{1B}]0;pwned\u{7}\u{9B}2J\u{202E}gpj"
        let shown = "Wrote to x␛]0;pwned␇\u{FFFD}2J\u{202E}gpj.\u{202C}\nnext"
        #expect(TerminalText.output("Wrote to \(hostile).\nnext") == shown)
        for safe in [TerminalText.line(hostile), TerminalText.message(hostile), "plain\nlines", "محمد علی"] {
            #expect(TerminalText.output("at \(safe).\n") == "at \(safe).\n")
        }
    }

    /// The boat option of a suggested command: `-b "Sample crew"`, and `--boat=` for a name starting with a dash
    /// (`-b "--apply"` is read as an option missing its value).
    @Test func aBoatOptionRunsForANameStartingWithADash() {
        #expect("Sample crew".boatOption == "-b \"Sample crew\"")
        #expect("--apply".boatOption == "--boat=\"--apply\"")
        #expect("-x $(id)".boatOption == "--boat='-x $(id)'")
    }
}
