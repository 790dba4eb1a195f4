import Foundation
import Testing

/// Rendered output where the exact text matters, compared with files under Golden/.
/// Set LINEUP_UPDATE_GOLDEN=1 to rewrite them after an intended change.
@Suite("Golden output")
struct GoldenTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Golden")

    static func check(_ text: String, against name: String) throws {
        let url = goldenFolder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["LINEUP_UPDATE_GOLDEN"] == "1" {
            try Data(text.utf8).write(to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected)
    }

    @Test func showOfTheSampleCrew() throws {
        let lineup = try LineupProcess()
        try lineup.run(["init", "--sample"])
        try lineup.run(["lock", "D"])
        try lineup.run(["exchange", "L3", "B"])
        try Self.check(try lineup.run(["show"]).stdout, against: "show-sample.txt")
    }

    @Test func exportOfTheSampleCrew() throws {
        let lineup = try LineupProcess()
        try lineup.run(["init", "--sample"])
        try Self.check(try lineup.run(["export"]).stdout, against: "export-sample.csv")
    }
}
