import Foundation

/// Slows down password guessing in memory: after `attempts` failed sign-ins within `window` seconds for one
/// name, or `addressAttempts` from one client address (more, since a club's phones may share one address),
/// further sign-ins for it (or from it) are refused until fewer than that are left in the window. An
/// account's failures are counted in the database instead (`LineupDatabase.beginSignIn`), so that a restart
/// or a second server keeps its lockout and `lineup user password` ends it; this keeps what the database does
/// not: addresses, and names that are no account.
///
/// At most `capacity` keys are kept, so a flood of made-up names or forwarded addresses cannot use up memory.
/// When full, keys whose failures are all out of the window go first, then the least recently failed keys
/// that are not locked; a locked key is never forgotten, so a flood cannot unlock it. When every key kept is
/// locked, a new key is not kept (its attempt is still limited by the others: the account's, in the database).
actor SignInLimiter {
    /// What failures are counted against.
    enum Key: Hashable {
        case address(String)
        /// A name as typed, lower-cased.
        case name(String)
    }

    private let attempts: Int
    private let addressAttempts: Int
    private let window: TimeInterval
    private let capacity: Int
    private var failures: [Key: [Date]] = [:]

    init(attempts: Int, addressAttempts: Int? = nil, window: TimeInterval, capacity: Int = 10_000) {
        self.attempts = attempts
        self.addressAttempts = addressAttempts ?? 4 * attempts
        self.window = window
        self.capacity = capacity
    }

    /// The failures `key` may have within the window.
    private func limit(_ key: Key) -> Int {
        if case .address = key { return addressAttempts }
        return attempts
    }

    /// What `begin` answers: the seconds to wait, or the attempt, already counted as a failure.
    enum Admission: Equatable {
        case wait(seconds: Int)
        case attempt(Date)
    }

    /// Admits a sign-in attempt for `keys`, counting it as a failure at once (`takeBack` undoes it), so
    /// that attempts sent all at once, each waiting for its password check, cannot pass the limit together.
    func begin(_ keys: [Key], now: Date = Date()) -> Admission {
        if let wait = waitBeforeTrying(keys, now: now) { return .wait(seconds: wait) }
        recordFailure(keys, now: now)
        return .attempt(now)
    }

    /// Takes back the failure `begin` counted for an attempt that was not tried, or that signed in.
    func takeBack(_ keys: [Key], attempt: Date) {
        for key in keys {
            guard var dates = failures[key], let index = dates.firstIndex(of: attempt) else { continue }
            dates.remove(at: index)
            failures[key] = dates.isEmpty ? nil : dates
        }
    }

    /// How many keys are kept now (for tests).
    var keptKeys: Int { failures.count }

    /// Seconds until one of `keys` may try again; nil when all may try now.
    private func waitBeforeTrying(_ keys: [Key], now: Date) -> Int? {
        var wait: TimeInterval = 0
        for key in keys {
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
            failures[key] = recent.isEmpty ? nil : recent
            if recent.count >= limit(key) {
                // Until fewer than the limit are left in the window.
                let leaving = recent[recent.count - limit(key)]
                wait = max(wait, window - now.timeIntervalSince(leaving))
            }
        }
        return wait > 0 ? Int(wait.rounded(.up)) : nil
    }

    /// Counts a failed sign-in against every key, making room for new keys first.
    private func recordFailure(_ keys: [Key], now: Date) {
        for key in keys {
            if failures[key] == nil, failures.count >= capacity {
                makeRoom(now: now)
                if failures.count >= capacity { continue }
            }
            failures[key, default: []].append(now)
        }
    }

    /// Forgets keys with no failure in the window, then, if that is not enough, the least recently failed
    /// eighth of the keys that are not locked (a batch, so that a flood costs one sort per many keys).
    private func makeRoom(now: Date) {
        failures = failures.filter { _, dates in dates.contains { now.timeIntervalSince($0) < window } }
        guard failures.count >= capacity else { return }
        let unlocked = failures.filter { key, dates in
            dates.filter { now.timeIntervalSince($0) < window }.count < limit(key)
        }
        let leastRecent = unlocked.sorted { ($0.value.last ?? .distantPast) < ($1.value.last ?? .distantPast) }
        for (key, _) in leastRecent.prefix(max(1, capacity / 8)) { failures[key] = nil }
    }
}
