import LineupCore

/// A regatta plan's findings (`RegattaPlan.unmet` and `notes`) in plain words, each with its cause:
/// `Heat 1 (09:30): no drummer: 17 people are available at 09:30 and it needs 18 (…), but Ann Lee races
/// Final (09:50), too close`.
public struct PlanWords {
    /// How the front end names the planner's options and the way to give a race its own boat, for the
    /// sentences that point at them (`--max-races`, `another --seed`).
    public struct OptionNames: Sendable {
        public var maximumRaces: String
        public var minimumRaces: String
        /// Asking for another search: `another --seed`.
        public var anotherSearch: String
        /// How to give a race its own boat: `` `lineup race add … --copy-from` ``.
        public var ownBoat: String
        /// How to give a race a boat of its own when its boat races in another regatta too (copy the boat,
        /// race the copy).
        public var boatApart: String
        /// Levelling one boat with its bench, for a boat name: `` `lineup optimize -b "Cup: Final" --use-bench` ``.
        public var levelWithBench: @Sendable (String) -> String
        /// Planning again without keeping crews seated by hand: `--replan-freely`.
        public var replanFreely: String
        /// Planning again keeping them: `leave out --replan-freely`.
        public var keepCrews: String

        public init(
            maximumRaces: String, minimumRaces: String, anotherSearch: String, ownBoat: String,
            replanFreely: String, keepCrews: String,
            boatApart: String =
                "`lineup boat copy BOAT COPY`, then `lineup race remove` this race and `lineup race add` it again "
                + "with `--boat COPY`; a race copied from it loses that link",
            levelWithBench: @escaping @Sendable (String) -> String = {
                "`lineup optimize \($0.boatOption) --use-bench`"
            }
        ) {
            self.levelWithBench = levelWithBench
            self.boatApart = boatApart
            self.maximumRaces = maximumRaces
            self.minimumRaces = minimumRaces
            self.anotherSearch = anotherSearch
            self.ownBoat = ownBoat
            self.replanFreely = replanFreely
            self.keepCrews = keepCrews
        }
    }

    public let plan: RegattaPlan
    public let options: OptionNames

    public init(_ plan: RegattaPlan, options: OptionNames) {
        self.plan = plan
        self.options = options
    }

    /// What the plan could not satisfy, one sentence each.
    public var unmet: [String] { plan.unmet.map(sentence) }
    /// What is worth knowing, one sentence each.
    public var notes: [String] { plan.notes.map(sentence) }

    /// With nothing unmet, what the plan keeps in one sentence: everything asked, or the rules and rests with
    /// what it leaves short of the coach's wishes (seat roles and preferred rows, a boat far from level, listed
    /// under the notes); nil when something is unmet (the plan lists it instead).
    public var verdict: String? {
        guard plan.unmet.isEmpty else { return nil }
        let fitMissed = plan.notes.contains { if case .seatFitMissed = $0 { true } else { false } }
        let notLevel = plan.notes.contains { if case .boatNotLevel = $0 { true } else { false } }
        guard fitMissed || notLevel else {
            return "Everything asked is met: every race keeps its rules, everyone seated is there and rested."
        }
        let short = [
            fitMissed ? "not everyone sits where their seat role or preferred rows ask" : nil,
            notLevel ? "a boat is left far from level" : nil,
        ].compactMap { $0 }
        return "Every race keeps its rules and everyone seated is there and rested; "
            + ListWords.joined(short) + " (below)."
    }

    var regatta: Regatta { plan.regatta }

