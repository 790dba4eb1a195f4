import LineupCore
import LineupPresentation

/// Draws the editor as lines of text for a terminal of a given size: the boat on the left with the bench
/// beside it (a bench slot beside each row), then the balance panel, the crew rules (live during a
/// drag), a message and the keys. The cursor's cell is marked `>`, the drag's origin (where the displaced
/// paddler waits) `*`, locked seats `[L3]`; with colours, the cursor is also shown in reverse video and
/// the origin in yellow. Cells are as wide as the terminal allows, up to what the longest name needs.
public struct EditorFrame {
    public static let minimumWidth = 80
    public static let minimumHeight = 24
    /// Columns before the left seat: the row number and a space.
    static let rowNumberColumns = 3
    /// Columns between the boat and the bench.
    static let benchGap = 2
    /// Columns of a cell beside the name and the reference: the marker, a space, and the weight.
    static let cellColumnsBesideNameAndReference = 7

    public let width: Int
    public let height: Int
    public let colours: Bool

    public init(width: Int, height: Int, colours: Bool) {
        self.width = width
        self.height = height
        self.colours = colours
    }

    /// True when the terminal is large enough to draw the editor (otherwise only `q` should act).
    public var fits: Bool { width >= Self.minimumWidth && height >= Self.minimumHeight }

    private var style: TextStyle { TextStyle(colours: colours) }

    /// Exactly `height` lines, none wider than `width` columns (colour sequences aside).
    public func render(_ editor: Editor) -> [String] {
        var lines: [String]
        if !fits {
            lines = [
                "lineup edit needs a terminal of at least \(Self.minimumWidth)×\(Self.minimumHeight);",
                "this one is \(width)×\(height). Enlarge it, or press q to quit.",
            ]
        } else if editor.showsHelp {
            lines = Array(Self.help.prefix(height - 1))
            lines += Array(repeating: "", count: height - 1 - lines.count) + [Self.helpFooter]
        } else {
            lines = body(editor)
        }
        lines = Array(lines.prefix(height))
        while lines.count < height { lines.append("") }
        return lines.map { TextLayout.fit($0, width, colours: colours) }
    }

    /// The keys, each doing what it says; at most 78 columns a line and 23 lines, so it fits 80×24.
    static let help = [
        "lineup edit: keys",
        "",
        "  ↑ ↓  or k j   up and down the boat (drummer, rows, steerer), or the bench",
        "  ← →  or h l   across: left seat, right seat, then the bench beside the boat;",
        "                ← from the bench goes back to the boat",
        "  space, enter  catch the paddler under the cursor; again to drop them there",
        "  (caught)      each move drags them over that place: its paddler goes to their",
        "                old place (marked *), and the balance and the crew rules",
        "                below show the boat as it would be if dropped there",
        "  esc           cancel the drag: everyone back, nothing recorded",
        "  u  r          undo, redo: the same history as lineup undo and lineup redo",
        "  L             lock or unlock the seat under the cursor",
        "  ?             this help",
        "  q             quit (during a drag, the first q cancels the drag)",
        "",
        "Balance: the headline judges each axis by its moments (every seat by its lever",
        "arm, drum and oar included); the sums beside it are plain sums. The gauge",
        "leans as the title reads: front or left to the left, back or right to the right.",
        "",
        "Every drop is one history record, as lineup exchange writes it; nothing is",
        "written before the drop, and Ctrl-C or a closed terminal cancels a drag.",
    ]

    static let helpFooter = "? or esc to go back; q quits"

    static let keysLine = "arrows move  space catch/drop  esc cancel  u/r undo/redo  L lock  ? help  q quit"

    /// Columns of one place's cell: a third of what the row numbers and gaps leave, no wider than the
    /// longest name (or `(end of bench)`) needs.
    static func cellWidth(width: Int, referenceColumns: Int, longestName: Int) -> Int {
        let share = (width - rowNumberColumns - 3 - benchGap) / 3
        return min(
            share,
            cellColumnsBesideNameAndReference + referenceColumns + max(longestName, TextLayout.width(endOfBench)))
    }

    /// Columns of the references and a space after them: `L10 `, `[R3] `, `B12 `.
    static func referenceColumns(_ lineup: Lineup) -> Int {
        let seats = Place.seats(of: lineup.kind).map { lineup.isLocked($0) ? "[\($0)]" : $0.description }
        return 1 + ((seats + ["B\(lineup.bench.count + 1)"]).map(TextLayout.width).max() ?? 3)
    }

    /// The name of the slot after the last bench paddler, where a paddler goes to the end of the bench.
    static let endOfBench = "(end of bench)"
    /// The same, where a cell is too narrow for it.
    static let endOfBenchShort = "(end)"

