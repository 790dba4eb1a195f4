import Foundation
import Testing

/// Roster files that look unusual but are fine must import, with the same result however they are saved.
@Suite("roster files that must work")
struct RosterFileTests {
    static let rows = ["name,weight_kg,sex,notes", "Ann Lee,61.5,F,\"stroke, left\"", "Bo Ray,80,M,", "Cy Dunn,,X,new"]

    @Test(arguments: [
        ("LF", [UInt8](), "\n"), ("CRLF", [], "\r\n"), ("CR only", [], "\r"),
        ("UTF-8 BOM and CRLF", [0xEF, 0xBB, 0xBF], "\r\n"),
        ("UTF-8 BOM and CR", [0xEF, 0xBB, 0xBF], "\r"), ("no final line break", [], ""),
    ])
    func importsTheSameRosterWhateverTheLineEndings(label: String, prefix: [UInt8], ending: String) throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init"]).status == 0)
        let text = ending.isEmpty ? Self.rows.joined(separator: "\n") : Self.rows.map { $0 + ending }.joined()
        let path = try lineup.file("roster.csv", prefix + Array(text.utf8))
        let result = try lineup.run(["roster", "import", path])
        #expect(result.status == 0, "\(label): \(result.stderr)")
        #expect(result.stdout.hasSuffix("Added 3, updated 0, unchanged 0.\n"), "\(label)")
        let roster = try lineup.run(["roster", "export"]).stdout
        #expect(
            roster == """
                name,weight_kg,sex,side,can_drum,can_steer,notes,status,role,rows,prefer_rows,injured_until\r
                Ann Lee,61.5,F,either,no,no,"stroke, left",active,any,any,none,none\r
                Bo Ray,80,M,either,no,no,,active,any,any,none,none\r
                Cy Dunn,,X,either,no,no,new,active,any,any,none,none\r

                """, "\(label)")
    }

    /// 100,000 rows import in one transaction, within 200 MB. (How long it takes is measured in
    /// bench/RESULTS.md, not here.)
    @Test func aHundredThousandRowsImport() throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let lines = (1...100_000).map { "Member \($0),\(50 + $0 % 60),\($0 % 2 == 0 ? "F" : "M")" }
        let path = try lineup.file("big.csv", Array((["name,weight_kg,sex"] + lines).joined(separator: "\n").utf8))
        // Measured on lineup alone (see `runMeasuringMemory`).
        let result = try lineup.runMeasuringMemory(["roster", "import", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix("Added 100000, updated 0, unchanged 0.\n"))
        #expect(result.stdout.contains("… and 99980 more"))
        #expect(
            result.peakMemoryKiB > 0 && result.peakMemoryKiB < 200 * 1024, "peak memory: \(result.peakMemoryKiB) KiB")
        #expect(try DatabaseChecks.paddlerCount(at: lineup.databasePath, namePrefix: "Member ") == 100_000)
        #expect(try DatabaseChecks.problems(at: lineup.databasePath) == [])
        let bench = try lineup.run(["show"]).stdout
        #expect(bench.contains("Bench (100008):"))
    }
}
