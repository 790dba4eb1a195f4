import LineupCore
import LineupStore

/// The regatta view as one self-contained HTML page: the races in time order, the paddler × race grid with
/// each paddler's race count, seats and rest, the conflicts and fairness figures, then each race's crew
/// sheet drawn by `HTMLChart` (a printed page per race). Well-formed XML, as the crew sheets are.
public struct RegattaHTML {
    public let state: RegattaState
    public var format: WeightFormat
    public var showsWeights: Bool

    public init(state: RegattaState, format: WeightFormat = .kilograms, showsWeights: Bool = true) {
        self.state = state
        self.format = format
        self.showsWeights = showsWeights
    }

    static let styles = """
        .regatta { max-width: 980px; margin: 0 auto 32px; }
        .regatta h1 { font-size: 1.5rem; margin: 0 0 2px; overflow-wrap: anywhere; }
        .regatta h2 { font-size: 1.1rem; margin: 16px 0 6px; }
        .regatta p { margin: 0 0 8px; color: var(--muted); }
        .scroll { overflow-x: auto; }
        table.grid { border-collapse: collapse; font-size: .85rem; }
        table.grid th, table.grid td { border: 1px solid #c9d1d9; padding: 2px 6px; text-align: center; white-space: nowrap; }
        table.grid th.name, table.grid td.name { text-align: left; white-space: normal; min-width: 9em; }
        table.grid td.off { color: #adb5bd; }
        table.grid td.away { background: #f3f5f7; color: #adb5bd; }
        table.grid td.conflict { background: #fde2e4; color: var(--bad); font-weight: 700; }
        ul.conflicts li { color: var(--bad); }
        @media print { .regatta { break-after: page; page-break-after: always; } }
        """

    public func document() -> String {
        let regatta = state.regatta
        let charts = regatta.races.indices.map { index -> ChartContent in
            let race = regatta.races[index]
            var chart = ChartContent(
                state: state.boatState(race.boat), format: format, showsWeights: showsWeights, date: regatta.date)
            chart.boatName = "\(race.start) · \(race.name)"
            chart.rulesName = race.rules.name
            return chart
        }
        let sheets = HTMLChart(charts, title: regatta.name)
        return HTMLChart.page(
            title: regatta.name, styles: HTMLChart.styles + "\n" + Self.styles,
            body: overview() + "\n" + charts.map(sheets.article).joined(separator: "\n"))
    }

    private func overview() -> String {
        let regatta = state.regatta
        var html = "<section class=\"regatta\" data-regatta=\"\(MarkupText.escaped(regatta.name))\">\n"
        html += "<h1><bdi>\(MarkupText.escaped(regatta.name))</bdi></h1>\n"
        html += "<p>\(MarkupText.escaped(regatta.date)) · \(regatta.races.count) races · minimum gap "
        html += "\(regatta.minimumGapMinutes) minutes · times local to the regatta</p>\n"
        html += "<h2>Paddlers × races</h2>\n<div class=\"scroll\"><table class=\"grid\">\n<thead><tr>"
        html += "<th class=\"name\">paddler</th><th>races</th>"
        for race in regatta.races {
            html += "<th data-race=\"\(MarkupText.escaped(race.name))\"><bdi>\(MarkupText.escaped(race.name))</bdi>"
            html += "<br/>\(race.start)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        let tooSoon = Set(regatta.restConflicts().map { RaceSeat(paddler: $0.paddler, race: $0.second) })
        for person in regatta.participation() {
            let name = regatta.roster[person.paddler]?.name ?? "?"
            html += "<tr><td class=\"name\"><bdi>\(MarkupText.escaped(name))</bdi></td><td>\(person.raceCount)</td>"
            for race in regatta.races.indices {
                if let entry = person.entries.first(where: { $0.race == race }) {
                    let conflict =
                        tooSoon.contains(RaceSeat(paddler: person.paddler, race: race))
                        || !person.availableRaces.contains(race)
                    html +=
                        "<td\(conflict ? " class=\"conflict\"" : "") data-race-seat=\"\(entry.place)\">\(entry.place)"
                    if let rest = entry.restMinutes { html += "<br/>\(rest) min" }
                    html += "</td>"
                } else if person.availableRaces.contains(race) {
                    html += "<td class=\"off\">·</td>"
                } else {
                    html += "<td class=\"away\">–</td>"
                }
            }
            html += "</tr>\n"
        }
        html += "</tbody></table></div>\n"
        let conflicts =
            regatta.restConflicts().map { regatta.describe($0) }
            + regatta.availabilityConflicts().map { regatta.describe($0) }
        html += "<h2>Conflicts</h2>\n"
        if conflicts.isEmpty {
            html += "<p>None: everyone seated is there and rested.</p>\n"
        } else {
            html += "<ul class=\"conflicts\">\n"
            for conflict in conflicts { html += "<li>\(MarkupText.escaped(conflict))</li>\n" }
            html += "</ul>\n"
        }
        let fairness = regatta.fairness()
        html += "<h2>Fairness</h2>\n<p>Races per available paddler: min \(fairness.minimum), median "
        html +=
            "\(DecimalNumber.text(fairness.median)), max \(fairness.maximum) (\(fairness.availableCount) available)."
        if !fairness.sittingOut.isEmpty {
            let names = fairness.sittingOut.compactMap { regatta.roster[$0]?.name }.joined(separator: ", ")
            html += " Sitting out entirely: \(MarkupText.escaped(names))."
        }
        return html + "</p>\n</section>"
    }
}
