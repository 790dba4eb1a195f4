import LineupCore
import LineupStore

/// The seat chart `lineup show` prints: drummer, rows as left | right pairs, steerer, bench, balance.
struct LineupChart {
    let state: BoatState

    /// Names longer than this are cut in the chart.
    static let nameWidth = 22

    func render() -> String {
        let lineup = state.lineup
        var lines: [String] = []
        lines.append(
            Terminal.bold("\(state.boat.name)")
                + Terminal.dim("  \(state.boat.kind.rawValue) boat, \(lineup.kind.rowCount) rows"))
        lines.append("")
        let seatWidth = 4 + Self.nameWidth + 7
        // Drummer and steerer sit on the boat's centre line, whatever their cell holds.
        let centre = "        " + String(repeating: " ", count: (seatWidth + 3 - "drummer  ".count) / 2)
        lines.append(centre + "drummer  " + cell(.drummer))
        lines.append("   row  " + pad("left", seatWidth) + "   " + "right")
        for row in 1...lineup.kind.rowCount {
            lines.append(
                "   " + pad(String(row), 3, right: true) + "  " + pad(cell(.left(row: row)), seatWidth) + " | "
                    + cell(.right(row: row)))
        }
        lines.append(centre + "steerer  " + cell(.steerer))
        lines.append("")
        if lineup.bench.isEmpty {
            lines.append("Bench: empty")
        } else {
            lines.append("Bench (\(lineup.bench.count)):")
            for (index, _) in lineup.bench.enumerated() {
                lines.append("   " + cell(.bench(position: index + 1)))
            }
        }
        lines.append("")
        lines += BalanceText(sums: state.balance, state: state).lines
        if !lineup.lockedSeats.isEmpty {
            lines.append(
                "Locked seats: " + lineup.lockedSeats.sorted().map(\.description).joined(separator: ", ")
                    + Terminal.dim("  (shown in [brackets])"))
        }
        return lines.joined(separator: "\n")
    }

    /// `L3  Ann Example   62.5`, with the seat in brackets when locked and `-` for an empty seat.
    private func cell(_ place: Place) -> String {
        let reference = state.lineup.isLocked(place) ? "[\(place)]" : "\(place)"
        guard let paddler = state.paddler(at: place) else { return pad(reference, 5) + Terminal.dim("-") }
        let weight = paddler.weightKg.map(PaddlerRules.formatWeight) ?? "?"
        return pad(reference, 5) + pad(truncated(paddler.name), Self.nameWidth) + " " + pad(weight, 5, right: true)
    }

    private func truncated(_ name: String) -> String {
        name.count > Self.nameWidth ? String(name.prefix(Self.nameWidth - 1)) + "…" : name
    }
}

/// The balance lines shared by `show` and the commands that change a lineup.
struct BalanceText {
    let sums: BalanceSums
    let state: BoatState

    var lines: [String] {
        var lines = [
            "Balance  left \(kg(sums.leftKg))  right \(kg(sums.rightKg))  "
                + lean(sums.rightMinusLeftKg, positive: "right-heavy", negative: "left-heavy"),
            "         front \(kg(sums.frontKg))  back \(kg(sums.backKg))  "
                + lean(sums.frontMinusBackKg, positive: "bow-heavy", negative: "stern-heavy"),
        ]
        if !sums.unknownWeights.isEmpty {
            let who = sums.unknownWeights.map { place in
                "\(place) \(state.paddler(at: place)?.name ?? "?")"
            }
            lines.append(Terminal.warning("Unknown weight (counted as 0): ") + who.joined(separator: ", "))
        }
        return lines
    }

    private func kg(_ value: Double) -> String { PaddlerRules.formatWeight(value) + " kg" }

    private func lean(_ difference: Double, positive: String, negative: String) -> String {
        let rounded = (difference * 10).rounded() / 10
        if rounded == 0 { return "(level)" }
        return "(\(rounded > 0 ? positive : negative) by \(kg(abs(rounded))))"
    }
}

/// `text` padded with spaces to `width` characters (never cut), on the left with `right`.
func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
    let visible = text.visibleCount
    guard visible < width else { return text }
    let padding = String(repeating: " ", count: width - visible)
    return right ? padding + text : text + padding
}

extension String {
    /// The number of characters a terminal shows, leaving out colour escape sequences.
    var visibleCount: Int {
        var count = 0
        var inEscape = false
        for character in self {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                count += 1
            }
        }
        return count
    }
}
