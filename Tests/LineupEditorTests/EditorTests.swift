import LineupCore
import LineupPresentation
import Testing

@testable import LineupEditor

@Suite("The editor's state, without a terminal")
struct EditorTests {
    /// A standard boat: P1…P20 in the rows (L1, R1, L2, …), drummer 21, steerer 22, 23 and 24 on the bench.
    static func editor(locked: Set<Place> = [], format: WeightFormat = .kilograms) throws -> Editor {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        let rows = (1...10).flatMap { [Place.left(row: $0), .right(row: $0)] }
        for (index, place) in (rows + [.drummer, .steerer, .bench(position: 1), .bench(position: 2)]).enumerated() {
            let id = PaddlerID(index + 1)
            roster[id] = Paddler(id: id, name: "P\(id)", weightKg: Double(50 + index))
            placements.append((id, place))
        }
        return Editor(
            boatName: "Race", lineup: try Lineup(kind: .standard, placements: placements, lockedSeats: locked),
            roster: roster, format: format)
    }

    /// `editor` after `keys`.
    @discardableResult
    static func press(_ editor: Editor, _ keys: EditorKey...) -> EditorRequest? {
        var last: EditorRequest?
        for key in keys { last = editor.handle(key) }
        return last
    }

    /// The index of the frame line with the cursor's marker `>`.
    static func cursorLine(_ frame: [String]) -> Int? { frame.firstIndex { $0.contains(">") } }

    @Test func theCursorWalksTheBoatAsDrawn() throws {
        let editor = try Self.editor()
        #expect(editor.cursorPlace == .left(row: 1))
        Self.press(editor, .left)
        #expect(editor.cursorPlace == .left(row: 1), "nothing left of the left seat")
        Self.press(editor, .up)
        #expect(editor.cursorPlace == .drummer)
        Self.press(editor, .up)
        #expect(editor.cursorPlace == .drummer, "the top stops the cursor")
        Self.press(editor, .down, .right)
        #expect(editor.cursorPlace == .right(row: 1))
        Self.press(editor, .down)
        #expect(editor.cursorPlace == .right(row: 2), "down keeps the side")
        for _ in 0..<9 { Self.press(editor, .down) }
        #expect(editor.cursorPlace == .steerer)
        Self.press(editor, .down)
        #expect(editor.cursorPlace == .steerer, "the bench is beside the boat, not below it")
        Self.press(editor, .up)
        #expect(editor.cursorPlace == .right(row: 10), "back up on the side it came down")
    }

    @Test func rightFromARightSeatEntersTheBenchOnTheSameScreenLine() throws {
        let editor = try Self.editor()
        // The bench: B1, B2 and its end, beside rows 1 to 3.
        Self.press(editor, .right, .right)
        #expect(editor.cursorPlace == .bench(position: 1))
        Self.press(editor, .right)
        #expect(editor.cursorPlace == .bench(position: 1), "nothing right of the bench")
        Self.press(editor, .left)
        #expect(editor.cursorPlace == .right(row: 1))
        Self.press(editor, .down, .down, .right)
        #expect(editor.cursorPlace == .bench(position: 3), "beside R3: the end of the bench")
        let frame = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(Self.cursorLine(frame) == 5)
        #expect(frame[5].contains(" R3 "), "drawn on R3's line")
        Self.press(editor, .left, .down, .down, .down, .down, .down, .down, .right)
        #expect(editor.cursorPlace == .bench(position: 3), "from R9: the nearest bench slot shown")
        Self.press(editor, .left)
        #expect(editor.cursorPlace == .right(row: 9), "← goes back where → came from")
        Self.press(editor, .right, .up, .left)
        #expect(editor.cursorPlace == .right(row: 2), "after moving in the bench, ← goes to the row beside")
        Self.press(editor, .up, .up, .right)
        #expect(editor.cursorPlace == .bench(position: 1), "from the drummer, beside the bench's title")
        Self.press(editor, .left)
        #expect(editor.cursorPlace == .drummer)
        for _ in 0..<11 { Self.press(editor, .down) }
        Self.press(editor, .right)
        #expect(editor.cursorPlace == .bench(position: 3), "from the steerer: the nearest bench slot shown")
    }

