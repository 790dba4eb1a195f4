import LineupCore

/// A key the editor understands, decoded from the terminal's bytes by the command line.
public enum EditorKey: Hashable, Sendable {
    case up, down, left, right
    /// Space or enter: catch the paddler under the cursor, or release the one caught.
    case select
    /// Escape: cancel the drag.
    case cancel
    case undo, redo
    /// `L`: lock or unlock the seat under the cursor.
    case toggleLock
    case help
    case quit
}

/// What the editor asks its host to do with the database; the editor itself never touches storage.
public enum EditorRequest: Equatable, Sendable {
    /// Record this finished exchange (one history record, as `lineup exchange` writes).
    case commit(LineupChange)
    case undo
    case redo
    case setLock(Place, locked: Bool)
    case quit
}

/// The interactive editor's state: a cursor over the boat, the exchange engine driven by the keys, and
/// what to draw. Pure: no terminal, no database. The host feeds it keys, carries out its requests, and
/// gives it the boat again (`reload`) after each one.
public final class Editor {
    public private(set) var boatName: String
    public private(set) var roster: [PaddlerID: Paddler]
    public private(set) var model: LineupExchangeModel
    private var controller: ExchangeController
    /// The place under the cursor, as an engine path (the bench's last slot is its end).
    public private(set) var cursor: SeatPath
    /// Where the caught paddler came from, while a drag is under way.
    public private(set) var origin: SeatPath?
    /// One line for the coach: what happened or why a key was refused.
    public var message: String?
    /// True while the help screen is shown.
    public private(set) var showsHelp = false
    public let balanceModel: BalanceModel
    /// How many exchange events the current drag has had (each one updates the balance panel).
    public private(set) var exchangeEvents = 0

    public init(
        boatName: String, lineup: Lineup, roster: [PaddlerID: Paddler],
        balanceModel: BalanceModel = .defaults(for: .standard)
    ) {
        self.boatName = boatName
        self.roster = roster
        self.balanceModel = balanceModel
        model = LineupExchangeModel(lineup: lineup)
        controller = ExchangeController(delegate: model)
        cursor = SeatPath(section: LineupExchangeModel.SectionIndex.left, item: 0)
        model.onExchangeEvent = { [weak self] _ in self?.exchangeEvents += 1 }
    }

    /// The lineup as drawn: mid-drag, the engine's current state.
    public var lineup: Lineup { model.current }
    public var isDragging: Bool { origin != nil }

    /// The place under the cursor.
    public var cursorPlace: Place? { model.place(at: cursor) }

    /// Replaces the boat after the host changed it (a commit, undo, redo, lock) or another command did.
    /// A drag under way is cancelled first; the cursor stays where it was when that place still exists.
    public func reload(lineup: Lineup, roster: [PaddlerID: Paddler], boatName: String? = nil) {
        if isDragging { controller.cancel() }
        origin = nil
        self.roster = roster
        if let boatName { self.boatName = boatName }
        model.reset(to: lineup)
        clampCursor()
    }

    /// Cancels a drag under way (an interruption): the lineup is as before the catch, nothing recorded.
    public func cancelDrag() {
        guard isDragging else { return }
        controller.cancel()
        origin = nil
        model.reset(to: model.original)
    }

    /// Handles one key; returns what the host must do, if anything.
    public func handle(_ key: EditorKey) -> EditorRequest? {
        if showsHelp {
            showsHelp = false
            return key == .quit ? .quit : nil
        }
        message = nil
        switch key {
        case .up: move(rows: -1)
        case .down: move(rows: 1)
        case .left: move(column: -1)
        case .right: move(column: 1)
        case .select: return isDragging ? release() : catchUnderCursor()
        case .cancel:
            if isDragging {
                cancelDrag()
                message = "Cancelled: nobody moved."
            }
        case .undo, .redo:
            guard !isDragging else {
                message = "Release (space) or cancel (esc) the drag first."
                return nil
            }
            return key == .undo ? .undo : .redo
        case .toggleLock:
            guard !isDragging else {
                message = "Release (space) or cancel (esc) the drag first."
                return nil
            }
            guard let place = cursorPlace, place.isSeat else {
                message = "Only seats can be locked; the bench cannot."
                return nil
            }
            return .setLock(place, locked: !lineup.isLocked(place))
        case .help: showsHelp = true
        case .quit:
            if isDragging {
                cancelDrag()
                message = "Cancelled the drag; press q again to quit."
                return nil
            }
            return .quit
        }
        return nil
    }

