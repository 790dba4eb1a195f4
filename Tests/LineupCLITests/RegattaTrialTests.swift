import Foundation
import Testing

/// What a new coach's trial of the regatta features found, each fixed.
@Suite("A new coach's trial of race day, end to end")
struct RegattaTrialTests {
    /// The sample club with regatta "Cup" whose race "Heat" (09:00) is raced by "Sample crew".
    private func sampleCup() throws -> LineupProcess {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        #expect(try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"]).status == 0)
        #expect(try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"]).status == 0)
        return lineup
    }

    /// A boat's check includes the rules of each race it races in, not only its own.
    @Test func aBoatsCheckKeepsTheRulesOfEachOfItsRaces() throws {
        let lineup = try sampleCup()
        #expect(try lineup.run(["check"]).status == 0)
        let set = try lineup.run(["race", "rules", "Cup", "Heat", "women"])
        #expect(set.status == 0, "\(set.stderr)")
        let broken = "are not women, and the women's rules take women only"
        #expect(set.stdout.contains("\"Heat\" now races under women rules.\nRules (women): now 1 broken\n  ✗ "))
        #expect(set.stdout.contains(broken), "\(set.stdout)")
        for arguments in [["check"], ["check", "-b", "Sample crew"]] {
            let check = try lineup.run(arguments)
            #expect(check.status == 1, "\(check.stdout)")
            #expect(check.stdout.contains("Rules (open): all kept"))
            #expect(check.stdout.contains("Races:\n  ✗ Cup: Heat (09:00), women rules: "), "\(check.stdout)")
            #expect(check.stdout.contains(broken))
        }
        let json = try lineup.run(["check", "--json"])
        #expect(json.status == 1)
        let violations =
            try #require(
                try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])["violations"]
            as? [String]
        #expect(violations?.count == 1 && violations?.first?.hasPrefix("Cup: Heat (09:00), women rules: ") == true)
        #expect(try lineup.run(["show"]).stdout.contains("Races:\n  ✗ Cup: Heat (09:00), women rules: "))
        // Back under the boat's own rules, the check passes again, and the race says what it no longer breaks.
        let back = try lineup.run(["race", "rules", "Cup", "Heat", "--boat"])
        #expect(back.stdout.contains("Rules (open): now all kept\n  ✓ no longer: "), "\(back.stdout)")
        #expect(try lineup.run(["check"]).status == 0)
    }
}
