/// Turning chosen crews into lineups, and saying in plain words what the plan could not satisfy and why.
extension PlanningModel {
    func result(_ choices: [CrewChoice], method: RegattaPlan.Method, proven: Bool, budget: SearchBudget)
        -> RegattaPlan
    {
        var planned = regatta
        var changed: [Int] = []
        for index in boats.indices {
            let lineup = seat(index, choices[index])
            if lineup != boats[index].original { changed.append(boats[index].boat) }
            planned.boats[boats[index].boat].lineup = lineup
        }
        let score = score(choices)
        let report = PlanReport(model: self, choices: choices, planned: planned, isProvenBest: proven)
        var unmet: [String] = []
        if score.brokenRules > 0 && proven {
            unmet.append(
                "No plan keeps every rule (every possible plan was considered); this one breaks the least important.")
        }
        unmet += report.unmet()
        return RegattaPlan(
            regatta: planned, changedBoats: changed, score: score, method: method, isProvenBest: proven,
            unmet: unmet, notes: report.notes(), work: budget.work,
            iterationsPerRestart: options.iterations ?? defaultIterations, stoppedEarly: budget.stoppedByFrontEnd,
            fingerprint: PlanFingerprint.of(input: regatta, options: options, planned: planned))
    }

    /// The lineup of boat `index` with `choice`: fixed seats as they are, the drummer and steerer, and the
    /// paddlers in the open seats from the front (row 1 first: a short crew leaves the back rows empty, as
    /// coaches seat one, and the strokers' rows are never empty), sided paddlers on their side where there
    /// is room; then levelled by the optimizer, which keeps the crew in those rows. Everyone else of the boat
    /// goes to the bench, those already there first in their order. A crew that is the one already seated
    /// (nobody in or out, nobody moved to or from the drum or the helm) stays as it is.
    func seat(_ index: Int, _ choice: CrewChoice) -> Lineup {
        let boat = boats[index]
        let original = boat.original
        // A crew the plan leaves as it is keeps its seats: planning again changes nothing that needs no change.
        let current = currentChoice(index)
        if current.isWhole && current.choice == choice { return original }
        var lineup = Lineup(kind: original.kind)
        lineup.lockedSeats = original.lockedSeats
        for (place, person) in boat.fixed { lineup.set(person.map { people[$0].id }, at: place) }
        if boat.drummerOpen { lineup.set(choice.drummer.map { people[$0].id }, at: .drummer) }
        if boat.steererOpen { lineup.set(choice.steerer.map { people[$0].id }, at: .steerer) }
        let rows = choice.rows.sorted { (people[$0].weightKg ?? 0, $0) > (people[$1].weightKg ?? 0, $1) }
        let used = frontSeats(of: boat, for: rows)
        // The heaviest nearest the middle of the rows taken, so the optimizer starts from a plausible trim.
        let lastRow = used.compactMap(\.row).max() ?? 1
        let middle = Double(1 + lastRow) / 2
        func middleOut(_ seats: [Place]) -> [Place] {
            seats.sorted {
                (abs(Double($0.row ?? 0) - middle), $0.row ?? 0) < (abs(Double($1.row ?? 0) - middle), $1.row ?? 0)
            }
        }
        var left = middleOut(used.filter(\.isLeft))
        var right = middleOut(used.filter { !$0.isLeft })
        var leftKg = 0.0
        var rightKg = 0.0
        var overflow: [Int] = []
        for person in rows where people[person].side != .either {
            if people[person].side == .left, !left.isEmpty {
                lineup.set(people[person].id, at: left.removeFirst())
                leftKg += people[person].weightKg ?? 0
            } else if people[person].side == .right, !right.isEmpty {
                lineup.set(people[person].id, at: right.removeFirst())
                rightKg += people[person].weightKg ?? 0
            } else {
                overflow.append(person)
            }
        }
        for person in rows.filter({ people[$0].side == .either }) + overflow {
            let toLeft = right.isEmpty || (!left.isEmpty && leftKg <= rightKg)
            guard let seat = toLeft ? left.first : right.first else { continue }
            if toLeft {
                left.removeFirst()
                leftKg += people[person].weightKg ?? 0
            } else {
                right.removeFirst()
                rightKg += people[person].weightKg ?? 0
            }
            lineup.set(people[person].id, at: seat)
        }
        let seated = Set(lineup.placements.map(\.paddler))
        lineup.bench =
            original.bench.filter { !seated.contains($0) }
            + original.placements.filter { $0.place.isSeat && !seated.contains($0.paddler) }.map(\.paddler)
        guard options.balances, let rules = boat.rules.first else { return lineup }
        // The optimizer moves no locked seat: kept seats are locked for it, and unlocked again after.
        var toLevel = lineup
        for (place, person) in boat.fixed where person != nil { toLevel.setLocked(true, seat: place) }
        let balanced = LineupOptimizer.optimize(
            toLevel, roster: regatta.roster, model: regatta.boats[boat.boat].balanceModel, rules: rules,
            options: OptimizerOptions(toleranceKg: 0, restarts: 30, seed: options.seed, keepsCrewAtFront: true))
        var levelled = balanced.lineup
        levelled.lockedSeats = original.lockedSeats
        return levelled
    }

