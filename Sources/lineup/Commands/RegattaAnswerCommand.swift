import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct RegattaAnswerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answer",
        abstract: "Give a paddler's answer for them: in, maybe or out, for the regatta or one race.",
        discussion: """
            The coach's word, for a paddler who answered by message or not at all: in, maybe or out for the \
            whole regatta (with --from and --until, the times they arrive and leave), or with --race RACE for \
            that race alone ("no 2 km": out --race "2 km"). The coach's answer wins over the paddler's own, \
            and they cannot change it through their link. --clear takes the coach's answer back (for the \
            regatta, or with --race for that race), so that the paddler may answer for themselves again. The conflicts the change makes or clears are \
            printed.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument
    @Argument(help: ArgumentHelp("The paddler, by name.", valueName: "paddler")) var paddler: String
    @Argument(help: ArgumentHelp("in, maybe or out (not with --clear).", valueName: "answer"))
    var choice: AnswerChoice?
    @Option(help: ArgumentHelp("For this race only.", valueName: "race")) var race: String?
    @Option(help: ArgumentHelp("They arrive then: races starting at or after it.", valueName: "HH:MM"))
    var from: TimeOfDay?
    @Option(help: ArgumentHelp("They leave then: races starting before it.", valueName: "HH:MM"))
    var until: TimeOfDay?
    @Option(help: ArgumentHelp("A short comment kept with the answer.", valueName: "text")) var comment: String?
    @Flag(help: "Take back the coach's answer (for --race, or for the regatta).") var clear = false

    func validate() throws {
        if clear {
            guard choice == nil, from == nil, until == nil, comment == nil else {
                throw ValidationError("--clear takes no answer, times or comment (only --race, for one race)")
            }
            return
        }
        guard let choice else { throw ValidationError("give the answer: in, maybe or out") }
        do {
            try PaddlerAnswer.validatedTimes(choice: choice, race: race, from: from, until: until)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        let db = try database.open()
        try RegattaChangeReport.printing(regatta: regatta.regatta, in: db) {
            let info = try db.regattaState(regatta.regatta).info
            if clear {
                let cleared = try db.clearCoachAnswer(of: paddler, race: race, at: info.name)
                let what = race ?? info.name
                SavedChange.declare(
                    .outsideHistory(
                        saved: "the coach's answer was taken back", again: "running it again changes nothing"))
                print(
                    (cleared
                        ? "\(paddler): the coach's answer for \(what) is taken back; they may answer for themselves."
                        : "\(paddler) had no answer of the coach for \(what); nothing changed.").terminalSafe)
                return
            }
            guard let choice else { return }
            let (answer, name) = try db.storeAnswer(
                AnswerDraft(race: race, choice: choice, from: from, until: until, comment: comment ?? ""),
                ofPaddlerNamed: paddler, at: info.name, by: .coach)
            SavedChange.declare(
                .outsideHistory(saved: "the answer was stored", again: "running it again stores the same answer"))
            print(AnswerWords.stored(answer, name: name, regatta: info.name).terminalSafe)
        }
    }
}

extension AnswerChoice: ExpressibleByArgument {}
