/// The rules for names (of paddlers and of boats) and for notes.
///
/// A name is one short label that people type, compare and read in a chart, so it is stored in one normal
/// form (NFC, trimmed, runs of spaces made one) and refused when it holds what can never be part of a
/// sensible name: control characters, line breaks, direction controls, invisible formatting characters
/// (except the joiners real names and emoji need, between two visible characters), a leading combining
/// mark, or nothing visible at all. Notes are free text: line breaks and tabs are fine, other control
/// characters are not.
extension PaddlerRules {
    /// Combining marks one character may carry; more is "Zalgo" text that spills over neighbouring lines.
    public static let maximumMarksPerCharacter = 8

    /// The name as stored: NFC, trimmed, inner runs of spaces made one space, and checked against the
    /// rules above and the length limit. A paddler's name may not look like a place (`D`, `B`, `L3`,
    /// `B12`), since a place argument could not tell them apart.
    public static func validatedName(_ raw: String, of owner: NameOwner = .paddler) throws(LineupError) -> String {
        let what = owner.rawValue
        let name = raw.normalizedNFC.trimmingWhitespace().collapsingSpaceRuns()
        guard !name.isEmpty else { throw .invalidName(raw, reason: "a \(what) name cannot be empty") }
        if let problem = nameProblem(name) { throw .invalidName(raw, reason: "a \(what) name \(problem)") }
        let length = name.unicodeScalars.count
        guard length <= maximumNameLength else {
            throw .invalidName(
                String(name.prefix(20)) + "…",
                reason:
                    "a \(what) name can have at most \(maximumNameLength) characters (each accent counts as one), this one has \(length)"
            )
        }
        if owner == .paddler, looksLikePlace(name) {
            throw .invalidName(name, reason: "it reads as a seat or bench place; add a surname or initial")
        }
        return name
    }

    /// What makes a trimmed NFC name unusable, as the end of a sentence ("cannot contain …"); nil when
    /// there is nothing wrong with it.
    static func nameProblem(_ name: String) -> String? {
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar.properties.generalCategory {
            case .control:
                return "cannot contain control characters (\(scalar.codePointDescription))"
            case .lineSeparator, .paragraphSeparator:
                return "cannot contain line breaks (\(scalar.codePointDescription))"
            case .format:
                if scalar.isBidiControl {
                    return "cannot contain direction controls (\(scalar.codePointDescription)): they reorder the "
                        + "text around them, and a name shows the right way round without them"
                }
                // A joiner joins what stands on both sides: the base before it may carry marks (a virama,
                // an emoji's variation selector), the character after it starts the next part.
                let base = scalars[..<index].last { !$0.isCombining }
                if scalar.isJoiner, let base, let next, base.isVisibleInName, next.isVisibleInName { continue }
                if scalar.isTag, let previous, previous.isTag || previous.value == 0x1F3F4 { continue }
                return "cannot contain invisible formatting characters (\(scalar.codePointDescription))"
                    + (scalar.isJoiner ? " except between two letters or symbols" : "")
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if previous == nil || previous?.properties.isWhitespace == true {
                    return "cannot have a combining mark (\(scalar.codePointDescription)) without a letter before it"
                }
            default:
                if scalar.properties.isNoncharacterCodePoint {
                    return "cannot contain \(scalar.codePointDescription), which is not a character"
                }
                if scalar == "\u{FFFD}" {
                    return "cannot contain U+FFFD, the mark of text damaged by a wrong character encoding"
                }
            }
        }
        for character in name {
            let marks = character.unicodeScalars.filter {
                [.nonspacingMark, .enclosingMark].contains($0.properties.generalCategory)
            }.count
            if marks > maximumMarksPerCharacter {
                return "cannot stack more than \(maximumMarksPerCharacter) accents on one letter"
            }
        }
        guard scalars.contains(where: \.isVisibleInName) else {
            return "needs at least one visible letter, digit or symbol"
        }
        return nil
    }

    /// True for text shaped like a place reference: `D`, `S`, `B`, or `L`, `R`, `B` followed by digits.
    static func looksLikePlace(_ text: String) -> Bool {
        PlaceReference.isPlaceShaped(text)
    }

    /// The key names are unique by and compared by: NFC, lower case, trimmed, runs of spaces made one.
    /// "José" typed precomposed and "José" saved decomposed by an editor have one key.
    public static func nameKey(_ name: String) -> String {
        // Lower-casing can leave a string that is not NFC (İ becomes i + a combining dot), so normalize
        // on both sides of it.
        name.normalizedNFC.lowercased().normalizedNFC.trimmingWhitespace().collapsingSpaceRuns()
    }

    /// Notes as stored: free text kept exactly as written, where line breaks and tabs are fine but other
    /// control characters (ESC, BEL, NUL, …), which could only ever drive a terminal, are refused.
    public static func validatedNotes(_ notes: String) throws(LineupError) -> String {
        for scalar in notes.unicodeScalars
        where scalar.properties.generalCategory == .control && !["\n", "\r", "\t"].contains(scalar) {
            throw .invalidNotes(
                "notes cannot contain control characters such as \(scalar.codePointDescription); "
                    + "line breaks and tabs are fine")
        }
        return notes
    }
}

