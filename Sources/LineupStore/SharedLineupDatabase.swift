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
public final class SharedLineupDatabase: Sendable {
    /// The database file's path, as given.
    public let path: String
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
    public init(
        at path: String, readerCount: Int = 4, busyTimeout: TimeInterval = LineupDatabase.defaultBusyTimeout
    ) throws(StoreError) {
        self.path = path
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
        try await run(on: writer, body)
    }

    /// Runs `body` with the least busy reading connection: it sees the last committed state.
    public func read<T: Sendable>(
        _ body: @escaping @Sendable (LineupDatabase) throws(StoreError) -> T
    ) async throws(StoreError) -> T {
        let index = readerLoads.takeLeastBusy()
        defer { readerLoads.release(index) }
        return try await run(on: readers[index], body)
    }

    /// SQLite's `data_version` on the watching connection: it changes whenever anything commits to the file,
    /// this process's writes and other processes' (the command line's) alike.
    public func dataVersion() async throws(StoreError) -> Int {
        try await run(on: watcher) { database throws(StoreError) in try database.dataVersion() }
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
        return try result.get()
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
