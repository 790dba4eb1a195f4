import LineupCore

/// The crew rules' findings in words: the sentence `lineup check`, `show`, the editor and the page list,
/// and the short note a drawn seat carries.
public enum RulesWords {
    /// `a stroke`, `an engine`: the role's name after its article.
    static func withArticle(_ word: String) -> String {
        ("aeiou".contains(word.first ?? "x") ? "an " : "a ") + word
    }

    /// `Ann Lee paddles on the left but sits at R3`, naming who and where.
    public static func message(_ finding: RuleFinding) -> String {
        switch finding.kind {
        case .paddlerCount(let count, let allowed, let rules):
            return "\(count) paddlers in the rows; \(rules) needs \(allowed.lowerBound) to \(allowed.upperBound)"
        case .emptyEnd(let seat):
            return "no \(role(seat)) (\(seat) is empty)"
        case .notAble(let name, let seat):
            return "\(name) is the \(role(seat)) but is not marked as able to \(verb(seat))"
        case .notWomen(let names):
            return "\(names.joined(separator: ", ")) \(names.count == 1 ? "is not a woman" : "are not women"), and "
                + "the women's rules take women only"
        case .sexCount(let sex, let count, let allowed, let rules, let countsEnds):
            let people =
                sex == .female ? ListWords.count(count, "woman", "women") : ListWords.count(count, "man", "men")
            return "\(people) \(countsEnds ? "in the crew" : "among the paddlers"); "
                + "\(rules) needs \(allowed.lowerBound) to \(allowed.upperBound) of each"
        case .sexNotCounted(let names):
            return "not counted as women or men (sex X): \(names.joined(separator: ", "))"
        case .sexUnknown(let names):
            return "sex unknown, so not counted: \(names.joined(separator: ", "))"
        case .wrongSide(let name, let side, let seat):
            return "\(name) paddles on the \(side.rawValue) but sits at \(seat)"
        case .inactive(let name, let seat):
            return "\(name) is marked inactive but sits at \(seat)"
        case .weightUnknown(let names):
            return "weight unknown, so the balance counts 0 kg for: "
                + zip(names, finding.places).map { "\($0) (\($1))" }.joined(separator: ", ")
        case .rowExcluded(let name, let rows, let seat):
            return "\(name) sits in row \(seat.row ?? 0) but may sit only in \(rowsPhrase(rows))"
        case .roleMismatch(let name, let role, let wanted, let seat):
            return
                "\(name) is \(withArticle(role.rawValue)) paddler but sits at \(seat), \(withArticle(wanted.rawValue)) row"
        case .outsidePreferredRows(let name, let rows, let seat):
            return "\(name) prefers \(rowsPhrase(rows)) but sits at \(seat)"
        case .emptyRowSeats(let empty, let paddlers, let seats):
            return "\(empty.map(\.description).joined(separator: ", ")) \(empty.count == 1 ? "is" : "are") empty: "
                + "\(paddlers) of \(seats) paddling (the rules allow it)"
        }
    }

    /// What the finding says about each of its seats without naming anyone, for a mark on a drawn seat
    /// (`paddles on the left`, `weight unknown`); nil when it concerns no particular seat.
    public static func seatNote(_ finding: RuleFinding) -> String? {
        switch finding.kind {
        case .paddlerCount, .sexCount, .emptyRowSeats: nil
        case .emptyEnd(let seat): "no \(role(seat))"
        case .notAble(_, let seat): "not marked able to \(verb(seat))"
        case .notWomen: "not a woman: women's rules"
        case .sexNotCounted: "sex X: not counted"
        case .sexUnknown: "sex unknown"
        case .wrongSide(_, let side, _): "paddles on the \(side.rawValue)"
        case .inactive: "inactive"
        case .weightUnknown: "weight unknown"
        case .rowExcluded(_, let rows, _): "may sit only in \(rowsPhrase(rows))"
        case .roleMismatch(_, let role, _, _): "\(role.rawValue) paddler"
        case .outsidePreferredRows(_, let rows, _): "prefers \(rowsPhrase(rows))"
        }
    }

    /// `row 1`, `rows 2–10`, `rows 1,3–5`.
    static func rowsPhrase(_ rows: RowSet) -> String {
        (rows.rows.count == 1 ? "row " : "rows ") + RosterWords.rows(rows)
    }

    static func role(_ seat: Place) -> String { seat == .drummer ? "drummer" : "steerer" }

    static func verb(_ seat: Place) -> String { seat == .drummer ? "drum" : "steer" }
}

extension RuleFinding {
    /// The finding in words (`RulesWords.message`).
    public var message: String { RulesWords.message(self) }
    /// What it says about each of its seats (`RulesWords.seatNote`).
    public var seatNote: String? { RulesWords.seatNote(self) }
}
