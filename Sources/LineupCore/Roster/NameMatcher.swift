/// Finds which paddler or boat a typed name means, the way a coach types names: the whole name in any
/// case or Unicode spelling; else, unless an exact name is required, a unique first name, surname or the
/// start of one ("maya", "chen", "ma ch"); and when nothing matches, the closest names to suggest.
///
/// Tiers, first that finds anything wins:
/// 1. the whole name (by `PaddlerRules.nameKey`: case, NFC and spacing do not matter);
/// 2. whole words: the typed words are whole words of the name, in order ("maya" for "Maya Chen");
/// 3. word starts: each typed word starts a word of the name, in order ("ma ch"), from two characters on;
/// 4. the same three again with accents and apostrophes left out on both sides, as a coach types on a
///    phone ("jose" for "José García", "obrien" for "Seán O'Brien", "bjorn" for "Björn Øster").
/// Within a tier one candidate is a match and several are ambiguous. Suggestions are the names within a
/// small edit distance (typos: a third of the length, at least one) of the whole name or of one word.
public struct NameMatcher<ID: Hashable & Sendable>: Sendable {
    /// What a typed name matched.
    public enum Match: Equatable, Sendable {
        /// One candidate; `exact` when the whole name was typed.
        case found(ID, name: String, exact: Bool)
        /// Several candidates fit equally well; their names, sorted.
        case ambiguous([String])
        /// Nothing fits; the closest names, best first (possibly none).
        case notFound(suggestions: [String])
        /// Only the whole name was to match (`exactOnly`), and `typed` is part of these names.
        case partOfNames([String])
    }

    struct Candidate: Sendable {
        var id: ID
        var name: String
        var key: String
        var words: [Substring]
        /// The key without accents and apostrophes (tier 4).
        var folded: String
        var foldedWords: [Substring]
    }

    let candidates: [Candidate]

    /// The shortest typed text matched by the start of a word (one letter would pick almost anyone).
    public static var minimumPrefixLength: Int { 2 }
    /// How many names a "did you mean" offers at most.
    public static var maximumSuggestions: Int { 3 }

    public init(_ names: some Sequence<(id: ID, name: String)>) {
        candidates = names.map { id, name in
            let key = PaddlerRules.nameKey(name)
            let folded = Self.folded(key)
            return Candidate(
                id: id, name: name, key: key, words: Self.words(of: key), folded: folded,
                foldedWords: Self.words(of: folded))
        }
    }

    /// The candidate `typed` names. With `exactOnly` (for what cannot be undone, such as removing), only the
    /// whole name matches, and the names it is part of are reported instead.
    public func match(_ typed: String, exactOnly: Bool = false) -> Match {
        let key = PaddlerRules.nameKey(typed)
        let exact = candidates.filter { $0.key == key }
        if exact.count == 1 { return .found(exact[0].id, name: exact[0].name, exact: true) }
        if exact.count > 1 { return .ambiguous(exact.map(\.name).sorted()) }
        let typedWords = Self.words(of: key)
        guard !typedWords.isEmpty else { return .notFound(suggestions: []) }
        let wholeWords = candidates.filter { Self.contains(typedWords, in: $0.words, wholeWords: true) }
        let wordStarts =
            key.unicodeScalars.count < Self.minimumPrefixLength
            ? [] : candidates.filter { Self.contains(typedWords, in: $0.words, wholeWords: false) }
        var partial = wholeWords.isEmpty ? wordStarts : wholeWords
        if partial.isEmpty {
            partial = foldedMatches(Self.folded(key))
        }
        if exactOnly {
            return partial.isEmpty
                ? .notFound(suggestions: suggestions(for: key, excluding: []))
                : .partOfNames(partial.map(\.name).sorted())
        }
        switch partial.count {
        case 1: return .found(partial[0].id, name: partial[0].name, exact: false)
        case 0: return .notFound(suggestions: suggestions(for: key, excluding: []))
        default: return .ambiguous(partial.map(\.name).sorted())
        }
    }

