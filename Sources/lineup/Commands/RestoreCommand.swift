import ArgumentParser
import LineupStore

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with a backup, keeping the current one beside it.",
        discussion: """
            FILE must be a lineup database (a `lineup backup`, or a copy of a database file) that this version \
            reads, whole by SQLite's integrity check. The current database is first copied to \
            <database>.before-restore-<time> beside it, then replaced in one transaction while other commands \
            wait; its -wal and -shm are dealt with, so no old change can be replayed into the restored file. \
            A current file that cannot be read as a database is renamed aside as it was.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: ArgumentHelp("The backup to restore.", valueName: "file")) var file: String

    func run() throws {
        let path = try database.checkedPath()
        let report: LineupDatabase.RestoreReport
        do {
            report = try LineupDatabase.restore(from: file, into: path, busyTimeout: try DatabaseOptions.busyTimeout())
        } catch StoreError.busy {
            // A restore needs the database to itself; a server keeps it open as long as it runs.
            Terminal.standardError.write(
                "note: a restore waits until no process has the database open; a running `lineup serve` keeps it "
                    + "open, so stop it first\n")
            throw StoreError.busy
        }
        print(
            "Restored \(path) from \(file): \(report.paddlers) paddler\(report.paddlers == 1 ? "" : "s"), \(report.boats) boat\(report.boats == 1 ? "" : "s")."
        )
        if let kept = report.keptCopy {
            print(
                report.keptAsItWas
                    ? "The file that was there could not be read as a database; it is kept, as it was, at \(kept)."
                    : "The database as it was is kept at \(kept).")
        }
    }
}