    @Test func aPaddlerIsDraggedIntoTheBenchAndBackWithTheArrows() throws {
        let editor = try Self.editor()
        let before = editor.lineup
        Self.press(editor, .right, .select, .right)
        #expect(editor.lineup.bench == [2, 24])
        #expect(editor.lineup[.right(row: 1)] == 23)
        #expect(editor.message == "Dragging P2 over B1: P23 goes to R1.")
        Self.press(editor, .left)
        #expect(editor.lineup == before)
        #expect(editor.message == "P2 is back at R1: space drops, nobody moves.")
        Self.press(editor, .right, .down, .down)
        #expect(editor.cursorPlace == .bench(position: 3))
        #expect(
            Self.press(editor, .select)
                == .commit(
                    ExchangePlaces(
                        first: .right(row: 1), second: .bench(position: 3),
                        expected: .init(first: "P2", second: nil))))
    }

    @Test func aLongBenchScrollsWithTheCursorAndStaysAlignedWithTheBoat() throws {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        for index in 1...40 {
            roster[PaddlerID(index)] = Paddler(id: PaddlerID(index), name: "B\(index)x", weightKg: 70)
            placements.append((PaddlerID(index), .bench(position: index)))
        }
        let editor = Editor(
            boatName: "Race", lineup: try Lineup(kind: .standard, placements: placements), roster: roster)
        let top = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(top[2].hasSuffix("Bench (40)"))
        #expect(top[14].hasSuffix("↓ 30 more"), "11 of the 41 slots shown, beside the rows and the steerer")
        Self.press(editor, .right, .right)
        for _ in 0..<20 { Self.press(editor, .down) }
        #expect(editor.cursorPlace == .bench(position: 21))
        #expect(editor.benchTop == 10)
        let middle = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(middle[2].hasSuffix("Bench (40)  ↑ 10 more"))
        #expect(Self.cursorLine(middle) == 13)
        #expect(middle[13].contains(">B21 B21x"))
        #expect(middle[14].hasSuffix("↓ 20 more"))
        Self.press(editor, .left)
        #expect(editor.cursorPlace == .steerer, "the bench slot is on the steerer's line")
        Self.press(editor, .right)
        #expect(editor.cursorPlace == .bench(position: 21))
        for _ in 0..<60 { Self.press(editor, .down) }
        let bottom = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(bottom[13].contains(">B   (end)"))
        #expect(bottom[2].hasSuffix("↑ 30 more"))
        #expect(!bottom[14].contains("more"))
        for _ in 0..<60 { Self.press(editor, .up) }
        #expect(editor.cursorPlace == .bench(position: 1))
        #expect(editor.benchTop == 0)
    }

    @Test func catchDragReleaseIsOneExchangeOfTwoPaddlers() throws {
        let editor = try Self.editor()
        #expect(editor.handle(.select) == nil)
        #expect(editor.isDragging)
        for _ in 0..<3 { #expect(editor.handle(.down) == nil) }
        // Mid-drag the engine's model: P1 over L4, P7 (was at L4) waiting at L1.
        #expect(editor.lineup[.left(row: 4)] == 1)
        #expect(editor.lineup[.left(row: 1)] == 7)
        #expect(editor.exchangeEvents == 3)
        #expect(editor.message == "Dragging P1 over L4: P7 goes to L1.")
        let request = editor.handle(.select)
        #expect(
            request
                == .commit(
                    ExchangePlaces(
                        first: .left(row: 1), second: .left(row: 4), expected: .init(first: "P1", second: "P7"))))
        #expect(!editor.isDragging)
    }

    @Test func cancelPutsEveryoneBackAndAsksForNothing() throws {
        let editor = try Self.editor()
        let before = editor.lineup
        Self.press(editor, .select, .down, .right)
        #expect(editor.lineup != before)
        #expect(editor.handle(.cancel) == nil)
        #expect(editor.lineup == before)
        #expect(!editor.isDragging)
        #expect(editor.message == "Cancelled: nobody moved.")
        // An interruption does the same.
        Self.press(editor, .select, .down)
        editor.cancelDrag()
        #expect(editor.lineup == before)
    }

    @Test func droppingAtTheStartChangesNothing() throws {
        let editor = try Self.editor()
        Self.press(editor, .select, .down, .up)
        #expect(editor.handle(.select) == nil)
        #expect(editor.message == "Dropped where it was: nothing changed.")
    }

    @Test func aLockedSeatRefusesCatchAndDisplacement() throws {
        let editor = try Self.editor(locked: [.left(row: 1), .left(row: 3)])
        #expect(editor.handle(.select) == nil)
        #expect(!editor.isDragging)
        #expect(editor.message == "L1 is locked: its paddler stays (L unlocks it).")
        Self.press(editor, .down, .select, .down)
        #expect(editor.message == "L3 is locked: nobody is displaced from it.")
        #expect(editor.lineup[.left(row: 3)] == 5)
        Self.press(editor, .down)
        #expect(editor.lineup[.left(row: 4)] == 3)
        #expect(editor.lineup[.left(row: 3)] == 5)
    }

    @Test func undoRedoLockAndQuitAreRequests() throws {
        let editor = try Self.editor(locked: [.left(row: 1)])
        #expect(editor.handle(.undo) == .undo)
        #expect(editor.handle(.redo) == .redo)
        #expect(editor.handle(.toggleLock) == .setLock(.left(row: 1), locked: false, shown: "P1"))
        Self.press(editor, .right)
        #expect(editor.handle(.toggleLock) == .setLock(.right(row: 1), locked: true, shown: "P2"))
        Self.press(editor, .right)
        #expect(editor.handle(.toggleLock) == nil)
        #expect(editor.message == "Only seats can be locked; the bench cannot.")
        Self.press(editor, .select)
        #expect(editor.handle(.undo) == nil, "not during a drag")
        #expect(editor.handle(.quit) == nil, "q during a drag cancels it first")
        #expect(!editor.isDragging)
        #expect(editor.handle(.quit) == .quit)
    }

    @Test func theHelpScreenLeavesWithQuestionMarkOrEscapeAndQuitsWithQ() throws {
        let editor = try Self.editor()
        Self.press(editor, .help)
        #expect(editor.showsHelp)
        let help = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(help[0] == "lineup edit: keys")
        #expect(help[23] == "? or esc to go back; q quits")
        #expect(help.allSatisfy { TextLayout.width($0) <= 80 }, "every line whole on the smallest terminal")
        #expect(EditorFrame.help.count <= 23 && EditorFrame.help.allSatisfy { TextLayout.width($0) <= 80 })
        // Other keys do nothing on the help screen: it stays, and the boat is as it was.
        for key in [EditorKey.down, .right, .select, .undo, .redo, .toggleLock] {
            #expect(editor.handle(key) == nil)
            #expect(editor.showsHelp)
        }
        #expect(editor.cursorPlace == .left(row: 1))
        #expect(!editor.isDragging)
        Self.press(editor, .cancel)
        #expect(!editor.showsHelp)
        Self.press(editor, .help, .help)
        #expect(!editor.showsHelp, "? goes back too")
        Self.press(editor, .help)
        #expect(editor.handle(.quit) == .quit, "q quits from the help screen")
    }

    @Test func qOnTheHelpScreenDuringADragCancelsTheDragFirst() throws {
        let editor = try Self.editor()
        let before = editor.lineup
        Self.press(editor, .select, .down, .help)
        #expect(editor.showsHelp && editor.isDragging)
        #expect(editor.handle(.quit) == nil)
        #expect(!editor.isDragging && !editor.showsHelp)
        #expect(editor.lineup == before)
        #expect(editor.message == "Cancelled the drag; press q again to quit.")
        // Esc on the help screen only closes it: the drag goes on.
        Self.press(editor, .select, .down, .help, .cancel)
        #expect(editor.isDragging)
        #expect(editor.cursorPlace == .left(row: 3))
    }

    @Test func theFrameFitsTheTerminalAndMarksCursorOriginAndLocks() throws {
        let editor = try Self.editor(locked: [.right(row: 2)])
        Self.press(editor, .select, .down)
        let frame = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(frame.count == 24)
        #expect(frame.allSatisfy { TextLayout.width($0) <= 80 })
        #expect(frame[0] == "lineup edit · Race · standard boat · weights in kg · DRAGGING")
        #expect(frame[3].hasPrefix(" 1 *L1   P3 "))
        #expect(frame[4].hasPrefix(" 2 >L2   P1 "))
        #expect(frame[4].contains("[R2] P4"))
        #expect(frame[2].hasSuffix("Bench (2)"))
        #expect(frame[3].hasSuffix(" B1   P23             72"))
        #expect(frame[15] == "Front/back  " + BalanceWords.headline(editor.verdict.trim))
        #expect(frame[16].hasPrefix(BalanceWords.gauge(editor.verdict.trim, halfWidth: 4) + " sums front "))
        #expect(frame[22] == "Dragging P1 over L2: P3 goes to L1.")
        #expect(frame[23] == "arrows move  space catch/drop  esc cancel  u/r undo/redo  L lock  ? help  q quit")
        // Colours add sequences but never width.
        let coloured = EditorFrame(width: 80, height: 24, colours: true).render(editor)
        #expect(coloured[4].contains("\u{1B}[7m"))
        #expect(coloured.count == 24)
        #expect(coloured.allSatisfy { TextLayout.width($0) <= 80 })
    }

    @Test func weightsAreShownInTheChosenUnit() throws {
        let editor = try Self.editor(format: WeightFormat(unit: .lb))
        let frame = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(frame[0] == "lineup edit · Race · standard boat · weights in lb")
        // P1 weighs 50 kg: 110.2 lb.
        #expect(frame[3].hasPrefix(" 1 >L1  P1            110.2 | "))
        #expect(frame.contains { $0.contains("sums front") && $0.contains(" lb, back ") })
    }

    @Test func aSmallTerminalGetsAnExplanation() throws {
        let small = EditorFrame(width: 60, height: 20, colours: false)
        #expect(!small.fits)
        let frame = small.render(try Self.editor())
        #expect(frame.count == 20)
        #expect(frame[0].hasPrefix("lineup edit needs a terminal of at least 80×24"))
        #expect(EditorFrame(width: 80, height: 24, colours: false).fits)
    }

    @Test func reloadKeepsTheCursorAndCancelsADrag() throws {
        let editor = try Self.editor()
        Self.press(editor, .down, .select, .down)
        let fresh = try Self.editor()
        editor.reload(lineup: fresh.lineup, roster: fresh.roster)
        #expect(!editor.isDragging)
        #expect(editor.cursorPlace == .left(row: 3))
        #expect(editor.lineup == fresh.lineup)
    }
}
