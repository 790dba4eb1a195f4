import LineupCore

/// Draws the editor as lines of text for a terminal of a given size: the boat on the left, the bench on
/// the right, the balance panel below, a message line and the keys at the bottom. The cursor's cell is
/// marked `>`, the drag's origin (where the displaced paddler waits) `*`, locked seats `[L3]`; with
/// colours, the cursor is also shown in reverse video and the origin in yellow.
public struct EditorFrame {
    public static let minimumWidth = 80
    public static let minimumHeight = 24
    static let cellWidth = 23
    static let benchColumn = 56

    public let width: Int
    public let height: Int
    public let colours: Bool

    public init(width: Int, height: Int, colours: Bool) {
        self.width = width
        self.height = height
        self.colours = colours
    }

    /// Exactly `height` lines, none wider than `width` characters (colour sequences aside).
    public func render(_ editor: Editor) -> [String] {
        var lines: [String]
        if width < Self.minimumWidth || height < Self.minimumHeight {
            lines = [
                "lineup edit needs a terminal of at least \(Self.minimumWidth)×\(Self.minimumHeight);",
                "this one is \(width)×\(height). Enlarge it, or press q to quit.",
            ]
        } else if editor.showsHelp {
            lines = Self.help
        } else {
            lines = body(editor)
        }
        lines = Array(lines.prefix(height))
        while lines.count < height { lines.append("") }
        return lines.map { fit($0) }
    }

    static let help = [
        "lineup edit: keys",
        "",
        "  arrows or h j k l   move the cursor: left and right seats, up and down the rows, into the bench",
        "  space or enter      catch the paddler under the cursor; again to drop them where the cursor is",
        "  (while caught)      each move drags them over that place: whoever sits there goes to their",
        "                      old place (marked *), and the balance panel follows",
        "  esc                 cancel the drag: everyone back where they were, nothing recorded",
        "  u / r               undo / redo, the same history as `lineup undo` and `lineup redo`",
        "  L                   lock or unlock the seat under the cursor (a locked seat's paddler stays)",
        "  ?                   this help",
        "  q                   quit (during a drag: cancel it first)",
        "",
        "Every drop is one history record, exactly as `lineup exchange` writes it. Nothing is written",
        "until you drop: Ctrl-C, closing the terminal or any interruption during a drag cancels it.",
        "If another command changes the boat while it is open, the editor shows the new lineup.",
        "",
        "Press any key to go back.",
    ]

    private func body(_ editor: Editor) -> [String] {
        let lineup = editor.lineup
        let kind = lineup.kind
        var left: [String] = []
        left.append(
            "lineup edit · \(editor.boatName) · \(kind.rawValue) boat" + (editor.isDragging ? " · DRAGGING" : ""))
        left.append("")
        let centre = String(repeating: " ", count: 4 + (Self.cellWidth + 3) / 2 - 2)
        left.append(centre + cell(editor, SeatPath(section: LineupExchangeModel.SectionIndex.drummer, item: 0)))
        for row in 0..<kind.rowCount {
            let number = String(row + 1)
            left.append(
                String(repeating: " ", count: 3 - number.count) + number + " "
                    + cell(editor, SeatPath(section: LineupExchangeModel.SectionIndex.left, item: row)) + " | "
                    + cell(editor, SeatPath(section: LineupExchangeModel.SectionIndex.right, item: row)))
        }
        left.append(centre + cell(editor, SeatPath(section: LineupExchangeModel.SectionIndex.steerer, item: 0)))
        left.append("")
        left += balancePanel(editor)

        // The bench, beside the boat, scrolled to keep the cursor in view.
        let benchSlots = lineup.bench.count + 1
        // Beside the boat: from the third line to the last before the message lines.
        let available = height - 5
        var right = ["Bench (\(lineup.bench.count))"]
        let visible = max(1, available - 3)
        let cursorItem =
            editor.cursor.section == LineupExchangeModel.SectionIndex.bench ? editor.cursor.item : 0
        let firstItem = max(0, min(cursorItem - visible / 2, benchSlots - visible))
        right.append(firstItem > 0 ? "  ↑ \(firstItem) more" : "")
        for item in firstItem..<min(benchSlots, firstItem + visible) {
            right.append(cell(editor, SeatPath(section: LineupExchangeModel.SectionIndex.bench, item: item)))
        }
        let below = benchSlots - min(benchSlots, firstItem + visible)
        if below > 0 { right.append("  ↓ \(below) more") }

        var lines: [String] = []
        for index in 0..<(height - 3) {
            let leftText = index < left.count ? left[index] : ""
            let rightIndex = index - 2
            let rightText = rightIndex >= 0 && rightIndex < right.count ? right[rightIndex] : ""
            lines.append(rightText.isEmpty ? leftText : padded(leftText, Self.benchColumn) + rightText)
        }
        let message = wrapped(editor.message ?? "", lines: 2)
        lines += message + Array(repeating: "", count: 2 - message.count)
        lines.append("arrows move  space catch/drop  esc cancel  u/r undo/redo  L lock  ? help  q quit")
        return lines
    }