    /// One finding as a sentence (without a closing full stop, as the lists print them).
    public func sentence(_ finding: PlanFinding) -> String {
        switch finding {
        case .noPlanKeepsEveryRule:
            return "No plan keeps every rule (every possible plan was considered); this one breaks the least important."
        case .sharedBoatTooClose(let races, let boat, let gapMinutes):
            return "\(label(races)) are raced by the same boat \"\(boat)\", too close together for the regatta's "
                + "\(gapMinutes)-minute gap: its whole crew races each of them; give one of them its own boat "
                + "(\(options.ownBoat))"
        case .endLockedEmpty(let races, let end):
            let end = word(end)
            return
                "\(label(races)): no \(end): the \(end)'s seat is locked empty, and locked seats are kept as they are"
        case .crewShort(let races, let missing, let shortage):
            return "\(label(races)): \(ListWords.joined(missing.map(word))): " + words(shortage)
        case .tooManyKept(let races, let rows, let highest):
            return "\(label(races)): \(rows) paddlers in seats kept as they are, more than the rules allow (\(highest))"
        case .notWomen(let races, let names, let rules, let shortage):
            return "\(label(races)): \(list(names)) \(names.count == 1 ? "is not a woman" : "are not women") in a "
                + "crew under \(rules) rules: " + words(shortage)
        case .tooFew(let races, let sex, let count, let rules, let allowed, let shortage):
            return "\(label(races)): \(number(count, PlanFinding.Kind(sex))) where \(rules) needs "
                + "\(allowed.lowerBound) to \(allowed.upperBound): " + words(shortage)
        case .tooMany(let races, let sex, let count, let rules, let most):
            return "\(label(races)): \(number(count, PlanFinding.Kind(sex))) where \(rules) allows at most \(most): "
                + "the others available were needed to fill the crew"
        case .endNotAble(let races, let name, let end, let cause):
            return "\(label(races)): \(name) \(end == .drummer ? "drums" : "steers") but is not marked able to: "
                + words(cause, end: end)
        case .sidesShort(let races, let side, let sided, let openSeats, let room):
            return "\(label(races)): \(ListWords.count(sided, "paddler")) \(sided == 1 ? "paddles" : "paddle") only on "
                + "the \(side.rawValue), and the \(openSeats) open "
                + "seats from the front have \(room) on that side: not enough others are available to balance the "
                + "sides"
        case .restConflict(let conflict, let cause):
            let name = regatta.roster[conflict.paddler]?.name ?? "paddler #\(conflict.paddler)"
            var line =
                "\(name) would race in \(regatta.label(conflict.first)) (\(regatta.role(conflict.firstPlace))) and "
                + "\(regatta.label(conflict.second)) (\(regatta.role(conflict.secondPlace)))"
            if conflict.gapMinutes == 0 {
                line += " at the same time"
            } else {
                line +=
                    ", only \(ListWords.count(conflict.gapMinutes, "minute")) apart; the regatta asks for "
                    + "\(regatta.effectiveGapMinutes)"
            }
            if let cause { line += ": " + words(cause) }
            return line
        case .lockedSeatUnavailable(let conflict, let sharedBoat):
            guard sharedBoat else { return "kept in a locked seat: " + regatta.describe(conflict) }
            return "kept in a boat another regatta races too: " + regatta.describe(conflict)
                + " (to plan this race apart, give it a boat of its own: \(options.boatApart))"
        case .overMaximumRaces(let maximum, let counts):
            return "more than \(ListWords.count(maximum, "race")) (\(options.maximumRaces)): "
                + counts.map { "\($0.name) \($0.races)" }.joined(separator: ", ")
                + ": the crews could not be filled otherwise, or the seats are kept as they are"
        case .underMinimumRaces(let minimum, let counts):
            return "fewer than \(ListWords.count(minimum, "race")) (\(options.minimumRaces)): "
                + counts.map { count in
                    "\(count.name) \(count.races)" + (count.availableFor.map { " (available for \($0))" } ?? "")
                }.joined(separator: ", ")
        case .endWithoutWeight(let races, let name, let end):
            return "\(label(races)): \(name) \(end == .drummer ? "drums" : "steers") with no weight on the roster, "
                + "so the boat's balance cannot be judged: nobody of known weight able to do it was free"
        case .seatsNotKept(let races, let people):
            let who = people.map { person in
                "\(person.name) (\(regatta.role(person.place))) " + RegattaWords.predicate(person.reason)
            }
            return "\(label(races)): seated crews stay only where they are there for the boat's races: "
                + "\(ListWords.joined(who)); " + (who.count == 1 ? "that seat was" : "those seats were")
                + " filled like empty ones"
        case .seatsReleasedForRest(let races, let people):
            let who = people.map { person in
                "\(person.name) (\(regatta.role(person.place))) races \(regatta.label(person.race))"
            }
            return "\(label(races)): seated crews stay only where their races are far enough apart: "
                + "\(ListWords.joined(who)), too close for the regatta's \(regatta.effectiveGapMinutes)-minute gap; "
                + (who.count == 1 ? "that seat was" : "those seats were") + " filled like empty ones"
        case .boatRacesElsewhere(let races, let boat, let elsewhere):
            let others = elsewhere.map { race in
                let day = race.day.isEmpty || race.day == regatta.date ? "" : "\(race.day) "
                return "\(race.race) of \(race.regatta) (\(day)\(race.start))"
            }
            return "\(label(races)): \"\(boat)\" also races \(ListWords.joined(others)), and holds one crew for "
                + "\(races.count + elsewhere.count == 2 ? "both" : "all") of its races: the plan leaves it as it is (to plan this race apart, "
                + "give it a boat of its own: \(options.boatApart))"
        case .seatsFilled(let races, let rows, let seats, let cause):
            return "\(label(races)): \(rows) of \(seats) paddling seats filled, from the front"
                + (cause.map { ": " + words($0) } ?? "")
        case .raceWarning(let race, let finding):
            return "\(regatta.label(race)): \(finding.message)"
        case .outsideRows(let races, let people, let kept):
            let who = people.map { person in
                "\(person.name) (\(regatta.role(person.place)), may sit only in \(RulesWords.rowsPhrase(person.rows)))"
            }
            let sit = people.count == 1 ? "sits" : "sit"
            if kept {
                return "\(label(races)): \(ListWords.joined(who)) \(sit) outside the rows they may sit in, where they "
                    + "were seated, and the plan keeps seated crews as they are: move them by hand, or plan with "
                    + options.replanFreely
            }
            return "\(label(races)): \(ListWords.joined(who)) \(sit) outside the rows they may sit in: too few in "
                + "the crew may sit in the front rows to fill them otherwise, and a boat is filled from row 1"
        case .seatedOnMaybe(let races, let names, let avoided):
            return "\(label(races)): seated though \(names.count == 1 ? "they" : "each") answered maybe: "
                + ListWords.joined(names)
                + (avoided
                    ? " (nobody who answered in could take \(names.count == 1 ? "that place" : "those places"))"
                    : " (maybes are allowed)")
        case .crewNotCarried(let races, let from, let away):
            return "\(label(races)) is linked to \(label(from)) (a copy of it) but keeps none of its seats: "
                + (away.isEmpty
                    ? "the plan seats its crew anew, from who is there and rested for it"
                    : "\(ListWords.joined(away)) \(away.count == 1 ? "is" : "are") not there for it, and the plan seats "
                        + "its crew anew")
        case .crewCarried(let races, let from, let differences):
            let head = "\(label(races)) keeps the crew of \(label(from)), seated as a copy of it"
            guard !differences.isEmpty else { return head + ": the same people in the same seats" }
            let seats = differences.map { difference in
                "\(regatta.role(difference.place)) (\(difference.earlier ?? "empty") in \(label(from)), "
                    + "\(difference.later ?? "empty") here)"
            }
            // The cause named where it is someone not there for both races; the other seats follow from it
            // (a hole closed up) or from the crew kept as seated or levelled.
            var away: [String] = []
            for name in differences.compactMap(\.away) where !away.contains(name) { away.append(name) }
            let others = differences.contains { $0.away == nil }
            guard !away.isEmpty else {
                return head + " but for \(ListWords.joined(seats)): where the crew is kept as seated, closes up, or "
                    + "moves to level the boat"
            }
            return head + " but for \(ListWords.joined(seats)): \(ListWords.joined(away)) "
                + (away.count == 1 ? "is" : "are") + " not there for both races"
                + (others
                    ? "; the other seats differ where the crew closes up, is kept as seated, or moves to level the boat"
                    : "")
        case .boatNotLevel(let races, let boat, let axes, let unweighed, let freelyLevels, let seatedByPlan):
            let how = axes.map { "\($0.axis.rawValue) " + BalanceWords.headline($0) }
            let zero =
                unweighed.isEmpty
                ? "" : ", counting \(ListWords.joined(unweighed)), of unknown weight, as 0 kg"
            // A fresh seating of this boat with its bench is level: the optimizer with the bench reaches it (planning
            // freely chooses crews by the rules and a fair share first, and was found to leave such boats as far off).
            let freely = freelyLevels == true ? " (\(options.levelWithBench(boat)) may level it)" : ""
            // Seated afresh from everyone free for its races, no level crew was found: planning again cannot help.
            let noLevelCrew =
                freelyLevels == false ? "; no crew of those free for its races was found to sit level" : ""
            guard seatedByPlan else {
                return "\(label(races)): \"\(boat)\" is far from level as it is seated "
                    + "(\(how.joined(separator: "; "))\(zero)): the plan leaves its crew as it is\(freely)\(noLevelCrew)"
            }
            return
                "\(label(races)): \"\(boat)\" is left far from level once seated (\(how.joined(separator: "; "))\(zero)): "
                + "the crew is chosen by the rules and a fair share of races first"
                + (freely.isEmpty ? "" : ", and seated crews stay where they sit" + freely) + noLevelCrew
        case .keptCrewMoved(let races, let moves):
            var who = moves.compactMap { move -> String? in
                if case .toLevel = move.reason { return nil }
                return "\(move.name) from \(regatta.role(move.from)) to \(regatta.role(move.to)) " + why(move.reason)
            }
            // The levelling exchange once, naming both its people (or the one kept, when the other is new).
            let levelling = moves.filter { if case .toLevel = $0.reason { true } else { false } }
            if let first = levelling.first, case .toLevel(let from, let to) = first.reason {
                let seats = levelling.map { "\($0.name) (\(regatta.role($0.from)) to \(regatta.role($0.to)))" }
                who.append(
                    ListWords.joined(seats) + (levelling.count == 1 ? " in one exchange " : ", exchanged ")
                        + levels(from: from, to: to))
            }
            return "\(label(races)): \(ListWords.count(moves.count, "kept paddler")) moved: \(ListWords.joined(who)); "
                + "everyone else kept stays in their seat"
        case .seatFitMissed(let races, let misses):
            let who = misses.map { miss in
                var parts: [String] = []
                if let role = miss.role {
                    parts.append(
                        RulesWords.withArticle(role.rawValue) + " paddler"
                            + (miss.rowRole.map { " in " + RulesWords.withArticle($0.rawValue) + " row" } ?? ""))
                }
                if let rows = miss.preferredRows { parts.append("prefers \(RulesWords.rowsPhrase(rows))") }
                return "\(miss.name) at \(regatta.role(miss.place)) (\(parts.joined(separator: ", ")))"
            }
            return "\(label(races)): not seated as their seat role or preferred rows ask: \(ListWords.joined(who)); "
                + "the crew could not be seated otherwise, or the seats are kept as they are"
        }
    }

