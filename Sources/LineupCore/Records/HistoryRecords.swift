import Foundation

/// One undoable record of a boat's history.
public struct HistoryEntry: Hashable, Sendable {
    public var id: Int64
    public var time: Date
    public var summary: String
    /// True when the record has been undone (and can be redone).
    public var undone: Bool

    public init(id: Int64, time: Date, summary: String, undone: Bool) {
        self.id = id
        self.time = time
        self.summary = summary
        self.undone = undone
    }
}

/// What a change command did: the record it wrote (nil when nothing changed) and the boat afterwards.
public struct ChangeOutcome: Sendable {
    /// The history record written, or nil when the command changed nothing.
    public var record: HistoryEntry?
    /// What the record holds: the moves and lock changes (empty when nothing changed).
    public var change: LineupChange
    /// The boat afterwards.
    public var state: BoatState
    /// The lineup before the change.
    public var previous: Lineup

    public init(record: HistoryEntry?, change: LineupChange, state: BoatState, previous: Lineup) {
        self.record = record
        self.change = change
        self.state = state
        self.previous = previous
    }
}

/// Whom a page showed in a seat when it asked to lock or unlock it (nil: the seat was empty).
public struct ExpectedOccupant: Sendable, Hashable {
    public var name: String?

    public init(_ name: String?) {
        self.name = name
    }
}

/// What `pruneHistory` removed (or, in a dry run, would remove).
public struct PruneOutcome: Sendable {
    public var boat: Boat
    /// Records removed, or that would be removed.
    public var removed: Int
    /// Records left in the boat's history afterwards.
    public var remaining: Int

    public init(boat: Boat, removed: Int, remaining: Int) {
        self.boat = boat
        self.removed = removed
        self.remaining = remaining
    }
}

/// What an undo or redo did: the records it took back or applied again, in the order it did so.
public struct HistoryStepOutcome: Sendable {
    public var records: [HistoryEntry]
    /// The boat afterwards.
    public var state: BoatState
    /// The lineup before the first step.
    public var previous: Lineup

    public init(records: [HistoryEntry], state: BoatState, previous: Lineup) {
        self.records = records
        self.state = state
        self.previous = previous
    }
}
