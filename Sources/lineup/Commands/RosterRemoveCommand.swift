import ArgumentParser
import LineupCore
import LineupPresentation

struct RosterRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a paddler from the roster and from every boat.",
        discussion: """
            Someone seated in any boat is only removed with --force; their seat becomes empty. History records \
            that moved them can no longer be undone. Their availability at regattas goes with them, \
            and so do the trial times they were part of (alone or in a crew: a crew's time is never read as the \
            others' alone), and a trial left with no time goes too (each is named). Seat races they sat in are kept, marked as missing them; rankings leave out only the \
            swaps that credit them.
            """)

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The paddler's name.") var name: String
    @Flag(help: "Remove them even if they are seated.") var force = false

    func run() throws {
        let db = try database.open()
        let regattas = try db.regattasWithAvailability(ofPaddler: name)
        let report = try db.removePaddler(named: name, force: force)
        SavedChange.declare(
            .outsideHistory(
                saved: "\(report.paddler.name.terminalSafe) was removed from the roster",
                again: "running it again is refused (nobody of that name is left); `lineup roster add` puts them "
                    + "back, without their seats"))
        var message = "Removed \(report.paddler.name.terminalSafe) from the roster"
        if !report.leftSeats.isEmpty {
            message += "; now empty: \(RosterWords.seats(report.leftSeats).terminalSafe)"
        }
        if !regattas.isEmpty {
            message += "; their availability at \(regattas.joined(separator: ", ").terminalSafe) went with them"
        }
        if report.droppedTrialTimes > 0 {
            message +=
                "; \(report.droppedTrialTimes) trial "
                + (report.droppedTrialTimes == 1 ? "time" : "times")
                + " they were part of (alone or in a crew) went with them"
        }
        if !report.droppedTrials.isEmpty {
            let one = report.droppedTrials.count == 1
            message +=
                "; trial\(one ? "" : "s") " + report.droppedTrials.joined(separator: ", ").terminalSafe
                + ", left with no time, went too"
        }
        if !report.seatRaces.isEmpty {
            let one = report.seatRaces.count == 1
            message +=
                "; seat \(one ? "race" : "races") " + report.seatRaces.joined(separator: ", ").terminalSafe
                + " \(one ? "is" : "are") kept, marked as missing them (rankings leave out only the swaps that "
                + "credit them)"
        }
        print(message + ".")
    }
}