    /// Why a kept paddler moved, as the end of a sentence.
    func why(_ reason: PlanFinding.KeptMove.Reason) -> String {
        switch reason {
        case .toTheirSide(let newcomer): "so that \(newcomer) sits on the side they paddle"
        case .holeInFront: "to close a hole in front of a short crew"
        case .toLevel(let from, let to): "in one exchange " + levels(from: from, to: to)
        case .nobodyElseAble(let end):
            "since nobody else there is marked able to \(end == .drummer ? "drum" : "steer")"
        }
    }

    /// `to level the boat (imbalance 9.2 → 3.1 kg)`.
    func levels(from: Double, to: Double) -> String {
        "to level the boat (imbalance \(kg(from)) → \(kg(to)) kg)"
    }

    /// Kilograms to one decimal.
    func kg(_ value: Double) -> String { DecimalNumber.text((value * 10).rounded() / 10) }

    // MARK: - Parts

    /// `Heat 1 (09:30)`, or `Heat 1 (09:30) and Final (14:00)` for a boat racing twice.
    func label(_ races: [Int]) -> String { ListWords.joined(races.map { regatta.label($0) }) }

    /// `at 09:30`, `at 09:30 and 14:00`.
    func times(_ races: [Int]) -> String {
        "at " + ListWords.joined(races.map { regatta.races[$0].start.description })
    }

