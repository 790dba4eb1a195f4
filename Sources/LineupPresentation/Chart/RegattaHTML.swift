import LineupCore

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

    /// The grid's header names each race in full, broken between words over as many lines as its column
    /// needs. A grid wider or taller than the window scrolls in its own box, no taller than the window, so
    /// its scroll bar is in view rather than under the last paddler (a shadow at the right edge says there
    /// is more); the header row and the paddlers' names stay in view as it scrolls, and the page itself
    /// never scrolls sideways.
    static let styles = """
        .regatta { max-width: 1400px; margin: 0 auto 32px; }
        .regatta h1 { font-size: 1.5rem; margin: 0 0 2px; overflow-wrap: anywhere; }
        .regatta h2 { font-size: 1.1rem; margin: 16px 0 6px; }
        .regatta p { margin: 0 0 8px; color: var(--muted); }
        .scroll { overflow: auto; max-width: 100%; max-height: 90vh;
          background: linear-gradient(to left, #fff 45%, rgba(255, 255, 255, 0)) 100% 0 / 28px 100% no-repeat local,
            radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, .25), rgba(0, 0, 0, 0)) 100% 0 / 12px 100% no-repeat scroll; }
        table.grid { border-collapse: separate; border-spacing: 0; font-size: .85rem;
          border-top: 1px solid #c9d1d9; border-left: 1px solid #c9d1d9; }
        table.grid th, table.grid td { border-right: 1px solid #c9d1d9; border-bottom: 1px solid #c9d1d9; padding: 2px 6px;
          text-align: center; white-space: nowrap; }
        table.grid thead th { position: sticky; top: 0; z-index: 2; background: #fff; vertical-align: bottom;
          white-space: normal; overflow-wrap: break-word; line-height: 1.2; }
        table.grid thead th[data-race] { min-width: 5.5em; }
        table.grid thead th .number { display: block; font-size: .75rem; color: var(--muted); }
        table.grid thead th .race { display: block; }
        table.grid thead th .time { display: block; font-weight: 400; color: var(--muted); }
        table.grid th.name, table.grid td.name { position: sticky; left: 0; z-index: 1; background: #fff; text-align: left;
          white-space: normal; min-width: 9em; overflow-wrap: anywhere; }
        table.grid thead th.name { z-index: 3; }
        table.grid td.off { color: #adb5bd; }
        table.grid td.away { background: #f3f5f7; color: #adb5bd; }
        table.grid td.conflict { background: #fde2e4; color: var(--bad); font-weight: 700; }
        ul.conflicts li { color: var(--bad); }
        @media (max-width: 640px) { table.grid th.name, table.grid td.name { min-width: 7em; } }
        @media print {
          .regatta { break-after: page; page-break-after: always; }
          .scroll { overflow: visible; max-height: none; background: none; }
          table.grid thead th, table.grid th.name, table.grid td.name { position: static; }
          table.grid { font-size: 7pt; }
          table.grid th, table.grid td { padding: 1px 3px; }
        }
        """

    public func document() -> String {
        let regatta = state.regatta
        let charts = regatta.races.indices.map { index -> ChartContent in
            let race = regatta.races[index]
            // The race's rules, as text and JSON check them: a race may race under rules other than its boat's.
            var chart = ChartContent(
                state: state.boatState(race.boat), format: format, showsWeights: showsWeights, date: regatta.date,
                rules: race.rules, findings: RuleFinding.forRaceDay(regatta.ruleFindings(of: index)))
            chart.boatName = "\(race.start) · \(race.name)"
            // The race's bench is the one text and JSON show: only those there when it starts, numbered B1,
            // B2… in bench order as that bench is, not by their places on the boat's whole bench.
            let lineup = regatta.lineup(of: index)
            let there = Set(regatta.availableBench(of: index))
            chart.bench = chart.bench.filter { seat in lineup[seat.place].map(there.contains) ?? false }
            for position in chart.bench.indices { chart.bench[position].place = .bench(position: position + 1) }
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
        html +=
            "<p>\(MarkupText.escaped(regatta.date)) · \(ListWords.count(regatta.races.count, "race")) · minimum gap "
        html += "\(ListWords.count(regatta.minimumGapMinutes, "minute")) · times local to the regatta</p>\n"
        html += "<h2>Paddlers × races</h2>\n<div class=\"scroll\"><table class=\"grid\">\n<thead><tr>"
        html += "<th class=\"name\" scope=\"col\">paddler</th><th scope=\"col\">races</th>"
        // Numbered as the text view numbers its columns.
        for (index, race) in regatta.races.enumerated() {
            html +=
                "<th scope=\"col\" data-race=\"\(MarkupText.escaped(race.name))\"><span class=\"number\">\(index + 1)</span>"
            html +=
                "<bdi class=\"race\">\(MarkupText.escaped(race.name))</bdi><span class=\"time\">\(race.start)</span></th>"
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