    /// The open seats `rows` take: the first ones row by row from the front; in the last row reached, when
    /// it is not full, the side the sided paddlers need most.
    func frontSeats(of boat: PlannedBoat, for rows: [Int]) -> [Place] {
        let count = min(rows.count, boat.openSeats.count)
        let used = Array(boat.openSeats.prefix(count))
        guard let lastRow = used.last?.row else { return used }
        let rowSeats = boat.openSeats.filter { $0.row == lastRow }
        let before = used.filter { $0.row != lastRow }
        let taken = count - before.count
        guard taken < rowSeats.count else { return used }
        let leftOnly = rows.filter { people[$0].side == .left }.count
        let rightOnly = rows.filter { people[$0].side == .right }.count
        let leftBefore = before.filter(\.isLeft).count
        let leftNeed = leftOnly - leftBefore
        let rightNeed = rightOnly - (before.count - leftBefore)
        let ordered = rowSeats.sorted { ($0.isLeft ? leftNeed : rightNeed) > ($1.isLeft ? leftNeed : rightNeed) }
        return before + ordered.prefix(taken)
    }
}

extension Place {
    /// True for a left row seat.
    var isLeft: Bool {
        if case .left = self { true } else { false }
    }
}

/// What a plan could not satisfy and what is worth knowing, each with its cause in plain words: who was
/// not there, who raced too close, who had reached `--max-races`.
struct PlanReport {
    let model: PlanningModel
    let choices: [CrewChoice]
    let planned: Regatta
    /// Each person's boats in the plan, by model index.
    let boatsOf: [[Int]]
    /// Each person's races in the plan.
    let raceCount: [Int]
    /// Every possible plan was considered: the report never suggests that another search might do better.
    let isProvenBest: Bool

    init(model: PlanningModel, choices: [CrewChoice], planned: Regatta, isProvenBest: Bool = false) {
        self.model = model
        self.choices = choices
        self.planned = planned
        self.isProvenBest = isProvenBest
        var boatsOf = [[Int]](repeating: [], count: model.people.count)
        var raceCount = [Int](repeating: 0, count: model.people.count)
        for index in model.boats.indices {
            for member in model.members(index, choices[index]) {
                boatsOf[member.person].append(index)
                raceCount[member.person] += model.boats[index].weight
            }
        }
        self.boatsOf = boatsOf
        self.raceCount = raceCount
    }

    var people: [Paddler] { model.people }

    /// `Heat 1 (09:30)`, or `Heat 1 (09:30) and Final (14:00)` for a boat racing twice.
    func label(_ index: Int) -> String { list(model.boats[index].races.map { planned.label($0) }) }

    /// `at 09:30`, `at 09:30 and 14:00`.
    func times(_ index: Int) -> String {
        "at " + list(model.boats[index].races.map { planned.races[$0].start.description })
    }

