import ArgumentParser
import Foundation
import LineupCore
import LineupServer
import LineupStore
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// `lineup-server`: what `lineup serve` runs. A separate executable so that the command line links no web
/// server (its start-up stays as fast as it was; see bench/RESULTS.md).
@main
struct LineupServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lineup-server",
        abstract: "Serve the lineup editor and its JSON API (run by `lineup serve`).")

    @Option(help: ArgumentHelp("The database file, as `lineup serve` resolved it.", valueName: "path"))
    var db: String

    @Option(help: ArgumentHelp("The address and port to listen on.", valueName: "host:port"))
    var listen = "127.0.0.1:8080"

    @Flag(help: "Believe X-Forwarded-Proto, -Host and -For from a reverse proxy in front (sign-in is then required).")
    var trustProxy = false

    @Flag(help: "Require sign-in even on this machine's own address.")
    var requireSignIn = false

    @Option(help: ArgumentHelp("How long a sign-in lasts, in days.", valueName: "days"))
    var sessionDays = 14

    @Option(help: ArgumentHelp("Reading connections to the database.", valueName: "n"))
    var readers = 4

    func run() async throws {
        // Refused here, in the command line's words and with its status for bad usage (64), rather than by
        // the argument parser, whose message would name this executable instead of `lineup serve`.
        guard let (host, port) = ServerConfiguration.parseListen(listen) else {
            let portAlone =
                !listen.isEmpty && listen.allSatisfy(\.isNumber)
                ? "; for port \(listen) on this machine: 127.0.0.1:\(listen)" : ""
            fail(
                "--listen takes HOST:PORT (127.0.0.1:8080, [::1]:8080, 0.0.0.0:8080), not '\(listen)'"
                    + portAlone, status: 64)
        }
        guard (1...365).contains(sessionDays) else { fail("--session-days must be from 1 to 365", status: 64) }
        guard (1...64).contains(readers) else { fail("--readers must be from 1 to 64", status: 64) }
        // Connections are held within what the descriptor limit leaves after the database's own (the readers,
        // the writer and the watcher).
        let descriptorLimit = DescriptorLimit.raiseToHardLimit()
        guard let limits = ConnectionLimits.forDescriptorLimit(descriptorLimit, databaseConnections: readers + 2)
        else {
            let needed = ConnectionLimits.smallestDescriptorLimit(databaseConnections: readers + 2)
            fail(
                "this process may open only \(descriptorLimit) files (ulimit -n), too few to serve anyone; raise it "
                    + "to at least \(needed) (ulimit -n \(needed)) and start again", status: 1)
        }
        let configuration = ServerConfiguration(
            host: host, port: port, requiresSignIn: requireSignIn ? true : nil, trustsProxy: trustProxy,
            sessionLifetime: TimeInterval(sessionDays) * 24 * 3600, limits: limits)
        let database: SharedLineupDatabase
        do {
            database = try SharedLineupDatabase(
                at: db, readerCount: readers, busyTimeout: try busyTimeout(),
                onReplaced: { message in
                    Self.say("lineup serve: error: \(message); every request is refused until the server is restarted")
                })
            let hasCoach = try await database.read { db throws(StoreError) in try db.hasCoachAccount() }
            if configuration.requiresSignIn, !hasCoach {
                let why = trustProxy ? "behind a proxy" : requireSignIn ? "with --require-sign-in" : "on \(host)"
                fail(
                    "listening \(why) needs sign-in, and the database has no coach account yet; create one with "
                        + "`lineup user add NAME --role coach`, then start again", status: 1)
            }
        } catch let error as StoreError {
            fail(error.description, status: error == .busy ? 75 : 1)
        }
        var logger = Logger(label: "lineup-server")
        logger.logLevel = .warning
        let server = LineupServer(database: database, configuration: configuration) { message in
            Self.say("lineup serve: \(message)")
        }
        let app = server.application(logger: logger) { port in
            Self.say(
                Self.banner(
                    host: host, port: port, configuration: configuration, database: db,
                    interfaces: ListeningAddresses.interfaceAddresses()))
        }
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        StopSignals.install(stopping: group, server: server)
        do {
            try await group.run()
        } catch let error as IOError {
            fail(Self.listenFailure(error.errnoCode, listen: listen), status: 1)
        } catch {
            fail("cannot listen on \(listen): \(error); nothing was changed", status: 1)
        }
    }

    /// What the server says once it listens: where to open it (on a wildcard address, each of this machine's
    /// addresses, the loopback one last), who may come in, and, beyond this machine, that it speaks plain HTTP.
    static func banner(
        host: String, port: Int, configuration: ServerConfiguration, database: String,
        interfaces: [ListeningAddresses.InterfaceAddress]
    ) -> String {
        let access = configuration.requiresSignIn ? "sign-in required" : "this machine only, no sign-in"
        let urls = ListeningAddresses.urls(host: host, port: port, interfaces: interfaces)
        var lines: [String]
        if ListeningAddresses.isWildcard(host) {
            lines = [
                "lineup serve: listening on every network of this machine (\(access)); database \(database); Ctrl-C stops"
            ]
            lines += urls.dropLast().map { "  \($0)" }
            lines.append("  \(urls.last ?? "") (this machine)")
        } else {
            lines = ["lineup serve: \(urls.joined(separator: " ")) (\(access)); database \(database); Ctrl-C stops"]
        }
        if !ServerConfiguration.isLoopback(host) {
            lines.append(
                "lineup serve: warning: this server speaks plain HTTP to other machines: passwords and session "
                    + "cookies cross the network unencrypted, readable by anyone on it. Put a reverse proxy with "
                    + "HTTPS (nginx, Caddy) in front and run lineup serve on 127.0.0.1 with --trust-proxy "
                    + "(docs/reference.md, \"Behind a TLS reverse proxy\")")
        }
        return lines.joined(separator: "\n")
    }

    /// Why the server could not listen, in words that say what to do.
    static func listenFailure(_ errno: Int32, listen: String) -> String {
        switch errno {
        case EADDRINUSE:
            "cannot listen on \(listen): another program (perhaps another lineup serve) already listens there; "
                + "stop it or choose another port with --listen"
        case EACCES:
            "cannot listen on \(listen): this user may not use that port (ports below 1024 need privileges); "
                + "choose a port from 1024 up with --listen"
        case EADDRNOTAVAIL:
            "cannot listen on \(listen): that address is not one of this machine's; use 127.0.0.1 for this machine "
                + "only or 0.0.0.0 for every network"
        default:
            "cannot listen on \(listen): \(String(cString: strerror(errno)))"
        }
    }

    private func busyTimeout() throws -> TimeInterval {
        guard let text = ProcessInfo.processInfo.environment["LINEUP_BUSY_TIMEOUT"], !text.isEmpty else {
            return LineupDatabase.defaultBusyTimeout
        }
        guard let seconds = Double(text), seconds >= 0, seconds <= 3600 else {
            throw ValidationError("LINEUP_BUSY_TIMEOUT must be a number of seconds from 0 to 3600, not '\(text)'")
        }
        return seconds
    }

    private func fail(_ message: String, status: Int32) -> Never {
        Self.say("error: \(message)")
        Foundation.exit(status)
    }

    /// Writes one message to standard error, where everything the server says goes: the paths, addresses and
    /// arguments it quotes are shown, never acted on by the terminal.
    static func say(_ message: String) {
        FileHandle.standardError.write(Data((TerminalText.message(message) + "\n").utf8))
    }
}

