import LineupCore

/// A boat drawn top-down as SVG, bow at the top: the drummer, the rows as left/right pairs, the steerer,
/// the bench below, then the balance verdict with a level gauge per axis and the crew rules. Each seat is
/// one `<g data-seat="…">` holding the paddler's full name as text, fitted to its box.
public struct SVGChart {
    public let content: ChartContent

    public init(_ content: ChartContent) {
        self.content = content
    }

    // The drawing's grid, in SVG user units (CSS pixels at 100%).
    static let width = 720.0
    static let seatWidth = 176.0
    static let seatHeight = 66.0
    static let rowPitch = 74.0
    static let boatCentre = 360.0
    static let benchColumns = 3
    static let benchWidth = 216.0
    static let benchHeight = 58.0
    static let nameFont = 14.0
    static let minimumNameFont = 9.0
    static let fontFamily = "Helvetica, Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"

    /// The whole document, with an XML declaration, ready to save as `.svg`.
    public func document() -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element()
    }

    /// The `<svg>` element alone, for embedding in HTML.
    public func element() -> String {
        var body = ""
        var y = header(&body)
        y = boat(&body, top: y)
        y = bench(&body, top: y + 20)
        y = balance(&body, top: y + 24)
        y = rules(&body, top: y + 16)
        let height = (y + 24).rounded()
        let title = MarkupText.escaped(content.boatName)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" class="lineup-chart" viewBox="0 0 \(Self.number(Self.width)) \(Self.number(height))" \
            width="\(Self.number(Self.width))" height="\(Self.number(height))" role="img" aria-label="Lineup of \(title)" \
            font-family="\(Self.fontFamily)">
            <title>\(title): lineup</title>
            <style>
            .seat rect { fill: #ffffff; stroke: #6b7785; stroke-width: 1.2; }
            .seat.empty rect { fill: #f3f5f7; stroke-dasharray: 4 3; }
            .seat.locked rect { stroke: #1d3557; stroke-width: 2.6; }
            .seat.warning rect { stroke: #c77700; stroke-width: 2.2; }
            .seat.violation rect { stroke: #c1121f; stroke-width: 2.6; }
            .ref { font-size: 11px; font-weight: 700; fill: #44505c; }
            .weight { font-size: 11px; fill: #44505c; }
            .name { fill: #111111; font-weight: 600; }
            .mark { font-size: 10px; fill: #9a5b00; }
            .violation .mark { fill: #c1121f; }
            text { unicode-bidi: isolate; }
            </style>
            \(body)</svg>

            """
    }

    private func header(_ body: inout String) -> Double {
        body += label(content.boatName, x: 24, y: 38, width: Self.width - 48, size: 24, weight: "700")
        body += label(content.subtitle, x: 24, y: 60, width: Self.width - 48, size: 13, fill: "#44505c")
        return 76
    }

    /// The hull and its seats; returns the y below it.
    private func boat(_ body: inout String, top: Double) -> Double {
        let rows = content.kind.rowCount
        let centre = Self.boatCentre
        let halfHull = Self.seatWidth + 30
        let drummerY = top + 46
        let firstRowY = drummerY + Self.rowPitch + 8
        let steererY = firstRowY + Double(rows) * Self.rowPitch + 8
        let bottom = steererY + Self.seatHeight + 40
        let shoulder = firstRowY + 10
        let stern = steererY - 10
        body += """
            <path class="hull" d="M \(Self.number(centre)) \(Self.number(top)) \
            C \(Self.number(centre + halfHull * 0.75)) \(Self.number(top)), \(Self.number(centre + halfHull)) \(Self.number(top + 50)), \(Self.number(centre + halfHull)) \(Self.number(shoulder)) \
            L \(Self.number(centre + halfHull)) \(Self.number(stern)) \
            C \(Self.number(centre + halfHull)) \(Self.number(bottom - 20)), \(Self.number(centre + 60)) \(Self.number(bottom)), \(Self.number(centre)) \(Self.number(bottom)) \
            C \(Self.number(centre - 60)) \(Self.number(bottom)), \(Self.number(centre - halfHull)) \(Self.number(bottom - 20)), \(Self.number(centre - halfHull)) \(Self.number(stern)) \
            L \(Self.number(centre - halfHull)) \(Self.number(shoulder)) \
            C \(Self.number(centre - halfHull)) \(Self.number(top + 50)), \(Self.number(centre - halfHull * 0.75)) \(Self.number(top)), \(Self.number(centre)) \(Self.number(top)) Z" \
            fill="#e8f1f8" stroke="#1d3557" stroke-width="2"/>

            """
        body += label("bow", x: centre + halfHull + 14, y: top + 24, width: 60, size: 11, fill: "#44505c")
        body += label("stern", x: centre + halfHull + 14, y: bottom - 8, width: 60, size: 11, fill: "#44505c")
        let gap = 12.0
        for seat in content.seats {
            switch seat.place {
            case .drummer:
                body += seatGroup(seat, x: centre - Self.seatWidth / 2, y: drummerY, width: Self.seatWidth)
            case .steerer:
                body += seatGroup(seat, x: centre - Self.seatWidth / 2, y: steererY, width: Self.seatWidth)
            case .left(let row), .right(let row):
                let y = firstRowY + Double(row - 1) * Self.rowPitch
                let isLeft = seat.place.section == .left
                let x = isLeft ? centre - gap / 2 - Self.seatWidth : centre + gap / 2
                body += seatGroup(seat, x: x, y: y, width: Self.seatWidth)
                if isLeft {
                    body += label(
                        String(row), x: centre - halfHull - 36, y: y + Self.seatHeight / 2 + 5, width: 26, size: 13,
                        weight: "700", fill: "#44505c", anchor: "end")
                }
            case .bench:
                break
            }
        }
        return bottom
    }

    /// The bench in a grid below the boat; returns the y below it.
    private func bench(_ body: inout String, top: Double) -> Double {
        let heading = content.bench.isEmpty ? "Bench: empty" : "Bench (\(content.bench.count))"
        body += label(heading, x: 24, y: top + 16, width: 300, size: 15, weight: "700")
        let gap = (Self.width - 48 - Double(Self.benchColumns) * Self.benchWidth) / Double(Self.benchColumns - 1)
        var y = top + 28
        for (index, seat) in content.bench.enumerated() {
            let column = index % Self.benchColumns
            if index > 0 && column == 0 { y += Self.benchHeight + 8 }
            body += seatGroup(
                seat, x: 24 + Double(column) * (Self.benchWidth + gap), y: y, width: Self.benchWidth,
                height: Self.benchHeight)
        }
        return content.bench.isEmpty ? top + 24 : y + Self.benchHeight
    }

    /// The verdict per axis with its gauge; returns the y below it.
    private func balance(_ body: inout String, top: Double) -> Double {
        body += label("Balance", x: 24, y: top + 16, width: 300, size: 15, weight: "700")
        var y = top + 30
        for axis in content.axes {
            body +=
                "<g class=\"axis\" data-axis=\"\(axis.verdict.axis == .frontBack ? "front-back" : "left-right")\">\n"
            body += label(axis.title, x: 24, y: y + 14, width: 90, size: 13, weight: "700")
            body += gauge(axis, x: 120, y: y)
            body += label(axis.headline, x: 300, y: y + 14, width: Self.width - 324, size: 13, weight: "600")
            y += 22
            if let detail = axis.detail {
                body += label(detail, x: 300, y: y + 12, width: Self.width - 324, size: 12, fill: "#44505c")
                y += 18
            } else {
                y += 14
            }
            if let why = axis.whySumsDiffer {
                for line in TextLayout.wrap(why, columns: 70) {
                    body += label(line, x: 300, y: y + 12, width: Self.width - 324, size: 11, fill: "#44505c")
                    y += 15
                }
            }
            body += "</g>\n"
            y += 10
        }
        return y
    }

    /// A level gauge: a bar from one end's word to the other, a tick at level, a dot towards the heavier
    /// end (full scale 20 kg; with weights hidden, placed by the verdict alone).
    private func gauge(_ axis: ChartContent.Axis, x: Double, y: Double) -> String {
        let width = 150.0
        let offset = axis.gaugePosition * (width / 2 - 6)
        let colour =
            switch axis.verdict.level {
            case .level: "#2a9d8f"
            case .slightly: "#e9c46a"
            case .heavy: "#e76f51"
            }
        return """
            <g class="gauge">\
            <rect x="\(Self.number(x))" y="\(Self.number(y + 6))" width="\(Self.number(width))" height="10" rx="5" fill="#e9ecef" stroke="#adb5bd"/>\
            <line x1="\(Self.number(x + width / 2))" y1="\(Self.number(y + 2))" x2="\(Self.number(x + width / 2))" y2="\(Self.number(y + 20))" stroke="#495057" stroke-width="1.5"/>\
            <circle cx="\(Self.number(x + width / 2 + offset))" cy="\(Self.number(y + 11))" r="6" fill="\(colour)" stroke="#343a40"/>\
            </g>
            \(label(axis.ends.0, x: x, y: y + 32, width: 60, size: 10, fill: "#44505c"))\
            \(label(axis.ends.1, x: x + width, y: y + 32, width: 60, size: 10, fill: "#44505c", anchor: "end"))
            """
    }

    /// The crew rules' headline and findings; returns the y below them.
    private func rules(_ body: inout String, top: Double) -> Double {
        body += label(content.rulesHeadline, x: 24, y: top + 14, width: Self.width - 48, size: 14, weight: "700")
        var y = top + 22
        for finding in content.findings {
            let mark = finding.severity.mark + " "
            let fill = finding.severity == .violation ? "#c1121f" : "#9a5b00"
            for (index, line) in TextLayout.wrap(finding.text, columns: 96).enumerated() {
                body += label(
                    (index == 0 ? mark : "   ") + line, x: 24, y: y + 14, width: Self.width - 48, size: 12, fill: fill)
                y += 17
            }
        }
        return y
    }

    /// One seat: its box, the reference and weight on the top line, the fitted name, the marks.
    private func seatGroup(
        _ seat: ChartContent.Seat, x: Double, y: Double, width: Double, height: Double = seatHeight
    ) -> String {
        let reference = seat.place.description
        var group = "<g class=\"\(seat.markupClasses)\" data-seat=\"\(reference)\">"
        group +=
            "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" rx=\"7\"/>"
        let inner = width - 16
        group +=
            "<text class=\"ref\" x=\"\(Self.number(x + 8))\" y=\"\(Self.number(y + 14))\">\(reference)\(seat.locked ? " · locked" : "")</text>"
        if let weight = seat.weight ?? (seat.weightUnknown && content.showsWeights ? "weight ?" : nil) {
            group +=
                "<text class=\"weight\" x=\"\(Self.number(x + width - 8))\" y=\"\(Self.number(y + 14))\" text-anchor=\"end\">\(MarkupText.escaped(weight))</text>"
        }
        let marksText = seat.marks.map(\.note).joined(separator: "; ")
        let nameTop = y + 20
        let nameBottom = y + height - (marksText.isEmpty ? 6 : 18)
        if let name = seat.name {
            let fitted = FittedLabel.fit(
                name, width: inner, height: nameBottom - nameTop, fontSize: Self.nameFont,
                minimumFontSize: Self.minimumNameFont)
            let lineHeight = fitted.fontSize * FittedLabel.lineSpacing
            let block = lineHeight * Double(fitted.lines.count)
            let first = nameTop + (nameBottom - nameTop - block) / 2 + fitted.fontSize * 0.95
            group += "<text class=\"name\" font-size=\"\(Self.number(fitted.fontSize))\">"
            for (index, line) in fitted.lines.enumerated() {
                group +=
                    "<tspan x=\"\(Self.number(x + 8))\" y=\"\(Self.number(first + Double(index) * lineHeight))\" textLength=\"\(Self.number(fitted.lineWidths[index]))\" lengthAdjust=\"spacingAndGlyphs\">\(MarkupText.escaped(line))</tspan>"
            }
            group += "</text>"
        } else {
            group += "<text class=\"weight\" x=\"\(Self.number(x + 8))\" y=\"\(Self.number(y + 40))\">empty</text>"
        }
        if !marksText.isEmpty {
            let fitted = FittedLabel.fit(marksText, width: inner, fontSize: 10, minimumFontSize: 8, maximumLines: 1)
            group +=
                "<text class=\"mark\" x=\"\(Self.number(x + 8))\" y=\"\(Self.number(y + height - 6))\" font-size=\"\(Self.number(fitted.fontSize))\" textLength=\"\(Self.number(fitted.lineWidths[0]))\" lengthAdjust=\"spacingAndGlyphs\">\(MarkupText.escaped(fitted.lines.joined()))</text>"
        }
        return group + "</g>\n"
    }

    /// A one-line label no wider than `width` (drawn at its estimated width, shrunk to fit when longer).
    private func label(
        _ text: String, x: Double, y: Double, width: Double, size: Double, weight: String = "400",
        fill: String = "#111111", anchor: String = "start"
    ) -> String {
        let fitted = FittedLabel.fit(text, width: width, fontSize: size, minimumFontSize: size * 0.7, maximumLines: 1)
        let line = fitted.lines.joined()
        return
            "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(fitted.fontSize))\" font-weight=\"\(weight)\" fill=\"\(fill)\" text-anchor=\"\(anchor)\" textLength=\"\(Self.number(fitted.lineWidths[0]))\" lengthAdjust=\"spacingAndGlyphs\">\(MarkupText.escaped(line))</text>\n"
    }

    /// A coordinate with at most one decimal: `120`, `64.5`.
    static func number(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return "0" }
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : String(Double(tenths) / 10)
    }
}
