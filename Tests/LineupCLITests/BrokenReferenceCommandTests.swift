import Foundation
import GRDB
import Testing

/// A seat naming a paddler who is not in the roster, as another program writing with SQLite's foreign keys
/// off leaves it: the commands say so instead of showing the seat empty or quoting SQLite, and one command
/// repairs it.
@Suite("Commands on a database with broken references")
struct BrokenReferenceCommandTests {
    static let named = "boat 'Sample crew' seat L3 names paddler 9999, who is not in the roster"

    @Test func theSeatIsNamedAndRepairedByCheckRepair() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let queue = try DatabaseQueue(path: lineup.databasePath)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            try db.execute(sql: "UPDATE placement SET paddler_id = 9999 WHERE section = 'left' AND position = 3")
        }
        try queue.close()
        let before = BadInputTests.snapshot(lineup.folder)
        for command in [["show"], ["exchange", "L1", "R1"], ["lock", "L2"], ["boat", "copy", "Sample crew", "Copy"]] {
            let result = try lineup.run(command)
            #expect(result.status == 1, "\(command): \(result.stdout)")
            #expect(result.stderr.contains(Self.named), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("`lineup check --repair`"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("FOREIGN KEY"), "\(command): \(result.stderr)")
        }
        #expect(BadInputTests.snapshot(lineup.folder) == before)
        let repair = try lineup.run(["check", "--repair"])
        #expect(repair.status == 0, "\(repair.stderr)")
        #expect(repair.stdout.hasPrefix("repaired:\n  \(Self.named)\n  "), "\(repair.stdout)")
        #expect(repair.stdout.hasSuffix(" had no place in boat 'Sample crew' and is now at the end of its bench\n"))
        let show = try lineup.run(["show"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(try lineup.run(["boat", "copy", "Sample crew", "Copy"]).status == 0)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath).isEmpty)
        let again = try lineup.run(["check", "--repair"])
        #expect(again.stdout == "nothing to repair: every row names rows that are there\n")
    }
}
