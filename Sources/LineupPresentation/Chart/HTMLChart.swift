import LineupCore

/// A crew sheet as one self-contained HTML page: no network requests, styles inline, the system's fonts.
/// It reads on a 390-pixel phone screen and prints each boat on one A4 or Letter page; several boats make
/// one document, a page each (the crew sheet for a regatta). Each seat is one element carrying
/// `data-seat="…"` with the paddler's full name as text; names wrap inside their seat, never overflow it.
/// The markup is also well-formed XML (void elements closed), so XML tools read it as they read the SVG.
public struct HTMLChart {
    public let boats: [ChartContent]
    /// The page's title: the boat's name, or the event's for several boats.
    public let title: String

    public init(_ boats: [ChartContent], title: String? = nil) {
        self.boats = boats
        self.title = title ?? boats.map(\.boatName).joined(separator: ", ")
    }

    public func document() -> String {
        Self.page(title: title, styles: Self.styles, body: boats.map(article).joined(separator: "\n"))
    }

    /// A whole XHTML page of lineup's: `title` (escaped here), `styles` and `body` as given.
    static func page(title: String, styles: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="generator" content="lineup"/>
        <title>\(MarkupText.escaped(title)) · lineup</title>
        <style>
        \(styles)
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    static let styles = """
        :root { --ink: #111; --muted: #4a5561; --line: #6b7785; --warn: #9a5b00; --bad: #c1121f; --lock: #1d3557;
          --hull: #e8f1f8; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans",
          "DejaVu Sans", Arial, sans-serif; color: var(--ink); }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 12px; background: #fff; }
        .boat { max-width: 980px; margin: 0 auto 32px; }
        .boat > header h1 { font-size: 1.5rem; margin: 0 0 2px; overflow-wrap: anywhere; }
        .boat > header p { margin: 0 0 12px; color: var(--muted); font-size: .9rem; }
        .sheet { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 14px 16px; align-items: start;
          grid-template-areas: "hull bench" "figures bench"; }
        .hull { grid-area: hull; }
        .bench { grid-area: bench; }
        .figures { grid-area: figures; }
        .hull { background: var(--hull); border: 2px solid var(--lock); border-radius: 48% 48% 22% 22% / 9% 9% 5% 5%;
          padding: 28px 10px 30px; }
        .end { display: flex; justify-content: center; margin: 4px 0 10px; }
        .end .seat { width: 48%; }
        .row { display: grid; grid-template-columns: 1.6em minmax(0, 1fr) minmax(0, 1fr); gap: 6px; margin: 4px 0; }
        .row > .number { align-self: center; text-align: right; font-weight: 700; color: var(--muted); font-size: .85rem; }
        .seat { min-width: 0; background: #fff; border: 1.5px solid var(--line); border-radius: 7px; padding: 3px 6px 4px;
          display: flex; flex-direction: column; gap: 1px; break-inside: avoid; }
        .seat .top { display: flex; justify-content: space-between; gap: 6px; font-size: .72rem; color: var(--muted); }
        .seat .ref { font-weight: 700; }
        .seat .name { font-weight: 600; font-size: .95rem; line-height: 1.15; overflow-wrap: anywhere; }
        .seat .mark { font-size: .72rem; color: var(--warn); overflow-wrap: anywhere; }
        .seat.empty { background: #f3f5f7; border-style: dashed; }
        .seat.empty .name { color: var(--muted); font-weight: 400; font-style: italic; }
        .seat.locked { border: 2.5px solid var(--lock); }
        .seat.warning { border-color: #c77700; }
        .seat.violation { border-color: var(--bad); }
        .seat.violation .mark { color: var(--bad); }
        .bench h2, .balance h2 { font-size: 1.05rem; margin: 0 0 6px; }
        .bench ol { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr));
          gap: 6px; }
        .balance { margin-top: 0; }
        .axis { display: grid; grid-template-columns: 6.5em 9em minmax(0, 1fr); gap: 4px 10px; align-items: center;
          margin-bottom: 8px; }
        .axis .title { font-weight: 700; }
        .axis .headline { font-weight: 600; overflow-wrap: anywhere; }
        .axis .detail { grid-column: 3; color: var(--muted); font-size: .85rem; overflow-wrap: anywhere; }
        .gauge { display: flex; flex-direction: column; font-size: .68rem; color: var(--muted); }
        .gauge .ends { display: flex; justify-content: space-between; }
        .gauge svg { width: 100%; height: 14px; }
        .rules { margin-top: 10px; font-size: .9rem; }
        .rules h2 { font-size: 1rem; margin: 0 0 4px; }
        .rules ul { margin: 0; padding-left: 1.2em; }
        .rules .violation { color: var(--bad); }
        .rules .warning { color: var(--warn); }
        bdi { unicode-bidi: isolate; }
        @media (max-width: 640px) {
          body { padding: 8px; }
          .sheet { grid-template-columns: minmax(0, 1fr); grid-template-areas: "hull" "figures" "bench"; }
          .axis { grid-template-columns: 6em minmax(0, 1fr); }
          .axis .gauge { grid-column: 1 / -1; grid-row: 2; }
          .axis .detail { grid-column: 1 / -1; }
        }
        @page { size: auto; margin: 10mm; }
        @media print {
          body { padding: 0; font-size: 9pt; }
          .boat { max-width: none; margin: 0; break-after: page; page-break-after: always; }
          .boat:last-child { break-after: auto; page-break-after: auto; }
          .boat > header h1 { font-size: 15pt; }
          .boat > header p { margin-bottom: 6px; }
          .sheet { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 8px 12px;
            grid-template-areas: "hull figures" "bench bench"; }
          .hull { padding: 16px 6px 18px; }
          .end { margin: 2px 0 6px; }
          .row { margin: 2px 0; gap: 4px; }
          .seat { padding: 1px 4px 2px; border-radius: 5px; }
          .seat .name { font-size: 8.5pt; }
          .seat .top, .seat .mark { font-size: 6.5pt; }
          .bench ol { grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 3px; }
          .axis { grid-template-columns: minmax(0, 1fr); gap: 2px; margin-bottom: 6px; }
          .axis .detail { grid-column: 1; }
          .rules, .axis .detail { font-size: 7.5pt; }
        }
        """

    func article(_ boat: ChartContent) -> String {
        var html = "<article class=\"boat\" data-boat=\"\(MarkupText.escaped(boat.boatName))\">\n"
        html += "<header><h1><bdi>\(MarkupText.escaped(boat.boatName))</bdi></h1>"
        html += "<p>\(MarkupText.escaped(boat.subtitle))</p></header>\n"
        html += "<div class=\"sheet\">\n<section class=\"hull\" aria-label=\"Seats, bow at the top\">\n"
        for seat in boat.seats {
            switch seat.place {
            case .drummer, .steerer:
                html += "<div class=\"end\">\(self.seat(seat, in: boat))</div>\n"
            case .left(let row):
                let right = boat.seats.first { $0.place == .right(row: row) }
                html += "<div class=\"row\"><span class=\"number\">\(row)</span>\(self.seat(seat, in: boat))"
                html += (right.map { self.seat($0, in: boat) } ?? "") + "</div>\n"
            default:
                break
            }
        }
        html += "</section>\n<section class=\"bench\">\n"
        html += "<h2>\(boat.bench.isEmpty ? "Bench: empty" : "Bench (\(boat.bench.count))")</h2>\n<ol>\n"
        for seat in boat.bench { html += "<li>\(self.seat(seat, in: boat))</li>\n" }
        html += "</ol>\n</section>\n<div class=\"figures\">\n"
        html += "<section class=\"balance\">\n<h2>Balance</h2>\n"
        for axis in boat.axes { html += self.axis(axis) }
        html += "</section>\n<section class=\"rules\">\n<h2>\(MarkupText.escaped(boat.rulesHeadline))</h2>\n"
        if !boat.findings.isEmpty {
            html += "<ul>\n"
            for finding in boat.findings {
                html += "<li class=\"\(finding.severity.rawValue)\">\(MarkupText.escaped(finding.text))</li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n</div>\n</div>\n</article>"
    }

    private func seat(_ seat: ChartContent.Seat, in boat: ChartContent) -> String {
        let reference = seat.place.description
        var html = "<div class=\"\(seat.markupClasses)\" data-seat=\"\(reference)\">"
        html += "<span class=\"top\"><span class=\"ref\">\(reference)\(seat.locked ? " · locked" : "")</span>"
        if let weight = seat.weight ?? (seat.weightUnknown && boat.showsWeights ? "weight ?" : nil) {
            html += "<span class=\"weight\">\(MarkupText.escaped(weight))</span>"
        }
        html += "</span>"
        if let name = seat.name {
            html += "<span class=\"name\"><bdi>\(MarkupText.escaped(name))</bdi></span>"
        } else {
            html += "<span class=\"name\">empty</span>"
        }
        if !seat.marks.isEmpty {
            html += "<span class=\"mark\">\(MarkupText.escaped(seat.marks.map(\.note).joined(separator: "; ")))</span>"
        }
        return html + "</div>"
    }

    private func axis(_ axis: ChartContent.Axis) -> String {
        let position = 50 + axis.gaugePosition * 44
        let colour =
            switch axis.verdict.level {
            case .level: "#2a9d8f"
            case .slightly: "#e9c46a"
            case .heavy: "#e76f51"
            }
        let name = axis.verdict.axis == .frontBack ? "front-back" : "left-right"
        var html = "<div class=\"axis\" data-axis=\"\(name)\">"
        html += "<span class=\"title\">\(axis.title)</span>"
        html += "<span class=\"gauge\" role=\"img\" aria-label=\"\(MarkupText.escaped(axis.headline))\">"
        html += "<svg viewBox=\"0 0 100 14\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
        html += "<rect x=\"1\" y=\"3\" width=\"98\" height=\"8\" rx=\"4\" fill=\"#e9ecef\" stroke=\"#adb5bd\"/>"
        html += "<line x1=\"50\" y1=\"0\" x2=\"50\" y2=\"14\" stroke=\"#495057\" stroke-width=\"1\"/>"
        html +=
            "<rect x=\"\(SVGChart.number(position - 3))\" y=\"1\" width=\"6\" height=\"12\" rx=\"3\" fill=\"\(colour)\" stroke=\"#343a40\"/>"
        html += "</svg><span class=\"ends\"><span>\(axis.ends.0)</span><span>\(axis.ends.1)</span></span></span>"
        html += "<span class=\"headline\">\(MarkupText.escaped(axis.headline))</span>"
        if let detail = axis.detail {
            html += "<span class=\"detail\">\(MarkupText.escaped(detail))"
            if let why = axis.whySumsDiffer { html += "<br/>\(MarkupText.escaped(why))" }
            html += "</span>"
        }
        return html + "</div>\n"
    }
}