    /// Tier 4: the tiers above on keys without accents and apostrophes.
    func foldedMatches(_ folded: String) -> [Candidate] {
        let exact = candidates.filter { $0.folded == folded }
        if !exact.isEmpty { return exact }
        let typedWords = Self.words(of: folded)
        guard !typedWords.isEmpty else { return [] }
        let wholeWords = candidates.filter { Self.contains(typedWords, in: $0.foldedWords, wholeWords: true) }
        if !wholeWords.isEmpty || folded.unicodeScalars.count < Self.minimumPrefixLength { return wholeWords }
        return candidates.filter { Self.contains(typedWords, in: $0.foldedWords, wholeWords: false) }
    }

    /// A name key without accents and apostrophes: combining marks dropped; a Latin letter with a mark
    /// (é, ø, ł) as its base letter, read from the character's Unicode name (the standard library has no
    /// decomposition, and this layer imports nothing); ß, æ, œ spelled out.
    static func folded(_ key: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in key.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark: continue
            default: break
            }
            switch scalar {
            case "'", "’", "‘", "`", "´", ".": continue
            case "ß": result.append(contentsOf: "ss".unicodeScalars)
            case "æ": result.append(contentsOf: "ae".unicodeScalars)
            case "œ": result.append(contentsOf: "oe".unicodeScalars)
            default:
                if scalar.value >= 0xC0, let base = latinBase(scalar) {
                    result.append(base)
                } else {
                    result.append(scalar)
                }
            }
        }
        return String(result)
    }

    /// The base letter of a Latin letter with a mark, from its name: "LATIN SMALL LETTER O WITH STROKE" → o.
    static func latinBase(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let name = scalar.properties.name, name.hasPrefix("LATIN "), name.contains(" WITH "),
            let letter = name.split(separator: " ").drop(while: { $0 != "LETTER" }).dropFirst().first,
            letter.count == 1, let base = letter.unicodeScalars.first, base.isASCII
        else { return nil }
        return name.contains(" SMALL ") ? Unicode.Scalar(base.value | 0x20) : base
    }

    /// The names `typed` could have meant: those it starts a word of, then those a typo away, at most
    /// `maximumSuggestions`. For "did you mean" where nothing is chosen for the user (a subcommand).
    public func suggestions(for typed: String) -> [String] {
        let key = PaddlerRules.nameKey(typed)
        let typedWords = Self.words(of: key)
        let starts =
            key.unicodeScalars.count < Self.minimumPrefixLength || typedWords.isEmpty
            ? [] : candidates.filter { Self.contains(typedWords, in: $0.words, wholeWords: false) }.map(\.name)
        return Array((starts + suggestions(for: key, excluding: Set(starts))).prefix(Self.maximumSuggestions))
    }

    /// Names within a typo's distance of `key`, closest first.
    func suggestions(for key: String, excluding: Set<String>) -> [String] {
        let typed = Array(key.unicodeScalars)
        let allowed = max(1, typed.count / 3)
        let scored = candidates.compactMap { candidate -> (distance: Int, name: String)? in
            guard !excluding.contains(candidate.name) else { return nil }
            let targets = [Substring(candidate.key)] + candidate.words
            let distance = targets.map { Self.editDistance(typed, Array($0.unicodeScalars), limit: allowed) }.min()
            guard let distance, distance <= allowed else { return nil }
            return (distance, candidate.name)
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(Self.maximumSuggestions)
            .map(\.name)
    }

    /// The words of a name key: split at spaces and hyphens ("Jean-Luc" has two).
    static func words(of key: String) -> [Substring] {
        key.split { $0 == " " || $0 == "-" }
    }

    /// True when `typed` are words of `words` in order (`wholeWords`), or starts of them.
    static func contains(_ typed: [Substring], in words: [Substring], wholeWords: Bool) -> Bool {
        var remaining = words[...]
        for part in typed {
            guard
                let found = remaining.firstIndex(where: {
                    wholeWords ? $0 == part : $0.unicodeScalars.starts(with: part.unicodeScalars)
                })
            else { return false }
            remaining = remaining[(found + 1)...]
        }
        return true
    }

    /// The Damerau–Levenshtein distance (adjacent transpositions count one), in code points; anything
    /// beyond `limit` is reported as `limit + 1`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousRow = [Int](0...b.count)
        var beforePrevious = previousRow
        var row = previousRow
        for i in 1...a.count {
            row[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                row[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previousRow) = (previousRow, row)
        }
        return min(previousRow[b.count], limit + 1)
    }
}
