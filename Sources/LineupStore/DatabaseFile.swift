import Foundation

/// The files of one database on disk: the main file and the companions SQLite keeps beside it, and the
/// checks made on them before SQLite is given the path.
public enum DatabaseFile {
    /// The endings of the files SQLite keeps beside a database: the write-ahead log, its shared-memory
    /// index, and the rollback journal.
    public static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// `path` made absolute against the current folder, without resolving links. SQLite is only ever given
    /// such a path, so a name such as `file:x` is a file name and never a URI with parameters.
    public static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let current = currentFolder()
        return current.hasSuffix("/") ? current + path : current + "/" + path
    }

    /// The process's current folder, as `getcwd` gives it (what Foundation's `currentDirectoryPath` reads,
    /// without setting up a file manager).
    private static func currentFolder() -> String {
        guard let buffer = getcwd(nil, 0) else { return "." }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// The first `count` bytes of the file at `path`, or nil when it cannot be read or is shorter.
    static func firstBytes(_ count: Int, ofFileAt path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, count) }
        return read == count ? bytes : nil
    }

    /// The folder part of `path` (`.` for a bare name). Foundation's `deletingLastPathComponent` crashes on
    /// some one-character names, so the split is made here.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// The last part of `path`.
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The canonical path of an existing file or folder (links resolved), or nil.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Where `path` leads once every symbolic link is followed, whether or not the last part exists yet:
    /// the canonical folder and the name in it. Nil when the folder does not exist or the links loop.
    public static func resolvedLocation(_ path: String) -> String? {
        var current = absolutePath(path)
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else {
                if stat(current, &status) == 0, let real = realPath(current) { return real }
                guard let folder = realPath(folder(of: current)) else { return nil }
                let name = name(of: current)
                return folder == "/" ? "/" + name : folder + "/" + name
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return nil }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
        }
        return nil
    }

    /// A file's identity: its device and inode, the same whatever name or link reaches it.
    public struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// The identity of the file at `path` (links followed), or nil when there is none.
        public init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            self.init(status)
        }

        /// The identity of the file open as `descriptor`, or nil.
        public init?(descriptor: Int32) {
            var status = stat()
            guard fstat(descriptor, &status) == 0 else { return nil }
            self.init(status)
        }

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// Every file that belongs to the database at `path`, existing or not: the main file and its
    /// companions, each by canonical location. Writing output to any of them would destroy the database.
    public static func protectedLocations(ofDatabaseAt path: String) -> [String] {
        var locations: [String] = []
        for base in [resolvedLocation(path), absolutePath(path)].compactMap({ $0 }) {
            locations.append(base)
            locations += companionSuffixes.map { base + $0 }
        }
        return locations
    }

    /// The identities of the database's files that exist now.
    public static func protectedIdentities(ofDatabaseAt path: String) -> [Identity] {
        protectedLocations(ofDatabaseAt: path).compactMap { Identity(path: $0) }
    }

    /// Whether `path` is a companion's name (`NAME-wal`, `NAME-shm`, `NAME-journal`) beside a file that is one
    /// of `identities` under another name (a hard link, or a link to it): SQLite keeps the log of a
    /// connection that opened the database by that name there, so it is the database's log as much as the
    /// one beside the name lineup was given.
    public static func isCompanionName(_ path: String, ofFileIn identities: [Identity]) -> Bool {
        guard let suffix = companionSuffixes.first(where: { path.hasSuffix($0) }),
            let base = Identity(path: String(path.dropLast(suffix.count)))
        else { return false }
        return identities.contains(base)
    }

    /// The name the file open as `descriptor` was opened by, as the system keeps it (Linux's
    /// `/proc/self/fd`), or nil.
    public static func openedName(ofDescriptor descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module does not export: `open` on a
    /// folder with it makes a file without a name there, which a process killed before naming it leaves
    /// nowhere.
    public static let unnamedFileFlags: Int32 = 0o20_000_000 | O_DIRECTORY

    /// Writes `bytes` as a new file at `absolute` with the permissions `mode`: made unnamed in its folder,
    /// flushed to disk, and only then given the name, so the name only ever holds the complete file and a
    /// process killed meanwhile leaves nothing behind. (Where the system cannot make unnamed files, a
    /// hidden `.NAME.XXXXXX` is used and removed.) Returns false, having written nothing there, when the
    /// name is taken; `path` is the database's, for errors.
    static func writeNewFile(_ bytes: [UInt8], at absolute: String, mode: mode_t, path: String) throws(StoreError)
        -> Bool
    {
        let folder = folder(of: absolute)
        var descriptor = open(folder, unnamedFileFlags | O_WRONLY | O_CLOEXEC, mode)
        var temporary: String?
        if descriptor < 0 {
            var template = Array((folder + "/.\(name(of: absolute)).XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { mkstemp($0) } ?? -1
            }
            guard descriptor >= 0 else { throw LineupDatabase.creationError(in: folder, path: path) }
            temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        defer {
            close(descriptor)
            if let temporary { unlink(temporary) }
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw written < 0 && errno != ENOSPC && errno != EDQUOT
                    ? .database("\(absolute) could not be written: \(String(cString: strerror(errno)))") : .diskFull
            }
            offset += written
        }
        fchmod(descriptor, mode)
        guard fsync(descriptor) == 0 else {
            throw errno == ENOSPC ? .diskFull : .database("\(absolute) could not be written to disk")
        }
        let linked =
            temporary.map { link($0, absolute) }
            ?? linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, absolute, AT_SYMLINK_FOLLOW)
        guard linked == 0 else {
            if errno == EEXIST { return false }
            throw LineupDatabase.creationError(in: folder, path: path)
        }
        LineupDatabase.syncFolder(of: absolute)
        return true
    }

    /// True when `path` is a file the calling user may write.
    static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Bytes free for the calling user in the folder holding `path`, or nil when unknown.
    static func freeBytes(inFolderOf path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(folder(of: path), &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    /// True when the file at `path` starts as a SQLite database and holds the name of lineup's migration
    /// table (written in the schema as the file's first table): one of lineup's databases, however damaged
    /// the rest, rather than a file given by mistake. Read through a mapping, never changed.
    static func holdsLineupSchema(_ path: String) -> Bool {
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped),
            bytes.starts(with: Array("SQLite format 3\0".utf8))
        else { return false }
        return bytes.range(of: Data("grdb_migrations".utf8)) != nil
    }

    /// A file's size, or nil when it does not exist.
    static func size(_ path: String) -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Int64(status.st_size)
    }

    /// What a file's metadata says about whether its content changed: size, modification and change times.
    struct Fingerprint: Equatable {
        let identity: Identity
        let size: Int64
        let modified: timespec
        let changed: timespec

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            identity = Identity(status)
            size = Int64(status.st_size)
            modified = status.st_mtim
            changed = status.st_ctim
        }

        static func == (left: Fingerprint, right: Fingerprint) -> Bool {
            left.identity == right.identity && left.size == right.size
                && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
                && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
        }
    }
}
