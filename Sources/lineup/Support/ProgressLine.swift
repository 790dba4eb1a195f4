import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation
import LineupStore

/// "optimizing… 42%" on standard error while a search runs, once it has taken over a second, and only
/// when standard error is a terminal; the line is cleared at the end. With a time limit, `update` says when
/// the search must stop, and the line shows the time left.
final class ProgressLine {
    private let enabled = isatty(STDERR_FILENO) == 1
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private let label: String
    private let timeLimit: Double?
    private var lastShown: ContinuousClock.Instant?

    init(label: String = "optimizing", timeLimit: Double? = nil) {
        started = clock.now
        self.label = label
        self.timeLimit = timeLimit
    }

    /// Shows `fraction` of the work done; false once the time limit has passed.
    @discardableResult
    func update(_ fraction: Double) -> Bool {
        let now = clock.now
        let elapsed = now - started
        let goesOn = timeLimit.map { elapsed < .milliseconds(Int64(($0 * 1000).rounded())) } ?? true
        guard enabled, elapsed > .seconds(1) else { return goesOn }
        if let lastShown, now - lastShown < .milliseconds(100) { return goesOn }
        lastShown = now
        var line = "\r\(label)… \(Int((fraction * 100).rounded(.down)))% "
        if let timeLimit {
            line += "(\(elapsed.components.seconds) s of at most \(DecimalNumber.text(timeLimit)) s) "
        }
        // Its own carriage return, and only the program's words and numbers.
        Terminal.standardError.writeExactly(line)
        return goesOn
    }

    func finish() {
        if lastShown != nil { Terminal.standardError.writeExactly("\r\u{1B}[K") }
    }
}
