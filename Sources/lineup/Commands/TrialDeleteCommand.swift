import ArgumentParser

struct TrialDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a time trial and its times.")

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var named: StrengthNameArgument<TrialKind>

    func run() throws {
        let trial = try database.open().deleteTimeTrial(named: named.name)
        print("Deleted trial \"\(trial.name.terminalSafe)\".")
    }
}
