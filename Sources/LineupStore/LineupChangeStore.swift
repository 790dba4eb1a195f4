import LineupCore

/// What the command line's most frequent commands (`show`, `exchange`, `lock`, `unlock`, `undo`, `redo`)
/// do to a database, whichever way it was opened: `LineupDatabase` (GRDB) or `DirectDatabase`. Both run
/// the same shared functions, so each rule exists once.
public protocol LineupChangeStore {
    /// See `LineupDatabase.exchange(inBoat:_:)`.
    func exchange(inBoat boat: BoatChoice, _ places: (BoatState) throws(LineupError) -> ExchangePlaces)
        throws(StoreError) -> ChangeOutcome
    /// See `LineupDatabase.setLock(_:inBoat:at:expected:)`.
    func setLock(
        _ locked: Bool, inBoat boat: BoatChoice, at seat: (BoatState) throws(LineupError) -> Place,
        expected: ExpectedOccupant?
    ) throws(StoreError) -> ChangeOutcome
    /// See `LineupDatabase.undo(steps:inBoat:expectedFirst:)`.
    func undo(steps: Int, inBoat boat: BoatChoice, expectedFirst: Int64?) throws(StoreError) -> HistoryStepOutcome
    /// See `LineupDatabase.redo(steps:inBoat:expectedFirst:)`.
    func redo(steps: Int, inBoat boat: BoatChoice, expectedFirst: Int64?) throws(StoreError) -> HistoryStepOutcome
    /// See `LineupDatabase.state(ofBoat:)`.
    func state(ofBoat boat: BoatChoice) throws(StoreError) -> BoatState
}

extension LineupDatabase: LineupChangeStore {}
