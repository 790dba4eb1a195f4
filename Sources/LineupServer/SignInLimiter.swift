import Foundation

/// Slows down password guessing: after `attempts` failed sign-ins within `window` seconds from one client
/// address, or for one account name, further sign-ins from it (or for it) are refused until the oldest
/// failure is out of the window. Kept in memory: a restart forgets, which costs a guesser a restart of ours.
actor SignInLimiter {
    private let attempts: Int
    private let window: TimeInterval
    private var failures: [String: [Date]] = [:]
    /// Keys kept at most, so a flood of made-up names cannot use up memory.
    private let capacity = 10_000

    init(attempts: Int, window: TimeInterval) {
        self.attempts = attempts
        self.window = window
    }

    /// What `begin` answers: the seconds to wait, or the attempt, already counted as a failure.
    enum Admission: Equatable {
        case wait(seconds: Int)
        case attempt(Date)
    }

    /// Admits a sign-in attempt for `keys`, counting it as a failure at once (`succeeded` takes it back), so
    /// that attempts sent all at once, each waiting for its password check, cannot pass the limit together.
    func begin(_ keys: [String], now: Date = Date()) -> Admission {
        if let wait = waitBeforeTrying(keys, now: now) { return .wait(seconds: wait) }
        recordFailure(keys, now: now)
        return .attempt(now)
    }

    /// Takes back the failure `begin` counted for an attempt that signed in.
    func succeeded(_ keys: [String], attempt: Date) {
        for key in keys {
            guard var dates = failures[key], let index = dates.firstIndex(of: attempt) else { continue }
            dates.remove(at: index)
            failures[key] = dates.isEmpty ? nil : dates
        }
    }

    /// Seconds until one of `keys` may try again; nil when all may try now.
    private func waitBeforeTrying(_ keys: [String], now: Date = Date()) -> Int? {
        var wait: TimeInterval = 0
        for key in keys {
            let recent = (failures[key] ?? []).filter { now.timeIntervalSince($0) < window }
            failures[key] = recent.isEmpty ? nil : recent
            if recent.count >= attempts, let oldest = recent.first {
                wait = max(wait, window - now.timeIntervalSince(oldest))
            }
        }
        return wait > 0 ? Int(wait.rounded(.up)) : nil
    }

    /// Counts a failed sign-in against every key.
    private func recordFailure(_ keys: [String], now: Date = Date()) {
        if failures.count >= capacity {
            failures = failures.filter { _, dates in dates.contains { now.timeIntervalSince($0) < window } }
            if failures.count >= capacity { failures.removeAll() }
        }
        for key in keys { failures[key, default: []].append(now) }
    }
}
