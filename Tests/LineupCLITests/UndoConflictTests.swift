import Foundation
import GRDB
import Testing

/// Undo and redo refuse a record that no longer fits the boat, say who is where, and change nothing.
@Suite("undo and redo conflicts, end to end")
struct UndoConflictTests {
    private func sampleClub() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        return lineup
    }

    /// Changes the file as another program (or a future command writing no history) could.
    private func behindTheHistorysBack(_ lineup: LineupProcess, _ sql: String) throws {
        let queue = try DatabaseQueue(path: lineup.databasePath)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// Runs `arguments`, expecting a refusal that contains `message`, with the file byte for byte as before.
    private func expectRefusal(_ lineup: LineupProcess, _ arguments: [String], saying message: String) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: cannot \(arguments[0])"), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was changed"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
    }

    @Test func aPaddlerWhoLeftTheRoster() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["exchange", "L1", "R1"]).status == 0)
        #expect(try lineup.run(["roster", "remove", "Ada Lindqvist", "--force"]).status == 0)
        try expectRefusal(lineup, ["undo"], saying: "Ada Lindqvist has left the roster")
    }

    @Test func aPaddlerMovedOutsideTheHistory() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["exchange", "L1", "R1"]).status == 0)
        // Bea (now at L1) is sent to the end of the bench, behind the history's back.
        try behindTheHistorysBack(
            lineup,
            """
            UPDATE placement SET section = 'bench', position = 9
            WHERE section = 'left' AND position = 1
            """)
        try expectRefusal(lineup, ["undo"], saying: "Bea Marangoni is at B9, not at L1")
    }

    @Test func aSeatTakenSinceTheUndo() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["exchange", "L1", "B"]).status == 0)  // Ada to the bench, L1 empty
        #expect(try lineup.run(["exchange", "B1", "L1"]).status == 0)  // Alex into L1
        #expect(try lineup.run(["undo"]).status == 0)  // Alex back to B1, L1 empty again
        // Ada (last on the bench, B9) takes L1 behind the history's back.
        try behindTheHistorysBack(
            lineup, "UPDATE placement SET section = 'left', position = 1 WHERE section = 'bench' AND position = 9")
        try expectRefusal(lineup, ["redo"], saying: "seat L1 is now taken by Ada Lindqvist")
    }

    @Test func aLockChangedOutsideTheHistory() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["lock", "L1"]).status == 0)
        try behindTheHistorysBack(lineup, "DELETE FROM seat_lock")
        try expectRefusal(lineup, ["undo"], saying: "seat L1 is already unlocked")
    }

    @Test func severalStepsAreRefusedTogether() throws {
        let lineup = try sampleClub()
        #expect(try lineup.run(["exchange", "L2", "R2"]).status == 0)
        #expect(try lineup.run(["exchange", "L1", "R1"]).status == 0)
        try behindTheHistorysBack(
            lineup, "UPDATE placement SET section = 'bench', position = 9 WHERE section = 'left' AND position = 2")
        // The newest record still fits, the one before does not: neither is undone.
        try expectRefusal(lineup, ["undo", "--steps", "2"], saying: "Cora Nakashima is at B9, not at L2")
    }
}
