/// The Unicode foldings name keys need and the standard library lacks: compatibility normalization (NFKC)
/// and full case folding, from tables generated out of the Unicode data (`tools/unicode-name-folding.py`),
/// since LineupCore imports nothing, not even Foundation. The tables are read on first use, so a command
/// that only ever sees ASCII names (or none) never reads them.
enum UnicodeNameFolding {
    /// The full compatibility decomposition of every code point whose NFKD differs from its NFD.
    static let compatibility = mapping(from: compatibilityTable)

    /// The full case folding of every code point whose folding differs from its lower-case mapping.
    static let caseFolding = mapping(from: caseFoldingTable)

    /// `text` in Normalization Form KC: NFC after compatibility mappings, so that fullwidth `Ｌ３`, the
    /// Roman numeral `Ⅼ`, the ligature `ﬁ` and a no-break space read as `L3`, `L`, `fi` and a space.
    static func compatibilityComposed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let mapped = compatibility[scalar.value] {
                result.append(contentsOf: mapped)
            } else {
                result.append(scalar)
            }
        }
        // NFC decomposes canonically and reorders marks before composing, so NFC of the mapped text is
        // NFC(NFKD(text)), which is NFKC.
        return String(result).normalizedNFC
    }

    /// `text` with full case folding: `ß` folds to `ss`, `ς` and `Σ` to `σ`, so `JAN STRAUSS` and
    /// `Jan Strauß` fold alike, as do `ΝΊΚΟΣ` and `Νίκος`.
    static func caseFolded(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let folded = caseFolding[scalar.value] {
                result.append(contentsOf: folded)
            } else {
                result.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(result)
    }

    /// The look-alikes of the letters and digits places are written with (`D`, `S`, `L3`, `R10`, `B1`)
    /// that compatibility normalization leaves as they are: Greek, Cyrillic, Cherokee, Lisu, Canadian
    /// syllabics, Armenian and small capitals, from Unicode's confusables list (fullwidth, Roman-numeral
    /// and mathematical forms are already plain letters after NFKC).
    static let placeLookAlikes: [UInt32: Unicode.Scalar] = [
        // B
        0x0392: "B", 0x0412: "B", 0x13F4: "B", 0x15F7: "B", 0xA4D0: "B", 0x0299: "b", 0x0432: "b",
        // D
        0x13A0: "D", 0x15EA: "D", 0xA4D3: "D", 0x1D05: "d", 0x0500: "d", 0x0501: "d",
        // L
        0x13DE: "L", 0x14AA: "L", 0xA4E1: "L", 0x2CD0: "L", 0x029F: "l",
        // R
        0x13A1: "R", 0x13D2: "R", 0x1587: "R", 0xA4E3: "R", 0x01A6: "R", 0x0280: "r",
        // S
        0x0405: "S", 0x0455: "s", 0x13DA: "S", 0x13D5: "S", 0xA4E2: "S", 0x054F: "S", 0xA731: "s",
        // digits
        0x0417: "3", 0x04E0: "3", 0x01B7: "3", 0x13CE: "4", 0x0431: "6",
    ]

    /// What `text` reads as where only the look of the letters counts: NFKC, with the look-alikes of the
    /// place letters and digits made ASCII. Case is left for the place check, which ignores it.
    static func placeSkeleton(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in compatibilityComposed(text).unicodeScalars {
            result.append(placeLookAlikes[scalar.value] ?? scalar)
        }
        return String(result)
    }

    /// The table's `code:mapping;` entries (hexadecimal) as a dictionary.
    private static func mapping(from table: String) -> [UInt32: [Unicode.Scalar]] {
        var result: [UInt32: [Unicode.Scalar]] = [:]
        for entry in table.utf8.split(separator: UInt8(ascii: ";")) {
            let parts = entry.split(separator: UInt8(ascii: ":"))
            guard parts.count == 2, let code = hexadecimal(parts[0]) else { continue }
            result[code] = parts[1].split(separator: UInt8(ascii: " ")).compactMap {
                hexadecimal($0).flatMap(Unicode.Scalar.init)
            }
        }
        return result
    }

    private static func hexadecimal(_ digits: Substring.UTF8View.SubSequence) -> UInt32? {
        UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
    }
}
