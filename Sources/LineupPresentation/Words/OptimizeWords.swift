import LineupCore

/// The optimizer's objectives, move explanations and inactive-seat notes in words, for the command line,
/// its JSON and the server alike.
public enum OptimizeWords {
    /// The objectives as a user types them: `balance, strength or both`.
    public static var objectiveNames: String {
        ListWords.joined(OptimizerObjective.allCases.map(\.rawValue)).replacingOccurrences(of: " and ", with: " or ")
    }

    /// Why `text` is refused as an objective: `'fast' is not an objective; give balance, strength or both`.
    public static func unknownObjective(_ text: String) -> String {
        "'\(text)' is not an objective; give \(objectiveNames)"
    }

    /// The objective `text` names, in any case (`STRENGTH`); nil for any other text.
    public static func objective(_ text: String) -> OptimizerObjective? {
        OptimizerObjective(rawValue: text.lowercased())
    }

    /// The options a plan is asked with, as a refusal names them.
    public struct PlanChoice: Hashable, Sendable {
        public var objective: OptimizerObjective
        public var useBench: Bool
        /// At most this many people change place.
        public var maxMoves: Int
        public var maxExchanges: Int?

        public init(
            objective: OptimizerObjective, useBench: Bool, maxMoves: Int = OptimizerOptions.defaultMaxMoves,
            maxExchanges: Int?
        ) {
            self.objective = objective
            self.useBench = useBench
            self.maxMoves = maxMoves
            self.maxExchanges = maxExchanges
        }

        /// `objective strength, without the bench, at most 8 people move, no limit on exchanges`.
        var text: String {
            "objective \(objective.rawValue), \(useBench ? "with" : "without") the bench, at most "
                + "\(ListWords.count(maxMoves, "person", "people")) \(maxMoves == 1 ? "moves" : "move"), "
                + (maxExchanges.map { "at most \($0) exchange\($0 == 1 ? "" : "s")" } ?? "no limit on exchanges")
        }
    }

    /// Why a plan is not applied when its basis does not hold: `the plan was asked with other options
    /// (objective strength, …) than these (objective both, …); boat 'A' has not changed; nothing was changed`
    /// when `asked` names the options the basis was made with, otherwise that the boat, or what its plan rests
    /// on, changed since.
    public static func planBasisMismatch(boat: String, asked: PlanChoice?, given: PlanChoice) -> String {
        guard let asked else {
            return "boat '\(boat)', or what its plan rests on (the roster, who is there for its races, the strength "
                + "rankings), has changed since the plan was made (or the plan was asked with options other "
                + "than \(given.text)); nothing was changed"
        }
        return "the plan was asked with other options (\(asked.text)) than these (\(given.text)); boat '\(boat)' "
            + "has not changed; nothing was changed"
    }

    /// What to do when a plan's basis does not hold.
    public static let planBasisMismatchHint =
        "ask for the plan again with the same options, review it, and apply that one with those options"

    /// The exchange rates of the seat fit in one sentence, as `--help` and the docs state them.
    public static var rates: String {
        "a paddler with a seat role in a row the boat wants another role in counts like "
            + "\(number(SeatFit.roleOutsideRowsKg)) kg of imbalance, one outside their preferred rows like "
            + "\(number(SeatFit.outsidePreferredRowsKg)) kg, and each place further down the strength ranking of the "
            + "side a paddler sits on like \(number(SeatFit.rankPlaceKg)) kg (no evidence, or only seat races "
            + "no comparison links to the ranking, counts as one place below the last ranked)"
    }

    /// `1st`, `2nd`, `3rd`, `11th`, `22nd`.
    public static func ordinal(_ number: Int) -> String {
        let tens = number % 100
        let suffix =
            (11...13).contains(tens)
            ? "th" : number % 10 == 1 ? "st" : number % 10 == 2 ? "nd" : number % 10 == 3 ? "rd" : "th"
        return "\(number)\(suffix)"
    }

