import Foundation
import Hummingbird

/// Answers of the routes that only read, kept until anything commits to the database. An open page and the
/// pages of a shared link ask for the same boat again and again while nobody changes it: those answers cost
/// a lookup instead of reading the boat and encoding its document again.
///
/// An answer is kept with the watching connection's `data_version` read *before* the answer was made, and
/// given again only while `data_version` still reads the same. `data_version` changes with every commit by
/// any other connection (this server's writer and other processes alike), and the answer was read after
/// that value was taken, so an answer given from here is always the database as it is now.
final class ReadCache: @unchecked Sendable {
    /// Beyond this many answers (distinct paths and queries), the oldest versions go first.
    static let capacity = 256

    /// An answer, or the one being made: requests for the same answer while it is being made wait for it
    /// instead of each reading the boat again (after a change, every open page asks at once).
    private struct Entry {
        let version: Int
        let answer: Task<Response, any Error>
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var hitCount = 0

    /// How many answers were given from the cache, made or being made (for tests).
    var hits: Int {
        lock.withLock { hitCount }
    }

    /// The answer for `key` made from the database at `version`: the one kept (or being made), else
    /// `make()`'s. A failure is given to those waiting for it, and then forgotten.
    func answer(
        for key: String, at version: Int, _ make: @escaping @Sendable () async throws -> Response
    ) async throws -> Response {
        let answer = lock.withLock {
            if let entry = entries[key], entry.version == version {
                hitCount += 1
                return entry.answer
            }
            if entries.count >= Self.capacity, entries[key] == nil {
                // Answers from older versions can never be given again; when all are current, start over.
                entries = entries.filter { $0.value.version == version }
                if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            }
            let answer = Task { try await make() }
            entries[key] = Entry(version: version, answer: answer)
            return answer
        }
        do {
            return try await answer.value
        } catch {
            lock.withLock {
                if entries[key]?.answer == answer { entries[key] = nil }
            }
            throw error
        }
    }
}

extension LineupServer {
    /// The answer to a read-only `request`: the one kept from before when nothing has been committed since,
    /// otherwise `make()`'s (kept for next time). Failures are never kept. Call it after the access checks.
    /// Coaches and viewers are answered apart: a viewer's answer may leave out weights (`showsWeights(to:in:)`).
    func cachedAnswer(
        to request: Request, context: ServerRequestContext, _ make: @escaping @Sendable () async throws -> Response
    ) async throws -> Response {
        let version: Int
        do {
            version = try await database.dataVersion()
        } catch {
            throw APIError(error)
        }
        let key = (context.requester.isCoach ? "coach " : "viewer ") + request.uri.description
        return try await readCache.answer(for: key, at: version, make)
    }
}
