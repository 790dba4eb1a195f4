import Foundation
import Testing

/// A command that reports success has its change on disk: the write-ahead log holding the commit is
/// flushed (fdatasync) before the success message is written. Traced with strace, which `.ci/run`
/// installs. (That every connection runs with `synchronous=FULL`, which makes SQLite flush at each
/// commit, is checked in LineupStoreTests.)
@Suite("durability")
struct DurabilityTests {
    @Test(arguments: [["exchange", "L1", "R1"], ["lock", "L2"], ["roster", "add", "Zed Quill", "--weight", "70"]])
    func successIsReportedOnlyAfterTheLogIsOnDisk(command: [String]) throws {
        let lineup = try LineupProcess()
        #expect(try lineup.run(["init", "--sample"]).status == 0)
        let tracePath = lineup.folder.appendingPathComponent("trace.txt").path
        let strace = try #require(
            ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "strace is needed for this test (apt-get install strace; .ci/run does)")
        let result = try lineup.run(
            ["-f", "-e", "trace=openat,fsync,fdatasync,write", "-o", tracePath, LineupProcess.executable.path]
                + command,
            executable: URL(fileURLWithPath: strace))
        #expect(result.status == 0, "\(result.stderr)")
        let trace = try String(contentsOfFile: tracePath, encoding: .utf8).split(separator: "\n").map(String.init)
        // The log's file descriptor, from `openat(…"…/club.sqlite-wal"…) = N`.
        let walOpen = try #require(trace.firstIndex { $0.contains("club.sqlite-wal\"") && $0.contains("openat(") })
        let descriptor = try #require(
            trace[walOpen].split(separator: "=").last.map { $0.trimmingCharacters(in: .whitespaces) })
        let walSync = trace.indices.first { index in
            index > walOpen
                && (trace[index].contains("fdatasync(\(descriptor))") || trace[index].contains("fsync(\(descriptor))"))
        }
        let report = trace.indices.first { trace[$0].contains("write(1, ") }
        let synced = try #require(walSync, "the log was never flushed:\n\(trace.joined(separator: "\n"))")
        let reported = try #require(report, "nothing was written to standard output")
        #expect(synced < reported, "the success message came before the log was flushed")
    }
}
