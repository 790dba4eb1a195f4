import Foundation
import LineupStore

/// Where every `--output FILE` is written: the one way commands write a file the user names.
///
/// The target is resolved first (links followed, `..` and relative paths made canonical) and refused when
/// it is the database or one of its companion files, by file identity (device and inode) where the file
/// exists and by canonical path where it does not, however the name reaches it. A character device or a
/// FIFO is written through, as `cat > FILE` would; a regular file (or the target of a link to one) is
/// replaced in one rename by a complete new file that keeps the old one's permissions; a new file gets
/// the usual permissions under the user's umask. `-` is standard output.
enum OutputFile {
    /// Writes `text` to `path`, never onto the database at `databasePath` (see the type's description).
    static func write(_ text: String, to path: String, protecting databasePath: String) throws {
        try write(Array(text.utf8), to: path, protecting: databasePath)
    }

    /// Writes `bytes` to `path`, never onto the database at `databasePath` (see the type's description).
    /// With `noMoreOpenThan` (a copy of the database), the file's group and others get no permission the
    /// database's own mode withholds: a private database's copy stays private.
    static func write(
        _ bytes: [UInt8], to path: String, protecting databasePath: String, noMoreOpenThan sourceMode: mode_t? = nil
    ) throws {
        switch try target(path, protecting: databasePath) {
        case .standardOutput:
            try Terminal.writeToStandardOutput(bytes)
        case .writeThrough(let kind):
            try writeThrough(bytes, to: path, kind: kind)
        case .replace(let location, let existing):
            try replace(location, shownAs: path, existing: existing, noMoreOpenThan: sourceMode) { descriptor in
                try writeAll(bytes, to: descriptor, path: path)
            }
        }
    }

    /// Refuses `path` as `write` would, writing nothing: for a command that must not change the database when
    /// its output cannot be written.
    static func check(_ path: String, protecting databasePath: String) throws {
        _ = try target(path, protecting: databasePath)
    }

    private enum Target {
        case standardOutput
        /// A character device or FIFO, written through.
        case writeThrough(kind: String)
        /// A regular file at a canonical location, replaced or created; `existing` is its metadata.
        case replace(location: String, existing: stat?)
    }

