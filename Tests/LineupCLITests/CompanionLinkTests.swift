import Foundation
import Testing

/// A `-wal` or `-shm` beside the database that is a symbolic link: SQLite would write through it and delete
/// it. Every command refuses, naming the link, and nothing is created, deleted or changed.
@Suite("A -wal or -shm that is a symbolic link is refused and left alone")
struct CompanionLinkTests {
    /// Whether anything, a dangling link included, is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    @Test(arguments: ["-wal", "-shm"], [true, false])
    func aLinkedCompanionIsRefusedAndLeftAlone(suffix: String, dangling: Bool) throws {
        let lineup = try LineupProcess()
        try BadInputTests.template().write(to: URL(fileURLWithPath: lineup.databasePath))
        let target = lineup.folder.path + "/elsewhere" + suffix
        if !dangling { _ = FileManager.default.createFile(atPath: target, contents: Data()) }
        let link = lineup.databasePath + suffix
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let before = try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath))
        for command in [["show"], ["exchange", "L1", "R1"], ["roster", "list"], ["backup", "copy.sqlite"]] {
            let result = try lineup.run(command)
            #expect(result.status == 1, "\(command) \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: cannot open the database"), "\(result.stderr)")
            #expect(result.stderr.contains("\(link) is a symbolic link"), "\(result.stderr)")
            var status = stat()
            #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link is kept")
            #expect(FileManager.default.fileExists(atPath: target) == !dangling, "nothing made through the link")
            #expect(!Self.exists(lineup.databasePath + (suffix == "-wal" ? "-shm" : "-wal")))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: lineup.databasePath)) == before)
        #expect(!FileManager.default.fileExists(atPath: lineup.folder.path + "/copy.sqlite"))
    }

    /// A new database is not made beside a linked log either (SQLite would create the link's target).
    @Test func initRefusesBesideALinkedLog() throws {
        let lineup = try LineupProcess()
        let target = lineup.folder.path + "/elsewhere-wal"
        try FileManager.default.createSymbolicLink(atPath: lineup.databasePath + "-wal", withDestinationPath: target)
        let result = try lineup.run(["init"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("is a symbolic link"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(!FileManager.default.fileExists(atPath: lineup.databasePath))
    }
}
