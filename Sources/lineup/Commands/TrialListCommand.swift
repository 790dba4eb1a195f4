import ArgumentParser
import LineupCore
import LineupPresentation

struct TrialListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the time trials and each paddler's best pace per 500 m.")

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let trials = try database.openForReading().timeTrials()
        guard !trials.isEmpty else {
            print("No time trials yet; record one with `lineup trial add NAME --distance M --time \"NAME=TIME\"`.")
            return
        }
        for trial in trials {
            print("\(trial.name.terminalSafe)  \(trial.distanceMetres) m" + (trial.day.map { "  \($0)" } ?? ""))
            for result in trial.results.sorted(by: { $0.seconds < $1.seconds }) {
                print(
                    "  " + StrengthText.time(result.seconds) + "  "
                        + result.paddlers.joined(separator: " + ").terminalSafe
                        + "  (\(StrengthText.time(trial.pacePer500(result))) /500 m)")
            }
        }
        let board = TrialBoard(trials: trials)
        guard !board.entries.isEmpty else { return }
        print("Best pace per 500 m (paddlers alone):")
        for (index, entry) in board.entries.enumerated() {
            print(
                "  \(index + 1). \(entry.name.terminalSafe)  \(StrengthText.time(entry.bestPace)) in "
                    + "\(entry.bestTrial.terminalSafe); \(entry.trials) " + (entry.trials == 1 ? "trial" : "trials")
                    + (entry.trials > 1 ? ", spread \(StrengthText.seconds(entry.spread)) s" : ""))
        }
    }
}
