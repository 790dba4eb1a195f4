import Foundation

/// Reads a database's write-ahead log (`-wal`) file without SQLite, to tell whether the changes waiting in
/// it belong to the database file beside it.
///
/// SQLite replays a log left by a killed process into whatever file now has the database's name: a log has
/// no record of the file it belongs to. So when a database is copied over a file whose log is still
/// waiting, the next command that opens it mixes the two, and the last one to close writes the mixture
/// into the file. lineup stamps each change it commits in the file's header (SQLite's `user_version`,
/// which only lineup uses), so page 1 is in every committed change of the log. A stamp's high half is the
/// previous stamp's low half, its low half random (`LineupDatabase.nextStamp(after:)`). A file the log
/// belongs to holds the stamp from just before the log's first change (whose low half the first stamp in
/// the log repeats), or one from the log itself (when the log was partly copied back already). Another
/// file matches by chance about once in 65,536.
struct WriteAheadLog {
    /// The `user_version` of each committed copy of page 1 in the log, oldest first.
    let headerStamps: [UInt32]

    /// Reads the committed part of the log at `path` (frames whose salts and checksums chain from the
    /// header, up to the last commit). Nil when the file is too short or not a log.
    init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 32 else { return nil }
        let bytes = [UInt8](data)
        func word(_ offset: Int) -> UInt32 {
            UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
                | UInt32(bytes[offset + 3])
        }
        let magic = word(0)
        guard magic == 0x377F_0682 || magic == 0x377F_0683 else { return nil }
        let bigEndianChecksums = magic & 1 == 1
        let pageSize = Int(word(8))
        guard pageSize >= 512, pageSize <= 65536, pageSize & (pageSize - 1) == 0 else { return nil }
        func checksum(_ range: Range<Int>, _ seed: (UInt32, UInt32)) -> (UInt32, UInt32) {
            var (first, second) = seed
            var offset = range.lowerBound
            while offset < range.upperBound {
                let x0: UInt32
                let x1: UInt32
                if bigEndianChecksums {
                    (x0, x1) = (word(offset), word(offset + 4))
                } else {
                    x0 = word(offset).byteSwapped
                    x1 = word(offset + 4).byteSwapped
                }
                first = first &+ x0 &+ second
                second = second &+ x1 &+ first
                offset += 8
            }
            return (first, second)
        }
        var running = checksum(0..<24, (0, 0))
        guard running == (word(24), word(28)) else { return nil }
        let salts = (word(16), word(20))
        var counters: [UInt32] = []
        var pending: [UInt32] = []
        var offset = 32
        let frameSize = 24 + pageSize
        while offset + frameSize <= bytes.count {
            guard (word(offset + 8), word(offset + 12)) == salts else { break }
            running = checksum(offset..<(offset + 8), running)
            running = checksum((offset + 24)..<(offset + frameSize), running)
            guard running == (word(offset + 16), word(offset + 20)) else { break }
            if word(offset) == 1 { pending.append(word(offset + 24 + 60)) }
            if word(offset + 4) != 0 {
                counters += pending
                pending = []
            }
            offset += frameSize
        }
        headerStamps = counters
    }

    /// True when a database file whose header holds `stamp` is one this log may be replayed into. A log
    /// with no committed page 1 (written by another program, or an older lineup) cannot be told apart and
    /// is taken as belonging.
    func belongs(toFileWithStamp stamp: UInt32) -> Bool {
        guard let first = headerStamps.first else { return true }
        return stamp & 0xFFFF == first >> 16 || headerStamps.contains(stamp)
    }

    /// True when a process has the database open now: every SQLite connection holds a read lock on one
    /// byte of the `-shm` file (its "DMS" byte, 128) for as long as it is open.
    static func isInUse(sharedMemoryPath: String) -> Bool {
        let descriptor = open(sharedMemoryPath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 128
        lock.l_len = 1
        guard fcntl(descriptor, F_GETLK, &lock) == 0 else { return true }
        return lock.l_type != Int16(F_UNLCK)
    }

    /// Removes an empty log and its index beside the database at `absolute` (a path, not a `file:` URI),
    /// only while no connection of any process, this one included, has the database open, and while
    /// holding the lock that keeps a new one from opening it meanwhile. That lock is SQLite's own:
    /// a connection holds a read lock on the file's "shared" bytes from before it opens the log until it
    /// closes, and SQLite deletes a log itself only while holding them all. Taken as an open file
    /// description lock, which conflicts with SQLite's locks of this process as well and is not released
    /// when some other descriptor of the file closes. Without it a process that opened the log between the
    /// checks and the removal would go on writing into a log no other process can see.
    static func removeIfEmptyAndUnused(companionsOfDatabaseAt absolute: String) {
        #if os(Linux)
            let descriptor = open(absolute, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var lock = flock()
            lock.l_type = Int16(F_WRLCK)
            lock.l_whence = Int16(SEEK_SET)
            lock.l_start = sharedBytes.lowerBound
            lock.l_len = off_t(sharedBytes.count)
            guard fcntl(descriptor, openFileDescriptionSetLock, &lock) == 0 else { return }
            guard (DatabaseFile.size(absolute + "-wal") ?? 0) == 0, !isInUse(sharedMemoryPath: absolute + "-shm")
            else { return }
            for suffix in ["-wal", "-shm"] { unlink(absolute + suffix) }
        #endif
    }

    /// The bytes of a database file SQLite's connections lock to read it (`SHARED_FIRST`, `SHARED_SIZE`).
    private static let sharedBytes: Range<off_t> = 0x4000_0002..<(0x4000_0002 + 510)

    #if os(Linux)
        /// `F_OFD_SETLK`, which Glibc's module does not export.
        private static let openFileDescriptionSetLock: Int32 = 37
    #endif
}
