import Foundation
import LineupStore

/// What a command says when its standard output could not be written (`> /dev/full`, `>&-`, a full
/// disk). When a change was already saved by then, it is not "could not be done" (1) but status 74
/// (`EX_IOERR`), with words that say the change was saved and how to take it back: a script that retried
/// a change that was made would make it twice (an exchange run twice swaps the pair back).
enum StandardOutputFailure {
    /// The exit status: 74 when a change was saved before the output failed, else 1.
    static var status: Int32 { LineupDatabase.committedChangeCount > 0 ? 74 : 1 }

    /// The message after `error: `, for the error number `reason`.
    static func message(reason: Int32) -> String {
        let failure = "cannot write to standard output: \(String(cString: strerror(reason)))"
        guard LineupDatabase.committedChangeCount > 0 else { return failure }
        return failure
            + "; the change WAS saved all the same, so do not run the command again: `lineup history` shows it, "
            + "and `lineup undo` takes back a change to a boat"
    }
}
