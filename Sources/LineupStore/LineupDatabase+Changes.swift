import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// Exchanges whoever is at two places of `boat` as one engine transaction, committed with one history
    /// record, all in one database transaction: the boat is read, `places` chooses the two places on it (a
    /// front end turns its text into places there, with `ExchangePlaces(_:_:on:wholeNames:expected:)`),
    /// whom the front end showed there is checked, the engine exchanges them and the record is written.
    /// Every front end exchanges through here: the command line, the page's drop and the API.
    @discardableResult
    public func exchange(
        inBoat boat: BoatChoice, _ places: (BoatState) throws(LineupError) -> ExchangePlaces
    ) throws(StoreError) -> ChangeOutcome {
        try write { db in try Self.exchange(inBoat: boat, places, db) }
    }

    /// Locks or unlocks a seat of `boat`, with one history record, in one transaction: `seat` chooses the
    /// seat on the boat as read (a front end turns its text into a place there with `BoatState.place`).
    /// With `expected`, refused (nothing changed, the error saying who sits there now) unless the seat
    /// still holds whom the front end showed.
    @discardableResult
    public func setLock(
        _ locked: Bool, inBoat boat: BoatChoice, at seat: (BoatState) throws(LineupError) -> Place,
        expected: ExpectedOccupant? = nil
    ) throws(StoreError) -> ChangeOutcome {
        try write { db in try Self.setLock(locked, inBoat: boat, at: seat, expected: expected, db) }
    }

    /// Replaces a boat's lineup with `target`, made from `original` by several exchanges (the optimizer's
    /// result), as one history record: one `undo` takes it all back. Refused, changing nothing, when the
    /// boat no longer holds `original` (another command changed it since it was read).
    public func applyLineup(
        _ target: Lineup, replacing original: Lineup, summary: String, inBoat boat: BoatChoice
    ) throws(StoreError) -> ChangeOutcome {
        try write { db in
            let state = try Self.loadState(try Self.resolveBoat(boat, db), db)
            guard state.lineup == original else { throw StoreError.changedMeanwhile(boat: state.boat.name) }
            let change = LineupChange(from: original, to: target, names: state.names)
            let lineup = try original.applying(change, names: state.names)
            guard lineup == target else {
                throw StoreError.proposalNotReproduced(boat: state.boat.name)
            }
            return try Self.commit(change, summary: summary, from: state, to: lineup, db)
        }
    }
}

extension LineupDatabase {
    // MARK: - Shared by both connections (LineupDatabase and DirectDatabase)

    /// `exchange(inBoat:_:)` inside its transaction.
    static func exchange(
        inBoat boat: BoatChoice, _ places: (BoatState) throws(LineupError) -> ExchangePlaces, _ db: some SQLRunner
    ) throws -> ChangeOutcome {
        let state = try loadState(try resolveBoat(boat, db), db)
        let chosen = try places(state)
        let changed = chosen.changedOccupants(on: state)
        guard changed.isEmpty else {
            throw StoreError.historyConflict(
                action: "drop", summary: "\(chosen.first) → \(chosen.second)", details: changed)
        }
        let (lineup, change) = try state.lineup.exchanging(chosen.first, with: chosen.second, names: state.names)
        return try commit(change, summary: change.summary(), from: state, to: lineup, db)
    }

    /// `setLock(_:inBoat:at:expected:)` inside its transaction.
    static func setLock(
        _ locked: Bool, inBoat boat: BoatChoice, at chosen: (BoatState) throws(LineupError) -> Place,
        expected: ExpectedOccupant? = nil, _ db: some SQLRunner
    ) throws -> ChangeOutcome {
        let state = try loadState(try resolveBoat(boat, db), db)
        let seat = try chosen(state)
        guard seat.isSeat else { throw LineupError.benchCannotBeLocked(seat.description) }
        if let expected, let changed = state.changedOccupant(at: seat, shown: expected.name) {
            throw StoreError.historyConflict(
                action: locked ? "lock" : "unlock", summary: seat.description, details: [changed])
        }
        guard state.lineup.isLocked(seat) != locked else {
            return ChangeOutcome(record: nil, change: LineupChange(), state: state, previous: state.lineup)
        }
        let change = LineupChange(lockChanges: [LockChange(seat: seat, locked: locked)])
        let lineup = try state.lineup.applying(change, names: state.names)
        let occupants = state.paddler(at: seat).map { [seat: $0.name] } ?? [:]
        return try commit(change, summary: change.summary(occupants: occupants), from: state, to: lineup, db)
    }
}
