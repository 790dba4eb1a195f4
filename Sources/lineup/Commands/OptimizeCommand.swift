import ArgumentParser
import Foundation
import LineupCore
import LineupPresentation
import LineupStore

struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize",
        abstract: "Find who should move where to level the boat best; --apply makes the moves as one undoable change.",
        // Written out because the generated usage of this many options is just `lineup optimize <options>`;
        // every option the help lists belongs in one of these lines (a test compares them).
        usage: """
            lineup optimize [--boat <name>] [--objective <balance|strength|both>] [--use-bench] [--tolerance <kg>] [--max-moves <n>] [--max-exchanges <n>] [--apply] [--unit <unit>] [--json]
            lineup optimize [--rules <rules>] [--paddlers <min-max>] [--each-sex <min-max>] [--count-drummer-steerer] [--sides-required] [--capability-required] [<other options>]
            """,
        discussion: """
            The objective (balance) is the boat's imbalance in kilograms: the trim moment as kilograms in \
            row 1 and the list moment as kilograms in a middle seat, combined. Locked seats, the drummer \
            and the steerer never move, nor does anyone of unknown weight; nobody is put on a side they do \
            not paddle, and a taken row-1 seat is never left empty (row 1 sets the stroke rate); with \
            --use-bench, seated paddlers may trade places with active bench paddlers, never leaving the \
            crew with more broken rules than before, and a crew outside its rules' counts (too many men in \
            a mixed crew) is first brought within them where the bench can (with a long bench, the 32 likeliest to help take \
            part, and the output says so; a search over a second shows its progress on a terminal). Results within --tolerance of the best found count as \
            equal, and the one that moves the fewest paddlers wins; so a proposal must also gain at least \
            the tolerance on the lineup as it is, or nobody moves.

            --max-moves caps the people who change place, for every objective (default \
            \(OptimizerOptions.defaultMaxMoves): a coach calls each move on the dock). When the cap stopped \
            further improvements (a search without it found a result better by more than the tolerance), \
            the output says so, with how many would move and the --max-moves that lifts the cap.

            --objective strength puts paddlers where they suit best instead: a paddler with a seat role \
            (stroke, engine, rear) in a row the boat wants another role in (`lineup boat roles`; a row \
            that wants none costs nothing, as `check` notes nothing there) \
            counts like 10 kg of imbalance, a paddler outside their preferred rows like 3 kg, and each \
            place further down the strength ranking of the side a paddler sits on (`lineup roster rank`) \
            like 1 kg, so that with --use-bench the stronger paddlers sit in the boat; a paddler without \
            evidence (or only in a seat-race group no comparison links to the first) counts as one place \
            below the last ranked, and the output says how many had no place. \
            The imbalance only breaks ties. --objective both adds these kilogram-equivalents to the \
            imbalance in kilograms and makes the sum small (a pacer outside the stroke rows is worth \
            moving when it costs less than 10 kg of imbalance); --tolerance is then in those \
            kilogram-equivalents. Nobody is ever moved into a row they may not sit in. With balance, \
            the seat roles and preferred rows its moves give up are named after the moves.

            Inactive paddlers never move: one left in a seat is named with the active bench paddler \
            who would take the seat best by the objective, for the coach to decide.

            The plan lists each moving paddler once, from their place straight to their final one, in an \
            order to call out: chains that free a place first (whoever goes to the bench or into an empty \
            seat, then whoever takes the seat just left), then groups who take each other's seats. It also \
            gives the fewest pairwise exchanges that do the same, for calling them in pairs. Each move \
            says why it helps: the change of the trim and list moments it makes (its weight times the \
            change of its lever arms, in kg·m: the moves' changes add up to the whole change) and, with \
            strength or both, the role, row or ranking reason. Without --apply nothing changes.
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var boat: BoatOptions
    @Option(
        help: ArgumentHelp(
            "What to optimize: balance (the imbalance in kg), strength (roles, preferred rows and the strength "
                + "ranking; balance breaks ties) or both (the imbalance plus those, in kg-equivalents).",
            valueName: "balance|strength|both"))
    var objective = OptimizerObjective.balance.rawValue
    @Flag(help: "Also trade seated paddlers with paddlers on the bench.") var useBench = false
    @Option(help: ArgumentHelp("Kilograms of imbalance that count as equal (0: the best there is).", valueName: "kg"))
    var tolerance = PlainNumber(0.5)
    @Option(
        help: ArgumentHelp(
            "At most this many people change place, for every objective (the output says when the cap "
                + "stopped further improvements).",
            valueName: "n"))
    var maxMoves = OptimizerOptions.defaultMaxMoves
    @Option(
        help: ArgumentHelp(
            "At most this many pairwise exchanges would do it (default: as many as help).", valueName: "n"))
    var maxExchanges: Int?
    @Flag(help: "Make the moves, as one history record.") var apply = false
    @OptionGroup var display: DisplayOptions
    @Flag(help: "Print JSON: {moves: [{paddler, from, to}], before, after, considered, …}.") var json = false
    @OptionGroup var rulesOptions: RulesOptions

    func validate() throws {
        guard OptimizeWords.objective(objective) != nil else {
            throw ValidationError(OptimizeWords.unknownObjective(objective))
        }
        if maxMoves < 1 { throw ValidationError("--max-moves must be 1 or more") }
        if let maxExchanges, maxExchanges < 1 { throw ValidationError("--max-exchanges must be 1 or more") }
        guard tolerance.value.isFinite, tolerance.value >= 0, tolerance.value <= 100 else {
            throw ValidationError("--tolerance must be from 0 to 100 kilograms")
        }
    }

    func run() throws {
        let db = try apply ? database.open() : database.openForReading()
        let state = try db.state(ofBoat: BoatChoice(boat.boat))
        let rules = rulesOptions.rules(boatPreset: state.boat.rules, kind: state.boat.kind)
        let objective = OptimizeWords.objective(self.objective) ?? .balance
        let options = OptimizerOptions(
            maxMoves: maxMoves, maxExchanges: maxExchanges, useBench: useBench, toleranceKg: tolerance.value,
            objective: objective, away: state.benchAwayFromRaces)
        var fit = SeatFit(wantedRoles: state.boat.wantedRoles)
        if objective != .balance {
            let evidence = try db.strengthEvidence()
            fit.strength = StrengthPlaces(
                rankings: [evidence.ranking(of: .left), evidence.ranking(of: .right)], roster: state.roster)
        }
        let progress = ProgressLine()
        // Someone seated who is not there for one of the boat's races is treated as an inactive paddler seated.
        let result = LineupOptimizer.optimize(
            state.lineup, roster: state.rosterForOptimizing, model: state.balanceModel, rules: rules,
            options: options, fit: fit,
            progress: { _ = progress.update($0) })
        progress.finish()
        var after = state
        after.lineup = result.lineup
        let plan = result.plan

        var recordID: Int64?
        if apply && !plan.isEmpty {
            let outcome = try db.applyLineup(
                result.lineup, replacing: state.lineup, summary: plan.historySummary,
                inBoat: .wholeName(state.boat.name))
            recordID = outcome.record?.id
            SavedChange.declare(.recordedInHistory)
        }
        if json {
            let document = OptimizeDocument(
                before: state, result: result, rules: rules,
                toleranceKg: tolerance.value, record: recordID)
            print(try JSONCoding.encode(document), terminator: "")
            return
        }

        let format = display.format(for: state)
        print(
            "Optimizing \"\(state.boat.name.terminalSafe)\" for \(objective.rawValue) under \(rules.name.terminalSafe) rules."
        )
        if let unranked = OptimizeWords.unranked(result.unrankedSeated) { print(unranked) }
        let away = OptimizeWords.awayFromRaces(state)
        for seat in result.inactiveSeated {
            print(
                OptimizeWords.inactive(
                    seat, objective: objective, format: format, boat: state.boat.name, away: away[seat.paddler]
                ).terminalSafe)
        }
        for seat in result.barredSeated {
            print(
                OptimizeWords.barred(
                    seat, capped: result.beyondMoveCap != nil, exchangeCap: maxExchanges, boat: state.boat.name
                ).terminalSafe)
        }
        print(describe(result.scope, rules: rules.name.terminalSafe))
        if let broken = OptimizeWords.rulesStillBroken(
            result.lineup.check(rules, roster: state.roster), rules: rules.name, usedBench: useBench,
            moved: !plan.isEmpty)
        {
            print(broken.terminalSafe)
        }
        if let crewSize = OptimizeWords.crewSizeKept(
            current: state.lineup, proposed: result.lineup, roster: state.roster, rules: rules,
            away: options.away, boat: state.boat.name)
        {
            print(crewSize.terminalSafe)
        }
        // Someone seated of unknown weight counts as nothing and never moves: a big imbalance may be theirs.
        let unweighed = state.lineup.allPlaces.filter { place, paddler in
            place.isSeat && paddler.map { state.roster[$0]?.weightKg == nil } == true
        }.count
        if unweighed > 0 {
            print(
                "\(unweighed) seated paddler\(unweighed == 1 ? "" : "s") of unknown weight "
                    + (unweighed == 1 ? "counts as 0 and never moves " : "count as 0 and never move ")
                    + "(`lineup roster update NAME --weight KG`).")
        }
        let capNote = OptimizeWords.moveCap(result.beyondMoveCap, objective: objective, format: format)
        if plan.isEmpty, let capNote { print(capNote) }
        if plan.isEmpty, objective != .balance {
            print("No move improves the \(objective.rawValue) objective" + limitsNote + ".")
            print(OptimizeWords.fit(before: result.beforeFitKg, after: result.afterFitKg))
            if let combined = OptimizeWords.combined(result) { print(combined) }
            print("")
            print(BalanceText(state: state, format: format).lines(style: Terminal.style).joined(separator: "\n"))
            return
        }
        if plan.isEmpty {
            let withinTolerance =
                result.bestImbalanceKg < result.beforeImbalanceKg - 0.05
                ? ", within the tolerance (\(format.text(tolerance.value))) of the best found "
                    + "(\(BalanceWords.imbalance(result.bestImbalanceKg, format: format)))" : ""
            print(
                "No move improves the balance: the imbalance is "
                    + BalanceWords.imbalance(result.beforeImbalanceKg, format: format) + withinTolerance + limitsNote
                    + ".")
            print("")
            print(BalanceText(state: state, format: format).lines(style: Terminal.style).joined(separator: "\n"))
            return
        }
        print("")
        print("Moves, in calling order:")
        print(PlanText.moves(plan).joined(separator: "\n"))
        if let emptySeats = PlanText.emptySeats(before: state.lineup, after: result.lineup) { print(emptySeats) }
        print(PlanText.counts(plan))
        if let capNote { print(capNote) }
        if objective != .balance {
            let mendsRules = result.explanations.contains { explanation in
                explanation.reasons.contains {
                    if case .crewRule(_, _, _, _, mended: true) = $0 { true } else { false }
                }
            }
            print(
                OptimizeWords.fit(
                    before: result.beforeFitKg, after: result.afterFitKg, moves: true, mendsRules: mendsRules))
            if let givenUp = OptimizeWords.balanceGivenUp(result, format: format) { print(givenUp) }
            if let combined = OptimizeWords.combined(result) { print(combined) }
        }
        print("")
        print("Why each move helps:")
        print(result.explanations.map { OptimizeWords.explained($0).terminalSafe }.joined(separator: "\n"))
        // The figures after the moves are the boat's as it will race: each inactive paddler's seat taken by the
        // substitute named above, whom the moves were chosen with.
        var raced = after
        raced.lineup = InactiveSeat.raced(result.lineup, substituting: result.inactiveSeated)
        print("")
        if let substitutes = OptimizeWords.racedWith(result.inactiveSeated) {
            print(substitutes.terminalSafe)
        }
        print(
            BalanceFigures.table([("before", state), ("after", raced)], width: 14, format: format)
                .joined(separator: "\n"))
        print("")
        print("After the moves:")
        print(BalanceText(state: raced, format: format).lines(style: Terminal.style).joined(separator: "\n"))
        let wanted = state.boat.wantedRoles
        if let givenUp = OptimizeWords.preferencesGivenUp(
            before: state.lineup.check(rules, roster: state.roster, wantedRoles: wanted),
            after: result.lineup.check(rules, roster: state.roster, wantedRoles: wanted), objective: objective)
        {
            print("")
            for line in givenUp { print(line.terminalSafe) }
        }
        let racedImbalanceKg = raced.lineup.balanceMoments(weights: state.weights, model: state.balanceModel)
            .imbalanceKg(state.balanceModel, kind: raced.lineup.kind)
        if objective == .balance, racedImbalanceKg > result.bestImbalanceKg + 0.05 {
            print(
                "\nThe best found is \(BalanceWords.imbalance(result.bestImbalanceKg, format: format)); this is "
                    + "within the tolerance (\(format.text(tolerance.value))) of it and moves fewer paddlers.")
        }
        if let recordID {
            print(
                "\n"
                    + ChangeWords.terminal.appliedPlan(
                        record: recordID, in: state, moved: plan.peopleMoved,
                        undoHint: "`lineup undo \(state.boat.name.boatOption)`"))
        } else {
            print("\nNothing was changed; run again with --apply to make these moves as one undoable change.")
        }
    }

    /// ` and no better within 2 exchanges` when a limit on exchanges was given, for "nobody needs to move"
    /// (the move cap has a sentence of its own when it stopped anything, `OptimizeWords.moveCap`).
    private var limitsNote: String {
        var limits: [String] = []
        if let maxExchanges { limits.append(maxExchanges == 1 ? "1 exchange" : "\(maxExchanges) exchanges") }
        return limits.isEmpty ? "" : " and no better within " + limits.joined(separator: " and ")
    }

    /// What the search looked at, in a sentence.
    private func describe(_ scope: OptimizerScope, rules rulesName: String) -> String {
        let seats = "\(scope.seats) unlocked row seat\(scope.seats == 1 ? "" : "s")"
        guard useBench else { return "Considered \(seats) (--use-bench adds the bench)." }
        if scope.benchTotal == 0 { return "Considered \(seats); the bench is empty." }
        var leftOut: [String] = []
        if scope.benchBeyondLimit > 0 {
            let best =
                scope.benchBestRanked > 0
                ? "the best-ranked of each side first (\(count(scope.benchBestRanked))), the rest " : ""
            leftOut.append(
                "the likeliest to help: \(best)spread over the weights of each sex and side, "
                    + "\(count(scope.benchBeyondLimit)) more left out")
        }
        if scope.benchInactive > 0 { leftOut.append("\(count(scope.benchInactive)) inactive left out") }
        if scope.benchReserved > 0 {
            leftOut.append("\(count(scope.benchReserved)) kept for an inactive paddler's seat")
        }
        if scope.benchUnweighed > 0 { leftOut.append("\(count(scope.benchUnweighed)) of unknown weight left out") }
        if scope.benchAway > 0 {
            leftOut.append("\(count(scope.benchAway)) not there for a race of the boat left out")
        }
        if scope.benchRuledOut > 0 {
            leftOut.append("\(count(scope.benchRuledOut)) the \(rulesName) rules could not seat left out")
        }
        let bench =
            scope.benchConsidered == scope.benchTotal
            ? "all \(count(scope.benchTotal)) bench paddlers"
            : "\(count(scope.benchConsidered)) of \(count(scope.benchTotal)) bench paddlers"
        return "Considered \(seats) and \(bench)" + (leftOut.isEmpty ? "" : " (\(leftOut.joined(separator: "; ")))")
            + "."
    }

    /// `1,000`.
    private func count(_ value: Int) -> String {
        let digits = String(value)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return grouped
    }
}
