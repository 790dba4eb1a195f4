import Foundation
import LineupCore

/// The one JSON encoder every document goes through: keys in snake_case and sorted (so output is stable
/// from run to run; swift-corelibs' encoder does not keep declaration order), pretty-printed, a final
/// newline. Numbers are rounded where documents are built (`JSONCoding.rounded`), to at most two decimals.
/// Every character a terminal would act on (see `TerminalText`) is written as a `\u` escape, so the text
/// is the same JSON, and is safe to print.
public enum JSONCoding {
    /// `value` as pretty-printed JSON text ending in a newline.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return escapingTerminalControls(String(decoding: try encoder.encode(value), as: UTF8.self)) + "\n"
    }

    /// `json` with the characters `TerminalText` takes care of written as `\u` escapes: DEL, C1 controls,
    /// line separators and direction controls. (The encoder already escapes C0 controls in strings; the
    /// line breaks and spaces it lays the document out with are its own.) They can only be inside strings,
    /// where an escape means the same character.
    static func escapingTerminalControls(_ json: String) -> String {
        func needsEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x20 && TerminalText.needsCare(scalar) }
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard needsEscape(scalar) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            result.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
        }
        return String(result)
    }

    /// A figure rounded to hundredths, so that JSON never shows binary noise such as 820.8994841900001.
    public static func rounded(_ value: Double) -> Double {
        let rounded = (value * 100).rounded() / 100
        // A figure that rounds to zero is 0, never -0 (which JSON would print as "-0").
        return rounded == 0 ? 0 : rounded
    }

    /// An optional figure rounded to hundredths.
    public static func rounded(_ value: Double?) -> Double? { value.map { rounded($0) } }
}
