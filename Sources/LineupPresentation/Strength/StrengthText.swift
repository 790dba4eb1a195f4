import LineupCore

/// The words of `roster rank`, `trial list` and `seat-race list`.
public enum StrengthText {
    /// Seconds as a coach writes them: `1:02:05.3` from an hour up, `2:05.3` from a minute up, `58.4` below.
    public static func time(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        let hours = tenths / 36000
        let minutes = tenths % 36000 / 600
        let rest = tenths % 600
        let secondsText = (hours > 0 || minutes > 0) && rest < 100 ? "0" : ""
        let secondsPart = secondsText + "\(rest / 10).\(rest % 10)"
        if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + secondsPart }
        guard minutes > 0 else { return secondsPart }
        return "\(minutes):" + secondsPart
    }

    /// A number of seconds to one decimal, for gaps and totals.
    public static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// The line saying who of a seat race is no longer on the roster; nil when everyone is.
    public static func removedPaddlers(of session: SeatRaceSession) -> String? {
        guard !session.removed.isEmpty else { return nil }
        return "  missing a paddler: " + session.removed.sorted().map(\.terminalSafe).joined(separator: ", ")
            + " (removed from the roster; swaps crediting them are left out of rankings)"
    }

    /// The line naming the seat races that cannot be read any more (a paddler of theirs was removed from the
    /// roster before removals kept their seats), left out of every ranking; nil when there are none.
    public static func unreadableSeatRaces(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        return "Left out (a paddler of a swap is no longer on the roster): "
            + names.map(\.terminalSafe).joined(separator: ", ")
            + "; `lineup seat-race delete NAME` removes one, or record it again"
    }

    /// The reply to a trial recorded: how many times, and how many of them rank paddlers (only a paddler's
    /// time alone does; a crew's time is kept for the record).
    public static func trialRecorded(_ trial: TimeTrial) -> String {
        let count = trial.results.count
        let solo = trial.results.filter { $0.paddlers.count == 1 }.count
        let head =
            "Recorded trial \"\(trial.name.terminalSafe)\" (\(trial.distanceMetres) m) with \(count) "
            + (count == 1 ? "time" : "times")
        switch solo {
        case count: return head + "; see `lineup roster rank`."
        case 0:
            return head + ", all of crews: they are kept, but only a paddler's time alone ranks paddlers, so "
                + "`lineup roster rank` does not change."
        default:
            return head + "; the \(solo) of one paddler alone rank paddlers (see `lineup roster rank`), the crews' "
                + "are kept for the record."
        }
    }

    /// The lines of one side's combined ranking: the placed paddlers numbered by the places the optimizer
    /// counts, then those nothing places against them, marked `-`.
    public static func ranking(_ ranking: StrengthRanking) -> [String] {
        var lines = ["\(ranking.side.rawValue.capitalized) side:"]
        guard !ranking.entries.isEmpty else { return lines + ["  nobody"] }
        let width = ranking.entries.map { TextLayout.width($0.name.terminalSafe) }.max() ?? 0
        let places = max("\(ranking.entries.compactMap(\.place).max() ?? 0)".count, 1)
        let figures = ranking.entries.map(figure)
        let figureWidth = figures.map(TextLayout.width).max() ?? 0
        for (index, entry) in ranking.entries.enumerated() {
            if entry.place == nil, let group = entry.group,
                index == 0 || ranking.entries[index - 1].group != group || ranking.entries[index - 1].place != nil
            {
                lines.append("  not placed (no seat race or trial links them to those above):")
            }
            let place = entry.place.map { "\($0)." } ?? "-"
            let note: String
            switch (entry.evidence, entry.place) {
            case (.seatRacing, nil): note = " within their seat-race group"
            case (.seatRacing, _) where entry.isPlacedByTrials:
                note =
                    " (seat races not linked to the first group: placed by \(entry.pace == nil ? "its" : "their") trials)"
            default: note = ""
            }
            lines.append(
                "  " + String(repeating: " ", count: places + 1 - place.count) + place + " "
                    + TextLayout.pad(entry.name.terminalSafe, width) + "  "
                    + TextLayout.pad(figures[index], figureWidth) + "  " + entry.confidence.rawValue + note)
        }
        return lines
    }

    /// What the figures of `roster rank` are, and what its numbers are for.
    public static let rankingLegend = [
        "Seat racing: seconds per piece ahead of the slowest of the paddler's linked seat-race group.",
        "Trials: best time per 500 m. The numbers are the places `lineup optimize --objective strength` counts.",
    ]

    /// What `roster rank` says when nobody has any evidence.
    public static let noEvidenceYet =
        "Nobody has evidence yet: `lineup trial add` records a time trial, `lineup seat-race add` a seat race."

    /// An entry's figures: its seat-race score, its best trial pace, or both; `-` without evidence.
    static func figure(_ entry: StrengthRanking.Entry) -> String {
        let pace = entry.pace.map { time($0) + " /500 m" }
        switch entry.evidence {
        case .seatRacing:
            let score = entry.value.map { "+" + seconds($0) + " s (seat racing)" } ?? ""
            return pace.map { score + ", " + $0 } ?? score
        case .trials: return (pace ?? entry.value.map { time($0) + " /500 m" } ?? "") + " (trials)"
        case .none: return "-"
        }
    }

    /// The first line of a seat race in `seat-race list` and `seat-race show`: its pieces, crews and reading.
    public static func seatRaceHeading(_ session: SeatRaceSession, firstCrew: String, secondCrew: String) -> String {
        "\(session.name.terminalSafe)  \(session.pieces.count) pieces, crews \(firstCrew.terminalSafe) and "
            + "\(secondCrew.terminalSafe), read " + (session.swapsOneAtATime ? "swap by swap" : "by total times")
    }

    /// A seat race's lines in `seat-race list` and `seat-race show`: the heading, who is missing, its
    /// comparisons (listed one by one, or counted) and its ranking per side.
    public static func seatRaceLines(
        _ session: SeatRaceSession, firstCrew: String, secondCrew: String, listingComparisons: Bool
    ) -> [String] {
        var lines = [seatRaceHeading(session, firstCrew: firstCrew, secondCrew: secondCrew)]
        if let missing = removedPaddlers(of: session) { lines.append(missing) }
        if listingComparisons {
            lines += (session.swapsOneAtATime ? session.swapComparisons : []).map { "  " + comparison($0) }
        } else if let count = comparisonCount(session, count: session.swapComparisonCount) {
            // Counted, not made: a long session makes hundreds of thousands.
            lines.append(count)
        }
        for side in SeatRaceSide.allCases where !session.paddlers(on: side).isEmpty {
            lines.append("  \(side.rawValue.capitalized) side:")
            lines += seatRace(session, side: side)
        }
        return lines
    }

    /// Why `seat-race show` shows nothing, with what to do instead: the seat race cannot be read, the name is
    /// a time trial's, or nothing has it. Any other refusal reads as the error itself says it.
    public static func seatRaceShowRefusal(_ error: StrengthError) -> String {
        switch error {
        case .unreadableSeatRace(let name):
            return "the seat race \"\(name.truncatedForMessage)\" cannot be read: a paddler of a swap is no longer "
                + "on the roster; `lineup seat-race delete` removes it, or record it again"
        case .otherKind(let name, isSeatRace: false):
            return "\"\(name.truncatedForMessage)\" is a time trial, not a seat race: see `lineup trial list`"
        case .unknownSeatRace(let name):
            return "there is no seat race named \"\(name.truncatedForMessage)\": `lineup seat-race list` lists them"
        default:
            return error.description
        }
    }

    /// The line of `seat-race list` counting a seat race's one-swap comparisons (one per pair of pieces one
    /// swap apart: thousands for a long session) and saying where they are listed; nil when read by totals.
    public static func comparisonCount(_ session: SeatRaceSession, count: Int) -> String? {
        guard session.swapsOneAtATime else { return nil }
        // Quoted for a shell only when it needs it: `show May`, `show 'May 12'`.
        let plain = session.name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.,:@+".contains($0)) }
        let shell = plain ? session.name : "'" + session.name.replacing("'", with: "'\\''") + "'"
        return "  \(count) " + (count == 1 ? "comparison" : "comparisons")
            + " of pieces one swap apart; `lineup seat-race show \(shell.terminalSafe)` lists them"
    }

    /// One comparison of a seat race: who was faster by how much, or a tie when that rounds to 0.0 s.
    public static func comparison(_ comparison: SwapComparison) -> String {
        let pieces = "pieces \(comparison.pieces.map(String.init).joined(separator: " and ")): "
        let faster = comparison.faster.terminalSafe
        let slower = comparison.slower.terminalSafe
        guard seconds(comparison.seconds) != "0.0" else { return pieces + "\(faster) and \(slower) tied" }
        return pieces + "\(faster) faster than \(slower) by \(seconds(comparison.seconds)) s"
    }

    /// One seat race's own reading: comparisons and ranking swap by swap, or totals.
    public static func seatRace(_ session: SeatRaceSession, side: SeatRaceSide) -> [String] {
        var lines: [String] = []
        if session.swapsOneAtATime {
            let ranking = SwapRanking(
                side: side, comparisons: session.rankedComparisons(on: side), everyone: session.rankedPaddlers(on: side)
            )
            for (index, entry) in ranking.entries.enumerated() {
                // Groups no comparison links are not ordered against each other, as `roster rank` says.
                if index > 0 && ranking.entries[index - 1].group != entry.group {
                    lines.append("    not compared with those above (no swap links them):")
                }
                let gap = entry.aheadOfNext.map { " (ahead of the next by \(seconds($0)) s)" } ?? ""
                lines.append("    \(entry.name.terminalSafe)\(gap)")
            }
            if !ranking.notRanked.isEmpty {
                lines.append(
                    "    not ranked (never swapped): " + ranking.notRanked.map(\.terminalSafe).joined(separator: ", "))
            }
        } else {
            let entries = TotalsRanking(session: session, side: side).entries.filter {
                !session.removed.contains($0.name)
            }
            // Names padded and totals right-aligned, as the other tables line up their columns.
            let nameWidth = entries.map { TextLayout.width($0.name.terminalSafe) }.max() ?? 0
            let totalWidth = entries.map { seconds($0.total).count }.max() ?? 0
            for entry in entries {
                let close = entry.tooCloseToPrevious ? "  too close to call with the one above" : ""
                lines.append(
                    "    " + TextLayout.pad(entry.name.terminalSafe, nameWidth) + "  total "
                        + TextLayout.pad(seconds(entry.total), totalWidth, right: true) + " s" + close)
            }
        }
        return lines
    }
}
