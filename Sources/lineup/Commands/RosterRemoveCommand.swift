import ArgumentParser
import LineupCore

struct RosterRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a paddler from the roster and from every boat.",
        discussion: """
            Someone seated in any boat is only removed with --force; their seat becomes empty. History records \
            that moved them can no longer be undone.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The paddler's name.") var name: String
    @Flag(help: "Remove them even if they are seated.") var force = false

    func run() throws {
        let report = try database.open().removePaddler(named: name, force: force)
        var message = "Removed \(report.paddler.name.terminalSafe) from the roster"
        if !report.leftSeats.isEmpty {
            message += "; now empty: \(report.leftSeats.joined(separator: ", ").terminalSafe)"
        }
        print(message + ".")
    }
}
