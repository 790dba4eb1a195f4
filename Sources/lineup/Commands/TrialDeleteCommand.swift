import ArgumentParser

struct TrialDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a time trial and its times.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The trial's name.") var name: String

    func validate() throws {
        guard !name.allSatisfy(\.isWhitespace) else {
            throw ValidationError("give the trial's name, as `lineup trial list` shows it")
        }
    }

    func run() throws {
        let trial = try database.open().deleteTimeTrial(named: name)
        print("Deleted trial \"\(trial.name.terminalSafe)\".")
    }
}
