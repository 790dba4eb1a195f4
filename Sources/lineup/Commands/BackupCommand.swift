import ArgumentParser
import Foundation
import LineupStore

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database, whole and consistent, into one file.",
        discussion: """
            The copy is one SQLite file with nothing beside it (no -wal or -shm), taken in one read while other \
            commands may run, and written like --output: complete or not at all, never onto the database \
            itself. Copying the database file with cp while a command runs, or over a database whose -wal is \
            still there, can lose or mix changes: use backup and `lineup restore` instead. FILE - writes to \
            standard output.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: ArgumentHelp("The file to write the copy to.", valueName: "file")) var file: String

    func validate() throws {
        // A database is binary: on a terminal it would be unreadable noise, and its names could act on it.
        if file == "-" && isatty(STDOUT_FILENO) == 1 {
            throw ValidationError(
                "standard output is a terminal; give a file name, or redirect: lineup backup - > FILE")
        }
    }

    func run() throws {
        let db = try database.openForReading()
        let (paddlers, boats) = try db.counts()
        let databasePath = try database.resolvedPath
        var status = stat()
        // No mode known (the file gone meanwhile): the copy is private, as a new database is.
        let databaseMode = stat(databasePath, &status) == 0 ? status.st_mode : S_IRUSR | S_IWUSR
        try OutputFile.write(
            try db.backupBytes(), to: file, protecting: databasePath, noMoreOpenThan: databaseMode)
        if file != "-" {
            Terminal.standardError.write(
                "Backed up \(db.path.terminalSafe) (\(paddlers) paddler\(paddlers == 1 ? "" : "s"), \(boats) boat\(boats == 1 ? "" : "s")) to \(file.terminalSafe).\n"
            )
        }
    }
}