extension String {
    /// The string in Unicode Normalization Form C (precomposed: "é" as one code point).
    ///
    /// LineupCore imports nothing, not even Foundation, whose `precomposedStringWithCanonicalMapping`
    /// would do this. The standard library's `_nfcCodeUnits` is the normalizer String's own hashing
    /// and `==` use (that is why two spellings of "José" are already equal as Swift strings, though not
    /// as bytes in SQLite); it is public, and tested here against decomposed input, so a toolchain that
    /// dropped it would fail to build rather than misbehave.
    public var normalizedNFC: String {
        // ASCII is already NFC: skip the copy for the common case.
        if utf8.allSatisfy({ $0 < 0x80 }) { return self }
        return String(decoding: _nfcCodeUnits, as: UTF8.self)
    }

    /// Inner runs of two or more white-space characters made one space.
    func collapsingSpaceRuns() -> String {
        var result = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace {
                run.append(scalar)
                continue
            }
            if run.count == 1 { result.append(run[0]) } else if run.count > 1 { result.append(" ") }
            run = []
            result.append(scalar)
        }
        if run.count == 1 { result.append(run[0]) } else if run.count > 1 { result.append(" ") }
        return String(result)
    }
}

extension Unicode.Scalar {
    /// `U+202E RIGHT-TO-LEFT OVERRIDE`, for messages about characters nobody can see.
    public var codePointDescription: String {
        let hex = String(value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = properties.name ?? properties.nameAlias else { return code }
        return code + " " + name
    }

    /// The explicit direction controls of the Unicode bidirectional algorithm: marks (LRM, RLM, ALM),
    /// embeddings and overrides (LRE, RLE, LRO, RLO, PDF) and isolates (LRI, RLI, FSI, PDI).
    var isBidiControl: Bool {
        switch value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A combining mark (a variation selector is one): it belongs to the character before it.
    var isCombining: Bool {
        [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
    }

    /// Zero-width joiner and non-joiner: part of Indic, Arabic and Persian spelling and of emoji sequences.
    var isJoiner: Bool { value == 0x200C || value == 0x200D }

    /// The tag characters that spell out subdivision flags (🏴 + tags + cancel tag).
    var isTag: Bool { (0xE0020...0xE007F).contains(value) }

    /// A letter, digit, punctuation mark or symbol that leaves ink: not white space, not a combining mark,
    /// not a default-ignorable character such as the Hangul fillers, nor the blank braille pattern.
    var isVisibleInName: Bool {
        let properties = self.properties
        guard !properties.isWhitespace, !properties.isDefaultIgnorableCodePoint, value != 0x2800 else {
            return false
        }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation,
            .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .privateUse:
            return true
        default:
            return false
        }
    }
}
