import LineupCore
import LineupStore

/// Balance figures of one or more lineups side by side, one column each: imbalance, moments and sums.
/// `optimize` shows before and after, `diff` two boats.
enum BalanceFigures {
    /// The table's lines: a header of column titles, then one row per figure; each column `width` wide.
    static func table(_ columns: [(title: String, state: BoatState)], width: Int) -> [String] {
        let rows: [(String, (BoatState) -> String)] = [
            ("imbalance", { kg($0.moments.imbalanceKg($0.balanceModel, kind: $0.boat.kind)) }),
            ("trim (kg·m, + bow)", { BalanceText.signed($0.moments.trimKgM) }),
            ("list (kg·m, + right)", { BalanceText.signed($0.moments.listKgM) }),
            ("left / right (kg)", { pair($0.balance.leftKg, $0.balance.rightKg) }),
            ("front / back (kg)", { pair($0.balance.frontKg, $0.balance.backKg) }),
        ]
        let header = pad("", 22) + columns.map { pad($0.title, width, right: true) }.joined()
        return [header]
            + rows.map { label, value in
                pad(label, 22) + columns.map { pad(value($0.state), width, right: true) }.joined()
            }
    }

    /// Kilograms to one decimal: `15.5 kg`.
    static func kg(_ value: Double) -> String { PaddlerRules.formatWeight((value * 10).rounded() / 10) + " kg" }

    private static func pair(_ first: Double, _ second: Double) -> String {
        "\(PaddlerRules.formatWeight(first)) / \(PaddlerRules.formatWeight(second))"
    }
}
