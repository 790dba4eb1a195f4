import Foundation
import GRDB
import Testing

/// `lineup config`: the club's settings kept in the database.
@Suite("lineup config")
struct ConfigCommandTests {
    /// `lineup config viewers`: weights hidden from viewers unless the club shows them; the setting is kept in
    /// the database, and a bad value changes nothing.
    @Test func viewersSeeWeightsOnlyWhenTheClubSetsIt() throws {
        let lineup = try LineupProcess.sampleClub()
        let historyBefore = try DatabaseChecks.historyCount(at: lineup.databasePath)
        let shown = try lineup.run(["config", "viewers"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == "Paddlers' weights are hidden to viewers.\n")
        let set = try lineup.run(["config", "viewers", "--weights", "shown"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "Paddlers' weights are now shown to viewers.\n")
        #expect(try lineup.run(["config", "viewers"]).stdout == "Paddlers' weights are shown to viewers.\n")
        #expect(try Self.stored(lineup) == "shown")
        // A setting outside the history: nothing to undo.
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == historyBefore)
        let bad = try lineup.run(["config", "viewers", "--weights", "some"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("error: "), "\(bad.stderr)")
        #expect(bad.stderr.contains("shown"), "\(bad.stderr)")
        #expect(bad.stdout.isEmpty)
        #expect(try Self.stored(lineup) == "shown")
        #expect(try lineup.run(["config", "viewers", "--weights", "hidden"]).status == 0)
        #expect(try lineup.run(["config", "viewers"]).stdout == "Paddlers' weights are hidden to viewers.\n")
        #expect(try Self.stored(lineup) == "hidden")
    }

    @Test func viewersHelpSaysWhatTheSettingDoes() throws {
        let help = try LineupProcess().run(["config", "viewers", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--weights <weights>"), "\(help.stdout)")
        #expect(help.stdout.contains("shown or hidden"))
        #expect(help.stdout.contains("Coaches"))
        #expect(try LineupProcess().run(["config", "--help"]).stdout.contains("viewers"))
    }

    /// The schema, not only the command, keeps the setting to its two values.
    @Test func theSchemaRefusesAnyOtherValue() throws {
        let lineup = try LineupProcess.sampleClub()
        let queue = try DatabaseQueue(path: lineup.databasePath)
        #expect(throws: DatabaseError.self) {
            try queue.write { db in
                try db.execute(sql: "INSERT INTO club_setting (name, value) VALUES ('viewer-weights', 'some')")
            }
        }
        try queue.close()
    }

    /// The stored value of the setting, nil when never set.
    static func stored(_ lineup: LineupProcess) throws -> String? {
        let queue = try DatabaseQueue(path: lineup.databasePath)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM club_setting WHERE name = 'viewer-weights'")
        }
    }
}
