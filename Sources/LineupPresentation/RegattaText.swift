import LineupCore

/// The regatta view `lineup regatta show` prints: the races in time order with their crews and findings,
/// the paddler × race grid (seat and rest before each race), the conflicts, and the fairness figures.
public struct RegattaText {
    public let state: RegattaState
    public var style: TextStyle
    /// The columns the grid keeps within (more races continue in another block); 80 unless a terminal is
    /// known to be wider.
    public var width: Int

    /// Names longer than this are cut (with `…`) in the crews and the grid.
    static let nameWidth = 22

    public init(state: RegattaState, style: TextStyle = .plain, width: Int = 80) {
        self.state = state
        self.style = style
        self.width = width
    }

    public func render() -> String {
        let regatta = state.regatta
        var lines: [String] = []
        lines.append(
            style.bold(regatta.name.terminalSafe)
                + style.dim(
                    "  \(regatta.date), \(regatta.races.count) race\(regatta.races.count == 1 ? "" : "s"), "
                        + "minimum gap \(regatta.minimumGapMinutes) minutes, times local to the regatta"))
        lines.append("")
        if regatta.races.isEmpty {
            lines.append(
                "No races yet; add one with `lineup race add \(regatta.name.shellWord) RACE --at HH:MM`.")
            return lines.joined(separator: "\n")
        }
        for race in regatta.races.indices { lines += raceLines(race) + [""] }
        lines += grid()
        lines.append("")
        lines += conflictLines()
        lines += fairnessLines()
        return lines.joined(separator: "\n")
    }

    /// `09:00  Heat 1  boat "Cup: Heat 1" (standard, idbf-mixed), 20 paddlers`, the crew row by row, findings.
    func raceLines(_ race: Int) -> [String] {
        let regatta = state.regatta
        let info = regatta.races[race]
        let boat = state.boats[info.boat]
        let lineup = regatta.lineup(of: race)
        let rows = Place.seats(of: lineup.kind).filter { $0.row != nil && lineup[$0] != nil }.count
        let shared = regatta.races(ofBoat: info.boat).filter { $0 != race }.map { regatta.races[$0].name }
        var lines = [
            style.bold("\(info.start)  \(info.name.terminalSafe)")
                + "  boat \"\(boat.name.terminalSafe)\" (\(boat.kind.rawValue), \(info.rules.name) rules), \(rows) paddlers"
                + (shared.isEmpty ? "" : style.dim("; same crew as \(shared.joined(separator: ", ").terminalSafe)"))
        ]
        func name(_ place: Place) -> String {
            lineup[place].flatMap { regatta.roster[$0]?.name }.map { TextLayout.field($0, Self.nameWidth) } ?? "-"
        }
        lines.append("       D  " + name(.drummer) + "   S  " + name(.steerer))
        for row in 1...lineup.kind.rowCount {
            lines.append(
                "    " + TextLayout.pad(String(row), 3, right: true) + "  "
                    + TextLayout.pad(name(.left(row: row)), Self.nameWidth) + " | " + name(.right(row: row)))
        }
        let bench = regatta.availableBench(of: race).compactMap { regatta.roster[$0]?.name.terminalSafe }
        lines.append(
            style.dim("       bench at \(info.start): ")
                + (bench.isEmpty ? "nobody available" : bench.joined(separator: ", ")))
        // As `check --regatta` counts them: a barred row or an inactive paddler seated breaks the race.
        let findings = RuleFinding.forRaceDay(regatta.ruleFindings(of: race))
        let unavailable = regatta.availabilityConflicts(involving: [race])
        let broken = findings.filter { $0.severity == .violation }
        let warnings = findings.filter { $0.severity == .warning }
        let notes = findings.filter { $0.severity == .note }
        lines += broken.map { style.problemLine($0.message) }
        lines += unavailable.map { style.warningLine(regatta.describe($0)) }
        lines += warnings.map { style.warningLine($0.message) }
        lines += notes.map { style.noteLine($0.message) }
        return lines
    }

