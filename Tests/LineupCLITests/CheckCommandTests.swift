import Foundation
import Testing

/// `lineup check` as the pre-race check: an inactive paddler seated and a paddler in a row they may not sit
/// in fail it (exit 1), for one boat as for the races of a regatta; warnings alone exit 0.
@Suite("CheckCommand: race-day exit statuses")
struct CheckCommandTests {
    /// The sample club with its boat racing in regatta "Cup" (one race, open rules).
    static func racingClub() throws -> LineupProcess {
        let lineup = try LineupProcess.sampleClub()
        let created = try lineup.run(["regatta", "create", "Cup", "--date", "2026-06-13"])
        #expect(created.status == 0, "\(created.stderr)")
        let race = try lineup.run(["race", "add", "Cup", "Heat", "--at", "09:00", "--boat", "Sample crew"])
        #expect(race.status == 0, "\(race.stderr)")
        return lineup
    }

    /// Warnings alone (the sample crew has some) exit 0, for the boat and for the regatta.
    @Test func warningsAloneExitZero() throws {
        let lineup = try Self.racingClub()
        let check = try lineup.run(["check", "--json"])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(try lineup.run(["check", "--regatta", "Cup"]).status == 0)
    }

    /// An inactive paddler seated fails `check` as it fails `check --regatta`, and `--json` lists it among
    /// the violations.
    @Test func anInactivePaddlerSeatedFailsBothChecks() throws {
        let lineup = try Self.racingClub()
        #expect(try lineup.run(["roster", "update", "Sam Eriksen", "--inactive"]).status == 0)
        let check = try lineup.run(["check"])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("Sam Eriksen is marked inactive but sits at R5"))
        let json = try lineup.run(["check", "--json"])
        #expect(json.status == 1)
        let violations = try #require(try jsonObject(json.stdout)["violations"] as? [Any])
        #expect("\(violations)".contains("Sam Eriksen is marked inactive"), "\(violations)")
        #expect(try lineup.run(["check", "--regatta", "Cup"]).status == 1)
    }

    /// A paddler in a row they may not sit in fails `check` and `check --regatta` alike.
    @Test func aPaddlerInABarredRowFailsBothChecks() throws {
        let lineup = try Self.racingClub()
        let barred = try lineup.run(["roster", "update", "Sam Eriksen", "--never-rows", "5"])
        #expect(barred.status == 0, "\(barred.stderr)")
        let check = try lineup.run(["check", "--json"])
        #expect(check.status == 1, "\(check.stdout)")
        let violations = try #require(try jsonObject(check.stdout)["violations"] as? [Any])
        #expect("\(violations)".contains("Sam Eriksen"), "\(violations)")
        let regatta = try lineup.run(["check", "--regatta", "Cup", "--json"])
        #expect(regatta.status == 1, "\(regatta.stdout)")
        let races = try #require(try jsonObject(regatta.stdout)["races"] as? [[String: Any]])
        let raceViolations = "\(races.first?["violations"] ?? "")"
        #expect(raceViolations.contains("Sam Eriksen"), "\(races)")
    }

    /// `--help` states the exit statuses.
    @Test func theHelpStatesTheExitStatuses() throws {
        let lineup = try LineupProcess.sampleClub()
        let help = try lineup.run(["check", "--help"]).stdout
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flat.contains("Exit status: 0 when nothing is broken"), "\(help)")
        #expect(flat.contains("An inactive paddler seated and a paddler in a row they may not sit in"))
    }
}
