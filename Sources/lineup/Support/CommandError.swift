/// Failures of the command line itself: files it cannot read or write, confirmations it needs (exit
/// status 1), and arguments it cannot use (64).
struct CommandError: Error, CustomStringConvertible {
    let description: String
    var status: Int32 = 1

    static func failed(_ description: String) -> CommandError {
        CommandError(description: description)
    }

    /// Bad usage that is not worth a usage line, such as an argument that is not text.
    static func badUsage(_ description: String) -> CommandError {
        CommandError(description: description, status: 64)
    }
}
