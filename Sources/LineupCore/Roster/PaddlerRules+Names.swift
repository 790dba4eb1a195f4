/// The rules for names (of paddlers, boats, regattas and races) and for notes.
///
/// A name is one short label that people type, compare and read in a chart, so it is stored in one normal
/// form (NFC, every Unicode space a plain space, trimmed, runs of spaces made one) and refused when it
/// holds what can never be part of a sensible name: control characters, line breaks, direction controls,
/// invisible characters (default-ignorable code points such as zero-width spaces, Hangul fillers and
/// variation selectors, and the blank braille pattern), private-use and unassigned code points, a leading
/// combining mark, or nothing visible at all. The few invisible characters real names and emoji need are
/// kept where they do their job (`Unicode.Scalar.isInvisibleButNeeded(after:before:)`). Notes are free
/// text: line breaks and tabs are fine, other control characters are not.
extension PaddlerRules {
    /// Combining marks one character may carry; more is "Zalgo" text that spills over neighbouring lines.
    public static let maximumMarksPerCharacter = 8

    /// The name as stored: NFC, every Unicode space a plain space, trimmed, inner runs of spaces made one
    /// space, and checked against the rules above and the length limit. A paddler's name may not look
    /// like a place (`D`, `B`, `L3`, `B12`), in any script or width (`Β1` with a Greek Beta, `Ｌ３`), since
    /// a place argument could not tell them apart.
    public static func validatedName(_ raw: String, of owner: NameOwner = .paddler) throws(LineupError) -> String {
        let what = owner.rawValue
        let name = raw.normalizedNFC.withPlainSpaces().trimmingWhitespace().collapsingSpaceRuns()
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
        // A web address folds the segments `.` and `..` away (even spelled `%2E`), so the page could never
        // name such a boat, regatta or paddler (each is a segment of the API's paths).
        // Its folded form too: `．` (full width) is the same name as `.` wherever names are compared.
        if [.boat, .regatta, .paddler].contains(owner),
            [".", ".."].contains(name) || [".", ".."].contains(nameKey(name))
        {
            throw .invalidName(name, reason: "a \(what) name cannot be '.' or '..', which a web address cannot carry")
        }
        if owner == .paddler, looksLikePlace(name) {
            throw .invalidName(name, reason: "it reads as a seat or bench place; add a surname or initial")
        }
        return name
    }

    /// What makes a trimmed NFC name unusable, as the end of a sentence ("cannot contain …", naming the
    /// character and where it is); nil when there is nothing wrong with it.
    static func nameProblem(_ name: String) -> String? {
        let scalars = Array(name.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let previous = index > 0 ? scalars[index - 1] : nil
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            let which = "\(scalar.codePointDescription), character \(index + 1)"
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control:
                return "cannot contain control characters (\(which))"
            case .lineSeparator, .paragraphSeparator:
                return "cannot contain line breaks (\(which))"
            case .format where scalar.isBidiControl:
                return "cannot contain direction controls (\(which)): they reorder the text around them, and a "
                    + "name shows the right way round without them"
            case .privateUse:
                return "cannot contain private-use characters (\(which)), which each device shows differently "
                    + "or not at all"
            case .unassigned, .surrogate:
                if properties.isNoncharacterCodePoint {
                    return "cannot contain \(which), which is not a character"
                }
                return "cannot contain \(which), which is not (yet) a character Unicode assigns"
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if previous == nil || previous?.properties.isWhitespace == true {
                    return "cannot have a combining mark (\(which)) without a letter before it"
                }
            default:
                break
            }
            let invisible =
                properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
                || scalar.value == 0x2800
            if invisible, !scalar.isInvisibleButNeeded(in: scalars, at: index) {
                let base = scalars[..<index].last { !$0.isCombining }
                let hint =
                    !scalar.isJoiner
                    ? ""
                    : base?.isEmojiInSequence == true || next?.isEmojiInSequence == true
                        ? "; a joiner is kept only between two emoji"
                        : "; a joiner is kept only between two emoji or two letters of a script that joins them"
                            + " (Arabic, Persian, Indic, …)"
                return "cannot contain invisible characters (\(which))" + hint
            }
            if scalar == "\u{FFFD}" {
                return "cannot contain U+FFFD, the mark of text damaged by a wrong character encoding "
                    + "(character \(index + 1))"
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

    /// True for text shaped like a place reference: `D`, `S`, `B`, or `L`, `R`, `B` followed by digits,
    /// as typed or as it reads: after NFKC (`Ｌ３`, `Ⅼ3`) and with look-alike letters of other scripts
    /// made Latin (`Β1` with a Greek Beta, `Ꮪ` Cherokee).
    static func looksLikePlace(_ text: String) -> Bool {
        if PlaceReference.isPlaceShaped(text) { return true }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        return PlaceReference.isPlaceShaped(UnicodeNameFolding.placeSkeleton(text))
    }

    /// The key names are unique by and compared by: NFKC with full case folding (NFKC_Casefold, like
    /// Unicode's identifier matching), invisible (default-ignorable) characters left out, every space a
    /// plain space, trimmed, runs of spaces made one. "José" precomposed and decomposed, `JAN STRAUSS` and
    /// `Jan Strauß`, `ΝΊΚΟΣ` and `Νίκος`, `Ada Lindqvist` with a no-break space or a fullwidth letter: one key.
    public static func nameKey(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return name.lowercased().trimmingWhitespace().collapsingSpaceRuns()
        }
        // Folding can leave text that is not NFKC (ß becomes ss, ΐ three code points), so normalize on both
        // sides of it, as NFKC_Casefold does.
        let folded = UnicodeNameFolding.compatibilityComposed(
            UnicodeNameFolding.caseFolded(UnicodeNameFolding.compatibilityComposed(name)))
        var visible = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            visible.append(scalar.properties.generalCategory == .spaceSeparator ? " " : scalar)
        }
        return String(visible).trimmingWhitespace().collapsingSpaceRuns()
    }

