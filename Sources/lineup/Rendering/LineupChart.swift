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
        lines += RulesText(rules: state.rules, findings: state.lineup.check(state.rules, roster: state.roster)).lines
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
        let moments = state.moments
        let trimKg = moments.trimAsEndRowKg(state.balanceModel, kind: state.boat.kind)
        let listKg = moments.listAsMiddleSeatKg(state.balanceModel)
        lines += [
            "Moments  trim \(pad(Self.signed(moments.trimKgM), 6, right: true)) kg·m  "
                + Self.level(trimKg, positive: "bow-heavy", negative: "stern-heavy")
                + ", like \(kg(abs(trimKg).rounded())) extra in \(trimKg >= 0 ? "row 1" : "the last row")",
            "         list \(pad(Self.signed(moments.listKgM), 6, right: true)) kg·m  "
                + Self.level(listKg, positive: "right-heavy", negative: "left-heavy")
                + ", like \(kg(abs(listKg).rounded())) extra on the \(listKg >= 0 ? "right" : "left") of a middle row",
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

    /// A moment with its sign, one decimal: `+52.4`, `-3.1`, `0.0`.
    static func signed(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        let text = String(format: "%.1f", abs(rounded))
        return rounded > 0 ? "+" + text : rounded < 0 ? "-" + text : " " + text
    }

    /// The level indicator for a moment given as its equivalent in kilograms at the yardstick seat:
    /// level under 2 kg, slightly off under 8 kg, off beyond.
    static func level(_ equivalentKg: Double, positive: String, negative: String) -> String {
        let size = abs(equivalentKg)
        let side = equivalentKg > 0 ? positive : negative
        if size < 2 { return "level" }
        return size < 8 ? "slightly \(side)" : side
    }

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

/// The crew-rule findings, as `show` and `check` print them.
struct RulesText {
    let rules: CrewRules
    let findings: [RuleFinding]

    var violations: [RuleFinding] { findings.filter { $0.severity == .violation } }
    var warnings: [RuleFinding] { findings.filter { $0.severity == .warning } }

    /// A headline, then one line per finding: `✗` a broken rule, `!` a warning.
    var lines: [String] {
        let broken = violations.count
        let headline: String
        if findings.isEmpty {
            headline = "Rules (\(rules.name)): all kept"
        } else {
            let parts = [
                broken > 0 ? "\(broken) broken" : "all kept",
                warnings.isEmpty ? nil : "\(warnings.count) warning\(warnings.count == 1 ? "" : "s")",
            ]
            headline = "Rules (\(rules.name)): " + parts.compactMap { $0 }.joined(separator: ", ")
        }
        return [headline]
            + violations.map { "  " + Terminal.error("✗") + " " + $0.message }
            + warnings.map { "  " + Terminal.warning("!") + " " + $0.message }
    }
}
