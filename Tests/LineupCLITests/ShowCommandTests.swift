import Foundation
import Testing

@Suite("show, list, diff and config: what the commands that read a database say")
struct ShowCommandTests {

    @Test func configBalanceShowsExactFiguresPerKind() throws {
        let lineup = try LineupProcess.sampleClub()
        let shown = try lineup.run(["config", "balance"]).stdout
        #expect(shown.contains("row-spacing-m                0.8     0.875"))
        #expect(shown.contains("end-half-width-m            0.38      0.38"))
        let set = try lineup.run(["config", "balance", "--kind", "small", "--end-half-width-m", "0.365"])
        #expect(set.status == 0)
        #expect(set.stdout.contains("end-half-width-m            0.38    0.365*"))
        // Numbers are read as weights are: no hexadecimal, exponents or infinities.
        for bad in ["0x10", "1e1", "inf", "nan", "1.2.3"] {
            let refused = try lineup.run(["config", "balance", "--drum-kg", bad])
            #expect(refused.status == 64, "\(bad)")
            #expect(refused.stderr.hasPrefix("error: "), "\(bad)")
        }
        #expect(try lineup.run(["config", "balance", "--drum-kg", "15,5"]).stdout.contains("15.5*"))
    }

    @Test func listShowsEachBoatsRules() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["boat", "create", "Women 200m", "--rules", "women"]).status == 0)
        let list = try lineup.run(["list"]).stdout
        #expect(list.contains("Sample crew  standard  open rules"))
        #expect(list.contains("Women 200m   standard  women rules"))
        #expect(try lineup.run(["list", "--json"]).stdout.contains("\"rules\" : \"women\""))
    }

    @Test func showListsUnknownWeightsOnceAndNotesOnRequest() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["exchange", "Nora Yilmaz", "L1"]).status == 0)
        #expect(
            try lineup.run(["roster", "update", "Ada Lindqvist", "--notes", "  knee strapped, no L side"]).status == 0)
        let chart = try lineup.run(["show"]).stdout
        #expect(chart.components(separatedBy: "Nora Yilmaz").count == 3, "the seat, and one warning line")
        #expect(!chart.contains("knee strapped"))
        #expect(try lineup.run(["show", "--notes"]).stdout.contains("B4   Ada Lindqvist:   knee strapped, no L side"))
        // Notes survive an export and import exactly, leading spaces and all.
        let exported = try lineup.run(["roster", "export"]).stdout
        let file = try lineup.file("roster.csv", Array(exported.utf8))
        let fresh = try LineupProcess()
        #expect(try fresh.run(["init"]).status == 0)
        #expect(try fresh.run(["roster", "import", file]).status == 0)
        #expect(try fresh.run(["roster", "export"]).stdout == exported)
    }

    @Test func theClubUnitShowsWeightsInPounds() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["config", "units", "lb"]).status == 0)
        let chart = try lineup.run(["show"]).stdout
        #expect(chart.contains("L1   Ada Lindqvist          135.6"))
        #expect(chart.contains("sums front 1812.1 lb, back 1789.1 lb"))
        #expect(try lineup.run(["show", "--unit", "kg"]).stdout.contains("L1   Ada Lindqvist           61.5"))
        #expect(try lineup.run(["roster", "list"]).stdout.contains("    lb  sex"))
        // Files keep kilograms whatever the display unit.
        #expect(try lineup.run(["export"]).stdout.contains(",Ada Lindqvist,61.5,"))
        #expect(try lineup.run(["config", "units", "stone"]).status == 64)
    }

    @Test func diffComparesAStandardAndASmallBoat() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["boat", "create", "Small", "--small"]).status == 0)
        #expect(try lineup.run(["exchange", "-b", "Small", "Ada Lindqvist", "L1"]).status == 0)
        let diff = try lineup.run(["diff", "Sample crew", "Small"])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("\"Sample crew\" against \"Small\": 21 of 22 seats differ."))
        #expect(diff.stdout.contains("* L6    Uri Gallagher             (no seat)"))
        let report = try jsonObject(try lineup.run(["diff", "Sample crew", "Small", "--json", "--all"]).stdout)
        let seats = try #require(report["seats"] as? [[String: Any]])
        #expect(seats.count == 22)
        #expect(seats.first { $0["seat"] as? String == "L1" }?["second"] as? String == "Ada Lindqvist")
        #expect(seats.first { $0["seat"] as? String == "R10" }?["in_second"] as? Bool == false)
    }

    /// The sample crew has 10 women and 10 men paddling, and a drummer and a steerer: a legal idbf-mixed
    /// crew, which stays legal when the drummer and steerer are counted.
    @Test func idbfMixedCountingDrummerAndSteererAcceptsALegalFullCrew() throws {
        let lineup = try LineupProcess.sampleClub()
        #expect(try lineup.run(["check", "--rules", "idbf-mixed"]).status == 0)
        let counted = try lineup.run(["check", "--rules", "idbf-mixed", "--count-drummer-steerer"])
        #expect(counted.status == 0, "\(counted.stdout)")
        // Hand-set limits are kept as given.
        let strict = try lineup.run(["check", "--each-sex", "8-10", "--count-drummer-steerer"])
        #expect(strict.status == 1)
    }
}
