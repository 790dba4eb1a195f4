import LineupCore
import LineupStore

/// The regatta view `lineup regatta show` prints: the races in time order with their crews and findings,
/// the paddler × race grid (seat and rest before each race), the conflicts, and the fairness figures.
public struct RegattaText {
    public let state: RegattaState
    public var style: TextStyle

    /// Race columns of the grid are this wide.
    static let cellWidth = 9
    static let nameWidth = 22

    public init(state: RegattaState, style: TextStyle = .plain) {
        self.state = state
        self.style = style
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
                "No races yet; add one with `lineup race add \"\(regatta.name.terminalSafe)\" RACE --at HH:MM`.")
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
        let findings = regatta.ruleFindings(of: race)
        let unavailable = regatta.availabilityConflicts(involving: [race])
        let broken = findings.filter { $0.severity == .violation }
        let warnings = findings.filter { $0.severity == .warning }
        lines += broken.map { "  " + style.error("✗") + " " + $0.message.terminalSafe }
        lines += unavailable.map { "  " + style.warning("!") + " " + regatta.describe($0).terminalSafe }
        lines += warnings.map { "  " + style.warning("!") + " " + $0.message.terminalSafe }
        return lines
    }

    /// The paddler × race grid.
    func grid() -> [String] {
        let regatta = state.regatta
        let conflicts = regatta.restConflicts()
        let tooSoon = Set(conflicts.map { RaceSeat(paddler: $0.paddler, race: $0.second) })
        var lines = [
            style.bold("Paddlers × races")
                + style.dim(
                    "  seat and minutes of rest since their previous race; ! too little rest, x seated but not "
                        + "there, - not there, · not racing")
        ]
        let prefix = TextLayout.pad("", Self.nameWidth) + " races"
        lines.append(
            prefix
                + regatta.races.map {
                    " " + TextLayout.pad(TextLayout.field($0.name, Self.cellWidth - 1), Self.cellWidth - 1)
                }.joined())
        lines.append(
            TextLayout.pad("", Self.nameWidth + 6)
                + regatta.races.map { " " + TextLayout.pad($0.start.description, Self.cellWidth - 1) }.joined())
        for person in regatta.participation() {
            let name = regatta.roster[person.paddler]?.name ?? "?"
            var line = TextLayout.pad(TextLayout.field(name, Self.nameWidth), Self.nameWidth)
            line += TextLayout.pad(String(person.raceCount), 6, right: true)
            for race in regatta.races.indices {
                let cell: String
                if let entry = person.entries.first(where: { $0.race == race }) {
                    var text = entry.place.description
                    if let rest = entry.restMinutes { text += " \(rest)" }
                    if tooSoon.contains(RaceSeat(paddler: person.paddler, race: race)) { text += "!" }
                    if !person.availableRaces.contains(race) { text += "x" }
                    cell = text
                } else {
                    cell = person.availableRaces.contains(race) ? "·" : "-"
                }
                line += " " + TextLayout.pad(cell, Self.cellWidth - 1)
            }
            lines.append(line)
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
            + rest.map { "  " + style.error("✗") + " " + regatta.describe($0).terminalSafe }
            + unavailable.map { "  " + style.error("✗") + " " + regatta.describe($0).terminalSafe }
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
