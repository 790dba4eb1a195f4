import ArgumentParser
import LineupCore
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
            A current lineup database that cannot be read (damaged, or beside a log that is not its own) is \
            renamed aside as it was; any other file there (not SQLite, empty, another program's database) is \
            refused and left as it was: restore into a new path instead.

            A restore brings back the backup's boats, roster, regattas, history and settings, never its access: \
            the accounts, sessions, share links and paddlers' personal links stay those of the database it \
            replaces, so an account removed, a password changed or a link revoked since the backup stays so (a \
            link to a boat, regatta or paddler the backup does not have ends). The paddlers' answers are data and \
            come back with it. With no readable database to replace, the backup's accounts are kept and its \
            sessions and links are ended.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: ArgumentHelp("The backup to restore.", valueName: "file")) var file: String

    func run() throws {
        let path = try database.checkedPath()
        let report: LineupDatabase.RestoreReport
        do {
            report = try LineupDatabase.restore(from: file, into: path, busyTimeout: try DatabaseOptions.busyTimeout())
        } catch StoreError.busy {
            // A restore needs the database to itself, and a server keeps it open as long as it runs: waiting
            // longer, or trying again, cannot help while one does.
            throw CommandError(
                description: "the database is in use by another process, so it cannot be replaced; nothing was "
                    + "changed. A running `lineup serve` or `lineup edit` keeps it open: stop it, then restore (another "
                    + "command's change holds it only until it ends)",
                status: 75)
        }
        print(
            "Restored \(path.terminalSafe) from \(file.terminalSafe): \(report.paddlers) paddler\(report.paddlers == 1 ? "" : "s"), \(report.boats) boat\(report.boats == 1 ? "" : "s")."
        )
        if let kept = report.keptCopy {
            print(
                report.keptAsItWas
                    ? "The file that was there could not be read as a database; it is kept, as it was, at \(kept.terminalSafe)."
                    : "The database as it was is kept at \(kept.terminalSafe).")
        }
        print(Self.accessLine(report.access))
    }

    /// What the restore did to who may reach the club: said every time, since a restore never brings it back.
    static func accessLine(_ access: LineupDatabase.RestoredAccess) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        guard access.keptCurrent else {
            return "Access is not restored: the backup's \(count(access.backupSessionsEnded, "session")) and "
                + "\(count(access.backupLinksEnded, "link")) were ended (nothing here tells which are still "
                + "wanted; sign in again, and make links with `lineup share` and `lineup invite`); its \(count(access.accounts, "account")) "
                + "are kept: check them with `lineup user list`."
        }
        var line =
            "Access is not restored: the accounts, sessions and links are the database's as it was "
            + "(\(count(access.accounts, "account")), \(count(access.sessions, "session")), \(count(access.links, "link"))), "
            + "so whatever was removed, changed or revoked since the backup stays so."
        if access.linksEndedWithTheirBoat > 0 {
            line +=
                " \(count(access.linksEndedWithTheirBoat, "link")) to a boat, regatta or paddler the backup does not have "
                + (access.linksEndedWithTheirBoat == 1 ? "was" : "were") + " ended."
        }
        return line
    }
}