    /// `text` broken at spaces into at most `lines` lines of the frame's width (the last one cut).
    private func wrapped(_ text: String, lines: Int) -> [String] {
        var result: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, current.count + 1 + word.count > width, result.count < lines - 1 {
                result.append(current)
                current = String(word)
            } else {
                current += (current.isEmpty ? "" : " ") + word
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// One place: marker, reference (bracketed when locked), name, weight.
    private func cell(_ editor: Editor, _ path: SeatPath) -> String {
        let model = editor.model
        guard let place = model.place(at: path) else { return "" }
        let isEnd = path.section == LineupExchangeModel.SectionIndex.bench && path.item == model.original.bench.count
        let isCursor = path == editor.cursor
        let isOrigin = path == editor.origin
        let marker = isCursor ? ">" : isOrigin ? "*" : " "
        let reference = isEnd ? "B" : editor.lineup.isLocked(place) ? "[\(place)]" : place.description
        let paddler = model.paddler(at: path).flatMap { editor.roster[$0] }
        let name = paddler?.name ?? (isEnd ? "(end of bench)" : "-")
        let weight = paddler.map { $0.weightKg.map(PaddlerRules.formatWeight) ?? "?" } ?? ""
        let text =
            marker + padded(reference, 5) + padded(truncated(name, Self.cellWidth - 11), Self.cellWidth - 11)
            + padded(weight, 5, right: true)
        guard colours else { return text }
        if isCursor { return "\u{1B}[7m" + text + "\u{1B}[0m" }
        if isOrigin { return "\u{1B}[33m" + text + "\u{1B}[0m" }
        return text
    }

    private func balancePanel(_ editor: Editor) -> [String] {
        let lineup = editor.lineup
        let weights = editor.roster.compactMapValues(\.weightKg)
        let sums = lineup.balanceSums(weights: weights)
        let moments = lineup.balanceMoments(weights: weights, model: editor.balanceModel)
        func kg(_ value: Double) -> String { PaddlerRules.formatWeight((value * 10).rounded() / 10) }
        func lean(_ difference: Double, _ positive: String, _ negative: String) -> String {
            let rounded = (difference * 10).rounded() / 10
            return rounded == 0 ? "level" : "\(rounded > 0 ? positive : negative) by \(kg(abs(rounded))) kg"
        }
        let listKg = moments.listAsMiddleSeatKg(editor.balanceModel)
        let trimKg = moments.trimAsEndRowKg(editor.balanceModel, kind: lineup.kind)
        var lines = [
            "Left \(kg(sums.leftKg)) kg  Right \(kg(sums.rightKg)) kg  "
                + lean(sums.rightMinusLeftKg, "right-heavy", "left-heavy"),
            "Front \(kg(sums.frontKg)) kg  Back \(kg(sums.backKg)) kg  "
                + lean(sums.frontMinusBackKg, "bow-heavy", "stern-heavy"),
            "Moments  trim \(signed(moments.trimKgM)) kg·m  list \(signed(moments.listKgM)) kg·m",
            "Level  L " + gauge(listKg) + " R   bow " + gauge(-trimKg) + " stern",
        ]
        if !sums.unknownWeights.isEmpty {
            lines.append("Unknown weight (0 kg): " + sums.unknownWeights.map(\.description).joined(separator: ", "))
        }
        return lines
    }

    private func signed(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let text = "\(abs(tenths) / 10).\(abs(tenths) % 10)"
        return tenths > 0 ? "+" + text : tenths < 0 ? "-" + text : text
    }

    /// A level indicator: `[····|····]` with `●` off the middle by the imbalance, ±20 kg at the ends.
    private func gauge(_ equivalentKg: Double) -> String {
        let half = 5
        let offset = max(-half, min(half, Int((equivalentKg / 20 * Double(half)).rounded())))
        var slots = Array(repeating: "·", count: 2 * half + 1)
        slots[half] = "|"
        slots[half + offset] = "●"
        return "[" + slots.joined() + "]"
    }

    private func truncated(_ text: String, _ length: Int) -> String {
        text.count > length ? String(text.prefix(length - 1)) + "…" : text
    }

    private func padded(_ text: String, _ length: Int, right: Bool = false) -> String {
        let visible = Self.visibleCount(text)
        guard visible < length else { return text }
        let padding = String(repeating: " ", count: length - visible)
        return right ? padding + text : text + padding
    }

    /// The line cut to the terminal's width, colour sequences not counted.
    private func fit(_ line: String) -> String {
        guard Self.visibleCount(line) > width else { return line }
        var result = ""
        var visible = 0
        var inEscape = false
        for character in line {
            if character == "\u{1B}" { inEscape = true }
            if inEscape {
                result.append(character)
                if character.isLetter { inEscape = false }
                continue
            }
            if visible == width { continue }
            result.append(character)
            visible += 1
        }
        return result + (colours ? "\u{1B}[0m" : "")
    }

    /// Characters a terminal shows, leaving out colour escape sequences.
    static func visibleCount(_ text: String) -> Int {
        var count = 0
        var inEscape = false
        for character in text {
            if character == "\u{1B}" {
                inEscape = true
                continue
            }
            if inEscape {
                if character.isLetter { inEscape = false }
                continue
            }
            count += 1
        }
        return count
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