    private func body(_ editor: Editor) -> [String] {
        typealias Section = LineupExchangeModel.SectionIndex
        let lineup = editor.lineup
        let kind = lineup.kind
        let longestName = editor.longestNameColumns
        let referenceColumns = Self.referenceColumns(editor.model.original)
        let cellWidth = Self.cellWidth(width: width, referenceColumns: referenceColumns, longestName: longestName)
        func cell(_ section: Int, _ item: Int) -> String {
            self.cell(
                editor, SeatPath(section: section, item: item), referenceColumns: referenceColumns,
                width: cellWidth)
        }

        var boat: [String] = []
        boat.append(
            TextLayout.truncate(
                "lineup edit · \(editor.boatName.terminalSafe) · \(kind.rawValue) boat · weights in \(editor.format.symbol)"
                    + (editor.isDragging ? " · DRAGGING" : ""), width))
        boat.append("")
        let boatWidth = Self.rowNumberColumns + 2 * cellWidth + 3
        // Drummer and steerer sit on the boat's centre line.
        let centre = String(repeating: " ", count: Self.rowNumberColumns + (2 * cellWidth + 3 - cellWidth) / 2)
        boat.append(centre + cell(Section.drummer, 0))
        for row in 0..<kind.rowCount {
            boat.append(
                TextLayout.pad(String(row + 1), Self.rowNumberColumns - 1, right: true) + " "
                    + cell(Section.left, row) + " | " + cell(Section.right, row))
        }
        boat.append(centre + cell(Section.steerer, 0))
        boat.append("")

        // The bench beside the boat: its title beside the drummer, a slot beside each row and the steerer.
        let above = editor.benchTop
        var bench = ["Bench (\(lineup.bench.count))" + (above > 0 ? "  ↑ \(above) more" : "")]
        let shownEnd = min(editor.benchSlots, editor.benchTop + editor.benchRowsShown)
        for item in editor.benchTop..<shownEnd { bench.append(cell(Section.bench, item)) }
        while bench.count < editor.benchRowsShown + 1 { bench.append("") }
        let below = editor.benchSlots - shownEnd
        bench.append(below > 0 ? "↓ \(below) more" : "")

        // Every boat line's width is known (a frame is drawn at every key, so it is not measured again):
        // drummer and steerer end with their cell, the rows are the boat's full width.
        var lines = boat
        for (index, text) in bench.enumerated() where !text.isEmpty {
            let line = index + 2
            let used =
                line == 2 || line == kind.rowCount + 3
                ? centre.count + cellWidth : line < kind.rowCount + 3 ? boatWidth : 0
            lines[line] += String(repeating: " ", count: max(0, boatWidth + Self.benchGap - used)) + text
        }
        let region = height - lines.count - 1
        lines += notes(editor, lines: region)
        lines.append(Self.keysLine)
        return lines
    }

    /// One place: marker, reference (bracketed when locked), name, weight.
    private func cell(_ editor: Editor, _ path: SeatPath, referenceColumns: Int, width cellWidth: Int) -> String {
        let model = editor.model
        guard let place = model.place(at: path) else { return "" }
        let isEnd = path == model.endOfBenchPath
        let isCursor = path == editor.cursor
        let isOrigin = path == editor.origin
        let marker = isCursor ? ">" : isOrigin ? "*" : " "
        let reference = isEnd ? "B" : editor.lineup.isLocked(place) ? "[\(place)]" : place.description
        let paddler = model.paddler(at: path).flatMap { editor.roster[$0] }
        let nameColumns = cellWidth - Self.cellColumnsBesideNameAndReference - referenceColumns
        let endOfBench = TextLayout.width(Self.endOfBench) <= nameColumns ? Self.endOfBench : Self.endOfBenchShort
        // Names from the data are shown, never acted on by the terminal (see TerminalText).
        let name = paddler.map { $0.name.terminalSafe } ?? (isEnd ? endOfBench : "-")
        let weight = paddler.map { $0.weightKg.map(editor.format.number) ?? "?" } ?? ""
        let text =
            marker + TextLayout.pad(reference, referenceColumns)
            + TextLayout.pad(TextLayout.truncate(name, nameColumns), nameColumns) + " "
            + TextLayout.pad(weight, 5, right: true)
        if isCursor { return style.reversed(text) }
        if isOrigin { return style.warning(text) }
        return text
    }

