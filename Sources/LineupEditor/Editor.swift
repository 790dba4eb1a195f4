import LineupCore
import LineupPresentation

/// A key the editor understands, decoded from the terminal's bytes by the command line.
public enum EditorKey: Hashable, Sendable {
    case up, down, left, right
    /// Space or enter: catch the paddler under the cursor, or release the one caught.
    case select
    /// Escape: cancel the drag, or leave the help screen.
    case cancel
    case undo, redo
    /// `L`: lock or unlock the seat under the cursor.
    case toggleLock
    /// `?`: show the help screen, or leave it.
    case help
    case quit
}

/// What the editor asks its host to do with the database; the editor itself never touches storage.
public enum EditorRequest: Equatable, Sendable {
    /// Record this finished exchange (one history record, as `lineup exchange` writes): the place the drag
    /// began and the one it was dropped on, with whom the editor showed there when it began.
    case commit(ExchangePlaces)
    case undo
    case redo
    /// Lock or unlock the seat, which held `shown` (nil: empty) on the screen when the key was pressed.
    case setLock(Place, locked: Bool, shown: String?)
    case quit
}

/// The interactive editor's state: a cursor over the boat and the bench beside it, the exchange engine
/// driven by the keys, and what to draw. Pure: no terminal, no database. The host feeds it keys, carries
/// out its requests, and gives it the boat again (`reload`) after each one.
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
    /// How weights are shown (the unit).
    public let format: WeightFormat
    /// The boat's crew rules, checked live during a drag.
    public private(set) var rules: CrewRules
    /// How many exchange events the current drag has had (each one updates the balance and the rules).
    public private(set) var exchangeEvents = 0
    /// What the crew rules find in the lineup before the drag (or now, when nothing is caught).
    public private(set) var findingsBeforeDrag: [RuleFinding] = []
    /// What they find in the lineup as drawn: mid-drag, as it would be if dropped here. Updated at each
    /// exchange event.
    public private(set) var findings: [RuleFinding] = []
    /// Terminal columns of the longest name in this boat (seats and bench): cells need no more. A club
    /// member elsewhere does not count, and a drag moves no one in or out, so it changes only on reload.
    public private(set) var longestNameColumns = 0
    /// The first bench slot shown: the bench is drawn beside the boat, `benchRowsShown` slots at a time.
    public private(set) var benchTop = 0
    /// Where → entered the bench from, and onto which slot: ← from that slot goes back there.
    private var benchEntry: (from: SeatPath, item: Int)?
    /// The side of the last row seat under the cursor, where ↑ and ↓ from the drummer or steerer go.
    private var rowSide = LineupExchangeModel.SectionIndex.left

    private typealias Section = LineupExchangeModel.SectionIndex

    /// An editor on `lineup`; `rules` default to the open rules for its kind of boat.
    public init(
        boatName: String, lineup: Lineup, roster: [PaddlerID: Paddler], rules: CrewRules? = nil,
        balanceModel: BalanceModel = .defaults(for: .standard), format: WeightFormat = .kilograms
    ) {
        self.boatName = boatName
        self.roster = roster
        self.rules = rules ?? CrewRules(.open, kind: lineup.kind)
        self.balanceModel = balanceModel
        self.format = format
        model = LineupExchangeModel(lineup: lineup)
        controller = ExchangeController(delegate: model)
        cursor = SeatPath(section: Section.left, item: 0)
        model.onExchangeEvent = { [weak self] current in self?.exchangeEventFinished(current) }
        measureBoat()
    }

    /// The lineup as drawn: mid-drag, the engine's current state.
    public var lineup: Lineup { model.current }
    public var isDragging: Bool { origin != nil }

    /// The place under the cursor.
    public var cursorPlace: Place? { model.place(at: cursor) }

    /// The balance verdict on the lineup as drawn, as every front end words it.
    public var verdict: BalanceVerdict {
        BalanceVerdict(lineup: lineup, roster: roster, model: balanceModel, format: format)
    }

    /// Findings the drag would add if dropped here (the side a paddler does not paddle on, a rule broken):
    /// broken rules first, then what concerns the caught paddler, then the rest.
    public var findingsTheDragAdds: [RuleFinding] {
        let added = findings.filter { !findingsBeforeDrag.contains($0) }
        guard let caught = origin.flatMap(model.place(at:)).flatMap({ model.original[$0] }).map(name) else {
            return added
        }
        func rank(_ finding: RuleFinding) -> Int {
            finding.severity == .violation ? 0 : finding.message.contains(caught) ? 1 : 2
        }
        return added.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element)
    }
    /// Findings the drag would clear if dropped here.
    public var findingsTheDragClears: [RuleFinding] { findingsBeforeDrag.filter { !findings.contains($0) } }

    /// Bench slots shown beside the boat: one beside each row and one beside the steerer.
    public var benchRowsShown: Int { model.original.kind.rowCount + 1 }
    /// Bench slots: the paddlers and the end of the bench.
    public var benchSlots: Int { model.original.bench.count + 1 }

    /// Replaces the boat after the host changed it (a commit, undo, redo, lock) or another command did.
    /// A drag under way is cancelled first; the cursor stays where it was when that place still exists.
    public func reload(
        lineup: Lineup, roster: [PaddlerID: Paddler], rules: CrewRules? = nil, boatName: String? = nil
    ) {
        if isDragging { controller.cancel() }
        origin = nil
        self.roster = roster
        if let rules { self.rules = rules }
        if let boatName { self.boatName = boatName }
        model.reset(to: lineup)
        clampCursor()
        measureBoat()
    }

    /// Cancels a drag under way (an interruption): the lineup is as before the catch, nothing recorded.
    public func cancelDrag() {
        guard isDragging else { return }
        controller.cancel()
        origin = nil
        model.reset(to: model.original)
        findings = findingsBeforeDrag
    }

    /// Handles one key; returns what the host must do, if anything.
    public func handle(_ key: EditorKey) -> EditorRequest? {
        if showsHelp {
            // As the help screen says: ? or esc go back, q quits (cancelling a drag first, as always); the
            // other keys do nothing there.
            switch key {
            case .help, .cancel:
                showsHelp = false
                return nil
            case .quit:
                showsHelp = false
            default:
                return nil
            }
        }
        message = nil
        switch key {
        case .up: moveVertically(by: -1)
        case .down: moveVertically(by: 1)
        case .left: moveLeft()
        case .right: moveRight()
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
            return .setLock(place, locked: !lineup.isLocked(place), shown: lineup[place].flatMap { roster[$0]?.name })
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
            findings = findingsBeforeDrag
            message = "Caught \(name(model.paddler(at: cursor))): move to drag, space to drop, esc to cancel."
        }
        return nil
    }

    private func release() -> EditorRequest? {
        let from = origin.flatMap(model.place(at:))
        let to = cursorPlace
        controller.release()
        origin = nil
        let change = model.finishedChange(names: roster.mapValues(\.name))
        guard !change.isEmpty, let from, let to else {
            model.reset(to: model.original)
            findings = findingsBeforeDrag
            message = "Dropped where it was: nothing changed."
            return nil
        }
        let shown = { (place: Place) in self.model.original[place].flatMap { self.roster[$0]?.name } }
        return .commit(ExchangePlaces(first: from, second: to, expected: .init(first: shown(from), second: shown(to))))
    }

    /// The controller's "event finished": the place for live figures. The balance is drawn from the
    /// lineup itself; the crew rules are checked here, once per event rather than once per frame.
    private func exchangeEventFinished(_ current: Lineup) {
        exchangeEvents += 1
        findings = RuleFinding.forRaceDay(current.check(rules, roster: roster))
    }

    /// What the boat before any drag is measured by: its crew-rule findings, its longest name.
    private func measureBoat() {
        findingsBeforeDrag = RuleFinding.forRaceDay(model.original.check(rules, roster: roster))
        findings = findingsBeforeDrag
        longestNameColumns =
            model.original.placements.compactMap { roster[$0.paddler].map { TextLayout.width($0.name.terminalSafe) } }
            .max() ?? 0
    }

    // MARK: - Moving the cursor, as the frame draws the boat and the bench

    /// ↑ and ↓: through the boat (drummer, rows, steerer), or through the bench, which scrolls.
    private func moveVertically(by step: Int) {
        if cursor.section == Section.bench {
            moveCursor(to: SeatPath(section: Section.bench, item: max(0, min(benchSlots - 1, cursor.item + step))))
            return
        }
        let rows = model.original.kind.rowCount
        // Lines of the boat: -1 the drummer, 0..<rows the rows, rows the steerer.
        let line = boatLine(of: cursor)
        let next = max(-1, min(rows, line + step))
        guard next != line else { return }
        if next == -1 {
            moveCursor(to: SeatPath(section: Section.drummer, item: 0))
        } else if next == rows {
            moveCursor(to: SeatPath(section: Section.steerer, item: 0))
        } else {
            moveCursor(to: SeatPath(section: rowSide, item: next))
        }
    }

    /// →: from a left seat to the right seat; from the right seat, the drummer or the steerer into the
    /// bench drawn beside them, onto the slot on the same screen line (or the nearest one shown).
    private func moveRight() {
        switch cursor.section {
        case Section.left:
            moveCursor(to: SeatPath(section: Section.right, item: cursor.item))
        case Section.bench:
            return
        default:
            let shown = min(benchRowsShown, benchSlots - benchTop)
            let item = benchTop + max(0, min(shown - 1, boatLine(of: cursor)))
            let from = cursor
            moveCursor(to: SeatPath(section: Section.bench, item: item))
            benchEntry = (from, item)
        }
    }

    /// ←: from the right seat to the left seat; from the bench back to the place → came from, or, once
    /// the cursor has moved in the bench, to the boat's place on the same screen line.
    private func moveLeft() {
        switch cursor.section {
        case Section.right:
            moveCursor(to: SeatPath(section: Section.left, item: cursor.item))
        case Section.bench:
            if let entry = benchEntry, entry.item == cursor.item {
                moveCursor(to: entry.from)
                return
            }
            let rows = model.original.kind.rowCount
            let line = cursor.item - benchTop
            moveCursor(
                to: line < rows
                    ? SeatPath(section: Section.right, item: line) : SeatPath(section: Section.steerer, item: 0))
        default:
            return
        }
    }

    /// The screen line of a boat place, counted from row 1: -1 the drummer, `rows` the steerer.
    private func boatLine(of path: SeatPath) -> Int {
        switch path.section {
        case Section.drummer: -1
        case Section.steerer: model.original.kind.rowCount
        default: path.item
        }
    }

    /// Puts the cursor on `path`, scrolling the bench to show it; while dragging, drags the caught paddler
    /// over it.
    private func moveCursor(to path: SeatPath) {
        guard path != cursor else { return }
        cursor = path
        if path.section != Section.bench { benchEntry = nil }
        if path.section == Section.left || path.section == Section.right { rowSide = path.section }
        scrollBench()
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

    /// Keeps the cursor's bench slot in view and the view within the bench.
    private func scrollBench() {
        if cursor.section == Section.bench {
            if cursor.item < benchTop { benchTop = cursor.item }
            if cursor.item >= benchTop + benchRowsShown { benchTop = cursor.item - benchRowsShown + 1 }
        }
        benchTop = max(0, min(benchTop, benchSlots - benchRowsShown))
    }

    private func clampCursor() {
        if model.place(at: cursor) == nil {
            cursor = cursor.section == Section.bench ? model.endOfBenchPath : SeatPath(section: Section.left, item: 0)
        }
        if let entry = benchEntry, entry.item >= benchSlots { benchEntry = nil }
        scrollBench()
    }

    func name(_ id: PaddlerID?) -> String { id.flatMap { roster[$0]?.name } ?? "nobody" }
}