    /// Resolves `path` and refuses what must not be written.
    private static func target(_ path: String, protecting databasePath: String) throws -> Target {
        if path == "-" { return .standardOutput }
        guard !path.isEmpty else { throw CommandError.badUsage("--output needs a file name; it was given empty text") }
        let protectedIdentities = DatabaseFile.protectedIdentities(ofDatabaseAt: databasePath)
        let protectedLocations = Set(DatabaseFile.protectedLocations(ofDatabaseAt: databasePath))
        func refuseDatabase() -> CommandError {
            CommandError.failed(
                "\(path) is the database \(databasePath) (or one of the files SQLite keeps beside it); "
                    + "writing there would destroy it, so nothing was written: choose another file")
        }
        // A name beside another name of the database (a hard link) may hold its live log.
        func isDatabaseFile(_ name: String) -> Bool {
            protectedLocations.contains(name) || DatabaseFile.isCompanionName(name, ofFileIn: protectedIdentities)
        }
        if DatabaseFile.isCompanionName(path, ofFileIn: protectedIdentities) { throw refuseDatabase() }
        var status = stat()
        if stat(path, &status) == 0 {
            if let identity = DatabaseFile.Identity(path: path), protectedIdentities.contains(identity) {
                throw refuseDatabase()
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                throw CommandError.failed("\(path) is a folder; give the name of a file to write")
            case S_IFCHR:
                return .writeThrough(kind: "device")
            case S_IFIFO:
                return .writeThrough(kind: "FIFO")
            case S_IFBLK:
                throw CommandError.failed("\(path) is a disk (a block device); lineup does not write to disks")
            case S_IFSOCK:
                throw CommandError.failed("\(path) is a socket, which cannot be written as a file")
            case S_IFREG:
                guard let location = DatabaseFile.realPath(path) else {
                    throw CommandError.failed("cannot resolve \(path)")
                }
                if isDatabaseFile(location) { throw refuseDatabase() }
                if let companion = DatabaseFile.companionSuffixes.first(where: { exists(location + $0) }) {
                    // Replacing a database file whose log is beside it is how databases get corrupted.
                    throw CommandError.failed(
                        "\(path) has \(DatabaseFile.name(of: location))\(companion) beside it: it looks like a "
                            + "database in use, so it was not replaced; choose another file")
                }
                guard access(location, W_OK) == 0 else {
                    throw CommandError.failed(
                        "\(path) is read-only; nothing was written (make it writable, or choose another file)")
                }
                return .replace(location: location, existing: status)
            default:
                throw CommandError.failed("\(path) is not a regular file, a device or a FIFO; nothing was written")
            }
        }
        let reason = errno
        guard reason == ENOENT, let location = DatabaseFile.resolvedLocation(path) else {
            if reason == ELOOP { throw CommandError.failed("\(path) is a loop of symbolic links") }
            if reason == EACCES { throw CommandError.failed("cannot reach \(path); check the folders' permissions") }
            if reason != ENOENT {
                throw CommandError.failed("cannot write \(path): \(String(cString: strerror(reason)))")
            }
            var status = stat()
            if lstat(path, &status) == 0 {
                throw CommandError.failed(
                    "\(path) is a symbolic link to a place whose folder does not exist; nothing was written")
            }
            throw CommandError.failed("cannot write in \(DatabaseFile.folder(of: path)): there is no such folder")
        }
        if isDatabaseFile(location) { throw refuseDatabase() }
        return .replace(location: location, existing: nil)
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Writes to a device or FIFO as `cat > path` does: opened for writing, bytes sent, nothing replaced.
    private static func writeThrough(_ bytes: [UInt8], to path: String, kind: String) throws {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CommandError.failed(
                "cannot open the \(kind) \(path) for writing: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path, isFile: false)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String, isFile: Bool = true) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw writeError(path, errno: written < 0 ? errno : ENOSPC, isFile: isFile) }
            offset += written
        }
    }

    private static func writeError(_ path: String, errno reason: Int32, isFile: Bool = true) -> CommandError {
        let what = reason == ENOSPC || reason == EDQUOT ? "the disk is full" : String(cString: strerror(reason))
        return CommandError.failed(
            "cannot write \(path): \(what)" + (isFile ? "; the old file, if any, is unchanged" : ""))
    }

    /// Makes the new file in the target's own folder (unnamed where the system allows, so a command
    /// killed while writing leaves nothing behind), lets `fill` write it, flushes it to disk, gives it the
    /// old file's permissions (or the umask's), and renames it over the target.
    private static func replace(
        _ location: String, shownAs path: String, existing: stat?, noMoreOpenThan sourceMode: mode_t? = nil,
        fill: (Int32) throws -> Void
    ) throws {
        let folder = DatabaseFile.folder(of: location)
        let name = DatabaseFile.name(of: location)
        var temporaryPath = folder + "/.\(name).\(getpid()).tmp"
        var descriptor = open(folder, DatabaseFile.unnamedFileFlags | O_WRONLY | O_CLOEXEC, 0o666)
        let isUnnamed = descriptor >= 0
        if !isUnnamed {
            var template = Array((folder + "/.\(name).XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { mkstemp($0) } ?? -1
            }
            guard descriptor >= 0 else { throw creationError(folder, errno: errno) }
            temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        var isNamed = !isUnnamed
        var isOpen = true
        defer {
            if isOpen { close(descriptor) }
            if isNamed { unlink(temporaryPath) }
        }
        try fill(descriptor)
        var mode: mode_t
        if let existing {
            mode = existing.st_mode & 0o777
            // Root replacing a user's file keeps it theirs; for anyone else this changes nothing or fails.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }
        if let sourceMode { mode &= sourceMode | S_IRWXU }
        fchmod(descriptor, mode)
        guard fsync(descriptor) == 0 else { throw writeError(path, errno: errno) }
        if isUnnamed {
            // Give the complete file a name beside the target; the rename below then replaces the target.
            unlink(temporaryPath)
            guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, temporaryPath, AT_SYMLINK_FOLLOW) == 0
            else { throw creationError(folder, errno: errno) }
            isNamed = true
        }
        isOpen = false
        guard close(descriptor) == 0 else { throw writeError(path, errno: errno) }
        guard rename(temporaryPath, location) == 0 else {
            throw CommandError.failed(
                "cannot replace \(path): \(String(cString: strerror(errno))); the old file, if any, is unchanged")
        }
        isNamed = false
        let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    private static func creationError(_ folder: String, errno reason: Int32) -> CommandError {
        if reason == ENOSPC || reason == EDQUOT {
            return CommandError.failed(
                "cannot write in \(folder): the disk is full; the old file, if any, is unchanged")
        }
        return CommandError.failed(
            "cannot write in \(folder) (\(String(cString: strerror(reason)))); check that the folder exists and is "
                + "writable")
    }
}
