/// The code a front end shows for a regatta plan (`regatta plan` prints it): twelve hex digits of its fingerprint (`RegattaPlan.fingerprint`)
/// and, for a search stopped by its time limit, the work it had done (`4f1c9a2e7b30-183296`), which makes
/// that search again exactly.
public struct PlanCode: Hashable, Sendable, CustomStringConvertible {
    /// Twelve hexadecimal digits of the plan's fingerprint.
    public var fingerprint: String
    /// The work a search stopped by its time limit had done; nil for a search that ran its course.
    public var work: Int?

    /// The code of `plan`.
    public init(_ plan: RegattaPlan) {
        let hex = String(plan.fingerprint >> 16, radix: 16)
        fingerprint = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
        work = plan.stoppedEarly ? plan.work : nil
    }

    /// The code as a front end was given it; nil when it is not one (any case is taken).
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts[0].count == 12, parts[0].allSatisfy(\.isHexDigit) else {
            return nil
        }
        fingerprint = String(parts[0])
        if parts.count == 2 {
            guard let work = Int(parts[1]), work > 0 else { return nil }
            self.work = work
        }
    }

    public var description: String { fingerprint + (work.map { "-\($0)" } ?? "") }
}