    /// At most four names, then how many more.
    func list(_ names: [String]) -> String {
        ListWords.joined(names.prefix(4) + (names.count > 4 ? ["\(names.count - 4) more"] : []))
    }

    func word(_ end: PlanFinding.CrewEnd) -> String { end == .drummer ? "drummer" : "steerer" }

    func word(_ gap: PlanFinding.CrewGap) -> String {
        switch gap {
        case .noSteerer: "no steerer"
        case .noDrummer: "no drummer"
        case .paddlers(let rows, let needed): "\(rows) paddlers where the rules need at least \(needed)"
        }
    }

    func plural(_ kind: PlanFinding.Kind) -> String {
        switch kind {
        case .people: "people"
        case .women: "women"
        case .men: "men"
        }
    }

    /// `1 woman`, `3 women`.
    func number(_ count: Int, _ kind: PlanFinding.Kind) -> String {
        ListWords.count(count, singular(kind), plural(kind))
    }

    func singular(_ kind: PlanFinding.Kind) -> String {
        switch kind {
        case .people: "person"
        case .women: "woman"
        case .men: "man"
        }
    }

    /// `only 14 people are available at 10:30 for this 20-seat boat, which needs 18 (at least 16 paddlers, a
    /// drummer and a steerer; 4 absent)`, or, when enough are there, where the others are.
    func words(_ shortage: PlanFinding.Shortage) -> String {
        let there = ListWords.count(shortage.available, singular(shortage.kind), plural(shortage.kind))
        let verb = shortage.available == 1 ? "is" : "are"
        let needs: String
        switch shortage.needs {
        case .crew(let lowest, let drummer, let steerer):
            needs =
                "at least \(lowest) paddlers"
                + (drummer && steerer
                    ? ", a drummer and a steerer" : drummer ? " and a drummer" : steerer ? " and a steerer" : "")
        case .exactly(let number): needs = "\(number) \(plural(shortage.kind))"
        case .atLeast(let number): needs = "at least \(number) \(plural(shortage.kind))"
        }
        switch shortage.detail {
        case .tooFewThere(let absentees):
            let away = words(absentees).map { "; \($0)" } ?? ""
            return "only \(there) \(verb) available \(times(shortage.races)) for this \(shortage.seats)-seat boat, "
                + "which needs \(shortage.needed) (\(needs)\(away))"
        case .elsewhere(let whereabouts):
            var text = "\(there) \(verb) available \(times(shortage.races)) and it needs \(shortage.needed) (\(needs))"
            let reasons = reasons(whereabouts)
            if !reasons.isEmpty { text += ", but " + ListWords.joined(reasons) }
            if !whereabouts.free.isEmpty { text += "; \(list(whereabouts.free)) " + unplaced(anotherSearch: true) }
            return text
        }
    }