    /// A place on a side's ranking: `ranked 2nd on the left`, `unranked on the left (no evidence, or seat
    /// races not linked to the ranking; counts below the last ranked)`.
    public static func ranked(_ place: Int?, side: SeatRaceSide) -> String {
        place.map { "ranked \(ordinal($0)) on the \(side.rawValue)" }
            ?? "unranked on the \(side.rawValue) (no evidence, or seat races not linked to the ranking; "
            + "counts below the last ranked)"
    }

    /// One reason of a move: `into the engine rows (engine)`, `ranked 2nd on the left, in for Cal (9th)`.
    public static func reason(_ reason: MoveExplanation.Reason) -> String {
        switch reason {
        case .intoRoleRows(let role): "into the \(role.rawValue) rows (\(role.rawValue))"
        case .outOfRoleRows(let role): "out of the \(role.rawValue) rows (\(role.rawValue))"
        case .intoPreferredRows: "into their preferred rows"
        case .outOfPreferredRows: "out of their preferred rows"
        case .ranked(let side, let place, let replacing):
            ranked(place, side: side)
                + (replacing.map { ", in for \($0.name) (\($0.place.map(ordinal) ?? "unranked"))" } ?? "")
        case .rankedOut(let side, let place): "out of the boat, " + ranked(place, side: side)
        case .outOfBarredRow(let row): "out of row \(row), where they may not sit"
        case .makesRoomForRole(let name, let role):
            "makes room for \(name) (\(role.rawValue)) in the \(role.rawValue) rows"
        case .crewRule(let rules, let sex, let count, let allowed, let mended):
            crewRule(rules: rules, sex: sex, count: count, allowed: allowed, mended: mended)
        }
    }

    /// `keeps the idbf-mixed rules: 10 women (8–10 allowed)`, `brings the crew within the idbf-mixed rules:
    /// 9 men (8–10 allowed)`, `keeps the women rules: women only`.
    static func crewRule(rules: String, sex: Sex, count: Int, allowed: ClosedRange<Int>?, mended: Bool) -> String {
        let verb = mended ? "brings the crew within the \(rules) rules" : "keeps the \(rules) rules"
        guard let allowed else { return verb + ": women only" }
        let people =
            sex == .female ? (count == 1 ? "1 woman" : "\(count) women") : (count == 1 ? "1 man" : "\(count) men")
        return verb + ": \(people) (\(allowed.lowerBound)–\(allowed.upperBound) allowed)"
    }

    /// The moment changes of a move: `-12.0 kg·m trim, +3.1 kg·m list`; a change under 0.05 kg·m is left out,
    /// and `no change of the moments` when both are.
    public static func moments(_ explanation: MoveExplanation) -> String {
        var parts: [String] = []
        if abs(explanation.trimKgM) >= 0.05 { parts.append("\(BalanceWords.signed(explanation.trimKgM)) kg·m trim") }
        if abs(explanation.listKgM) >= 0.05 { parts.append("\(BalanceWords.signed(explanation.listKgM)) kg·m list") }
        return parts.isEmpty ? "no change of the moments" : parts.joined(separator: ", ")
    }

    /// Why a move helps: `-12.0 kg·m trim; into the engine rows (engine)`.
    public static func why(_ explanation: MoveExplanation) -> String {
        ([moments(explanation)] + explanation.reasons.map(reason)).joined(separator: "; ")
    }

    /// A move with its reasons: `Jack B3 → L5: -12.0 kg·m trim; into the engine rows (engine)`.
    public static func explained(_ explanation: MoveExplanation) -> String {
        let move = explanation.move
        return "\(move.name) \(move.from) → \(move.to.isSeat ? move.to.description : "bench"): " + why(explanation)
    }

