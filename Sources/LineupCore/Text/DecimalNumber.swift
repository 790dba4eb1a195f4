/// Numbers as people type them, read the same way by every command and the roster import: digits with at
/// most one decimal point or decimal comma, optionally negative: `72`, `72.5`, `72,5`, `-3`. Hexadecimal,
/// exponents, `inf` and `nan`, which `Double(_:)` would take, are refused.
public enum DecimalNumber {
    /// The value of `text` (surrounding spaces ignored); nil when it is not such a number.
    public static func parse(_ text: String) -> Double? {
        var body = Substring(text.trimmingWhitespace())
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        let separators = body.filter { $0 == "." || $0 == "," }.count
        guard !body.isEmpty, separators <= 1, body.contains(where: { $0.isASCII && $0.isNumber }),
            body.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }),
            let value = Double(body.replacing(",", with: "."))
        else { return nil }
        return negative ? -value : value
    }

    /// `value` as short as it reads exactly, to at most four decimals: `0.38`, `0.875`, `14`.
    public static func text(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return String(value) }
        let scaled = Int64((value * 10_000).rounded())
        var fraction = String(abs(scaled) % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let whole = (scaled < 0 ? "-" : "") + String(abs(scaled) / 10_000)
        return fraction.isEmpty ? whole : whole + "." + fraction
    }
}
