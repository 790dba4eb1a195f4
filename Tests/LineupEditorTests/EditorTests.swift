import LineupCore
import LineupEditor
import Testing

@Suite("The editor's state, without a terminal")
struct EditorTests {
    /// A standard boat: P1…P20 in the rows (L1, R1, L2, …), drummer 21, steerer 22, 23 and 24 on the bench.
    static func editor(locked: Set<Place> = []) throws -> Editor {
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
            roster: roster)
    }

    @Test func theCursorWalksTheBoatAndTheBench() throws {
        let editor = try Self.editor()
        #expect(editor.cursorPlace == .left(row: 1))
        _ = editor.handle(.up)
        #expect(editor.cursorPlace == .drummer)
        _ = editor.handle(.up)
        #expect(editor.cursorPlace == .drummer, "the top stops the cursor")
        _ = editor.handle(.down)
        _ = editor.handle(.right)
        #expect(editor.cursorPlace == .right(row: 1))
        _ = editor.handle(.right)
        #expect(editor.cursorPlace == .right(row: 1), "nothing right of the right seat")
        _ = editor.handle(.down)
        #expect(editor.cursorPlace == .right(row: 2), "down keeps the side")
        for _ in 0..<9 { _ = editor.handle(.down) }
        #expect(editor.cursorPlace == .steerer)
        _ = editor.handle(.down)
        #expect(editor.cursorPlace == .bench(position: 1))
        for _ in 0..<5 { _ = editor.handle(.down) }
        #expect(editor.cursorPlace == .bench(position: 3), "the last stop is the end of the bench")
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
                    LineupChange(moves: [
                        PaddlerMove(paddler: 1, name: "P1", from: .left(row: 1), to: .left(row: 4)),
                        PaddlerMove(paddler: 7, name: "P7", from: .left(row: 4), to: .left(row: 1)),
                    ])))
        #expect(!editor.isDragging)
    }

    @Test func cancelPutsEveryoneBackAndAsksForNothing() throws {
        let editor = try Self.editor()
        let before = editor.lineup
        _ = editor.handle(.select)
        _ = editor.handle(.down)
        _ = editor.handle(.right)
        #expect(editor.lineup != before)
        #expect(editor.handle(.cancel) == nil)
        #expect(editor.lineup == before)
        #expect(!editor.isDragging)
        #expect(editor.message == "Cancelled: nobody moved.")
        // An interruption does the same.
        _ = editor.handle(.select)
        _ = editor.handle(.down)
        editor.cancelDrag()
        #expect(editor.lineup == before)
    }

    @Test func droppingAtTheStartChangesNothing() throws {
        let editor = try Self.editor()
        _ = editor.handle(.select)
        _ = editor.handle(.down)
        _ = editor.handle(.up)
        #expect(editor.handle(.select) == nil)
        #expect(editor.message == "Dropped where it was: nothing changed.")
    }

    @Test func aLockedSeatRefusesCatchAndDisplacement() throws {
        let editor = try Self.editor(locked: [.left(row: 1), .left(row: 3)])
        #expect(editor.handle(.select) == nil)
        #expect(!editor.isDragging)
        #expect(editor.message == "L1 is locked: its paddler stays (L unlocks it).")
        _ = editor.handle(.down)
        _ = editor.handle(.select)
        _ = editor.handle(.down)
        #expect(editor.message == "L3 is locked: nobody is displaced from it.")
        #expect(editor.lineup[.left(row: 3)] == 5)
        _ = editor.handle(.down)
        #expect(editor.lineup[.left(row: 4)] == 3)
        #expect(editor.lineup[.left(row: 3)] == 5)
    }

    @Test func undoRedoLockAndQuitAreRequests() throws {
        let editor = try Self.editor(locked: [.left(row: 1)])
        #expect(editor.handle(.undo) == .undo)
        #expect(editor.handle(.redo) == .redo)
        #expect(editor.handle(.toggleLock) == .setLock(.left(row: 1), locked: false))
        _ = editor.handle(.right)
        #expect(editor.handle(.toggleLock) == .setLock(.right(row: 1), locked: true))
        _ = editor.handle(.select)
        #expect(editor.handle(.undo) == nil, "not during a drag")
        #expect(editor.handle(.quit) == nil, "q during a drag cancels it first")
        #expect(!editor.isDragging)
        #expect(editor.handle(.quit) == .quit)
    }

    @Test func theHelpScreenComesAndGoes() throws {
        let editor = try Self.editor()
        _ = editor.handle(.help)
        #expect(editor.showsHelp)
        let help = EditorFrame(width: 100, height: 24, colours: false).render(editor)
        #expect(help[0] == "lineup edit: keys")
        #expect(editor.handle(.down) == nil)
        #expect(!editor.showsHelp)
        #expect(editor.cursorPlace == .left(row: 1), "the key only closed the help")
    }

    @Test func theFrameFitsTheTerminalAndMarksCursorOriginAndLocks() throws {
        let editor = try Self.editor(locked: [.right(row: 2)])
        _ = editor.handle(.select)
        _ = editor.handle(.down)
        let frame = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(frame.count == 24)
        #expect(frame.allSatisfy { $0.count <= 80 })
        #expect(frame[0] == "lineup edit · Race · standard boat · DRAGGING")
        #expect(frame[3].hasPrefix("  1 *L1   P3 "))
        #expect(frame[4].hasPrefix("  2 >L2   P1 "))
        #expect(frame[4].contains("[R2] P4"))
        #expect(frame.contains { $0.hasPrefix("Left ") && $0.contains("Right ") })
        #expect(frame[23] == "arrows move  space catch/drop  esc cancel  u/r undo/redo  L lock  ? help  q quit")
        // Colours add sequences but never width.
        let coloured = EditorFrame(width: 80, height: 24, colours: true).render(editor)
        #expect(coloured[4].contains("\u{1B}[7m"))
        #expect(coloured.count == 24)
    }

    @Test func aSmallTerminalGetsAnExplanation() throws {
        let frame = EditorFrame(width: 60, height: 20, colours: false).render(try Self.editor())
        #expect(frame.count == 20)
        #expect(frame[0].hasPrefix("lineup edit needs a terminal of at least 80×24"))
    }

    @Test func aLongBenchScrollsWithTheCursor() throws {
        var roster: [PaddlerID: Paddler] = [:]
        var placements: [(paddler: PaddlerID, place: Place)] = []
        for index in 1...40 {
            roster[PaddlerID(index)] = Paddler(id: PaddlerID(index), name: "B\(index)x", weightKg: 70)
            placements.append((PaddlerID(index), .bench(position: index)))
        }
        let editor = Editor(
            boatName: "Race", lineup: try Lineup(kind: .standard, placements: placements), roster: roster)
        let top = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(top.contains { $0.contains("↓") && $0.contains("more") })
        for _ in 0..<60 { _ = editor.handle(.down) }
        let bottom = EditorFrame(width: 80, height: 24, colours: false).render(editor)
        #expect(bottom.contains { $0.contains(">B") && $0.contains("(end of") })
        #expect(bottom.contains { $0.contains("↑") && $0.contains("more") })
    }

    @Test func reloadKeepsTheCursorAndCancelsADrag() throws {
        let editor = try Self.editor()
        _ = editor.handle(.down)
        _ = editor.handle(.select)
        _ = editor.handle(.down)
        let fresh = try Self.editor()
        editor.reload(lineup: fresh.lineup, roster: fresh.roster)
        #expect(!editor.isDragging)
        #expect(editor.cursorPlace == .left(row: 3))
        #expect(editor.lineup == fresh.lineup)
    }
}
