import LineupCore

/// The seat chart `lineup show` prints: drummer, rows as left | right pairs, steerer, bench, the balance
/// verdict, the crew-rule findings, and who sits in a race of the boat they are not there for.
public struct LineupChart {
    public let state: BoatState
    public var format: WeightFormat
    public var style: TextStyle
    /// Also list the paddlers' notes, under the chart.
    public var showsNotes: Bool

    /// Names longer than this are cut (with `…`) in the chart.
    static let nameWidth = 22

    public init(
        state: BoatState, format: WeightFormat = .kilograms, style: TextStyle = .plain, showsNotes: Bool = false
    ) {
        self.state = state
        self.format = format
        self.style = style
        self.showsNotes = showsNotes
    }

    public func render() -> String {
        let lineup = state.lineup
        var lines: [String] = []
        lines.append(
            style.bold(state.boat.name.terminalSafe)
                + style.dim(
                    "  \(state.boat.kind.rawValue) boat, \(lineup.kind.rowCount) rows, \(state.rules.name) rules"))
        lines.append("")
        let seatWidth = 4 + Self.nameWidth + 7
        // Drummer and steerer sit on the boat's centre line, whatever their cell holds.
        let centre = "        " + String(repeating: " ", count: (seatWidth + 3 - "drummer  ".count) / 2)
        lines.append(centre + "drummer  " + cell(.drummer))
        lines.append("   row  " + TextLayout.pad("left", seatWidth) + "   " + "right")
        for row in 1...lineup.kind.rowCount {
            lines.append(
                "   " + TextLayout.pad(String(row), 3, right: true) + "  "
                    + TextLayout.pad(cell(.left(row: row)), seatWidth) + " | " + cell(.right(row: row)))
        }
        lines.append(centre + "steerer  " + cell(.steerer))
        lines.append("")
        if lineup.bench.isEmpty {
            lines.append("Bench: empty")
        } else {
            lines.append("Bench (\(lineup.bench.count)):")
            for index in lineup.bench.indices {
                let place = Place.bench(position: index + 1)
                // An inactive paddler stays on a bench only when a change put them back there (an undo).
                let inactive = state.paddler(at: place)?.isActive == false ? style.dim("  (inactive)") : ""
                lines.append("   " + cell(place) + inactive)
            }
        }
        lines.append("")
        // The crew-rule findings below list unknown weights, so the balance block does not repeat them.
        lines += BalanceText(state: state, format: format, listingUnknownWeights: false).lines(style: style)
        if !lineup.lockedSeats.isEmpty {
            lines.append(
                "Locked seats: " + lineup.lockedSeats.sorted().map(\.description).joinedText(separator: ", ")
                    + style.dim("  (shown in [brackets])"))
        }
        lines += RulesText(rules: state.rules, findings: state.findings).lines(style: style)
        lines += RacesText.lines(state.problemsInRaces(), style: style)
        if showsNotes { lines += notes() }
        return lines.joinedText(separator: "\n")
    }

    /// `L3  Ann Example   62.5`, with the seat in brackets when locked and `-` for an empty seat.
    private func cell(_ place: Place) -> String {
        let reference = state.lineup.isLocked(place) ? "[\(place)]" : "\(place)"
        guard let paddler = state.paddler(at: place) else { return TextLayout.pad(reference, 5) + style.dim("-") }
        let weight = paddler.weightKg.map(format.number) ?? "?"
        return TextLayout.pad(reference, 5)
            + TextLayout.pad(TextLayout.field(paddler.name, Self.nameWidth), Self.nameWidth)
            + " " + TextLayout.pad(weight, 5, right: true)
    }

    /// The notes of everyone in the boat, seats first.
    private func notes() -> [String] {
        let noted = state.lineup.placements.compactMap { paddler, place -> String? in
            guard let paddler = state.roster[paddler], !paddler.notes.isEmpty else { return nil }
            return "   " + TextLayout.pad(place.description, 5) + paddler.name.terminalSafe + ": "
                + paddler.notes.terminalSafe
        }
        return ["", noted.isEmpty ? "Notes: none" : "Notes:"] + noted
    }
}

extension BoatState {
    /// What the boat's own crew rules find in its lineup, with notes on seat roles against the rows' wanted
    /// roles.
    public var findings: [RuleFinding] { findings(of: lineup) }

    /// What the boat's own crew rules find in `lineup` (another lineup of this boat, such as the one before a
    /// change), with the role notes, counted as `lineup check` counts them (`RuleFinding.forRaceDay`): an
    /// inactive paddler seated and a paddler in a row they may not sit in are broken rules wherever a
    /// front end shows them.
    public func findings(of lineup: Lineup) -> [RuleFinding] {
        RuleFinding.forRaceDay(lineup.check(rules, roster: roster, wantedRoles: boat.wantedRoles))
    }
}
