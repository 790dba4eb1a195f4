import Foundation

/// A token bucket per client: each client may send `burst` requests at once and `perMinute` a minute after
/// that; past it a request is refused with the seconds to wait. For the paddlers' links, which anyone may
/// open without an account.
///
/// At most `capacity` clients are kept, so a flood of addresses (behind a trusted proxy) cannot use up memory:
/// clients whose bucket has filled again are forgotten first (they are as if new), then the least recently
/// seen.
actor RequestRateLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: Date
    }

    private let burst: Double
    private let perSecond: Double
    private let capacity: Int
    private var buckets: [String: Bucket] = [:]

    init(perMinute: Int = 60, burst: Int? = nil, capacity: Int = 10_000) {
        self.burst = Double(burst ?? perMinute)
        perSecond = Double(perMinute) / 60
        self.capacity = capacity
    }

    /// Takes one request of `client`'s: nil when it may go on, else the whole seconds to wait.
    func take(_ client: String, now: Date = Date()) -> Int? {
        var bucket = buckets[client] ?? Bucket(tokens: burst, updated: now)
        bucket.tokens = min(burst, bucket.tokens + max(0, now.timeIntervalSince(bucket.updated)) * perSecond)
        bucket.updated = now
        guard bucket.tokens >= 1 else {
            buckets[client] = bucket
            return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
        }
        bucket.tokens -= 1
        if buckets[client] == nil, buckets.count >= capacity { makeRoom(now: now) }
        buckets[client] = bucket
        return nil
    }

    private func makeRoom(now: Date) {
        buckets = buckets.filter { _, bucket in
            bucket.tokens + now.timeIntervalSince(bucket.updated) * perSecond < burst
        }
        guard buckets.count >= capacity else { return }
        let leastRecent = buckets.sorted { $0.value.updated < $1.value.updated }
        for (client, _) in leastRecent.prefix(max(1, capacity / 8)) { buckets[client] = nil }
    }
}
