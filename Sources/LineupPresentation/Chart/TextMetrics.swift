/// Rough advance widths of text in a sans-serif font, for laying out an SVG without a font at hand. The
/// SVG renderer also gives every label its `textLength`, so a label is drawn exactly as wide as laid out
/// whatever font the viewer has: the estimate only decides how long names are wrapped and shrunk.
enum TextMetrics {
    /// The estimated width of `text` at `fontSize`, in the same units.
    static func width(_ text: String, fontSize: Double) -> Double {
        var ems = 0.0
        for character in text {
            ems += advance(character)
        }
        return ems * fontSize
    }

    /// Advance of one character in ems, after Arial's widths grouped coarsely.
    static func advance(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if TextLayout.width(of: character) == 2 { return 1.0 }
        if TextLayout.width(of: character) == 0 { return 0 }
        switch scalar {
        case " ": return 0.28
        case "i", "l", "j", "'", ".", ",", "|", "!", "I", ":", ";": return 0.25
        case "f", "t", "r", "(", ")", "-", "[", "]": return 0.34
        case "m", "w", "M", "W", "@", "%": return 0.88
        case "A"..."Z", "&": return 0.7
        default: return scalar.value < 0x80 ? 0.56 : 0.62
        }
    }
}
