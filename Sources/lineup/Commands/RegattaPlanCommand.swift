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
            --capability-required), locked seats (with --keep-seated every seated paddler), and --max-races. \
            Then, in this order: sides and drum/steer ability where the rules only warn, --min-races for every \
            available paddler, full boats, races shared evenly, and few changes. Each boat is then seated \
            (sided paddlers on their side) and levelled as `lineup optimize` does. Small regattas are searched \
            completely, so the plan is the best there is by that order; larger ones by simulated annealing \
            (repeatable with --seed). What the plan cannot satisfy is listed in plain words. Without --apply \
            nothing changes; with it, each changed boat gets one history record (`lineup undo -b BOAT`).
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var regatta: RegattaArgument
    @Option(help: ArgumentHelp("Every available paddler should race at least this often (a target).", valueName: "N"))
    var minRaces: Int?
    @Option(help: ArgumentHelp("Nobody races more often than this (kept as a rule).", valueName: "N"))
    var maxRaces: Int?
    @Flag(help: "Keep everyone already seated where they are; only fill empty seats.") var keepSeated = false
    @Flag(help: "Sitting on a side one does not paddle breaks the rules (by default the planner only avoids it).")
    var sidesRequired = false
    @Flag(help: "A drummer or steerer not marked able breaks the rules (by default the planner only avoids it).")
    var capabilityRequired = false
    @Option(help: ArgumentHelp("Seed of the local search, to repeat a plan or try another.", valueName: "N"))
    var seed: UInt64 = 1
    @Flag(help: "Write the plan: each changed boat as one history record.") var apply = false

    func validate() throws {
        if let minRaces, minRaces < 0 || minRaces > 100 { throw ValidationError("--min-races must be from 0 to 100") }
        if let maxRaces, maxRaces < 1 || maxRaces > 100 { throw ValidationError("--max-races must be from 1 to 100") }
        if let minRaces, let maxRaces, minRaces > maxRaces {
            throw ValidationError("--min-races cannot be more than --max-races")
        }
    }

    func run() throws {
        let db = try database.open()
        let state = try db.regattaState(regatta.regatta)
        guard !state.races.isEmpty else {
            throw CommandError.failed(
                "regatta \"\(state.info.name.terminalSafe)\" has no races yet; add them with "
                    + "`lineup race add \"\(state.info.name.terminalSafe)\" RACE --at HH:MM`"
            )
        }
        let regatta = state.regatta.changingRules { rules in
            var changed = rules
            if sidesRequired { changed.sidesAreRules = true }
            if capabilityRequired { changed.capabilityIsRule = true }
            return changed
        }
        let options = RegattaPlanOptions(
            minimumRaces: minRaces, maximumRaces: maxRaces, keepsSeated: keepSeated, seed: seed)
        let plan = RegattaPlanner.plan(regatta, options: options)
        var proposed = state
        proposed.regatta = plan.regatta

        let before = state.regatta.fairness()
        let after = plan.regatta.fairness()
        print(
            "Plan for \"\(state.info.name.terminalSafe)\": \(state.races.count) races in \(state.boats.count) boat"
                + "\(state.boats.count == 1 ? "" : "s"), \(after.availableCount) paddlers available.")
        switch plan.method {
        case .exhaustive:
            print(
                plan.isProvenBest
                    ? "Every possible plan was considered: none does better by the planner's order."
                    : "Searched completely as far as the search limit allowed, then locally.")
        case .localSearch:
            print("Found by local search (simulated annealing, seed \(seed)); another --seed may find another plan.")
        }
        print(
            "Races per available paddler: min \(after.minimum), median \(DecimalNumber.text(after.median)), max "
                + "\(after.maximum) (before: min \(before.minimum), median \(DecimalNumber.text(before.median)), max "
                + "\(before.maximum)).")
        print("")
        print(RegattaText(state: proposed, style: Terminal.style).render())
        print("")
        if plan.unmet.isEmpty {
            print("Everything asked is met: every race keeps its rules, everyone seated is there and rested.")
        } else {
            print("Could not satisfy (\(plan.unmet.count)):")
            for line in plan.unmet { print("  " + Terminal.style.error("✗") + " " + line.terminalSafe) }
        }
        if !plan.notes.isEmpty {
            print("Worth knowing:")
            for line in plan.notes { print("  " + Terminal.style.warning("!") + " " + line.terminalSafe) }
        }
        let changes = plan.changedBoats.map { index in
            let boat = state.boats[index]
            let races = state.regatta.races(ofBoat: index).map { state.regatta.races[$0].name }
            return (
                boat: boat.name, original: state.regatta.boats[index].lineup, target: plan.regatta.boats[index].lineup,
                summary: "regatta plan \"\(state.info.name)\": " + races.joined(separator: ", ")
            )
        }
        print("")
        guard !changes.isEmpty else {
            print("No boat changes: the crews are already as planned.")
            return
        }
        guard apply else {
            print(
                "Nothing was changed; run again with --apply to write the \(changes.count) changed boat"
                    + "\(changes.count == 1 ? "" : "s"), each as one undoable change.")
            return
        }
        let outcomes = try db.applyLineups(changes)
        for outcome in outcomes {
            print(
                "Applied to \"\(outcome.state.boat.name.terminalSafe)\" (#\(outcome.record?.id ?? 0), \(outcome.change.moves.count) "
                    + "moves); `lineup undo -b \"\(outcome.state.boat.name.terminalSafe)\"` takes it back.")
        }
    }
}
