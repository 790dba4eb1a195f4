import Foundation

extension LineupDatabase {
    /// How many changes this process has committed to a database file: changes, restores and new databases.
    /// A front end that fails after its work is done (its output could not be written) tells by it whether
    /// anything was changed, so that nobody runs a change twice thinking it failed.
    public static var committedChangeCount: Int {
        committedChanges.lock.withLock { committedChanges.count }
    }

    /// The migrations this process applied to a database file (copies in memory and new files not counted),
    /// in order. A command that fails after bringing a file up to date says that this much was saved.
    public static var migrationsApplied: [String] {
        committedChanges.lock.withLock { committedChanges.migrations }
    }

    static func recordMigrationsApplied(_ identifiers: [String]) {
        committedChanges.lock.withLock { committedChanges.migrations += identifiers }
    }

    /// Counts one committed change (see `committedChangeCount`).
    static func recordCommittedChange() {
        committedChanges.lock.withLock { committedChanges.count += 1 }
    }
}

/// The process's count of committed changes, shared by every connection.
private final class CommittedChangeCounter: @unchecked Sendable {
    let lock = NSLock()
    var count = 0
    var migrations: [String] = []
}

private let committedChanges = CommittedChangeCounter()