    /// `3 absent, 2 arrive later, 1 racing in another regatta then`; nil when everyone is there.
    func words(_ absentees: PlanFinding.Absentees) -> String? {
        let parts = [
            absentees.absent > 0 ? "\(absentees.absent) absent" : nil,
            absentees.arriveLater > 0
                ? "\(absentees.arriveLater) \(absentees.arriveLater == 1 ? "arrives" : "arrive") later" : nil,
            absentees.leaveEarlier > 0
                ? "\(absentees.leaveEarlier) \(absentees.leaveEarlier == 1 ? "leaves" : "leave") earlier" : nil,
            absentees.inactive > 0 ? "\(absentees.inactive) inactive" : nil,
            absentees.racingElsewhere > 0 ? "\(absentees.racingElsewhere) racing in another regatta then" : nil,
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Why those not free are not: `Ann Lee and Bo Kay race Heat 2 (10:45), too close`, `Cy Orr has reached
    /// --max-races 3`.
    func reasons(_ whereabouts: PlanFinding.Whereabouts) -> [String] {
        var reasons = whereabouts.busy.map { busy in
            "\(list(busy.names)) \(busy.names.count == 1 ? "races" : "race") \(label(busy.races)), too close"
        }
        if let maximum = whereabouts.maximumRaces, !whereabouts.capped.isEmpty {
            reasons.append(
                "\(list(whereabouts.capped)) \(whereabouts.capped.count == 1 ? "has" : "have") reached "
                    + "\(options.maximumRaces) \(maximum)")
        }
        if !whereabouts.noRow.isEmpty {
            reasons.append(
                "\(list(whereabouts.noRow)) may sit in none of its rows (their allowed rows leave out every row "
                    + "of the boat)")
        }
        return reasons
    }

    /// Why people who could join a crew are not in it: the search did not place them, or, when every plan
    /// was considered, placing them does worse elsewhere.
    func unplaced(anotherSearch: Bool) -> String {
        guard plan.isProvenBest else {
            return "could still join but the search did not place them"
                + (anotherSearch ? " (\(options.anotherSearch) may)" : "")
        }
        return "could still join, but every possible plan was considered and none that places them "
            + "does better by the planner's order"
            + (plan.options.keepsSeated ? " (with the seated crews kept; \(options.replanFreely) may place them)" : "")
    }

    func words(_ cause: PlanFinding.AbleCause, end: PlanFinding.CrewEnd) -> String {
        let verb = end == .drummer ? "drum" : "steer"
        switch cause {
        case .nobodyThere(let races, let away):
            return "nobody able to \(verb) is available \(times(races))"
                + (away.isEmpty ? "" : " (\(list(away)): not there then)")
        case .keptInRows(let races, let kept):
            let seats = kept.map { "\($0.name) at \($0.place)" }
            let locked = kept.filter(\.isLocked).map { "\($0.place)" }
            let ways = [
                locked.isEmpty ? nil : "unlock \(ListWords.joined(locked))",
                kept.allSatisfy(\.isLocked) ? nil : options.replanFreely,
            ].compactMap { $0 }
            return "nobody able to \(verb) is free \(times(races)): \(ListWords.joined(seats)) "
                + (kept.count == 1 ? "can, but paddles in a seat" : "can, but paddle in seats") + " the plan keeps "
                + "(\(ways.joined(separator: " or ")) to let the plan move "
                + "\(kept.count == 1 ? "them" : "one of them"))"
        case .taken(let whereabouts, let inCrew):
            var parts = reasons(whereabouts)
            if !inCrew.isEmpty {
                parts.append(
                    "\(list(inCrew)) \(inCrew.count == 1 ? "paddles" : "paddle") in this crew, which needs them")
            }
            if !whereabouts.free.isEmpty {
                parts.append("\(list(whereabouts.free)) would break a more important rule elsewhere")
            }
            return "those able to \(verb) are taken: " + ListWords.joined(parts)
        }
    }

    func words(_ cause: PlanFinding.RestCause) -> String {
        switch cause {
        case .tooFew(let kind, let needed, let available):
            return "the two crews need at least \(needed) \(plural(kind)), and only \(available) "
                + "\(available == 1 ? "is" : "are") available for them"
        case .noWayFound:
            guard plan.isProvenBest else {
                return "the search found no way to fill both crews without it ("
                    + (plan.options.keepsSeated ? "\(options.replanFreely) or " : "") + "\(options.anotherSearch) may)"
            }
            return "every possible plan was considered, and none fills both crews without it"
                + (plan.options.keepsSeated ? " while keeping the seated crews (\(options.replanFreely) may)" : "")
        }
    }

    func words(_ cause: PlanFinding.EmptySeatCause) -> String {
        switch cause {
        case .nobodyElse(let races, let womenOnly):
            return womenOnly
                ? "no other woman is available \(times(races))" : "nobody else is available \(times(races))"
        case .others(let whereabouts, let barred, let sided):
            var parts = reasons(whereabouts)
            if !barred.isEmpty { parts.append("the sex rules leave out \(list(barred))") }
            if !sided.isEmpty {
                parts.append(
                    "\(list(sided)) \(sided.count == 1 ? "paddles" : "paddle") only on a side whose seats are taken")
            }
            if !whereabouts.free.isEmpty {
                parts.append("\(list(whereabouts.free)) " + unplaced(anotherSearch: false))
            }
            return parts.joined(separator: "; ")
        }
    }
}
