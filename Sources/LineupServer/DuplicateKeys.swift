/// Finds a key given twice in one object of a JSON text. A JSON decoder keeps one of them silently, so a
/// body could say one thing to a proxy or a log and another to the server; the API refuses such bodies.
/// Keys count as the same when the server's decoder, which turns snake_case into camelCase, reads them as
/// one (`use_bench`, `USE_BENCH` and `useBench`).
enum DuplicateKeys {
    /// The first key found a second time in its object, or nil (also for text that is not JSON, which the
    /// decoder reports in its own words).
    static func first(in bytes: some Collection<UInt8>) -> String? {
        var scanner = Scanner(bytes: Array(bytes))
        return scanner.firstDuplicate()
    }

    /// True when a comma is followed (white space aside) by a closing brace or bracket: JSON allows none, and
    /// the server's decoder takes one, so a body with one could be read one way here and another by a
    /// stricter proxy or log; the API refuses such bodies too.
    static func hasTrailingComma(in bytes: some Collection<UInt8>) -> Bool {
        var inString = false
        var escaped = false
        var afterComma = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: ","): afterComma = true
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if afterComma { return true }
            case UInt8(ascii: "\""):
                inString = true
                afterComma = false
            default: afterComma = false
            }
        }
        return false
    }

    /// The key as the decoder reads it (`JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`): the words
    /// between underscores joined in camelCase, the first in lower case; underscores at either end kept;
    /// a key without an underscore between words as it is.
    static func canonical(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }), let last = key.lastIndex(where: { $0 != "_" })
        else { return key }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined =
            words[0].lowercased()
            + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        /// The keys seen in each open object; nil for an open array.
        var open: [Set<String>?] = []

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func firstDuplicate() -> String? {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "{"):
                    open.append([])
                    index += 1
                case UInt8(ascii: "["):
                    open.append(nil)
                    index += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if !open.isEmpty { open.removeLast() }
                    index += 1
                case UInt8(ascii: "\""):
                    guard let text = string() else { return nil }
                    guard isFollowedByColon(), let last = open.indices.last, open[last] != nil else { continue }
                    if open[last]?.insert(canonical(text)).inserted == false { return text }
                default:
                    index += 1
                }
            }
            return nil
        }

        /// The string starting at `index` (a quote), decoded; `index` ends after its closing quote.
        mutating func string() -> String? {
            index += 1
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
            var pendingHighSurrogate: UInt32?
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
                    flush()
                    return String(scalars)
                }
                guard byte == UInt8(ascii: "\\") else {
                    raw.append(byte)
                    continue
                }
                guard index < bytes.count else { return nil }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "u"):
                    guard index + 4 <= bytes.count,
                        let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                    else { return nil }
                    index += 4
                    flush()
                    if (0xD800...0xDBFF).contains(value) {
                        pendingHighSurrogate = value
                        continue
                    }
                    var code = value
                    if let high = pendingHighSurrogate, (0xDC00...0xDFFF).contains(value) {
                        code = 0x10000 + ((high - 0xD800) << 10) + (value - 0xDC00)
                    }
                    pendingHighSurrogate = nil
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                case UInt8(ascii: "b"): raw.append(0x08)
                case UInt8(ascii: "f"): raw.append(0x0C)
                case UInt8(ascii: "n"): raw.append(0x0A)
                case UInt8(ascii: "r"): raw.append(0x0D)
                case UInt8(ascii: "t"): raw.append(0x09)
                default: raw.append(escaped)
                }
            }
            return nil
        }

        /// True when the next character that is not white space is a colon: the string was a key.
        func isFollowedByColon() -> Bool {
            var next = index
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            return next < bytes.count && bytes[next] == UInt8(ascii: ":")
        }
    }
}
