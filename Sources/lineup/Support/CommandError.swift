/// Failures of the command line itself: files it cannot read or write, confirmations it needs.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    /// 1: the operation could not be done; 64: bad usage.
    let exitStatus: Int32

    static func failed(_ description: String) -> CommandError {
        CommandError(description: description, exitStatus: 1)
    }

    static func usage(_ description: String) -> CommandError {
        CommandError(description: description, exitStatus: 64)
    }
}
