import Foundation
import Testing

/// Environment variables that are wrong (`TMPDIR`, `SOURCE_DATE_EPOCH`, no `HOME`): a clear `error:` line,
/// the documented status, and nothing left behind.
@Suite("Environment variables that cannot be used are refused plainly")
struct EnvironmentInputTests {
    /// The files and folders in `folder`, deepest included.
    static func contents(of folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test(arguments: [("/proc", 1), ("/dev/null", 64), ("relative", 64), ("relative/deeper", 64)] as [(String, Int32)])
    func theDemoNeedsATemporaryFolderItCanUse(tmpdir: String, status: Int32) throws {
        let lineup = try LineupProcess()
        let result = try lineup.run(["demo"], environment: ["TMPDIR": tmpdir])
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
        #expect(result.stderr.contains("TMPDIR") || result.stderr.contains(tmpdir), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(Self.contents(of: lineup.folder).isEmpty)
    }

    @Test func theDemoStillRunsAndCleansUpInAGoodTemporaryFolder() throws {
        let lineup = try LineupProcess()
        let temporary = lineup.folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
        let result = try lineup.run(["demo"], environment: ["TMPDIR": temporary.path + "/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.contents(of: temporary).isEmpty)
    }

    @Test(arguments: ["99999999999999", "-99999999999", "253402300800", "12abc", "1e9", " 5"])
    func aChartDateOutsideTheYears1970To9999IsRefused(epoch: String) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let result = try lineup.run(["export", "--format", "text"], environment: ["SOURCE_DATE_EPOCH": epoch])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: SOURCE_DATE_EPOCH is"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aChartDateWithinTheRangeIsUsed() throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let first = try lineup.run(
            ["export", "--format", "text"], environment: ["SOURCE_DATE_EPOCH": "0", "TZ": "UTC"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("1970-01-01"), "\(first.stdout)")
        let last = try lineup.run(
            ["export", "--format", "md"], environment: ["SOURCE_DATE_EPOCH": "253402214399", "TZ": "UTC"])
        #expect(last.stdout.contains("9999-12-30"), "\(last.stdout)")
        // A CSV export has no date, so the variable is not read.
        #expect(try lineup.run(["export"], environment: ["SOURCE_DATE_EPOCH": "nonsense"]).status == 0)
    }

    /// No HOME, for a user the password file does not know: no default database, never one under a made-up
    /// home such as /var/empty.
    @Test func noHomeAndNoPasswordEntryIsBadUsage() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            getpwuid(54_321) == nil
        else { return }
        let lineup = try LineupProcess()
        chmod(lineup.folder.path, 0o777)
        let result = try lineup.run(
            ["--reuid=54321", "--regid=54321", "--clear-groups", LineupProcess.executable.path, "show"],
            executable: URL(fileURLWithPath: "/usr/bin/setpriv"), unsetting: ["LINEUP_DB", "HOME", "XDG_DATA_HOME"])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: HOME is not set"), "\(result.stderr)")
        #expect(!result.stderr.contains("/var/empty"), "\(result.stderr)")
    }

    /// Foundation reads environment bytes that are not UTF-8 as U+FFFD, which named another file: a
    /// write then created a second database there.
    @Test(arguments: ["LINEUP_DB", "XDG_DATA_HOME", "HOME"])
    func environmentBytesThatAreNotUTF8AreBadUsage(_ variable: String) throws {
        let lineup = try LineupProcess()
        let value = Array((lineup.folder.path + "/caf").utf8) + [0xE9] + Array(".sqlite".utf8)
        let unsetting = ["LINEUP_DB", "XDG_DATA_HOME", "HOME"].filter { $0 != variable }
        let before = BadInputTests.snapshot(lineup.folder)
        let result = try lineup.runRaw(
            [Array("roster".utf8), Array("add".utf8), Array("Zed".utf8)], environment: [variable: value],
            unsetting: unsetting)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: \(variable) is not valid UTF-8 text"), "\(result.stderr)")
        #expect(BadInputTests.snapshot(lineup.folder) == before, "a file was created")
    }
}