    /// `Ana (L4) is inactive and stays seated: after the moves, Bea (B2) from the bench would take the seat
    /// best (imbalance of the proposed boat 3.2 kg → 2.1 kg; …); `lineup exchange L4 B2` makes it.`, the
    /// bench paddler being one the plan leaves on the bench; when there is none, to substitute first and
    /// optimize again. With `withFigures` false, without the figures in brackets.
    public static func inactive(
        _ seat: InactiveSeat, objective: OptimizerObjective, format: WeightFormat, withFigures: Bool = true,
        boat: String? = nil, away: String? = nil
    ) -> String {
        let who = "\(seat.name) (\(seat.seat)) \(away ?? "is inactive") and stays seated"
        if seat.isLocked {
            return who + ": the seat is locked, so nobody from the bench may take it, and the moves level the boat "
                + "without \(seat.name)'s weight, as it would race short; unlock it (`\(command("unlock", "\(seat.seat)", boat: boat))`) to "
                + "substitute, then optimize again."
        }
        guard let replacement = seat.replacement else {
            return who + ": nobody the moves leave on the bench may take the seat (active, of known weight, on "
                + "that side and allowed in that row, without breaking more crew rules), so the moves level the "
                + "boat without \(seat.name)'s weight, as it would race short; substitute first "
                + "(`\(command("exchange", "\(seat.seat) B<n>", boat: boat))`), then optimize again."
        }
        var figures = [
            "imbalance of the proposed boat \(format.text(seat.imbalanceKg)) → \(format.text(replacement.imbalanceKg))"
        ]
        if objective != .balance {
            figures.append("seat fit \(number(seat.fitKg)) → \(number(replacement.fitKg)) kg-equivalents")
        }
        return who + ": after the moves, \(replacement.name) (\(replacement.benchPlace)) from the bench would "
            + "take the seat best" + (withFigures ? " (\(figures.joined(separator: "; ")))" : "")
            + ", and the moves level the boat with \(replacement.name) in it"
            + "; `\(command("exchange", "\(seat.seat) \(replacement.benchPlace)", boat: boat))` makes it."
    }

    /// When the proposal leaves unlocked row seats empty while an active paddler waits on the bench, what the
    /// coach can do, naming the seats empty now (`current`), where the command runs:
    /// `The crew stays 19 of 20 paddling: the optimizer exchanges people and adds nobody, so L9 stays empty; to
    /// race 20, seat someone from the bench first (`lineup exchange L9 B2` seats Bea Cole), then optimize
    /// again.`, or that nobody on the bench may take it; when the moves bring people from the bench (the crew
    /// rules' counts, `--use-bench`), how many paddle and which seats stay empty.
    public static func crewSizeKept(
        current: Lineup, proposed: Lineup, roster: [PaddlerID: Paddler], rules: CrewRules,
        away: Set<PaddlerID> = [], boat: String? = nil
    ) -> String? {
        let rowSeats = Place.seats(of: proposed.kind).filter { $0.row != nil }
        let emptyAfter = rowSeats.filter { proposed[$0] == nil && !proposed.isLocked($0) }
        guard !emptyAfter.isEmpty,
            proposed.bench.contains(where: { roster[$0]?.isActive == true && !away.contains($0) })
        else {
            return nil
        }
        func seats(_ places: [Place]) -> String {
            ListWords.joined(places.map(\.description)) + (places.count == 1 ? " stays" : " stay")
        }
        let paddling = rowSeats.count { proposed[$0] != nil }
        let before = rowSeats.count { current[$0] != nil }
        if paddling > before {
            return "The crew races \(paddling) of \(rowSeats.count) paddling: the moves bring from the bench only as "
                + "many as the crew rules need, so \(seats(emptyAfter)) empty."
        }
        let emptyNow = rowSeats.filter { current[$0] == nil && !current.isLocked($0) }
        guard let first = emptyNow.first else { return nil }
        let moved =
            Set(emptyNow) == Set(emptyAfter)
            ? "" : " (the moves leave \(ListWords.joined(emptyAfter.map(\.description))) empty instead)"
        let head =
            "The crew stays \(paddling) of \(rowSeats.count) paddling: the optimizer exchanges people and adds "
            + "nobody, so \(seats(emptyNow)) empty\(moved); "
        guard
            let filler = InactiveSeat.benchFiller(for: first, in: current, roster: roster, rules: rules, away: away)
        else {
            return head + "nobody on the bench may take \(first) (active, there for the boat's races, of known "
                + "weight, on that side and allowed in that row, without breaking more crew rules), so the boat "
                + "races short."
        }
        return head + "to race \(paddling + 1), seat someone from the bench first (`"
            + command("exchange", "\(first) \(filler.benchPlace)", boat: boat) + "` seats \(filler.name)), then "
            + "optimize again."
    }

