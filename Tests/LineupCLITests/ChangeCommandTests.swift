import Foundation
import Testing

@Suite("exchange, lock and undo on the command line: what they do and say")
struct ChangeCommandTests {

    @Test func undoStepsBeyondTheHistoryAreRefused() throws {
        let lineup = try LineupProcess.sampleClub()
        for seat in ["L1", "L2", "L3"] { #expect(try lineup.run(["exchange", seat, "R9"]).status == 0) }
        let before = try lineup.run(["show", "--json"]).stdout
        let refused = try lineup.run(["undo", "--steps", "100"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("has 3 changes that can be undone, not 100; nothing was undone"))
        #expect(try lineup.run(["show", "--json"]).stdout == before)
        let undone = try lineup.run(["undo", "--steps", "3"])
        #expect(undone.status == 0)
        #expect(undone.stdout.hasPrefix("Undid 3 changes in \"Sample crew\", in this order:"))
    }

    /// An exchange that breaks a crew rule says so at once, not only at the next `check`; undoing it says
    /// the rule is kept again.
    @Test func aChangeThatBreaksARuleSaysSo() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["boat", "rules", "idbf-mixed"]).status == 0)
        // A woman to the bench for a man: 9 women and 11 men among the paddlers, one man too many.
        let broken = try lineup.run(["exchange", "Ada Lindqvist", "Wes Ibarra"])
        #expect(broken.status == 0)
        #expect(broken.stdout.contains("Rules (idbf-mixed): now 1 broken"))
        #expect(broken.stdout.contains("✗ 11 men among the paddlers; idbf-mixed needs 8 to 10 of each"))
        let undone = try lineup.run(["undo"])
        #expect(undone.stdout.contains("Rules (idbf-mixed): now all kept"))
        #expect(undone.stdout.contains("✓ no longer: 11 men among the paddlers"))
        // A warning added or cleared leaves the count of broken rules as it was: "still", never "now".
        let sided = try lineup.run(["exchange", "L2", "R9"])
        #expect(sided.stdout.contains("Rules (idbf-mixed): still all kept"), "\(sided.stdout)")
        #expect(!sided.stdout.contains("now all kept"))
        #expect(try lineup.run(["undo"]).status == 0)
        // A change that leaves the findings as they were adds nothing about the rules.
        #expect(!(try lineup.run(["exchange", "L4", "L5"]).stdout.contains("Rules")))
    }

    /// A lock that changes nothing names the seat and who sits in it, not the words typed.
    @Test func aLockThatChangesNothingNamesTheSeat() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["lock", "ada"]).status == 0)
        let again = try lineup.run(["lock", "ada"])
        #expect(again.status == 0)
        #expect(again.stdout.hasPrefix("Nothing changed: L1 (Ada Lindqvist) is already locked in "), "\(again.stdout)")
        #expect(
            try lineup.run(["unlock", "bea"]).stdout.hasPrefix(
                "Nothing changed: R1 (Bea Marangoni) is already unlocked"))
    }

    /// A command that changes nothing (a seat exchanged with itself, a lock already on, the same availability
    /// again) leaves every file byte for byte as it was: nothing is written, not even the change's stamp.
    @Test(arguments: [
        ["exchange", "L7", "L7"], ["lock", "L1"], ["regatta", "attend", "Cup", "Ada Lindqvist", "--absent"],
    ])
    func aCommandThatChangesNothingWritesNothing(_ command: [String]) throws {
        let lineup = try LineupProcess.sampleClub()
        for setUp in [
            ["lock", "L1"], ["regatta", "create", "Cup", "--date", "2026-06-13"],
            ["regatta", "attend", "Cup", "Ada Lindqvist", "--absent"],
        ] {
            #expect(try lineup.run(setUp).status == 0, "\(setUp)")
        }
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.run(command)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "a file changed")
    }

    /// A second `-b` is refused instead of silently winning over the first.
    @Test func aBoatGivenTwiceIsRefused() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["boat", "copy", "Sample crew", "Other"]).status == 0)
        let records = try DatabaseChecks.historyCount(at: lineup.databasePath)
        for arguments in [
            ["show", "-b", "Sample crew", "-b", "Other"], ["-b", "Other", "exchange", "L1", "R1", "-b", "Sample crew"],
        ] {
            let result = try lineup.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains("give one boat: -b/--boat was given 2 times"), "\(result.stderr)")
        }
        #expect(try DatabaseChecks.historyCount(at: lineup.databasePath) == records)
    }

    @Test func namesTypedWithoutAccentsAreFound() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["roster", "add", "José García", "--weight", "70"]).status == 0)
        #expect(try lineup.run(["roster", "add", "Seán O'Brien", "--weight", "80"]).status == 0)
        #expect(
            try lineup.run(["exchange", "jose", "L1"]).stdout.hasPrefix("Exchanged L1 Ada Lindqvist ⇄ B9 José García"))
        #expect(
            try lineup.run(["exchange", "obrien", "R1"]).stdout.hasPrefix(
                "Exchanged R1 Bea Marangoni ⇄ B10 Seán O'Brien"))
    }

    /// Pruning removes records for good, so it takes a boat's whole name, as deleting a boat does: a part
    /// of one (`-b a` for "Mixed A") is refused, naming the boats it is part of, and nothing is removed.
    @Test func pruningTakesTheBoatsWholeName() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["boat", "rename", "Sample crew", "Mixed A"]).status == 0)
        #expect(try lineup.run(["boat", "copy", "Mixed A", "Mixed B"]).status == 0)
        #expect(try lineup.run(["exchange", "-b", "Mixed A", "L1", "R1"]).status == 0)
        let part = try lineup.run(["history", "prune", "-b", "a", "--keep", "0"])
        #expect(part.status == 1 && part.stderr.contains("give the whole name (Mixed A)"), "\(part.stderr)")
        #expect(try lineup.run(["history", "list", "-b", "Mixed A"]).stdout.contains("L1 Ada Lindqvist"))
        let whole = try lineup.run(["history", "prune", "-b", "mixed a", "--keep", "0"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try lineup.run(["undo", "-b", "Mixed A"]).status == 1)
    }
}
