import Foundation
import Testing

/// `regatta plan` when crews carry from race to race: a heat planned and written, its final copied from it,
/// then one change; the plan says how many people move and why.
@Suite("regatta plan: crews that carry from the heat to the final")
struct RegattaPlanCarryCommandTests {
    static let regatta = "Carry Cup"

    /// 26 paddlers (13 women, 13 men) with seat roles: 4 stroke, 12 engine and 4 rear paddlers.
    static func rosterCSV() -> String {
        var lines = ["name,weight,sex,side,drummer,steerer,role"]
        for index in 0..<26 {
            let sex = index < 13 ? "F" : "M"
            let weight = index < 13 ? 55 + (index * 7) % 25 : 70 + (index * 11) % 30
            let role = index % 13 < 2 ? "stroke" : index % 13 < 8 ? "engine" : index % 13 < 10 ? "rear" : "any"
            let drum = index % 13 == 12 ? "yes" : "no"
            let steer = index % 13 == 11 ? "yes" : "no"
            lines.append("P\(index + 1) Example,\(weight),\(sex),either,\(drum),\(steer),\(role)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The heat at 09:00 planned and written, then the final at 11:00 copied from it.
    static func heatAndFinal() throws -> LineupProcess {
        let lineup = try LineupProcess()
        let roster = try lineup.file("roster.csv", Array(rosterCSV().utf8))
        for arguments in [
            ["init"], ["roster", "import", roster], ["regatta", "create", regatta, "--date", "2026-06-13"],
            ["race", "add", regatta, "Heat", "--at", "09:00", "--rules", "idbf-mixed"],
            ["regatta", "plan", regatta, "--apply"],
            ["race", "add", regatta, "Final", "--at", "11:00", "--copy-from", "Heat"],
        ] {
            let result = try lineup.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return lineup
    }

    /// Someone seated in the heat and the final.
    static func seatedPaddler(_ lineup: LineupProcess) throws -> String {
        let shown = try lineup.run(["export", "-b", "\(regatta): Heat"])
        #expect(shown.status == 0, "\(shown.stderr)")
        let row = try #require(shown.stdout.split(separator: "\n").first { $0.contains("L3") }, "\(shown.stdout)")
        return String(try #require(row.firstMatch(of: /P\d+ Example/)?.0, "\(row)"))
    }

    /// One paddler out for the day: the same person fills their seat in the heat and the final, the plan
    /// says the final keeps the heat's crew, and each boat's line says how many people change place.
    @Test func aPaddlerOutForTheDayIsReplacedByTheSamePersonInTheHeatAndTheFinal() throws {
        let lineup = try Self.heatAndFinal()
        let name = try Self.seatedPaddler(lineup)
        #expect(try lineup.run(["regatta", "attend", Self.regatta, name, "--absent"]).status == 0)
        let plan = try lineup.run(["regatta", "plan", Self.regatta])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(
            plan.stdout.contains(
                "Final (11:00) keeps the crew of Heat (09:00), seated as a copy of it: the same people "
                    + "in the same seats"), "\(plan.stdout)")
        let changeLines = plan.stdout.split(separator: "\n").filter { $0.contains("change place:") }
        #expect(changeLines.count == 2, "\(plan.stdout)")
        let joined = changeLines.map { line in
            line.split(separator: ";").compactMap { part in part.firstMatch(of: /(P\d+ Example) in at/)?.1 }
        }
        #expect(joined.count == 2 && joined[0] == joined[1] && joined[0].count == 1, "\(changeLines)")
    }

    /// The final seated again by hand with every row's two paddlers exchanged (as one command, counted in people
    /// who change place): the seats no longer tell that it carries the heat's crew, but the link `race add
    /// --copy-from` stored does, and the plan lists what differs.
    @Test func theFinalKeepsItsLinkToTheHeatWhenItsSeatsDrift() throws {
        let lineup = try Self.heatAndFinal()
        let shown = try lineup.run(["export", "-b", "\(Self.regatta): Final"])
        #expect(shown.status == 0, "\(shown.stderr)")
        var seated: [String: String] = [:]
        for line in shown.stdout.split(whereSeparator: \.isNewline) {
            // seat,section,row,side,name,weight_kg,sex
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 4, fields[4].hasSuffix("Example") else { continue }
            seated[fields[0]] = fields[4]
        }
        var names = [seated["D"] ?? "-"]
        for row in 1...10 { names += [seated["R\(row)"] ?? "-", seated["L\(row)"] ?? "-"] }
        names.append(seated["S"] ?? "-")
        #expect(names.filter { $0 != "-" }.count == 22, "\(shown.stdout)")
        let seat = try lineup.run(["boat", "seat", "\(Self.regatta): Final"] + names)
        #expect(seat.status == 0, "\(seat.stderr)")
        #expect(seat.stdout.contains("20 people change place)"), "\(seat.stdout)")
        let races = try lineup.run(["race", "list", Self.regatta])
        #expect(races.stdout.contains("; carries the crew of Heat"), "\(races.stdout)")
        let plan = try lineup.run(["regatta", "plan", Self.regatta])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(
            plan.stdout.contains("Final (11:00) keeps the crew of Heat (09:00), seated as a copy of it but for "),
            "\(plan.stdout)")
    }

    /// With roles set, the plan never says everything asked is met while `lineup check` notes a role out of
    /// its rows: after the levelling every role paddler sits in a row of their role here (there is room for
    /// each), and `check` notes none.
    @Test func thePlanAndCheckAgreeOnSeatRoles() throws {
        let lineup = try Self.heatAndFinal()
        let check = try lineup.run(["check", "-b", "\(Self.regatta): Heat"])
        #expect(!check.stdout.contains("paddler but sits at"), "\(check.stdout)")
        let plan = try lineup.run(["regatta", "plan", Self.regatta, "--replan-freely"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(!plan.stdout.contains("not seated as their seat role"), "\(plan.stdout)")
    }
}