    /// A name stored before today's rules, with every Unicode space made a plain one (and trimmed) when that leaves a
    /// name the rules accept; any other name is returned as it is (it stays usable, and is not rewritten
    /// into something the schema's triggers would refuse).
    public static func legacyNameWithPlainSpaces(_ name: String) -> String {
        // Trimmed too: the schema requires that of names, and a leading no-break space becomes a space.
        let plain = name.withPlainSpaces().trimmingWhitespace()
        guard plain != name, !plain.isEmpty, nameProblem(plain) == nil else { return name }
        return plain
    }

    /// A stored name with what today's rules refuse left out (invisible, control, private-use and
    /// unassigned characters), spaces made plain, trimmed and collapsed: the base of the name a migration
    /// gives a look-alike duplicate ("Ada Lindqvist (2)" for `Ada\u{200B} Lindqvist`). "Unnamed" when
    /// nothing is left.
    public static func visiblePart(of name: String) -> String {
        let scalars = Array(name.normalizedNFC.withPlainSpaces().unicodeScalars)
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate: continue
            default: break
            }
            let invisible =
                properties.generalCategory == .format || properties.isDefaultIgnorableCodePoint
                || scalar.value == 0x2800 || scalar == "\u{FFFD}"
            if invisible, !scalar.isInvisibleButNeeded(in: scalars, at: index) { continue }
            kept.append(scalar)
        }
        let visible = String(kept).trimmingWhitespace().collapsingSpaceRuns()
        return visible.isEmpty || nameProblem(visible) != nil ? "Unnamed" : visible
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

    /// Every Unicode space (no-break, em, narrow, ideographic, …: general category Zs) made a plain space,
    /// so that a name typed or pasted with one is the name with a space. Tabs and line breaks are not
    /// spaces: they are refused, as control characters.
    func withPlainSpaces() -> String {
        guard unicodeScalars.contains(where: { $0.value > 0x7F && $0.properties.generalCategory == .spaceSeparator })
        else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(scalar.properties.generalCategory == .spaceSeparator ? " " : scalar)
        }
        return String(result)
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

    /// An invisible character that does a job where it stands, and so is kept in a name:
    /// - a zero-width joiner between two emoji (👩‍🚣, ❤️‍🔥), or a joiner or non-joiner between two
    ///   letters of a script whose spelling needs them (a Devanagari conjunct, a Persian word); between
    ///   Latin, Greek or Cyrillic letters it changes nothing visible, so there it is refused;
    /// - an emoji variation selector (U+FE0E, U+FE0F) right after an emoji, or after a keycap's digit, `#`
    ///   or `*` when the keycap follows;
    /// - an ideographic variation selector (U+E0100–U+E01EF) right after a CJK ideograph (a family name's
    ///   registered glyph variant);
    /// - the tag characters of a subdivision flag (🏴 followed by tags).
    /// Other variation selectors (U+FE00–U+FE0D, Mongolian U+180B–U+180F) are refused.
    func isInvisibleButNeeded(in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        let previous = index > 0 ? scalars[index - 1] : nil
        let next = index + 1 < scalars.count ? scalars[index + 1] : nil
        switch value {
        case 0x200C, 0x200D:
            // The base before may carry marks (a virama, an emoji's variation selector).
            guard let base = scalars[..<index].last(where: { !$0.isCombining }), let next else { return false }
            if value == 0x200D, base.isEmojiInSequence, next.isEmojiInSequence { return true }
            return base.isLetterOfAJoiningScript && next.isLetterOfAJoiningScript
        case 0xFE0E, 0xFE0F:
            guard let previous else { return false }
            if previous.isASCII { return "0123456789#*".unicodeScalars.contains(previous) && next == "\u{20E3}" }
            return previous.properties.isEmoji
        case 0xE0100...0xE01EF:
            return previous?.properties.isIdeographic == true
        case 0xE0020...0xE007F:
            guard let previous else { return false }
            return previous.isTag || previous.value == 0x1F3F4
        default:
            return false
        }
    }

    /// An emoji that can stand in a ZWJ sequence (not a digit, `#` or `*`, which are emoji only in keycaps).
    var isEmojiInSequence: Bool { !isASCII && properties.isEmoji }

    /// A letter or mark of a script that spells with zero-width joiners and non-joiners: Arabic, Syriac,
    /// Thaana, N'Ko and their extensions (Persian, Urdu, Kurdish), the Indic scripts from Devanagari to
    /// Sinhala, Tibetan, Myanmar, Khmer, Mongolian, and the Indic blocks beyond the first plane.
    var isLetterOfAJoiningScript: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark,
            .spacingMark:
            break
        default:
            return false
        }
        switch value {
        case 0x0600...0x08FF, 0x0900...0x0DFF, 0x0F00...0x0FFF, 0x1000...0x109F, 0x1780...0x18AF,
            0xA800...0xA8FF, 0xA980...0xAAFF, 0xABC0...0xABFF, 0xFB50...0xFDFF, 0xFE70...0xFEFF,
            0x10A00...0x10A5F, 0x11000...0x11FFF:
            return true
        default:
            return false
        }
    }

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
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
