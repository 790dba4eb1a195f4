import Foundation
import LineupCore
import LineupEditor
import LineupPresentation
import LineupStore

/// Runs `lineup edit`: reads keys, hands them to the `Editor`, carries out its requests on the database,
/// watches for other writers, and draws only the lines that changed.
final class EditorSession {
    private let db: LineupDatabase
    /// The boat edited, by id: followed through a rename, never another boat given its old name.
    private let boatID: Int64
    /// Its name as last read (it may be renamed meanwhile).
    private var boatName: String
    /// The records an undo and a redo would take first, as last shown: neither undoes what was not shown.
    private var nextSteps: (undo: Int64?, redo: Int64?) = (nil, nil)
    private let editor: Editor
    private let screen: TerminalScreen
    private let colours: Bool
    private var drawn: [String] = []
    private var drawnSize = (width: 0, height: 0)
    private var dataVersion: Int
    /// Set when another command changed the boat during a drag; the release then checks it.
    private var changedDuringDrag = false

    /// An editor on `boat` (the current boat when nil), showing weights in `unit` (the club's when nil).
    init(db: LineupDatabase, boat: String?, unit: WeightUnit?, colours: Bool) throws {
        self.db = db
        let state = try db.state(ofBoat: BoatChoice(boat))
        boatID = state.boat.id
        boatName = state.boat.name
        editor = Editor(
            boatName: state.boat.name, lineup: state.lineup, roster: state.roster, rules: state.rules,
            balanceModel: state.balanceModel, format: WeightFormat(unit: unit ?? state.weightUnit))
        screen = try TerminalScreen()
        self.colours = colours
        dataVersion = try db.dataVersion()
        nextSteps = try db.nextHistorySteps(ofBoat: .id(boatID))
    }

    /// Runs until `q`; returns the exit status. An interruption cancels any drag and returns 128 + signal.
    func run() throws -> Int32 {
        try screen.enter()
        defer { screen.restore() }
        draw()
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: screen.signals, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, 2, 250)
            if ready < 0 && errno != EINTR { return interrupted(by: SIGHUP) }
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                var signals = [UInt8](repeating: 0, count: 16)
                let count = read(screen.signals, &signals, signals.count)
                for signal in signals.prefix(max(0, count)).map(Int32.init) {
                    if signal == SIGWINCH {
                        drawn = []
                    } else {
                        return interrupted(by: signal)
                    }
                }
            }
            if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                var bytes = [UInt8](repeating: 0, count: 256)
                let count = read(STDIN_FILENO, &bytes, bytes.count)
                // The terminal went away: the same as a hang-up.
                if count <= 0 { return interrupted(by: SIGHUP) }
                let fits = frame(for: screen.size).fits
                for key in KeyDecoder.keys(in: Array(bytes.prefix(count))) {
                    guard case .key(let key) = key else { continue }
                    // Too small a terminal shows only how to quit: no key may act unseen.
                    guard fits || key == .quit else { continue }
                    if let request = editor.handle(key) {
                        if request == .quit { return 0 }
                        perform(request)
                    }
                }
            }
            watchOtherWriters()
            draw()
        }
    }

    /// Cancels any drag (nothing was written for it), restores the terminal, says what happened.
    private func interrupted(by signal: Int32) -> Int32 {
        let wasDragging = editor.isDragging
        editor.cancelDrag()
        screen.restore()
        let name =
            [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT"][signal] ?? "signal \(signal)"
        Terminal.standardError.write(
            "lineup edit: interrupted (\(name))" + (wasDragging ? "; the drag was cancelled, nothing was written" : "")
                + ".\n")
        return 128 + signal
    }

    /// The sentences after a change, as every front end says them (the frame makes them safe to print).
    private let words = ChangeWords.plain

    private func perform(_ request: EditorRequest) {
        do {
            switch request {
            case .commit(let places):
                let stale = changedDuringDrag
                changedDuringDrag = false
                let outcome = try db.exchange(inBoat: .id(boatID)) { _ in places }
                editor.message =
                    words.changed(outcome, verb: ChangeWords.exchangeVerb(outcome.change))
                    + (stale ? " (The boat had changed meanwhile; your exchange still fitted.)" : "")
            case .undo:
                guard let expected = nextSteps.undo else { throw StoreError.nothingToUndo(boat: boatName) }
                let outcome = try db.undo(inBoat: .id(boatID), expectedFirst: expected)
                editor.message = words.stepSentence(outcome, verb: "Undid")
            case .redo:
                guard let expected = nextSteps.redo else { throw StoreError.nothingToRedo(boat: boatName) }
                let outcome = try db.redo(inBoat: .id(boatID), expectedFirst: expected)
                editor.message = words.stepSentence(outcome, verb: "Redid")
            case .setLock(let place, let locked, let shown):
                let outcome = try db.setLock(
                    locked, inBoat: .id(boatID), at: { _ in place }, expected: ExpectedOccupant(shown))
                editor.message = words.lockSentence(
                    outcome, named: place.description, locked: locked, unlockHint: "L unlocks it")
            case .quit:
                return
            }
        } catch {
            editor.message = "Refused: \(error)"
        }
        reload()
    }

    /// Reads the boat again and shows it, keeping the message.
    private func reload() {
        let message = editor.message
        do {
            let state = try db.state(ofBoat: .id(boatID))
            boatName = state.boat.name
            editor.reload(lineup: state.lineup, roster: state.roster, rules: state.rules, boatName: state.boat.name)
            dataVersion = try db.dataVersion()
            nextSteps = try db.nextHistorySteps(ofBoat: .id(boatID))
        } catch {
            editor.message = "Cannot read the boat: \(error)"
            return
        }
        editor.message = message
    }

    /// Another command committed to the file: show its result now, or, mid-drag, remember to check on release.
    private func watchOtherWriters() {
        let version: Int
        do {
            version = try db.dataVersion()
        } catch {
            // Every change would be refused: said now, rather than showing the moved file as the club's.
            if case .databaseReplaced = error { editor.message = "Refused: \(error)" }
            return
        }
        guard version != dataVersion else { return }
        if editor.isDragging {
            changedDuringDrag = true
            return
        }
        dataVersion = version
        let before = editor.lineup
        reload()
        if editor.lineup != before { editor.message = "Updated: another command changed the boat." }
    }

    /// Draws the frame, writing only the lines that differ from what is on the screen.
    private func draw() {
        let size = screen.size
        let lines = frame(for: size).render(editor)
        let previous = size == drawnSize && !drawn.isEmpty ? drawn : nil
        let output = FrameUpdate.output(from: previous, to: lines)
        drawn = lines
        drawnSize = size
        if !output.isEmpty { Terminal.standardOutput.write(output) }
    }

    private func frame(for size: (width: Int, height: Int)) -> EditorFrame {
        EditorFrame(width: size.width, height: size.height, colours: colours)
    }
}
