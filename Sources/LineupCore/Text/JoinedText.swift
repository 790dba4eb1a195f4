extension Array where Element == String {
    /// The texts with `separator` between them: what `joined(separator:)` gives. The standard library's
    /// `joined(separator:)` is generic code whose first call looks a type up by name, which makes the Swift
    /// runtime scan every protocol conformance in the binary (a third of a million instructions); the text of
    /// the commands run most is joined here instead (bench/RESULTS.md).
    public func joinedText(separator: String) -> String {
        var result = ""
        for (index, text) in enumerated() {
            if index > 0 { result += separator }
            result += text
        }
        return result
    }
}