    func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
        }
    }

    /// At most four names, then how many more.
    func names(_ persons: [Int]) -> String {
        let shown = persons.prefix(4).map { people[$0].name }
        return list(shown + (persons.count > 4 ? ["\(persons.count - 4) more"] : []))
    }

    func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
    }

    func isMember(_ person: Int, of index: Int) -> Bool { boatsOf[person].contains(index) }

    /// Why each of `persons` (candidates of boat `index`, not in its crew) is not free for it: a boat too
    /// close in time, or `--max-races`; the rest are free. `Ann Lee and Bo Kay race Heat 2 (10:45), too close`.
    func whereabouts(of persons: [Int], forBoat index: Int) -> (reasons: [String], free: [Int]) {
        var busy: [Int: [Int]] = [:]
        var capped: [Int] = []
        var free: [Int] = []
        for person in persons {
            if let other = boatsOf[person].first(where: { model.tooClose[index][$0] }) {
                busy[other, default: []].append(person)
            } else if let maximum = model.options.maximumRaces,
                raceCount[person] + model.boats[index].weight > maximum
            {
                capped.append(person)
            } else {
                free.append(person)
            }
        }
        var reasons = busy.keys.sorted().map { other in
            let who = busy[other] ?? []
            return "\(names(who)) \(who.count == 1 ? "races" : "race") \(label(other)), too close"
        }
        if let maximum = model.options.maximumRaces, !capped.isEmpty {
            reasons.append(
                "\(names(capped)) \(capped.count == 1 ? "has" : "have") reached --max-races \(maximum)")
        }
        return (reasons, free)
    }

    /// Those of the boat's lineup who are not there for all its races, counted by reason: `3 absent, 2
    /// arrive later`.
    func absentees(_ index: Int, matching include: (Paddler) -> Bool = { _ in true }) -> String? {
        let boat = model.boats[index]
        var absent = 0
        var late = 0
        var gone = 0
        var inactive = 0
        for (id, _) in boat.original.placements {
            guard let paddler = planned.roster[id], include(paddler) else { continue }
            guard paddler.isActive else {
                inactive += 1
                continue
            }
            let reasons = boat.races.compactMap { planned.availability(of: id).reason(at: planned.races[$0].start) }
            if reasons.contains("absent") {
                absent += 1
            } else if reasons.contains(where: { $0.hasPrefix("arrives") }) {
                late += 1
            } else if !reasons.isEmpty {
                gone += 1
            }
        }
        let parts = [
            absent > 0 ? "\(absent) absent" : nil, late > 0 ? "\(late) \(late == 1 ? "arrives" : "arrive") later" : nil,
            gone > 0 ? "\(gone) \(gone == 1 ? "leaves" : "leave") earlier" : nil,
            inactive > 0 ? "\(inactive) inactive" : nil,
        ].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Why boat `index` has fewer of `kind` than it needs: how many are there at its time, and where the
    /// others are. `only 14 people are available at 10:30 for this 20-seat boat, which needs 18 (at least
    /// 16 paddlers, a drummer and a steerer; 4 absent)`.
    func shortage(_ index: Int, of kind: String, matching include: (Paddler) -> Bool, needed: Int, needs: String)
        -> String
    {
        let boat = model.boats[index]
        let pool = boat.candidates.filter { include(people[$0]) }
        let there = pool.count + boat.fixedMembers.filter { include(people[$0]) }.count
        let seats = 2 * boat.original.kind.rowCount
        let away = absentees(index, matching: include).map { "; \($0)" } ?? ""
        let verb = there == 1 ? "is" : "are"
        if there < needed {
            return "only \(count(there, kind.singular, kind)) \(verb) available \(times(index)) for this \(seats)-seat "
                + "boat, which needs \(needed) (\(needs)\(away))"
        }
        let (reasons, free) = whereabouts(of: pool.filter { !isMember($0, of: index) }, forBoat: index)
        var text =
            "\(count(there, kind.singular, kind)) \(verb) available \(times(index)) and it needs \(needed) (\(needs))"
        if !reasons.isEmpty { text += ", but " + list(reasons) }
        if !free.isEmpty { text += "; \(names(free)) " + unplaced(seed: true) }
        return text
    }

    /// Why people who could join a crew are not in it: the search did not place them, or, when every plan
    /// was considered, placing them does worse elsewhere.
    func unplaced(seed: Bool) -> String {
        guard isProvenBest else {
            return "could still join but the search did not place them" + (seed ? " (another --seed may)" : "")
        }
        return "could still join, but every possible plan was considered and none that places them "
            + "does better by the planner's order"
            + (model.options.keepsSeated ? " (with the seats --keep-seated keeps)" : "")
    }

    // MARK: - What could not be satisfied

    func unmet() -> [String] {
        var lines: [String] = []
        let order = model.boats.indices.sorted { model.boats[$0].races.min() ?? 0 < model.boats[$1].races.min() ?? 0 }
        for index in model.selfConflicts {
            let boat = model.boats[index]
            lines.append(
                "\(label(index)) are raced by the same boat \"\(planned.boats[boat.boat].name)\", too close "
                    + "together for the regatta's \(planned.effectiveGapMinutes)-minute gap: its whole crew races "
                    + "each of them; give one of them its own boat (`lineup race add … --copy-from`)")
        }
        for index in order { lines += problems(ofBoat: index) }
        lines += restProblems()
        lines += planned.availabilityConflicts().map { "kept in a locked seat: " + planned.describe($0) }
        if let maximum = model.options.maximumRaces {
            let over = people.indices.filter { raceCount[$0] > maximum }
            if !over.isEmpty {
                lines.append(
                    "more than \(maximum) races (--max-races): "
                        + over.map { "\(people[$0].name) \(raceCount[$0])" }.joined(separator: ", ")
                        + ": the crews could not be filled otherwise, or the seats are kept as they are")
            }
        }
        if let minimum = model.options.minimumRaces {
            let short = people.indices.filter { model.counted[$0] && raceCount[$0] < minimum }
            if !short.isEmpty {
                let list = short.map { person -> String in
                    let possible = planned.races.indices.filter { planned.isAvailable(people[person].id, for: $0) }
                        .count
                    return "\(people[person].name) \(raceCount[person])"
                        + (possible < minimum ? " (available for \(possible))" : "")
                }
                lines.append("fewer than \(minimum) races (--min-races): " + list.joined(separator: ", "))
            }
        }
        return lines
    }

    /// The broken rules of one boat's crew, each with its cause.
    func problems(ofBoat index: Int) -> [String] {
        let boat = model.boats[index]
        let choice = choices[index]
        let name = label(index)
        var lines: [String] = []
        let rows = boat.fixedRowCount + choice.rows.count
        let ends = (boat.drummerOpen ? 1 : 0) + (boat.steererOpen ? 1 : 0)
        let needs =
            "at least \(boat.lowest) paddlers"
            + (boat.drummerOpen && boat.steererOpen
                ? ", a drummer and a steerer"
                : boat.drummerOpen ? " and a drummer" : boat.steererOpen ? " and a steerer" : "")
        let drummer = boat.drummerOpen ? choice.drummer : boat.fixedDrummer
        let steerer = boat.steererOpen ? choice.steerer : boat.fixedSteerer
        // Only those the sex rules let in can fill a crew.
        let womenOnly = boat.rules.contains { if case .womenOnly = $0.sex { true } else { false } }
        let eligible: (Paddler) -> Bool = womenOnly ? { $0.sex != .male && $0.sex != .other } : { _ in true }
        // An end seat locked empty stays empty whoever is free: the lock is the cause, not a shortage.
        let steererLocked = !boat.steererOpen && steerer == nil
        let drummerLocked = !boat.drummerOpen && drummer == nil
        for (locked, end) in [(steererLocked, "steerer"), (drummerLocked, "drummer")] where locked {
            lines.append("\(name): no \(end): the \(end)'s seat is locked empty, and locked seats are kept as they are")
        }
        if rows < boat.lowest || (drummer == nil && !drummerLocked) || (steerer == nil && !steererLocked) {
            var missing: [String] = []
            if steerer == nil && !steererLocked { missing.append("no steerer") }
            if drummer == nil && !drummerLocked { missing.append("no drummer") }
            if rows < boat.lowest { missing.append("\(rows) paddlers where the rules need at least \(boat.lowest)") }
            lines.append(
                "\(name): \(list(missing)): "
                    + shortage(
                        index, of: womenOnly ? "women" : "people", matching: eligible,
                        needed: max(0, boat.lowest - boat.fixedRowCount) + ends, needs: needs))
        }
        if rows > boat.highest {
            lines.append(
                "\(name): \(rows) paddlers in seats kept as they are, more than the rules allow (\(boat.highest))")
        }
        for rules in boat.rules {
            let counted = rules.countsDrummerAndSteerer
            let crew = choice.rows + boat.fixedRowPeople + (counted ? [drummer, steerer].compactMap { $0 } : [])
            let needed = boat.lowest + (counted ? 2 : 0)
            switch rules.sex {
            case .any: break
            case .womenOnly:
                let notWomen = crew.filter { people[$0].sex == .male || people[$0].sex == .other }
                if !notWomen.isEmpty {
                    lines.append(
                        "\(name): \(names(notWomen)) \(notWomen.count == 1 ? "is not a woman" : "are not women") in a "
                            + "crew under \(rules.name) rules: "
                            + shortage(
                                index, of: "women", matching: { $0.sex == .female }, needed: needed,
                                needs: "\(needed) women"))
                }
            case .mixed(let each):
                for (sex, word) in [(Sex.female, "women"), (.male, "men")] {
                    let number = crew.filter { people[$0].sex == sex }.count
                    if number < each.lowerBound {
                        lines.append(
                            "\(name): \(number) \(word) where \(rules.name) needs \(each.lowerBound) to "
                                + "\(each.upperBound): "
                                + shortage(
                                    index, of: word, matching: { $0.sex == sex }, needed: each.lowerBound,
                                    needs: "at least \(each.lowerBound) \(word)"))
                    } else if number > each.upperBound {
                        lines.append(
                            "\(name): \(number) \(word) where \(rules.name) allows at most \(each.upperBound): the "
                                + "others available were needed to fill the crew")
                    }
                }
            }
        }
        if boat.capabilityIsRule {
            if boat.drummerOpen, let drummer, !people[drummer].canDrum {
                lines.append(
                    "\(name): \(people[drummer].name) drums but is not marked able to: " + ableCause(index, drums: true)
                )
            }
            if boat.steererOpen, let steerer, !people[steerer].canSteer {
                lines.append(
                    "\(name): \(people[steerer].name) steers but is not marked able to: "
                        + ableCause(index, drums: false))
            }
        }
        if boat.sidesAreRules {
            for line in sideProblems(index) { lines.append("\(name): " + line) }
        }
        return lines
    }

    /// Why nobody able to drum (or steer) drums (steers) boat `index`.
    func ableCause(_ index: Int, drums: Bool) -> String {
        let boat = model.boats[index]
        let able: (Paddler) -> Bool = drums ? { $0.canDrum } : { $0.canSteer }
        let verb = drums ? "drum" : "steer"
        let pool = (drums ? boat.drummerCandidates : boat.steererCandidates)
        let everyone = boat.original.placements.compactMap { model.indexOf[$0.paddler] }.filter { able(people[$0]) }
        guard !pool.isEmpty else {
            let away = everyone.filter { !boat.fixedMembers.contains($0) }
            return "nobody able to \(verb) is available \(times(index))"
                + (away.isEmpty ? "" : " (\(names(away)): not there then)")
        }
        let inCrew = pool.filter { isMember($0, of: index) }
        let (reasons, free) = whereabouts(of: pool.filter { !isMember($0, of: index) }, forBoat: index)
        var parts = reasons
        if !inCrew.isEmpty {
            parts.append("\(names(inCrew)) \(inCrew.count == 1 ? "paddles" : "paddle") in this crew, which needs them")
        }
        if !free.isEmpty { parts.append("\(names(free)) would break a more important rule elsewhere") }
        return "those able to \(verb) are taken: " + list(parts)
    }

    /// Sided paddlers the front rows cannot seat on their side.
    func sideProblems(_ index: Int) -> [String] {
        let boat = model.boats[index]
        let rows = choices[index].rows
        let taken = min(rows.count, boat.leftRoom.count - 1)
        var lines: [String] = []
        for (side, room) in [(SidePreference.left, boat.leftRoom[taken]), (.right, boat.rightRoom[taken])] {
            let sided = rows.filter { people[$0].side == side }
            if sided.count > room {
                lines.append(
                    "\(sided.count) paddlers paddle only on the \(side.rawValue), and the \(rows.count) open seats "
                        + "from the front have \(room) on that side: not enough others are available to balance the sides"
                )
            }
        }
        return lines
    }

    /// Each person in two races too close together, with the races and why.
    func restProblems() -> [String] {
        let conflicts = planned.restConflicts().filter { planned.races[$0.first].boat != planned.races[$0.second].boat }
        return conflicts.map { conflict in
            let name = planned.roster[conflict.paddler]?.name ?? "paddler #\(conflict.paddler)"
            let role = { (place: Place) in planned.role(place) }
            var line =
                "\(name) would race in \(planned.label(conflict.first)) (\(role(conflict.firstPlace))) and "
                + "\(planned.label(conflict.second)) (\(role(conflict.secondPlace)))"
            if conflict.gapMinutes == 0 {
                line += " at the same time"
            } else {
                line +=
                    ", only \(count(conflict.gapMinutes, "minute")) apart; the regatta asks for "
                    + "\(planned.effectiveGapMinutes)"
            }
            let boats = [conflict.first, conflict.second].compactMap { race in
                model.boats.indices.first { model.boats[$0].boat == planned.races[race].boat }
            }
            if boats.count == 2 {
                line += ": " + restCause(boats[0], boats[1], sex: planned.roster[conflict.paddler]?.sex)
            }
            return line
        }
    }

    /// Why two boats too close in time share someone of `sex`: too few there for both crews, or too few of
    /// that sex; the count short by most.
    func restCause(_ first: Int, _ second: Int, sex personSex: Sex?) -> String {
        let pair = [model.boats[first], model.boats[second]]
        let both = Set(pair.flatMap { $0.candidates + $0.fixedMembers })
        func needed(_ boat: PlannedBoat, _ sex: Sex?) -> Int {
            let ends = (boat.drummerOpen ? 1 : 0) + (boat.steererOpen ? 1 : 0)
            let paddlers = max(0, boat.lowest - boat.fixedRowCount)
            guard let sex else { return paddlers + ends + boat.fixedMembers.count }
            return boat.rules.map { rules -> Int in
                switch rules.sex {
                case .any: 0
                case .womenOnly: sex == .female ? paddlers + (rules.countsDrummerAndSteerer ? ends : 0) : 0
                case .mixed(let each): each.lowerBound
                }
            }.max() ?? 0
        }
        var binding: (short: Int, total: Int, there: Int, word: String)?
        for (sex, word) in [(Sex?.none, "people"), (.female, "women"), (.male, "men")]
        where sex == nil || sex == personSex {
            let total = pair.reduce(0) { $0 + needed($1, sex) }
            let there = sex.map { sex in both.filter { people[$0].sex == sex }.count } ?? both.count
            if there < total && total - there > (binding?.short ?? 0) {
                binding = (total - there, total, there, word)
            }
        }
        if let binding {
            return "the two crews need at least \(binding.total) \(binding.word), and only \(binding.there) "
                + "\(binding.there == 1 ? "is" : "are") available for them"
        }
        guard isProvenBest else {
            return "the search found no way to fill both crews without it (another --seed may)"
        }
        return "every possible plan was considered, and none fills both crews without it"
            + (model.options.keepsSeated ? " while keeping everyone seated (--keep-seated)" : "")
    }

    // MARK: - Worth knowing

    func notes() -> [String] {
        var notes: [String] = []
        for index in model.boats.indices.sorted(by: {
            model.boats[$0].races.min() ?? 0 < model.boats[$1].races.min() ?? 0
        }) {
            let boat = model.boats[index]
            let choice = choices[index]
            let name = label(index)
            if !boat.capabilityIsRule {
                if boat.drummerOpen, let drummer = choice.drummer, !people[drummer].canDrum {
                    notes.append(
                        "\(name): \(people[drummer].name) drums but is not marked able to: "
                            + ableCause(index, drums: true))
                }
                if boat.steererOpen, let steerer = choice.steerer, !people[steerer].canSteer {
                    notes.append(
                        "\(name): \(people[steerer].name) steers but is not marked able to: "
                            + ableCause(index, drums: false))
                }
            }
            for (end, role) in [(choice.drummer, "drums"), (choice.steerer, "steers")] {
                if let end, people[end].weightKg == nil {
                    notes.append(
                        "\(name): \(people[end].name) \(role) with no weight on the roster, so the boat's balance "
                            + "cannot be judged: nobody of known weight able to do it was free")
                }
            }
            if !boat.notKept.isEmpty {
                let who = boat.notKept.map { place, person in
                    let reason =
                        boat.races.lazy.compactMap {
                            self.planned.availability(of: self.people[person].id).reason(
                                at: self.planned.races[$0].start)
                        }.first ?? "absent"
                    return "\(people[person].name) (\(planned.role(place))) "
                        + (reason == "absent" ? "is absent" : reason)
                }
                notes.append(
                    "\(name): --keep-seated keeps only those there for the boat's races: \(list(who)); "
                        + (who.count == 1 ? "that seat was" : "those seats were") + " filled like empty ones")
            }
            if !boat.sidesAreRules {
                for line in sideProblems(index) { notes.append("\(name): " + line) }
            }
            let rows = boat.fixedRowCount + choice.rows.count
            let seats = 2 * boat.original.kind.rowCount
            if rows < boat.highest || (rows < seats && boat.highest < seats) {
                var line = "\(name): \(rows) of \(seats) paddling seats filled, from the front"
                if rows < boat.highest {
                    line += ": " + emptySeatCause(index)
                }
                notes.append(line)
            }
            for race in boat.races {
                for finding in planned.ruleFindings(of: race)
                where finding.severity == .warning && isSideWarning(finding) {
                    notes.append("\(planned.label(race)): \(finding.message)")
                }
            }
        }
        return notes
    }

    /// Why boat `index` has fewer paddlers than it could: nobody else there, or where the others are.
    func emptySeatCause(_ index: Int) -> String {
        let boat = model.boats[index]
        let choice = choices[index]
        let outside = boat.candidates.filter { !isMember($0, of: index) }
        guard !outside.isEmpty else { return "nobody else is available \(times(index))" }
        // Only those the crew's sex rules let in could fill the seats: the others are named only as left out
        // (mixed crews), never as busy elsewhere.
        let barredBySex = { (person: Int) -> Bool in
            let paddler = people[person]
            return boat.rules.contains { rules in
                switch rules.sex {
                case .any: false
                case .womenOnly: paddler.sex == .male || paddler.sex == .other
                case .mixed(let each):
                    (choice.rows + boat.fixedRowPeople).filter { people[$0].sex == paddler.sex }.count
                        >= each.upperBound
                }
            }
        }
        let womenOnly = boat.rules.contains { if case .womenOnly = $0.sex { true } else { false } }
        let barred = outside.filter(barredBySex)
        let (reasons, free) = whereabouts(of: outside.filter { !barredBySex($0) }, forBoat: index)
        guard !reasons.isEmpty || !free.isEmpty || (!barred.isEmpty && !womenOnly) else {
            return womenOnly
                ? "no other woman is available \(times(index))" : "nobody else is available \(times(index))"
        }
        var parts = reasons
        let taken = min(choice.rows.count, boat.leftRoom.count - 1)
        let leftFull =
            choice.rows.filter { people[$0].side == .left }.count
            >= boat.leftRoom[min(taken + 1, boat.leftRoom.count - 1)]
        let rightFull =
            choice.rows.filter { people[$0].side == .right }.count
            >= boat.rightRoom[min(taken + 1, boat.rightRoom.count - 1)]
        var others: [Int] = []
        var sided: [Int] = []
        for person in free {
            let paddler = people[person]
            if paddler.side == .left && leftFull || paddler.side == .right && rightFull {
                sided.append(person)
            } else {
                others.append(person)
            }
        }
        if !barred.isEmpty && !womenOnly { parts.append("the sex rules leave out \(names(barred))") }
        if !sided.isEmpty { parts.append("\(names(sided)) paddle only on a side whose seats are taken") }
        if !others.isEmpty { parts.append("\(names(others)) " + unplaced(seed: false)) }
        return parts.joined(separator: "; ")
    }

    /// Side warnings of the crew rules (drum/steer ones are explained above).
    private func isSideWarning(_ finding: RuleFinding) -> Bool {
        finding.seatNote?.hasPrefix("paddles on the") ?? false
    }
}

extension String {
    /// `people` → `person`, `women` → `woman`, `men` → `man`, `paddlers` → `paddler`.
    var singular: String {
        switch self {
        case "people": "person"
        case "women": "woman"
        case "men": "man"
        default: hasSuffix("s") ? String(dropLast()) : self
        }
    }
}
