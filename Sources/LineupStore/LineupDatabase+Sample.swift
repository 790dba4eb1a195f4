import Foundation
import GRDB
import LineupCore

extension LineupDatabase {
    /// The sample club roster compiled into the binary (`sample-data/roster.csv`).
    public static var sampleRosterCSV: String {
        EmbeddedSampleData.files.first { $0.name == "roster.csv" }?.contents ?? ""
    }

    /// The name of the boat `loadSample()` creates.
    public static let sampleBoatName = "Sample crew"

    /// Loads the sample roster and creates the standard boat "Sample crew" with a first crew seated, in one
    /// transaction. Only into a database with no paddlers and no boats: the sample's fictional people never
    /// mix with a club's own, and a club's paddlers who share a sample name are never overwritten.
    @discardableResult
    public func loadSample() throws(StoreError) -> BoatState {
        let file = RosterImporter.read(Array(Self.sampleRosterCSV.utf8))
        guard file.problems.isEmpty else { throw .importRejected(file.problems) }
        // One transaction: the roster and the boat arrive together or not at all.
        return try write { db in
            let paddlers = try Int.fetchOne(db, sql: "SELECT count(*) FROM paddler") ?? 0
            let boats = try Int.fetchOne(db, sql: "SELECT count(*) FROM boat") ?? 0
            guard paddlers == 0 && boats == 0 else {
                throw StoreError.sampleNeedsEmptyDatabase(path: path, paddlers: paddlers, boats: boats)
            }
            _ = try Self.importRoster(file, dryRun: false, db)
            var row = BoatRow(name: Self.sampleBoatName, kind: .standard, createdAt: Date())
            try row.insert(db)
            let state = try Self.loadState(row.boat, db)
            let seated = state.lineup.seatingCrew(roster: Array(state.roster.values))
            try Self.writeLineup(from: state.lineup, to: seated, boatID: row.boat.id, db)
            var newState = state
            newState.lineup = seated
            return newState
        }
    }
}
