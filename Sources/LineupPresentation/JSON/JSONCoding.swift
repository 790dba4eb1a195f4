import Foundation

/// The one JSON encoder every document goes through: keys in snake_case and sorted (so output is stable
/// from run to run; swift-corelibs' encoder does not keep declaration order), pretty-printed, a final
/// newline. Numbers are rounded where documents are built (`JSONCoding.rounded`), to at most two decimals.
public enum JSONCoding {
    /// `value` as pretty-printed JSON text ending in a newline.
    public static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }

    /// A figure rounded to hundredths, so that JSON never shows binary noise such as 820.8994841900001.
    public static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// An optional figure rounded to hundredths.
    public static func rounded(_ value: Double?) -> Double? { value.map { (($0 * 100).rounded()) / 100 } }
}
