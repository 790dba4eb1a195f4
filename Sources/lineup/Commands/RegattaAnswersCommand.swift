import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct RegattaAnswersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "answers",
        abstract: "Read the paddlers' answers for a regatta: counts per race, who has not answered, what is new.",
        discussion: """
            Paddlers answer through their personal links (`lineup invite`): in, maybe or out for the regatta, \
            with the times they arrive and leave, and for single races. Prints per race how many are in, \
            maybe and out and how many have not answered, who has not answered, and each paddler's answers; \
            those given since you last read them are marked *. Reading them counts as your last look, unless \
            --peek. --close and --open say what they did (with --json, they print the sheet after it). The coach's \
            own entries (`regatta attend`, `regatta answer`) win over a paddler's answer \
            and say so. --close stops paddlers changing their answers (they still read them); --open lets them \
            again. A paddler not there when a race starts (late, gone, out, injured) counts as out of it.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument
    @Flag(help: "Read without counting it as your last look.") var peek = false
    @Flag(help: "Close the answers: paddlers read theirs and change nothing.") var close = false
    @Flag(help: "Open the answers again.") var open = false
    @Flag(help: "Print JSON (the document the server's /api/regattas/{regatta}/answers answers).") var json = false

    func validate() throws {
        if close, open { throw ValidationError("give --close or --open, not both") }
    }

    func run() throws {
        let db = try database.open()
        if close || open {
            let info = try db.setAnswersClosed(close, at: regatta.regatta)
            SavedChange.declare(
                .outsideHistory(
                    saved: "the answers of \(info.name) were \(close ? "closed" : "opened")",
                    again: "running it again changes nothing"))
            let sentence =
                close
                ? "Closed the answers for \(info.name): paddlers read theirs and change nothing."
                : "Opened the answers for \(info.name): paddlers may change theirs again."
            if json {
                Terminal.standardError.write(sentence.terminalSafe + "\n")
            } else {
                print(sentence.terminalSafe)
                return
            }
        }
        let sheet = try db.answerSheet(of: regatta.regatta, markSeen: !peek)
        if json {
            print(try JSONCoding.encode(AnswerSheetDocument(sheet)), terminator: "")
            return
        }
        for line in AnswerWords.sheet(sheet) { print(line.terminalSafe) }
    }
}
