import Foundation
import LineupCore
import Testing

@testable import LineupPresentation

@Suite("JSON: the same data, safe to print")
struct JSONCodingTests {
    @Test func charactersATerminalActsOnAreEscaped() throws {
        let value = ["name": "Ann\u{202E}eeL", "notes": "a\u{1B}[2J\u{7}b\u{85}c\u{2028}d\u{7F}"]
        let text = try JSONCoding.encode(value)
        #expect(!text.unicodeScalars.contains { TerminalText.needsCare($0) && $0 != "\n" }, "\(text)")
        #expect(text.contains("\\u202e") && text.contains("\\u0085") && text.contains("\\u2028"))
        // Escaped or not, it is the same JSON.
        let decoded = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        #expect(decoded == value)
    }

    @Test func ordinaryDocumentsAreUnchanged() throws {
        let value = ["name": "José García 👩‍🚣", "notes": "left only"]
        let text = try JSONCoding.encode(value)
        #expect(JSONCoding.escapingTerminalControls(text) == text)
        #expect(text.contains("José García 👩‍🚣"))
    }

    /// A figure that rounds to zero is printed as 0, never -0 (a level boat's trim once read "-0").
    @Test func figuresRoundingToZeroAreNeverNegativeZero() throws {
        for value in [-0.0, -0.001, -0.004999] {
            #expect(JSONCoding.rounded(value).sign == .plus, "\(value)")
            #expect(try JSONCoding.encode(["trim": JSONCoding.rounded(value)]).contains("\"trim\" : 0"))
        }
        #expect(JSONCoding.rounded(Optional(-0.001)) == 0)
        #expect(JSONCoding.rounded(-0.006) == -0.01)
    }
}
