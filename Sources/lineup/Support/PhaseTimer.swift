import Foundation

/// With `LINEUP_TIMING=1`, prints how long each phase of a command took to standard error, for
/// bench/phases.sh. Off otherwise, at the cost of one environment look-up.
enum PhaseTimer {
    static let isEnabled = getenv("LINEUP_TIMING").map { String(cString: $0) == "1" } ?? false
    nonisolated(unsafe) private static var last: Double = 0

    /// Starts the clock, at the top of `main`.
    static func start() {
        guard isEnabled else { return }
        last = now()
    }

    /// Ends the phase that started at the previous mark (or at `start()`) under `label`.
    static func mark(_ label: String) {
        guard isEnabled else { return }
        let time = now()
        Terminal.standardError.write("timing: \(label) \(String(format: "%.3f", time - last)) ms\n")
        last = time
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
