import LineupCore

/// Balance figures of one or more lineups side by side, one column each: the verdict per axis in the
/// words of `show`, the optimizer's one-figure imbalance, the moments and the sums. `optimize` shows
/// before and after, `diff` two boats.
public enum BalanceFigures {
    /// The table's lines: a header of column titles, then one row per figure; each column `width` wide, or
    /// wider to keep two spaces before its widest cell.
    public static func table(
        _ columns: [(title: String, state: BoatState)], width: Int, format: WeightFormat = .kilograms
    ) -> [String] {
        let rows: [(String, (BoatState) -> String)] = [
            ("front/back", { BalanceWords.short($0.verdict(format).trim, format: format) }),
            ("left/right", { BalanceWords.short($0.verdict(format).list, format: format) }),
            ("imbalance (combined)", { BalanceWords.imbalance($0.imbalanceKg, format: format) }),
            ("trim (kg·m, + bow)", { BalanceWords.signed($0.moments.trimKgM) }),
            ("list (kg·m, + right)", { BalanceWords.signed($0.moments.listKgM) }),
            ("sums front / back", { pair($0.shownSums(format).frontKg, $0.shownSums(format).backKg, format) }),
            ("sums left / right", { pair($0.shownSums(format).leftKg, $0.shownSums(format).rightKg, format) }),
        ]
        let cells = columns.map { column in rows.map { $0.1(column.state) } }
        // A column is at least `width` wide and two spaces wider than its widest cell, so cells never touch.
        let widths = zip(columns, cells).map { column, cells in
            max(width, (cells + [column.title]).map(TextLayout.width).max().map { $0 + 2 } ?? 0)
        }
        let header =
            TextLayout.pad("", 22)
            + zip(columns, widths).map { TextLayout.pad($0.title, $1, right: true) }.joined()
        return [header]
            + rows.indices.map { row in
                TextLayout.pad(rows[row].0, 22)
                    + cells.indices.map { TextLayout.pad(cells[$0][row], widths[$0], right: true) }.joined()
            }
    }

    private static func pair(_ first: Double, _ second: Double, _ format: WeightFormat) -> String {
        "\(format.number(first)) / \(format.number(second))"
    }
}
