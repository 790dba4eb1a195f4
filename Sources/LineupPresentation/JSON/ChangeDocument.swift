import LineupCore

/// What a change did (an exchange, a drop, undo, redo, a lock, an applied plan): the history records it wrote
/// or stepped over, in the order it did so, the sentence the command line prints first, and the boat
/// afterwards in the shape of `show --json`.
public struct ChangeDocument: Encodable {
    public let boat: String
    /// `Exchanged L2 Gwen Rasmussen ⇄ R9 Fay Quintero in "Sample crew".`, `Undid …`, `Nothing changed …`
    /// (`ChangeWords`).
    public let message: String
    public let records: [HistoryDocument.Entry]
    public let lineup: LineupDocument

    /// A change that wrote `outcome.record` (none when nothing changed).
    public init(_ outcome: ChangeOutcome, message: String) {
        boat = outcome.state.boat.name
        self.message = message
        records = HistoryDocument(outcome.record.map { [$0] } ?? []).entries
        lineup = LineupDocument(outcome.state)
    }

    /// An undo or redo.
    public init(_ outcome: HistoryStepOutcome, message: String) {
        boat = outcome.state.boat.name
        self.message = message
        records = HistoryDocument(outcome.records).entries
        lineup = LineupDocument(outcome.state)
    }
}
