/// Failures of the command line itself: files it cannot read or write, confirmations it needs. Exit status 1.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    static func failed(_ description: String) -> CommandError {
        CommandError(description: description)
    }
}
