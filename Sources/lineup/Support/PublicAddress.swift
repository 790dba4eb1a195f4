import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation

/// The address people reach `lineup serve` at, for the links `share` and `invite` print: --base-url, else
/// $LINEUP_PUBLIC_URL, else this machine's own address (which only this machine can open).
enum PublicAddress {
    /// The base URL given, or the default, as given.
    static func base(_ baseURL: String?) -> String {
        if let baseURL { return baseURL }
        if let url = ProcessInfo.processInfo.environment["LINEUP_PUBLIC_URL"], !url.isEmpty { return url }
        return "http://127.0.0.1:8080"
    }

    /// The base URL given, or the default, without a trailing slash.
    static func root(_ baseURL: String?) -> String {
        let base = base(baseURL)
        return base.hasSuffix("/") ? String(base.dropLast()) : base
    }

    /// Refuses a base URL no one could open, or one that would hide or leak the link's secret.
    static func validate(_ baseURL: String?) throws {
        let url = base(baseURL)
        // A control or direction character would act on the terminal the link is printed to, and no
        // browser opens such an address.
        if !(url.hasPrefix("http://") || url.hasPrefix("https://")) || url.contains(" ") || !TerminalText.isSafe(url) {
            throw ValidationError(
                "the base URL must start with http:// or https:// and hold no spaces or control characters, "
                    + "not '\(url)'")
        }
        // The link is the base followed by /share/TOKEN or /p/TOKEN: a query or fragment would swallow the path
        // (and put the secret into it), and a user name or password in it would be shown to the crew.
        let parts = URLComponents(string: url)
        // Characters no address holds unescaped (quotes and angle brackets would also end an HTML attribute).
        let unsafe = url.contains { "\"<>\\^`{|}".contains($0) }
        if unsafe || parts?.host?.isEmpty ?? true || parts?.query != nil || parts?.fragment != nil || parts?.user != nil
            || parts?.password != nil
        {
            throw ValidationError(
                "the base URL must be a server's address, such as https://club.example.org or "
                    + "https://club.example.org/lineup, with no ?query, #fragment, user name, quotes or angle brackets, "
                    + "not '\(url)'")
        }
    }

    /// Warns on standard error when the links printed open only on this machine.
    static func warnIfThisMachineOnly(_ root: String, links: String = "this link opens") {
        guard isThisMachineOnly(root) else { return }
        Terminal.standardError.write(
            "note: \(links) only on this machine; for the crew, give the address they reach the server "
                + "at: --base-url https://… (or set LINEUP_PUBLIC_URL)\n")
    }

    /// True for a base URL whose host is this machine's loopback address, which nobody else can open.
    static func isThisMachineOnly(_ base: String) -> Bool {
        let afterScheme = base.split(separator: "://", maxSplits: 1).last.map(String.init) ?? base
        let authority = afterScheme.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
        let host =
            authority.hasPrefix("[")
            ? String(authority.dropFirst().prefix { $0 != "]" })
            : String(authority.prefix { $0 != ":" })
        return host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
