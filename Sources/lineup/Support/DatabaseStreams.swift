import Foundation
import LineupCore
import LineupStore

/// Keeps what a command prints out of the database. Standard output or error redirected onto the database
/// file or one of its companions (`lineup export >> club.sqlite`, `lineup … 2<>club.sqlite`) is refused at
/// the very start, before a byte is written, so that not even a usage error, `--help` or `--version`
/// lands in it: status 1, with the message on standard error, or on the terminal (`/dev/tty`) when
/// standard error is the database, else nowhere.
enum DatabaseStreams {
    /// A standard stream that is a database file.
    struct Stream {
        let descriptor: Int32
        let name: String
    }

    /// Refuses the command (see the type) when descriptor 1 or 2 is the database it could use: the value of
    /// any `--db` in `arguments` (a light look, before the parser reads them) or the default database.
    static func refuseDatabaseAsStandardStream(arguments: [String]) {
        // Only a regular file can be a database: a terminal, a pipe or /dev/null needs no look at paths.
        guard isRegularFile(STDOUT_FILENO) || isRegularFile(STDERR_FILENO) else { return }
        // Every `--db` value, then the default database: all the databases the command line could mean.
        for option in databaseOptions(in: arguments) { refuseIfOnDatabase(option: option) }
        refuseIfOnDatabase(option: nil)
    }

    /// Refuses the command when standard output or error is the database that `--db option` (nil: none)
    /// leads to.
    private static func refuseIfOnDatabase(option: String?) {
        guard let path = try? DatabaseLocation.resolvedPath(option: option), let stream = stream(onDatabaseAt: path)
        else { return }
        refuse(stream, path: path)
    }

    /// Every `--db` value in `arguments` (`--db PATH`, `--db=PATH`, wherever it stands).
    static func databaseOptions(in arguments: [String]) -> [String] {
        var values: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--db", index + 1 < arguments.endIndex {
                values.append(arguments[index + 1])
                index += 1
            } else if argument.hasPrefix("--db=") {
                values.append(String(argument.dropFirst("--db=".count)))
            }
            index += 1
        }
        return values
    }

    /// The standard stream (output, then error) that is the database at `path` or one of its companions.
    static func stream(onDatabaseAt path: String) -> Stream? {
        let protected = DatabaseFile.protectedIdentities(ofDatabaseAt: path)
        guard !protected.isEmpty else { return nil }
        for stream in [
            Stream(descriptor: STDOUT_FILENO, name: "standard output"),
            Stream(descriptor: STDERR_FILENO, name: "standard error"),
        ] {
            if isOnDatabase(stream.descriptor, protected: protected) { return stream }
        }
        return nil
    }

    /// Whether the file open as `descriptor` is one of the database's files, `protected` being their identities.
    private static func isOnDatabase(_ descriptor: Int32, protected: [DatabaseFile.Identity]) -> Bool {
        if let identity = DatabaseFile.Identity(descriptor: descriptor), protected.contains(identity) { return true }
        // The log beside another name of the database (a hard link) is the database's log too.
        guard let name = DatabaseFile.openedName(ofDescriptor: descriptor) else { return false }
        return DatabaseFile.isCompanionName(name, ofFileIn: protected)
    }

    /// Says why the command was refused, where it can without writing into the database, and exits 1.
    static func refuse(_ stream: Stream, path: String) -> Never {
        let message =
            TerminalText.message(
                "error: \(stream.name) is the database file \(path) (or one of its companions); writing there would "
                    + "destroy it, so nothing was done: redirect the output to another file") + "\n"
        var target: Int32 = -1
        if stream.descriptor == STDERR_FILENO
            || isOnDatabase(STDERR_FILENO, protected: DatabaseFile.protectedIdentities(ofDatabaseAt: path))
        {
            target = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
        } else {
            target = STDERR_FILENO
        }
        if target >= 0 {
            var bytes = Array(message.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { write(target, $0.baseAddress, $0.count) }
                if written <= 0 { break }
                bytes = bytes.dropFirst(written)
            }
        }
        // Nothing buffered may be flushed into the database at exit.
        _exit(1)
    }

    private static func isRegularFile(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }
}