    /// The paddler × race grid. Race columns are headed by their number and start time, with the numbers'
    /// full race names listed above the grid: cut to a column's width, "Heat 1 500m" and "Heat 2 500m" would
    /// read alike, and a race name can be longer than any column. Each column is as wide as its widest
    /// cell; races that do not fit beside the names within `width` continue in another block below, with
    /// the names again, rather than run into lines a terminal would wrap.
    func grid() -> [String] {
        let regatta = state.regatta
        let tooSoon = Set(regatta.restConflicts().map { RaceSeat(paddler: $0.paddler, race: $0.second) })
        var lines = [
            style.bold("Paddlers × races") + style.dim("  seat, and minutes of rest since their previous race"),
            style.dim("(! too little rest, x seated but not there, - not there, · not racing)"),
        ]
        let numberWidth = String(regatta.races.count).count
        for (index, race) in regatta.races.enumerated() {
            lines.append(
                "  " + TextLayout.pad(String(index + 1), numberWidth, right: true) + "  \(race.start)  "
                    + race.name.terminalSafe)
        }
        lines.append("")
        let people = regatta.participation()
        let names = people.map { TextLayout.field(regatta.roster[$0.paddler]?.name ?? "?", Self.nameWidth) }
        let cells = people.map { person in
            regatta.races.indices.map { race -> String in
                guard let entry = person.entries.first(where: { $0.race == race }) else {
                    return person.availableRaces.contains(race) ? "·" : "-"
                }
                var text = entry.place.description
                if let rest = entry.restMinutes { text += " \(rest)" }
                if tooSoon.contains(RaceSeat(paddler: person.paddler, race: race)) { text += "!" }
                if !person.availableRaces.contains(race) { text += "x" }
                return text
            }
        }
        let nameWidth = names.map { TextLayout.width($0) }.max() ?? 0
        let countHeader = "races"
        let columnWidths = regatta.races.indices.map { race in
            max(String(race + 1).count, 5, cells.map { TextLayout.width($0[race]) }.max() ?? 0)
        }
        // Two spaces between columns: a cell has a space inside it (`L3 45`).
        let gap = "  "
        let fixed = nameWidth + gap.count + countHeader.count
        // As many races a block as fit, at most `most`.
        func blocks(most: Int) -> [[Int]] {
            var blocks: [[Int]] = [[]]
            var used = fixed
            for race in regatta.races.indices {
                let needed = gap.count + columnWidths[race]
                let last = blocks[blocks.count - 1]
                if !last.isEmpty && (used + needed > width || last.count == most) {
                    blocks.append([])
                    used = fixed
                }
                blocks[blocks.count - 1].append(race)
                used += needed
            }
            return blocks
        }
        // The fewest blocks, then the races shared evenly among them (8 races as 4 and 4, not 7 and 1).
        let fewest = blocks(most: regatta.races.count)
        let even = blocks(most: (regatta.races.count + fewest.count - 1) / fewest.count)
        for (number, block) in (even.count == fewest.count ? even : fewest).enumerated() {
            if number > 0 { lines.append("") }
            func row(_ name: String, _ count: String, _ values: (Int) -> String) -> String {
                var line =
                    TextLayout.pad(name, nameWidth) + gap + TextLayout.pad(count, countHeader.count, right: true)
                    + block.map { gap + TextLayout.pad(values($0), columnWidths[$0]) }.joined()
                while line.hasSuffix(" ") { line.removeLast() }
                return line
            }
            lines.append(row("", countHeader) { String($0 + 1) })
            lines.append(row("", "") { regatta.races[$0].start.description })
            for (index, person) in people.enumerated() {
                lines.append(row(names[index], String(person.raceCount)) { cells[index][$0] })
            }
        }
        return lines
    }

    /// Rest and availability conflicts, or a line saying there are none.
    func conflictLines() -> [String] {
        let regatta = state.regatta
        let rest = regatta.restConflicts()
        let unavailable = regatta.availabilityConflicts()
        guard !rest.isEmpty || !unavailable.isEmpty else {
            return ["Conflicts: none (everyone seated is there and rested \(regatta.effectiveGapMinutes) minutes)"]
        }
        return ["Conflicts (\(rest.count + unavailable.count)):"]
            + rest.map { style.problemLine(regatta.describe($0)) }
            + unavailable.map { style.problemLine(regatta.describe($0)) }
    }

    /// `Fairness: races per available paddler min 1, median 2, max 3 (36 available)` and who sits out.
    func fairnessLines() -> [String] {
        let regatta = state.regatta
        let fairness = regatta.fairness()
        var lines = [
            "Fairness: races per available paddler min \(fairness.minimum), median "
                + "\(DecimalNumber.text(fairness.median)), max \(fairness.maximum) (\(fairness.availableCount) available)"
        ]
        if !fairness.sittingOut.isEmpty {
            lines.append(
                "Sitting out entirely: "
                    + fairness.sittingOut.compactMap { regatta.roster[$0]?.name.terminalSafe }.joined(separator: ", "))
        }
        return lines
    }
}

extension Regatta {
    /// The bench of `race`: the paddlers on its boat's bench who are there when it starts, in bench order
    /// (whom a coach can bring in for that race).
    func availableBench(of race: Int) -> [PaddlerID] {
        lineup(of: race).placements.compactMap { entry -> (position: Int, paddler: PaddlerID)? in
            guard case .bench(let position) = entry.place, isAvailable(entry.paddler, for: race) else { return nil }
            return (position, entry.paddler)
        }.sorted { $0.position < $1.position }.map(\.paddler)
    }
}

/// A paddler in a race, as a key.
struct RaceSeat: Hashable {
    var paddler: PaddlerID
    var race: Int
}