/// Ctrl-C and SIGTERM stop the server within a few seconds whatever is open: first gracefully (no new
/// connections, open streams ended, answers under way finished), then by closing every connection, and at the
/// last by ending the process, which closes the database as any exit does (its log makes that safe). A second
/// signal ends it at once. Signals are caught here rather than by libdispatch, so that a stop needs nothing
/// the process might be short of (a thread, a descriptor) to be heard.
enum StopSignals {
    /// Signals received; set by the handler, read by the watching thread.
    private static let received = Atomic<Int>(0)
    /// Seconds after the signal when every connection is closed, and when the process ends.
    static let closeConnectionsAfter: TimeInterval = 1.5
    static let endProcessAfter: TimeInterval = 3.5

    static func install(stopping group: ServiceGroup, server: LineupServer) {
        // Touched before the handlers can run: a signal handler may not wait for a lazy global's start-up.
        _ = received.load(ordering: .relaxed)
        for stopSignal in [SIGTERM, SIGINT] {
            signal(stopSignal) { _ in
                if StopSignals.received.add(1, ordering: .relaxed).newValue > 1 { _exit(0) }
            }
        }
        let watcher = Thread {
            while received.load(ordering: .relaxed) == 0 { usleep(50_000) }
            Task { await group.triggerGracefulShutdown() }
            Thread.sleep(forTimeInterval: closeConnectionsAfter)
            server.closeEveryConnection()
            Thread.sleep(forTimeInterval: endProcessAfter - closeConnectionsAfter)
            FileHandle.standardError.write(
                Data("lineup serve: stopped without waiting any longer for answers under way\n".utf8))
            _exit(0)
        }
        watcher.start()
    }
}
