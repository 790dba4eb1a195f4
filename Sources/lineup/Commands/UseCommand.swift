import ArgumentParser
import LineupCore

struct UseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "use", abstract: "Choose the boat that commands use when --boat is left out.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The boat's name.") var name: String

    func run() throws {
        let boat = try database.open().useBoat(.named(name))
        SavedChange.declare(
            .outsideHistory(
                saved: "commands now use \"\(boat.name.terminalSafe)\"",
                again: "running it again changes nothing"))
        print("Now using \"\(boat.name.terminalSafe)\".")
    }
}
