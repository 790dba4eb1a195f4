import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// Replaces a boat's lineup with `target`, made from `original` by several exchanges (the optimizer's
    /// result), as one history record: one `undo` takes it all back. Refused, changing nothing, when the
    /// boat no longer holds `original` (another command changed it since it was read).
    public func applyLineup(
        _ target: Lineup, replacing original: Lineup, summary: String, inBoat boatName: String?,
        wholeBoatName: Bool = false
    ) throws(StoreError) -> ChangeOutcome {
        try write { db in
            let state = try Self.loadState(try Self.resolveBoat(boatName, wholeName: wholeBoatName, db), db)
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