    /// For `lineup check`: who on the bench would take an inactive paddler's seat best for the balance, as
    /// `  → Zeke Lombardi (B8) from the bench would take R5 best for the balance of the boat as it is seated now
    /// (imbalance 15.5 → 9 kg):
    /// `lineup exchange R5 B8`; `lineup optimize` levels the boat with them.`
    public static func substitute(_ seat: InactiveSeat, format: WeightFormat, boat: String? = nil) -> String {
        if seat.isLocked {
            return "  → \(seat.seat) is locked, so nobody from the bench may take it: unlock it (`"
                + command("unlock", "\(seat.seat)", boat: boat) + "`) to substitute"
        }
        guard let replacement = seat.replacement else {
            return
                "  → nobody on the bench may take \(seat.seat) (active, there for the boat's races, of known weight, "
                + "on that side and allowed in that row, without breaking more crew rules): a paddler added to the roster joins the bench (`lineup roster add`)"
        }
        return "  → \(replacement.name) (\(replacement.benchPlace)) from the bench would take \(seat.seat) best for "
            + "the balance of the boat as it is seated now (imbalance \(format.text(seat.imbalanceKg)) → "
            + "\(format.text(replacement.imbalanceKg))): `"
            + command("exchange", "\(seat.seat) \(replacement.benchPlace)", boat: boat) + "`; "
            + "`lineup optimize` levels the boat with them"
    }

    /// `The figures after the moves are the boat as it will race, with Zeke Lombardi (B8) at R5 for Sam
    /// Eriksen.`, or nil when no inactive paddler is seated (a seat nobody may take is named empty).
    public static func racedWith(_ seats: [InactiveSeat]) -> String? {
        let swaps = seats.map { seat in
            seat.replacement.map { "\($0.name) (\($0.benchPlace)) at \(seat.seat) for \(seat.name)" }
                ?? "\(seat.seat) empty for \(seat.name) (nobody may take it)"
        }
        guard !swaps.isEmpty else { return nil }
        return "The figures after the moves are the boat as it will race, with \(ListWords.joined(swaps))."
    }

    /// `Ann Example (L1) may sit only in rows 3–10 and stays in row 1: no allowed arrangement frees the seat
    /// (…); `lineup check` fails until someone takes it.`
    /// With `capped` (the move cap held back a better plan), the cap is what keeps them there.
    /// With `exchangeCap` (`--max-exchanges`), an arrangement it holds back is not ruled out.
    public static func barred(
        _ seat: BarredSeat, capped: Bool = false, exchangeCap: Int? = nil, boat: String? = nil
    ) -> String {
        let head =
            "\(seat.name) (\(seat.seat)) may sit only in \(RulesWords.rowsPhrase(seat.rows)) and stays in row "
            + "\(seat.seat.row ?? 0): "
        if seat.isLocked {
            return head + "their seat is locked, so nothing moves them out; unlock it (`"
                + command("unlock", "\(seat.seat)", boat: boat) + "`) and optimize again; `lineup check` fails "
                + "until someone takes the seat."
        }
        return head
            + (capped && seat.mayBeFreed
                ? "the cap on people who change place holds back the moves that free the seat (below)"
                : exchangeCap.flatMap { cap in seat.mayBeFreed ? cap : nil }.map {
                    "no arrangement within the cap of \(ListWords.count($0, "exchange")) moves them out "
                        + "(--max-exchanges may hold back the one that does)"
                }
                    ?? "no allowed arrangement moves them out (every seat of those rows is locked, on a side they do "
                    + "not paddle, or held by someone who may not take theirs" + holders(seat) + ")")
            + "; `lineup check` fails until someone takes the seat."
    }

