import Foundation

/// Environment variables read as the bytes they are. Foundation's environment turns bytes that are not
/// UTF-8 into U+FFFD, so a `LINEUP_DB` in another encoding would quietly name a different file (and a
/// write would create a second database there): such a value is refused as bad usage instead, as an
/// argument that is not UTF-8 is.
enum EnvironmentText {
    /// The variable `name`, or nil when it is not set.
    static func value(_ name: String) throws -> String? {
        guard let pointer = getenv(name) else { return nil }
        guard let text = String(validatingCString: pointer) else {
            throw CommandError.badUsage(
                "\(name) is not valid UTF-8 text; check your terminal's or script's character encoding")
        }
        return text
    }
}
