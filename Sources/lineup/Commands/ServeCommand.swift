import ArgumentParser
import Foundation
import LineupStore

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the lineup editor to browsers (phones at the dock, laptops at home) and a JSON API.",
        discussion: """
            Opens the editor at http://127.0.0.1:8080/ by default: the same boats, changes and undo history as \
            the command line, several coaches at once, changes by anyone shown within a second. On this \
            machine's own address nobody needs to sign in; --listen on any other address (0.0.0.0:8080 for \
            the club's network) requires sign-in and at least one coach account (`lineup user add NAME --role \
            coach`). Behind a TLS reverse proxy, listen on 127.0.0.1 with --trust-proxy (docs/reference.md shows how). \
            The API is described at /openapi.json. Ctrl-C stops the server.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: ArgumentHelp("The address and port to listen on.", valueName: "host:port"))
    var listen = "127.0.0.1:8080"
    @Flag(help: "A reverse proxy in front sets X-Forwarded-Proto, -Host and -For; believe them (requires sign-in).")
    var trustProxy = false
    @Flag(help: "Require sign-in even on this machine's own address.") var requireSignIn = false
    @Option(help: ArgumentHelp("How long a sign-in lasts, in days.", valueName: "days")) var sessionDays = 14

    func validate() throws {
        guard (1...365).contains(sessionDays) else { throw ValidationError("--session-days must be from 1 to 365") }
    }

    func run() throws {
        let path = DatabaseFile.absolutePath(try database.checkedPath())
        // Checked here so that a bad value is bad usage of `lineup`, as for every other command.
        _ = try DatabaseOptions.busyTimeout()
        let server = try Self.serverExecutable()
        var arguments = [server, "--db", path, "--listen", listen, "--session-days", String(sessionDays)]
        if trustProxy { arguments.append("--trust-proxy") }
        if requireSignIn { arguments.append("--require-sign-in") }
        // The server takes this process's place: signals (Ctrl-C) and the exit status are its own.
        let argv = arguments.map { strdup($0) } + [nil]
        // Undone for the server, which inherits it: `lineup` ignores SIGPIPE only for its own output.
        signal(SIGPIPE, SIG_DFL)
        execv(server, argv)
        let reason = String(cString: strerror(errno))
        throw CommandError.failed("cannot start the server \(server): \(reason)")
    }

    /// `lineup-server`, beside this executable (both are built and installed together).
    static func serverExecutable() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        if let override = environment["LINEUP_SERVER"], !override.isEmpty { return override }
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let folder = (me as NSString).deletingLastPathComponent
        let server = (folder as NSString).appendingPathComponent("lineup-server")
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw CommandError.failed(
                "the server, lineup-server, is not beside lineup in \(folder); install it there too "
                    + "(`swift build -c release` builds both)")
        }
        return server
    }
}