    /// For each paddler seated in `state` who is not there for one of the boat's races: `is not there for
    /// Heat 1 (09:00) (absent)`, what `inactive` says of them instead of "is inactive".
    public static func awayFromRaces(_ state: BoatState) -> [PaddlerID: String] {
        state.seatedAwayFromRaces.mapValues { away in
            "is not there for \(RegattaWords.label(away.race, away.start)) (\(RegattaWords.reason(away.reason)))"
        }
    }

    /// A command a sentence suggests: `lineup exchange R8 B3 -b "Sample crew"`, naming the boat (quoted for
    /// the shell) when known, so that it changes that boat whichever is chosen.
    static func command(_ subcommand: String, _ arguments: String, boat: String?) -> String {
        "lineup \(subcommand) \(arguments)" + (boat.map { " \($0.boatOption)" } ?? "")
    }

    /// `The crew is still outside its idbf-mixed rules after these moves (11 men among the paddlers; …): …`
    /// when the proposal leaves a rule of the crew broken; nil when it keeps them all.
    /// With `moved` false (no move proposed), `The crew is outside its … rules (…)`.
    public static func rulesStillBroken(_ findings: [RuleFinding], rules: String, usedBench: Bool, moved: Bool = true)
        -> String?
    {
        let broken = findings.filter { $0.severity == .violation }.map(\.message)
        guard !broken.isEmpty else { return nil }
        return "The crew is \(moved ? "still " : "")outside its \(rules) rules\(moved ? " after these moves" : "") "
            + "(\(broken.joined(separator: "; "))): "
            + (usedBench
                ? "no trade with the bench within --max-moves and --max-exchanges brings it within them"
                : "--use-bench lets the optimizer trade with the bench to bring it within them")
            + "; `lineup check` lists it."
    }

    /// `: L1 Anna Berg, L2 Ivy Jones (locked)`: the seats of the rows a barred paddler may sit in, on their
    /// sides, with who holds them; empty when there are none.
    static func holders(_ seat: BarredSeat) -> String {
        guard !seat.rowSeats.isEmpty else { return "" }
        let seats = seat.rowSeats.map { entry in
            "\(entry.seat) \(entry.holder ?? "empty")" + (entry.locked ? " (locked)" : "")
        }
        return ": " + seats.joined(separator: ", ")
    }

    /// `The cap of 8 people changing place stopped further improvements: the best found changes the place
    /// of 19 people and reaches an imbalance of 0.4 kg; --max-moves 19 lifts the cap.`; nil when the cap
    /// stopped nothing. With `withFigures` false, without the imbalance.
    public static func moveCap(
        _ beyond: OptimizerResult.BeyondMoveCap?, objective: OptimizerObjective, format: WeightFormat,
        withFigures: Bool = true, lift: (Int) -> String = commandLineMoveCapLift
    ) -> String? {
        guard let beyond else { return nil }
        let figure =
            SeatFit.fitKg(ofScore: beyond.score, imbalanceKg: beyond.imbalanceKg, objective: objective).map {
                "a seat fit of \(number($0)) kg-equivalents (imbalance \(format.text(beyond.imbalanceKg))"
                    + (objective == .both
                        ? "; \(number($0 + beyond.imbalanceKg)) with it, what both makes small)" : ")")
            } ?? "an imbalance of \(format.text(beyond.imbalanceKg))"
        return "The cap of \(ListWords.count(beyond.cap, "person", "people")) changing place stopped further "
            + "improvements: the best found changes the place of "
            + ListWords.count(beyond.peopleMoved, "person", "people")
            + (withFigures ? " and reaches \(figure)" : "") + "; \(lift(beyond.peopleMoved)) lifts the cap."
    }

    /// How the command line lifts the cap on people who change place: `--max-moves 11`.
    public static func commandLineMoveCapLift(_ count: Int) -> String { "--max-moves \(count)" }

    /// How the page lifts it: `at most 11 people move`.
    public static func pageMoveCapLift(_ count: Int) -> String { "“at most \(count) people move”" }