    private func catchUnderCursor() -> EditorRequest? {
        guard let place = cursorPlace else { return nil }
        if lineup.isLocked(place) {
            message = "\(place) is locked: its paddler stays (L unlocks it)."
        } else if model.paddler(at: cursor) == nil {
            message = "\(place) is empty: nobody to catch."
        } else if controller.catchItem(at: cursor) {
            origin = cursor
            exchangeEvents = 0
            message = "Caught \(name(model.paddler(at: cursor))): move to drag, space to drop, esc to cancel."
        }
        return nil
    }

    private func release() -> EditorRequest? {
        controller.release()
        origin = nil
        let change = model.finishedChange(names: roster.mapValues(\.name))
        if change.isEmpty {
            model.reset(to: model.original)
            message = "Dropped where it was: nothing changed."
            return nil
        }
        return .commit(change)
    }

    /// Moves the cursor; while dragging, each move drags the caught paddler over the new place.
    private func move(rows: Int = 0, column: Int = 0) {
        let lines = Self.cursorLines(model: model)
        guard let line = lines.firstIndex(where: { $0.contains(cursor) }) else { return }
        if column != 0 {
            let cells = lines[line]
            guard let index = cells.firstIndex(of: cursor) else { return }
            let next = index + column
            guard cells.indices.contains(next) else { return }
            cursor = cells[next]
        } else {
            let next = line + rows
            guard lines.indices.contains(next) else { return }
            let wantsRight = cursor.section == LineupExchangeModel.SectionIndex.right
            let cells = lines[next]
            cursor = wantsRight && cells.count > 1 ? cells[1] : cells[0]
        }
        guard isDragging, let origin else { return }
        let place = cursorPlace
        if cursor != origin, let place, lineup.isLocked(place) {
            message = "\(place) is locked: nobody is displaced from it."
            return
        }
        controller.drag(over: cursor)
        let dragged = name(model.paddler(at: cursor))
        if cursor == origin {
            message = "\(dragged) is back at \(place.map(\.description) ?? "the start"): space drops, nobody moves."
        } else if let place, let originPlace = model.place(at: origin) {
            let displaced = model.paddler(at: origin)
            message =
                "Dragging \(dragged) over \(place)"
                + (displaced == nil ? "." : ": \(name(displaced)) goes to \(originPlace).")
        }
    }

    /// The cursor's lines from top to bottom: drummer, each row (left, right), steerer, each bench place
    /// and the end of the bench.
    static func cursorLines(model: LineupExchangeModel) -> [[SeatPath]] {
        typealias S = LineupExchangeModel.SectionIndex
        let rows = model.original.kind.rowCount
        var lines: [[SeatPath]] = [[SeatPath(section: S.drummer, item: 0)]]
        for row in 0..<rows {
            lines.append([SeatPath(section: S.left, item: row), SeatPath(section: S.right, item: row)])
        }
        lines.append([SeatPath(section: S.steerer, item: 0)])
        for item in 0...model.original.bench.count { lines.append([SeatPath(section: S.bench, item: item)]) }
        return lines
    }

    private func clampCursor() {
        let lines = Self.cursorLines(model: model)
        if !lines.contains(where: { $0.contains(cursor) }) {
            cursor = lines.last?.first ?? cursor
        }
    }

    func name(_ id: PaddlerID?) -> String { id.flatMap { roster[$0]?.name } ?? "nobody" }
}
