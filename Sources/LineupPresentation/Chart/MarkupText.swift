/// Text from data made safe for XML and HTML: the five special characters escaped, characters XML cannot
/// carry (C0 and C1 controls, lone surrogates never reach a String) left out, and bidirectional controls
/// dropped, since each data field is isolated by its markup (`<bdi>`, `unicode-bidi: isolate`) and a
/// stray override must not reorder what follows it.
public enum MarkupText {
    /// `text` escaped for element content and attribute values alike.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(" ")
            default:
                if isDropped(scalar) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Controls XML 1.0 forbids or that make no sense in a label, and the bidirectional embedding,
    /// override and isolate controls.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        case 0xFFFE, 0xFFFF: return true
        default: return false
        }
    }
}