    /// What goes under the boat, in `lines` lines: the balance panel, the crew rules, and the message at
    /// the bottom. When the terminal is short, each part is first given its compact form (a why-line or
    /// the rules cut to one line), most important first, and then its full form while room remains.
    private func notes(_ editor: Editor, lines: Int) -> [String] {
        var blocks: [NotesBlock] = []
        let indent = String(repeating: " ", count: BalancePanel.titleColumns)
        let whyColumns = width - indent.count
        for axis in BalancePanel(verdict: editor.verdict, format: editor.format).axes {
            blocks.append(NotesBlock(full: [axis.headline, axis.figures], priority: 0))
            if let why = axis.why {
                blocks.append(
                    NotesBlock(
                        full: TextLayout.wrap(why, columns: whyColumns).map { indent + style.dim($0) },
                        compact: [indent + style.dim(TextLayout.truncate(why, whyColumns))], priority: 2))
            }
        }
        blocks.append(NotesBlock(full: [""], compact: [], priority: 4))
        blocks.append(editor.isDragging ? dragRules(editor) : rules(editor))
        let message = (editor.message ?? "").terminalSafe
        let messageBlock = NotesBlock(
            full: TextLayout.wrap(message, columns: width), compact: [TextLayout.truncate(message, width)],
            priority: 0)
        let fitted = NotesBlock.fit(blocks + [messageBlock], into: lines)
        let top = fitted.dropLast().flatMap { $0 }
        let bottom = fitted.last ?? []
        return top + Array(repeating: "", count: max(0, lines - top.count - bottom.count)) + bottom
    }

    /// The crew rules of the lineup: the headline, then each finding.
    private func rules(_ editor: Editor) -> NotesBlock {
        let headline = RulesText(rules: editor.rules, findings: editor.findings).lines().first ?? ""
        return NotesBlock(
            full: [headline] + editor.findings.map { finding(mark(for: $0), $0.message.terminalSafe) },
            compact: [headline],
            priority: 3)
    }

    /// During a drag, the rules as they would be if dropped here: what the drag adds (a paddler on the
    /// side they do not paddle, a rule broken) and what it clears.
    private func dragRules(_ editor: Editor) -> NotesBlock {
        let prefix = "If dropped here: "
        let headline = RulesText(rules: editor.rules, findings: editor.findings).lines().first ?? ""
        let changes =
            editor.findingsTheDragAdds.map { (mark(for: $0), $0.message.terminalSafe) }
            + editor.findingsTheDragClears.map { (style.dim("✓"), "no longer: " + $0.message.terminalSafe) }
        guard let first = changes.first else {
            return NotesBlock(full: [prefix + headline + " (as now)"], priority: 1)
        }
        let more = changes.count > 1 ? " (+\(changes.count - 1) more)" : ""
        let room = width - TextLayout.width(prefix) - 2 - TextLayout.width(more)
        return NotesBlock(
            full: [prefix + headline] + changes.map { finding($0.0, $0.1) },
            compact: [prefix + first.0 + " " + TextLayout.truncate(first.1, room) + more], priority: 1)
    }

    /// `  ✗ message`, cut to the width.
    private func finding(_ mark: String, _ message: String) -> String {
        "  " + mark + " " + TextLayout.truncate(message, width - 4)
    }

    /// `✗` a broken rule, `!` a warning, as `lineup show` marks them.
    private func mark(for finding: RuleFinding) -> String {
        style.mark(finding.severity)
    }
}

/// A part of the editor's notes, in a full and a compact form, with how much it matters (0 first).
struct NotesBlock {
    var full: [String]
    var compact: [String]
    var priority: Int

    init(full: [String], compact: [String]? = nil, priority: Int) {
        self.full = full
        self.compact = compact ?? full
        self.priority = priority
    }

    /// The lines each block gets in `lines` lines: compact forms while they fit, most important first, then
    /// full forms in the same order wherever the whole block fits.
    static func fit(_ blocks: [NotesBlock], into lines: Int) -> [[String]] {
        let order = blocks.indices.sorted { (blocks[$0].priority, $0) < (blocks[$1].priority, $1) }
        var chosen = Array(repeating: [String](), count: blocks.count)
        var used = 0
        for index in order where used + blocks[index].compact.count <= lines {
            chosen[index] = blocks[index].compact
            used += chosen[index].count
        }
        for index in order where !chosen[index].isEmpty || blocks[index].compact.isEmpty {
            let extra = blocks[index].full.count - chosen[index].count
            if extra > 0, used + extra <= lines {
                chosen[index] = blocks[index].full
                used += extra
            }
        }
        return chosen
    }
}

/// What to send a terminal to go from one frame to the next: only the lines that changed, each
/// positioned and cleared to its end, so the screen never flickers.
public enum FrameUpdate {
    /// The escape sequences and text that turn `previous` into `next` on screen; with no previous frame
    /// (or another size) the screen is cleared and every line drawn.
    public static func output(from previous: [String]?, to next: [String]) -> String {
        var output = ""
        let old = previous.flatMap { $0.count == next.count ? $0 : nil }
        if old == nil { output += "\u{1B}[2J" }
        for (index, line) in next.enumerated() where old?[index] != line {
            output += "\u{1B}[\(index + 1);1H" + line + "\u{1B}[K"
        }
        return output
    }
}
