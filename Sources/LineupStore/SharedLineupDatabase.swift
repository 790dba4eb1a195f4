import Dispatch
import Foundation

/// The database as a long-running process (`lineup serve`) uses it: one connection that writes, several that
/// read at the same time, and one that watches for changes, each a `LineupDatabase` opened with every check
/// the command line makes. Calls are `async` and run on the connections' own threads, never on Swift's
/// concurrency threads, so a write waiting for the disk (synchronous=FULL) or for another process's lock
/// holds up neither the server's other requests nor its reads.
///
/// Writes go through the same store calls as the command line, one at a time, each one IMMEDIATE
/// transaction with its history record; reads see the last committed state (WAL), so they never wait for a
/// write.
///
/// The connections keep the file they opened even when its path comes to name another one (the file was
/// moved away and `lineup init` made a new one, or it was deleted): a process that lives for days must not
/// go on showing and changing a file nobody else will open. So every read, write and `dataVersion()` first
/// compares the path's device and inode with those of the file opened (one `stat`), and each write looks
/// again inside its transaction; once they differ, every call throws `.databaseReplaced` until the process
/// is started again, and `onReplaced` is told once.
public final class SharedLineupDatabase: Sendable {
    /// The database file's path, as given.
    public let path: String
    private let absolutePath: String
    /// The device and inode of the file the connections have open.
    private let identity: FileIdentity
    private let replacement: ReplacementNotice
    private let writer: Connection
    private let readers: [Connection]
    private let watcher: Connection
    /// Reads under way per reader, to send each read to the least busy one.
    private let readerLoads: LockedLoads

    /// One connection and the thread (a serial queue) that uses it.
    private struct Connection: Sendable {
        let database: LineupDatabase
        let queue: DispatchQueue
    }

    /// Opens `path`, which must already be a lineup database (the schema is brought up to date by the
    /// writer, as any command that writes does), with `readerCount` reading connections. The writer is opened
    /// with every check of the command line; the others are its siblings (`LineupDatabase.sibling`).
    /// `onReplaced` is called once, with the error's words, when the path is found to name another file.
    public init(
        at path: String, readerCount: Int = 4, busyTimeout: TimeInterval = LineupDatabase.defaultBusyTimeout,
        onReplaced: @escaping @Sendable (String) -> Void = { _ in }
    ) throws(StoreError) {
        self.path = path
        absolutePath = DatabaseFile.absolutePath(path)
        replacement = ReplacementNotice(report: onReplaced)
        let writerDatabase = try LineupDatabase.open(at: path, mode: .existing, busyTimeout: busyTimeout)
        writer = Connection(database: writerDatabase, queue: DispatchQueue(label: "lineup.store.writer"))
        var readers: [Connection] = []
        for index in 0..<max(1, readerCount) {
            let database = try writerDatabase.sibling(busyTimeout: busyTimeout)
            readers.append(Connection(database: database, queue: DispatchQueue(label: "lineup.store.reader.\(index)")))
        }
        self.readers = readers
        let watcherDatabase = try writerDatabase.sibling(busyTimeout: busyTimeout)
        watcher = Connection(database: watcherDatabase, queue: DispatchQueue(label: "lineup.store.watcher"))
        readerLoads = LockedLoads(count: readers.count)
        // Taken once every connection has the file open, and checked against the file the writer has open,
        // so that it is the identity of that file and not of one put at the path meanwhile.
        guard let identity = FileIdentity(ofFileAt: absolutePath), !writerDatabase.hasMoved() else {
            throw .databaseReplaced(path: path)
        }
        self.identity = identity
    }

    deinit {
        // The readers first: the writer, closing last, may tidy away an empty log, which it must do only
        // when no other connection of this process has it open.
        for connection in readers + [watcher] { try? connection.database.close() }
        try? writer.database.close()
    }

    /// Runs `body` with the writing connection, after every write asked for before it.
    public func write<T: Sendable>(
        _ body: @escaping @Sendable (LineupDatabase) throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        try refuseIfReplaced()
        return try await run(on: writer, body)
    }

    /// Runs `body` with the least busy reading connection: it sees the last committed state.
    public func read<T: Sendable>(
        _ body: @escaping @Sendable (LineupDatabase) throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        // Refused too: what the moved file holds is no longer the club's lineup, and the page must say so
        // rather than show it as if it were.
        try refuseIfReplaced()
        let index = readerLoads.takeLeastBusy()
        defer { readerLoads.release(index) }
        return try await run(on: readers[index], body)
    }

    /// SQLite's `data_version` on the watching connection: it changes whenever anything commits to the file,
    /// this process's writes and other processes' (the command line's) alike.
    /// It throws `.databaseReplaced` once the path names another file, so the change feed, which calls it
    /// several times a second, notices a replacement even while nobody changes anything.
    public func dataVersion() async throws(StoreError) -> Int {
        try refuseIfReplaced()
        return try await run(on: watcher) { database throws(StoreError) in try database.dataVersion() }
    }

    /// True once the path was found to name another file than the one open: every call is then refused.
    public var isReplaced: Bool { replacement.hasHappened }

    /// Throws `.databaseReplaced` when the path no longer names the file the connections have open.
    private func refuseIfReplaced() throws(StoreError) {
        if !replacement.hasHappened, FileIdentity(ofFileAt: absolutePath) == identity { return }
        noticeReplacement()
        throw .databaseReplaced(path: path)
    }

    /// Tells `onReplaced`, once; and keeps every connection from copying the log into the moved file when
    /// it closes: the log is named after the path, so by then it may hold the new file's changes.
    private func noticeReplacement() {
        guard replacement.markHappened() else { return }
        for connection in [writer] + readers + [watcher] {
            connection.queue.async { connection.database.leaveLogAtClosing() }
        }
        replacement.report(StoreError.databaseReplaced(path: path).description)
    }

    private func run<T: Sendable>(
        on connection: Connection, _ body: @escaping @Sendable (LineupDatabase) throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        let result: Result<T, StoreError> = await withCheckedContinuation { continuation in
            connection.queue.async {
                do throws(StoreError) {
                    continuation.resume(returning: .success(try body(connection.database)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        if case .failure(.databaseReplaced) = result { noticeReplacement() }
        return try result.get()
    }
}

/// Which file a path names: its device and inode.
private struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of the file at `path` (symbolic links followed, as SQLite does), nil when there is none.
    init?(ofFileAt path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}

/// Whether the file was found replaced, behind a lock, and whom to tell.
private final class ReplacementNotice: @unchecked Sendable {
    private let lock = NSLock()
    private var happened = false
    let report: @Sendable (String) -> Void

    init(report: @escaping @Sendable (String) -> Void) {
        self.report = report
    }

    var hasHappened: Bool {
        lock.lock()
        defer { lock.unlock() }
        return happened
    }

    /// Records the replacement; true the first time only.
    func markHappened() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if happened { return false }
        happened = true
        return true
    }
}

/// Counts of reads under way per reading connection, behind a lock.
private final class LockedLoads: @unchecked Sendable {
    private let lock = NSLock()
    private var loads: [Int]

    init(count: Int) {
        loads = Array(repeating: 0, count: count)
    }

    func takeLeastBusy() -> Int {
        lock.lock()
        defer { lock.unlock() }
        var best = 0
        for index in loads.indices where loads[index] < loads[best] { best = index }
        loads[best] += 1
        return best
    }

    func release(_ index: Int) {
        lock.lock()
        loads[index] -= 1
        lock.unlock()
    }
}
