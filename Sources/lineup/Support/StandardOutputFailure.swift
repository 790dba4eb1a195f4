import Foundation
import LineupStore

/// What a command says when its standard output could not be written (`> /dev/full`, `>&-`, a full
/// disk). When a change was already saved by then, it is not "could not be done" (1) but status 74
/// (`EX_IOERR`), with words that say the change was saved and what to do about it: a script that retried
/// a change that was made would make it twice (an exchange run twice swaps the pair back). The command
/// states what kind of change it saved (`SavedChange.declare`), so the advice fits it.
enum StandardOutputFailure {
    /// The exit status: 74 when a change was saved before the output failed, else 1.
    static var status: Int32 { LineupDatabase.committedChangeCount > 0 ? 74 : 1 }

    /// The message after `error: `, for the error number `reason`.
    static func message(reason: Int32) -> String {
        let failure = "cannot write to standard output: \(String(cString: strerror(reason)))"
        guard LineupDatabase.committedChangeCount > 0 else { return failure }
        return failure + "; " + (SavedChange.declared?.advice ?? SavedChange.unstatedAdvice)
    }
}

/// The kind of change a command saved, which decides what to tell the user when its output is lost.
enum SavedChange: Sendable {
    /// A change to a boat, kept as a history record (`lineup history`, `lineup undo`).
    case recordedInHistory
    /// A share link, whose secret is shown once only: it was made but nobody saw it.
    case shareLink(id: Int64)
    /// A change outside the history (accounts, settings, the roster, the default boat): `saved` says what
    /// was saved, `again` what running the command again would do, both as words after "the change WAS
    /// saved".
    case outsideHistory(saved: String, again: String)

    /// Records that the running command saved this kind of change (the last one stated counts).
    static func declare(_ change: SavedChange) {
        declaredChange.lock.withLock { declaredChange.change = change }
    }

    /// The kind of change the running command stated, if any.
    static var declared: SavedChange? { declaredChange.lock.withLock { declaredChange.change } }

    /// The advice when a command saved something without saying what: true of every change.
    static let unstatedAdvice = "the change WAS saved all the same, so check before running the command again"

    /// What to tell the user, after the failure itself.
    var advice: String {
        switch self {
        case .recordedInHistory:
            return "the change WAS saved all the same, so do not run the command again: `lineup history` shows it, "
                + "and `lineup undo` takes back a change to a boat"
        case .shareLink(let id):
            return "share link #\(id) WAS made all the same, but its secret was never shown and cannot be shown "
                + "again: revoke it (`lineup share --revoke \(id)`) and run the command again"
        case .outsideHistory(let saved, let again):
            return "the change WAS saved all the same (\(saved)), and it is not in `lineup history`: \(again)"
        }
    }
}

/// The change the running command stated, shared by every thread of the process.
private final class DeclaredChange: @unchecked Sendable {
    let lock = NSLock()
    var change: SavedChange?
}

private let declaredChange = DeclaredChange()
