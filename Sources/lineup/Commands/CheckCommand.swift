import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a lineup against crew rules, or a regatta for conflicts; exits 1 when something is broken.",
        discussion: """
            Presets: open (16-20 paddlers in a standard boat, 8-10 in a small one, a drummer and a \
            steerer), women (the same, every counted paddler a woman), idbf-mixed (the same, 8-10 women \
            and 8-10 men among the paddlers of a standard boat, 4-6 each in a small one). Drummer and \
            steerer are exempt from the sex rule unless --count-drummer-steerer, which counts them too and \
            raises the preset's top limit for each sex by two (8-12 of each among 22: every crew legal under \
            the paddlers' rule stays legal). An inactive paddler seated and a paddler in a row they may not \
            sit in (`lineup roster update --rows/--never-rows`) break the check (the crew should not race \
            so), as someone who is not there does in `check --regatta`. Side preferences and \
            drummer/steerer ability are warnings unless required; unknown weights and sexes are warnings. \
            The boat's own preset is set with `lineup boat create --rules` or `lineup boat rules`. A boat \
            that races in a regatta: everyone seated in one of its races who is not there when it starts \
            (absent, not yet arrived, gone, inactive), and every rule broken in one of its races that races \
            under rules of its own (`lineup race rules`), is listed under Races and fails the check as a broken \
            rule does (exit 1; --json lists them among the violations), since the crew cannot race so.
            --regatta REGATTA checks a whole regatta (with --race RACE, one race): each race's crew rules, \
            everyone seated in two races that start closer than the regatta's minimum gap (who, which races, \
            how close; drummers and steerers too), and everyone seated in a race they are not there for. \
            Exit status 1 when any of these is found; a paddler in a row they may not sit in fails a race \
            there too.
            Exit status: 0 when nothing is broken (warnings and notes alone still exit 0); 1 when something \
            is broken, or the check could not be done (an unknown boat, regatta or race); 64 for bad usage \
            (an unknown option, a value out of range).
            --repair repairs a database where rows name rows that are not there (a seat naming a paddler \
            who is not in the roster), as another program writing with SQLite's checks off can leave one: \
            such places are emptied (the bench closes up), what names nothing is removed, and what was \
            repaired is listed. Take a `lineup backup` first to keep the file as it was.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @OptionGroup var rulesOptions: RulesOptions
    @OptionGroup var display: DisplayOptions
    @Option(help: ArgumentHelp("Check this regatta's races for conflicts instead of one boat.", valueName: "regatta"))
    var regatta: String?
    @Option(help: ArgumentHelp("With --regatta: check only this race.", valueName: "race")) var race: String?
    @Flag(
        help:
            "Print JSON: {boat, rules, violations: [...], warnings: [...], notes: [...], race_problems: [...], verdict} (violations include the rules broken in a race under its own rules and who is seated in a race they are not there for); with --regatta {regatta, minimum_gap_minutes, races, conflicts, unavailable, ok}."
    )
    var json = false
    @Flag(help: "Repair rows naming rows that are not there (a seat naming a paddler not in the roster).")
    var repair = false

    func validate() throws {
        if repair && (regatta != nil || boat.boat != nil || json) {
            throw ValidationError("--repair checks the whole database: give it alone")
        }
        if race != nil && regatta == nil { throw ValidationError("--race needs --regatta REGATTA") }
        if regatta != nil && boat.boat != nil { throw ValidationError("give either --regatta or -b, not both") }
    }

    func run() throws {
        if repair { return try repairReferences() }
        if let regatta { return try checkRegatta(regatta) }
        let db = try database.openForReading()
        let state = try db.state(ofBoat: BoatChoice(boat.boat))
        let rules = rulesOptions.rules(boatPreset: state.boat.rules, kind: state.boat.kind)
        let findings = RuleFinding.forRaceDay(
            state.lineup.check(rules, roster: state.roster, wantedRoles: state.boat.wantedRoles))
        let unavailable = state.problemsInRaces(checked: rules)
        if json {
            print(
                try JSONCoding.encode(CheckDocument(state: state, rules: rules, findings: findings)), terminator: "")
        } else {
            let text = RulesText(rules: rules, findings: findings)
            let format = display.format(for: state)
            // An inactive paddler seated: who on the bench would take the seat best for the balance.
            // Someone seated who is not there for one of the boat's races gets a substitute too.
            let substitutes = InactiveSeat.find(
                in: state.lineup, roster: state.rosterForOptimizing, model: state.balanceModel, rules: rules,
                fit: SeatFit(wantedRoles: state.boat.wantedRoles), objective: .balance,
                moving: state.benchAwayFromRaces
            ).map { OptimizeWords.substitute($0, format: format, boat: state.boat.name).terminalSafe }
            // The balance is no rule, but a coach checking a crew wants the verdict `show` gives.
            let balance = BalanceText(state: state, format: format, listingUnknownWeights: false)
            print(
                (["\(state.boat.name.terminalSafe): " + text.lines(style: Terminal.style).joined(separator: "\n")]
                    + substitutes + RacesText.lines(unavailable, style: Terminal.style)
                    + balance.lines(style: Terminal.style))
                    .joined(separator: "\n"))
        }
        if findings.contains(where: { $0.severity == .violation }) || !unavailable.isEmpty { throw ExitCode(1) }
    }

    private func repairReferences() throws {
        let repaired = try database.open().repairBrokenReferences()
        if repaired.isEmpty {
            print("nothing to repair: every row names rows that are there")
        } else {
            print((["repaired:"] + repaired.map { "  " + $0.terminalSafe }).joined(separator: "\n"))
        }
    }

    private func checkRegatta(_ name: String) throws {
        let db = try database.openForReading()
        let state = try db.regattaState(name)
        var indices: Set<Int>?
        if let race {
            let found = try db.race(race, of: name)
            indices = Set(state.races.indices.filter { state.races[$0].id == found.id })
        }
        let document = RegattaCheckDocument(state: state, races: indices)
        if json {
            print(try JSONCoding.encode(document), terminator: "")
        } else {
            let style = Terminal.style
            print(
                "\(state.info.name.terminalSafe) (\(state.info.date)): \(document.races.count) of "
                    + "\(ListWords.count(state.races.count, "race")) checked, minimum gap \(state.info.minimumGapMinutes) minutes"
            )
            for checked in document.races {
                let parts = [
                    checked.violations.isEmpty ? "all kept" : "\(checked.violations.count) broken",
                    checked.warnings.isEmpty
                        ? nil : "\(checked.warnings.count) warning\(checked.warnings.count == 1 ? "" : "s")",
                ].compactMap { $0 }
                print(
                    "\(checked.time) \(checked.name.terminalSafe) (\"\(checked.boat.terminalSafe)\"), rules (\(checked.rules)): "
                        + parts.joined(separator: ", "))
                for line in checked.violations { print(style.problemLine(line)) }
                for line in checked.warnings { print(style.warningLine(line)) }
                for line in checked.notes { print(style.noteLine(line)) }
            }
            let conflicts = document.conflicts + document.unavailable
            if conflicts.isEmpty {
                print("Conflicts: none")
            } else {
                print("Conflicts (\(conflicts.count)):")
                for line in conflicts { print(style.problemLine(line)) }
            }
        }
        if !document.ok { throw ExitCode(1) }
    }
}
