#if !LINEUP_FUZZ_SINGLE_MODULE
    import LineupCore
#endif

/// The properties the fuzz targets check on every input. The same functions replay the committed
/// corpus and every crasher found in the test suite, so a fixed crash stays fixed.
public enum FuzzChecks {
    /// Roster CSV bytes: reading never crashes; every row it accepts is a valid paddler with a unique
    /// name; and every file the CSV reader accepts reads back the same after being written out again.
    public static func rosterCSV(_ bytes: [UInt8]) -> [String] {
        var violations: [String] = []
        let file = RosterImporter.read(bytes)
        var names = Set<String>()
        for row in file.rows {
            do {
                let valid = try row.draft.validated()
                if valid != row.draft {
                    violations.append("line \(row.line): accepted a draft that validation changes")
                }
            } catch {
                violations.append("line \(row.line): accepted an invalid paddler (\(error))")
            }
            if !names.insert(row.draft.name.lowercased()).inserted {
                violations.append("line \(row.line): accepted a duplicate name '\(row.draft.name)'")
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let records = try? CSVParser.records(in: text) {
            let written = CSVFormat.document(records.map(\.fields))
            do {
                let reread = try CSVParser.records(in: written)
                let unguarded = reread.map { $0.fields.map(CSVFormat.unguarded) }
                if unguarded != records.map(\.fields) {
                    let difference = zip(unguarded, records).first { $0 != $1.fields }
                    violations.append(
                        "a file read, written and read again changed its fields: "
                            + "\(records.count) → \(unguarded.count) records, first difference "
                            + "\(String(reflecting: difference?.1.fields)) → \(String(reflecting: difference?.0))")
                }
            } catch {
                violations.append("the writer produced a file the reader refuses: \(error.message)")
            }
            if zip(records, records.dropFirst()).contains(where: { $0.line >= $1.line }) {
                violations.append("record line numbers do not increase")
            }
        }
        return violations
    }

    /// A place argument: parsing never crashes; a seat reference names a seat of the boat and reads back
    /// the same from its own description; anything else is a trimmed, non-empty name.
    public static func placeReference(_ bytes: [UInt8]) -> [String] {
        var violations: [String] = []
        let text = String(decoding: bytes, as: UTF8.self)
        for kind in BoatKind.allCases {
            let reference: PlaceReference
            do {
                reference = try PlaceReference(parsing: text, kind: kind)
            } catch {
                continue
            }
            switch reference {
            case .place(let place):
                if let row = place.row, !(1...kind.rowCount).contains(row) {
                    violations.append("\(place) is outside a \(kind) boat")
                }
                if case .bench(let position) = place, position < 1 {
                    violations.append("bench position \(position) accepted")
                }
                if (try? PlaceReference(parsing: place.description, kind: kind)) != reference {
                    violations.append("\(place) does not read back from its own description")
                }
            case .endOfBench:
                break
            case .paddler(let name):
                if name.isEmpty || name.first?.isWhitespace == true || name.last?.isWhitespace == true {
                    violations.append("the name '\(name)' is empty or not trimmed")
                }
            }
        }
        return violations
    }
}
