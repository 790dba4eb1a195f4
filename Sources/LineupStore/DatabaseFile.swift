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
        let current = FileManager.default.currentDirectoryPath
        return current.hasSuffix("/") ? current + path : current + "/" + path
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

    /// True when `path` is a file the calling user may write.
    static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Bytes free for the calling user in the folder holding `path`, or nil when unknown.
    static func freeBytes(inFolderOf path: String) -> UInt64? {
        var info = statvfs()
        guard statvfs(folder(of: path), &info) == 0 else { return nil }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
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
