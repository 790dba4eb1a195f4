import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct RegattaPlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "Propose crews for all the races of a regatta; --apply writes them.",
        discussion: """
            Every boat the races use gets a drummer, a steerer and paddlers, chosen for the whole day at once. \
            Kept as rules: who is there at each race's time, the minimum gap between two races of one person, \
            the crew rules of each race (size, sexes; sides and drum/steer ability with --sides-required and \
            --capability-required), locked seats, every seated paddler who is there for the boat's races, in \
            the same seat (unless --replan-freely), and --max-races. \
            Then, in this order: sides and drum/steer ability where the rules only warn, --min-races for every \
            available paddler, full boats, races shared evenly, and few changes. Each boat is then seated \
            (sided paddlers on their side) and levelled as `lineup optimize` does. Small regattas are searched \
            completely, so the plan is the best there is by that order; larger ones by simulated annealing. \
            When not every rule can be kept, the plan breaks the least important (in this order of importance: \
            two races at the same time, the sex rule, a steerer, a drummer, the crew size, the minimum gap, \
            --max-races, then required sides and abilities), and says what it broke and why. \
            Crews are seated from the front: a short crew leaves the back rows empty.

            A plan moves as few people as it can: crews seated by hand stay (a final copied from its heat \
            with `race add --copy-from` keeps the heat's crew and seats), and only empty seats and the seats of \
            those not there for the boat's races are filled. The plan lists, boat by boat, who comes in, who \
            goes out and why, and who changes seat. --replan-freely plans every seat not locked again.

            Paddlers' answers (`lineup invite`, `regatta answers`) count as availability: "out" (for the day \
            or one race) and injured paddlers are never seated, and the times they arrive and leave are kept. \
            Someone who answered "maybe" is seated, with --maybe avoid (the default), only where nobody who \
            answered "in" does as well (a full boat comes first, then someone who answered "in"), and with \
            --maybe allow like anyone \
            else; either way the plan names everyone it seats on a maybe.

            The search does a fixed amount of work, so the same data, options and --seed give the same plan \
            (and the same plan code). It also stops at --time-limit (default 5 seconds) and keeps the best plan \
            found by then; the output says so, since a plan stopped by the clock depends on the machine's \
            speed. The plan code it prints makes exactly that plan again. A progress line is shown on a \
            terminal.

            Without --apply nothing changes. --apply --plan CODE writes the plan shown with that code, and \
            refuses (exit 1, nothing written) if the code does not match the plan for the data now: mistyped, \
            or anything it was made from has changed since (the races, boats, roster, availability or \
            options); when the boats already are as the plan for the data now has them, it says there is \
            nothing to write (exit 0). --apply alone plans and writes in one step. Each changed \
            boat gets one history record (`lineup undo -b BOAT`).
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument
    @Option(help: ArgumentHelp("Every available paddler should race at least this often (a target).", valueName: "N"))
    var minRaces: Int?
    @Option(help: ArgumentHelp("Nobody races more often than this (kept as a rule).", valueName: "N"))
    var maxRaces: Int?
    @Flag(
        help: "Plan every seat not locked again, moving whoever helps (by default seated crews stay where they are).")
    var replanFreely = false
    @Flag(help: "Keep everyone seated who is there for their boat's races where they are (the default).")
    var keepSeated = false
    @Flag(help: "Sitting on a side one does not paddle breaks the rules (by default the planner only avoids it).")
    var sidesRequired = false
    @Flag(help: "A drummer or steerer not marked able breaks the rules (by default the planner only avoids it).")
    var capabilityRequired = false
    @Option(help: ArgumentHelp("Seed of the local search, to repeat a plan or try another.", valueName: "N"))
    var seed: UInt64 = 1
    @Option(
        help: ArgumentHelp(
            "Stop searching after this many seconds and keep the best plan found by then (default 5).",
            valueName: "SECONDS"))
    var timeLimit: Double = 5
    @Option(
        help: ArgumentHelp(
            "avoid: seat someone who answered maybe only where nobody who answered in does as well; allow: seat "
                + "them like anyone.", valueName: "avoid|allow"))
    var maybe: RegattaPlanOptions.MaybePolicy = .avoid
    @Flag(help: "Write the plan: each changed boat as one history record.") var apply = false
    @Option(
        name: .customLong("plan"),
        help: ArgumentHelp(
            "With --apply: write only the plan shown with this code, refused if anything changed since.",
            valueName: "CODE"))
    var planCode: String?

    func validate() throws {
        if let minRaces, minRaces < 0 || minRaces > 100 { throw ValidationError("--min-races must be from 0 to 100") }
        if let maxRaces, maxRaces < 1 || maxRaces > 100 { throw ValidationError("--max-races must be from 1 to 100") }
        if let minRaces, let maxRaces, minRaces > maxRaces {
            throw ValidationError("--min-races cannot be more than --max-races")
        }
        guard timeLimit.isFinite, timeLimit > 0, timeLimit <= 3_600 else {
            throw ValidationError("--time-limit must be from more than 0 to 3600 seconds")
        }
        if replanFreely && keepSeated {
            throw ValidationError("give either --replan-freely or --keep-seated (the default), not both")
        }
        if let planCode {
            guard apply else { throw ValidationError("--plan goes with --apply: it names the plan to write") }
            guard PlanCode(parsing: planCode) != nil else {
                throw ValidationError(
                    "--plan takes the code `regatta plan` printed, such as 4f1c9a2e7b30 or 4f1c9a2e7b30-183296")
            }
        }
    }

    func run() throws {
        let db = try apply ? database.open() : database.openForReading()
        let state = try db.regattaState(regatta.regatta)
        guard !state.races.isEmpty else {
            throw CommandError.failed(
                "regatta \"\(state.info.name.terminalSafe)\" has no races yet; add them with "
                    + "`lineup race add \(state.info.name.shellWord) RACE --at HH:MM`"
            )
        }
        let regatta = state.regatta.requiring(sides: sidesRequired, capability: capabilityRequired)
        let expected = planCode.flatMap(PlanCode.init(parsing:))
        let options = RegattaPlanOptions(
            minimumRaces: minRaces, maximumRaces: maxRaces, keepsSeated: !replanFreely, seed: seed,
            stopsAtWork: expected?.work, maybes: maybe)
        // Making a shown plan again must do the same work, so only the work bounds it, never the clock.
        let progress = ProgressLine(label: "planning", timeLimit: expected == nil ? timeLimit : nil)
        let plan = RegattaPlanner.plan(regatta, options: options, progress: progress.update)
        progress.finish()
        let code = PlanCode(plan)
        var proposed = state
        proposed.regatta = plan.regatta

        let before = state.regatta.fairness()
        let after = plan.regatta.fairness()
        print(
            "Plan \(code) for \"\(state.info.name.terminalSafe)\": \(ListWords.count(state.races.count, "race")) in "
                + "\(ListWords.count(state.boats.count, "boat")), \(ListWords.count(after.availableCount, "paddler")) "
                + "available.")
        if plan.stoppedEarly && expected == nil {
            print(
                "The search stopped at its \(DecimalNumber.text(timeLimit))-second limit (--time-limit) before "
                    + "finishing: this is the best plan found by then, and another run may find another on a faster "
                    + "or busier machine; its code makes exactly this plan again.")
        }
        switch plan.method {
        case .exhaustive:
            print(
                plan.isProvenBest
                    ? "Every possible plan was considered: none does better by the planner's order."
                    : "Searched completely as far as the search limit allowed, then locally.")
        case .localSearch:
            print("Found by local search (simulated annealing, seed \(seed)); another --seed may find another plan.")
        }
        print(CrewChangeWords.keeping(!replanFreely, options: .commandLine))
        print(
            "Races per available paddler: min \(after.minimum), median \(DecimalNumber.text(after.median)), max "
                + "\(after.maximum) (before: min \(before.minimum), median \(DecimalNumber.text(before.median)), max "
                + "\(before.maximum)).")
        print("")
        print(RegattaText(state: proposed, style: Terminal.style).render())
        print("")
        if !plan.changedBoats.isEmpty {
            // Each changed boat's balance as `lineup show` heads it, so that a crew seated short is seen to be
            // bow-heavy before it is written.
            let format = WeightFormat(unit: try db.weightUnit())
            print("Balance of the changed boats:")
            for index in plan.changedBoats {
                let boat = plan.regatta.boats[index]
                let verdict = BalanceVerdict(
                    lineup: boat.lineup, roster: plan.regatta.roster, model: boat.balanceModel, format: format)
                let axes = verdict.axes.map { $0.axis.rawValue + " " + BalanceWords.headline($0, format: format) }
                print("  \(state.boats[index].name.terminalSafe): " + axes.joined(separator: "; "))
            }
            print("")
        }
        let crewChanges = state.regatta.crewChanges(to: plan.regatta, boats: plan.changedBoats)
        if !crewChanges.isEmpty {
            print("Who changes place:")
            for line in CrewChangeWords.lines(crewChanges, in: state.regatta) { print("  " + line.terminalSafe) }
            print("")
        }
        let findings = PlanWords(plan, options: .commandLine)
        if let verdict = findings.verdict {
            print(verdict)
        } else {
            print("Could not satisfy (\(plan.unmet.count)):")
            for line in findings.unmet { print(Terminal.style.problemLine(line)) }
        }
        if !plan.notes.isEmpty {
            print("Worth knowing:")
            for line in findings.notes { print(Terminal.style.warningLine(line)) }
        }
        let changes = plan.changedBoats
        print("")
        if let expected, expected.fingerprint != code.fingerprint {
            // A code is not kept anywhere, so a mistyped one and one made from other data look alike; but when
            // the boats already are as the plan for the data now has them, there is nothing to write either way.
            guard !changes.isEmpty else {
                print(
                    "Nothing to write: the boats already are as the plan for the data now (plan \(code)) has them. "
                        + "Plan \(expected) does not match it: it was written already, or the code is mistyped.")
                return
            }
            throw CommandError.failed(
                "plan \(expected) does not match the plan for the data now (plan \(code)): the code is mistyped, or "
                    + "something it was made from (the races, boats, roster, availability or options) has changed "
                    + "since it was shown (writing a plan changes its boats too); nothing was written. The plan above is the one the data gives now: review "
                    + "it and write it with --apply --plan \(code), or run `lineup regatta plan "
                    + "\(state.info.name.shellWord)` again to see the current plan and its code")
        }
        guard !changes.isEmpty else {
            print("No boat changes: the crews are already as planned.")
            return
        }
        guard apply else {
            print(
                "Nothing was changed. To write exactly this plan (\(changes.count) changed boat"
                    + "\(changes.count == 1 ? "" : "s"), each as one undoable change), run the same command with "
                    + "--apply --plan \(code)")
            return
        }
        let written = Result { () throws(StoreError) in try db.applyRegattaPlan(plan, madeFrom: state) }
        if case .success = written { SavedChange.declare(.recordedInHistory) }
        if case .failure(.regatta(.planInputsChanged)) = written {
            throw CommandError.failed(
                "plan \(code) is not the plan now: the races, boats, roster, availability or options it was made "
                    + "from changed while it was being made, so nothing was written; run `lineup regatta plan "
                    + "\(state.info.name.shellWord)` again to see the plan the data gives now")
        }
        let outcomes = try written.get()
        print(expected == nil ? "Planned and written in one step (plan \(code)):" : "Wrote plan \(code), as shown:")
        for outcome in outcomes {
            print(
                "Applied to \"\(outcome.state.boat.name.terminalSafe)\" (#\(outcome.record?.id ?? 0), "
                    + PlanText.peopleChangingPlace(outcome.change.peopleChangingPlace)
                    + "); `lineup undo \(outcome.state.boat.name.boatOption)` takes it back.")
        }
    }
}

extension PlanWords.OptionNames {
    /// The options as `lineup regatta plan` takes them.
    static let commandLine = PlanWords.OptionNames(
        maximumRaces: "--max-races", minimumRaces: "--min-races",
        anotherSearch: "another --seed", ownBoat: "`lineup race add … --copy-from`",
        replanFreely: "--replan-freely", keepCrews: "leave out --replan-freely")
}
extension RegattaPlanOptions.MaybePolicy: ExpressibleByArgument {}