    /// `3 paddlers in the boat have no place on their side's strength ranking and count one place below its
    /// last (…).`; nil when everyone has one.
    public static func unranked(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return "\(ListWords.count(count, "paddler")) in the boat "
            + (count == 1 ? "has" : "have")
            + " no place on their side's strength ranking (marked - by `lineup roster rank`) and "
            + (count == 1 ? "counts" : "count")
            + " one place below its last (`lineup roster rank`)."
    }

    /// The seat fit before and after: `Seat fit: 24 → 11 kg-equivalents (…rates…).`
    /// When moves are proposed and the fit does not change (to the tenth shown), says that they only level
    /// the boat (`strength` lets the imbalance break ties between equal fits), or, when some bring the crew
    /// within its rules from the bench (`mendsRules`), that they do that and level it.
    public static func fit(before: Double, after: Double, moves: Bool = false, mendsRules: Bool = false) -> String {
        "Seat fit: \(number(before)) → \(number(after)) kg-equivalents (lower is better)"
            + (moves && number(before) == number(after)
                ? mendsRules
                    ? ": no seat fits better; the moves bring the crew within its rules first, then level the boat."
                    : ": no seat fits better; the moves only level the boat." : ".")
    }

    /// With `--objective both`, what it makes small before and after: the seat fit plus the imbalance in
    /// kilograms (`With the imbalance, what both makes small: 186.7 → 120.4.`); nil for other objectives.
    public static func combined(_ result: OptimizerResult) -> String? {
        guard result.objective == .both else { return nil }
        return "With the imbalance, what both makes small: "
            + "\(number(result.beforeFitKg + result.beforeImbalanceKg)) → "
            + "\(number(result.afterFitKg + result.afterImbalanceKg)) kg-equivalents."
    }

    /// With `--objective strength`, when the moves leave the boat noticeably less level (by 1 kg or more):
    /// how much balance the better seat fit costs, and that `both` weighs the two. `both` names that objective
    /// as the reader knows it (`--objective both` on the command line). Nil otherwise.
    public static func balanceGivenUp(
        _ result: OptimizerResult, format: WeightFormat, both: String = "`--objective both`"
    ) -> String? {
        guard result.objective == .strength, !result.plan.calls.isEmpty,
            result.afterImbalanceKg - result.beforeImbalanceKg >= 1
        else { return nil }
        return "The better seat fit (\(number(result.beforeFitKg)) → \(number(result.afterFitKg))) leaves the boat "
            + "less level: imbalance \(format.text(result.beforeImbalanceKg)) → \(format.text(result.afterImbalanceKg)) "
            + "(strength levels the boat only among equal seat fits); \(both) weighs each kilogram of imbalance "
            + "against a kg-equivalent of fit."
    }

    /// A figure with at most one decimal: `10`, `3.5`.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let digits = tenths % 10 == 0 ? "\(abs(tenths) / 10)" : "\(abs(tenths) / 10).\(abs(tenths % 10))"
        return tenths < 0 ? "-" + digits : digits
    }

    /// With `--objective balance`, the seat-role and preferred-row notes the moves add (`lineup check`'s
    /// words): the balance weighs kilograms only, so the coach sees which preferences the moves give up and
    /// how to keep them; nil when they add none or the objective already weighs them.
    public static func preferencesGivenUp(
        before: [RuleFinding], after: [RuleFinding], objective: OptimizerObjective
    ) -> [String]? {
        guard objective == .balance else { return nil }
        // By who and which preference, not the seat: one already outside it who only changes seat gives
        // nothing up.
        func preference(_ finding: RuleFinding) -> String? {
            switch finding.kind {
            case .roleMismatch(let name, _, _, _): "role " + name
            case .outsidePreferredRows(let name, _, _): "rows " + name
            default: nil
            }
        }
        let had = Set(before.compactMap(preference))
        let added = after.filter { finding in preference(finding).map { !had.contains($0) } ?? false }
        guard !added.isEmpty else { return nil }
        return [
            "The balance weighs kilograms only; these moves give up "
                + (added.count == 1 ? "a seat preference" : "\(added.count) seat preferences")
                + " (`--objective both` weighs seat roles and preferred rows too):"
        ] + added.map { "  · " + $0.message }
    }
}
