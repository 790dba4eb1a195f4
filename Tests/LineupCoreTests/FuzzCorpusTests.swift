import Foundation
import LineupFuzzChecks
import Testing

/// Replays the fuzz targets' seed corpus and every input that once crashed one (Tests/Fuzz), with the
/// same checks the fuzzer runs, so a fixed crash stays fixed without a fuzzer build.
struct FuzzCorpusTests {
    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ target: String) -> [URL] {
        [fuzzFolder.appendingPathComponent(target), fuzzFolder.appendingPathComponent("crashers/\(target)")]
            .flatMap { folder in
                ((try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [])
                    .filter { !$0.lastPathComponent.hasPrefix(".") }
            }
            .sorted { $0.path < $1.path }
    }

    @Test func theCorpusIsThere() {
        #expect(Self.inputs("roster-csv").count >= 8)
        #expect(Self.inputs("place-reference").count >= 15)
    }

    @Test(arguments: inputs("roster-csv"))
    func rosterCSV(_ input: URL) throws {
        let violations = FuzzChecks.rosterCSV(Array(try Data(contentsOf: input)))
        #expect(violations.isEmpty, "\(input.lastPathComponent): \(violations)")
    }

    @Test(arguments: inputs("place-reference"))
    func placeReference(_ input: URL) throws {
        let violations = FuzzChecks.placeReference(Array(try Data(contentsOf: input)))
        #expect(violations.isEmpty, "\(input.lastPathComponent): \(violations)")
    }
}
