/// Turning chosen crews into lineups, and saying in plain words what the plan could not satisfy.
extension PlanningModel {
    func result(_ choices: [CrewChoice], method: RegattaPlan.Method, proven: Bool) -> RegattaPlan {
        var planned = regatta
        var changed: [Int] = []
        for index in boats.indices {
            let lineup = seat(index, choices[index])
            if lineup != boats[index].original { changed.append(boats[index].boat) }
            planned.boats[boats[index].boat].lineup = lineup
        }
        let score = score(choices)
        var unmet: [String] = []
        var notes: [String] = []
        if score.brokenRules > 0 && proven {
            unmet.append("No plan keeps every rule (every possible plan was considered); this one breaks the fewest.")
        }
        for index in selfConflicts {
            let races = boats[index].races
            let names = races.map { planned.label($0) }.joined(separator: " and ")
            unmet.append(
                "\(names) are raced by the same boat \"\(regatta.boats[boats[index].boat].name)\", too close "
                    + "together for the regatta's \(regatta.effectiveGapMinutes)-minute gap: its whole crew races "
                    + "each of them; give one of them its own boat (`lineup race add … --copy-from`)")
        }
        let conflicts = planned.restConflicts().filter { planned.races[$0.first].boat != planned.races[$0.second].boat }
        unmet += conflicts.map { "too little rest: " + planned.describe($0) }
        unmet += planned.availabilityConflicts().map { "kept in a locked seat: " + planned.describe($0) }
        for race in planned.races.indices {
            let findings = planned.ruleFindings(of: race)
            for finding in findings where finding.severity == .violation {
                unmet.append("\(planned.label(race)): \(finding.message)")
            }
            for finding in findings where finding.severity == .warning && isMismatch(finding) {
                notes.append("\(planned.label(race)): \(finding.message)")
            }
        }
        for index in boats.indices where boats[index].lowest > boats[index].fixedRowCount + choices[index].rows.count {
            unmet += diagnose(index)
        }
        var races = [Int](repeating: 0, count: people.count)
        for index in boats.indices {
            for member in members(index, choices[index]) { races[member.person] += boats[index].weight }
        }
        if let maximum = options.maximumRaces {
            let over = people.indices.filter { races[$0] > maximum }
            if !over.isEmpty {
                unmet.append(
                    "more than \(maximum) races (--max-races), in seats kept as they are: "
                        + over.map { "\(people[$0].name) \(races[$0])" }.joined(separator: ", "))
            }
        }
        if let minimum = options.minimumRaces {
            let short = people.indices.filter { counted[$0] && races[$0] < minimum }
            if !short.isEmpty {
                let list = short.map { person -> String in
                    let possible = regatta.races.indices.filter { regatta.isAvailable(people[person].id, for: $0) }
                        .count
                    return "\(people[person].name) \(races[person])"
                        + (possible < minimum ? " (available for \(possible))" : "")
                }
                unmet.append("fewer than \(minimum) races (--min-races): " + list.joined(separator: ", "))
            }
        }
        for index in boats.indices {
            let rows = boats[index].fixedRowCount + choices[index].rows.count
            let seats = 2 * boats[index].original.kind.rowCount
            if rows < boats[index].highest || (rows < seats && boats[index].highest < seats) {
                let races = boats[index].races.map { planned.label($0) }.joined(separator: ", ")
                notes.append(
                    "\(races): \(rows) of \(seats) paddling seats filled"
                        + (rows < boats[index].highest
                            ? " (not enough paddlers available who are rested and allowed by the rules)" : ""))
            }
        }
        return RegattaPlan(
            regatta: planned, changedBoats: changed, score: score, method: method, isProvenBest: proven,
            unmet: unmet, notes: notes)
    }

    /// Side and drum/steer warnings: what the plan tries to avoid even when the rules only warn.
    private func isMismatch(_ finding: RuleFinding) -> Bool {
        guard let note = finding.seatNote else { return false }
        return note.hasPrefix("paddles on the") || note.hasPrefix("not marked able")
    }

    /// Why boat `index` could not get a legal crew, from the people available for all its races.
    func diagnose(_ index: Int) -> [String] {
        let boat = boats[index]
        let races = boat.races.map { regatta.label($0) }.joined(separator: ", ")
        let pool = boat.candidates
        var reasons: [String] = []
        let needed = boat.lowest - boat.fixedRowCount + (boat.drummerOpen ? 1 : 0) + (boat.steererOpen ? 1 : 0)
        if pool.count < needed {
            reasons.append(
                "\(races): only \(pool.count) paddlers are available for \(boat.races.count == 1 ? "it" : "all of them")"
                    + ", and the crew needs \(needed) more (at least \(boat.lowest) paddlers, a drummer and a steerer)")
        }
        if boat.capabilityIsRule {
            if boat.drummerOpen, !pool.contains(where: { people[$0].canDrum }) {
                reasons.append("\(races): nobody available is marked able to drum")
            }
            if boat.steererOpen, !pool.contains(where: { people[$0].canSteer }) {
                reasons.append("\(races): nobody available is marked able to steer")
            }
        }
        for rules in boat.rules {
            if case .womenOnly = rules.sex {
                let women =
                    pool.filter { people[$0].sex == .female }.count
                    + boat.fixedMembers.filter { people[$0].sex == .female }.count
                if women < boat.lowest {
                    reasons.append("\(races): only \(women) women are available; \(rules.name) needs \(boat.lowest)")
                }
            }
            if case .mixed(let each) = rules.sex {
                for (sex, label) in [(Sex.female, "women"), (.male, "men")] {
                    let count =
                        pool.filter { people[$0].sex == sex }.count
                        + boat.fixedMembers.filter { people[$0].sex == sex }.count
                    if count < each.lowerBound {
                        reasons.append(
                            "\(races): only \(count) \(label) are available; \(rules.name) needs \(each.lowerBound)")
                    }
                }
            }
        }
        return reasons
    }

    /// The lineup of boat `index` with `choice`: fixed seats as they are, the drummer and steerer, paddlers on
    /// their side where there is room, then levelled by the optimizer; everyone else of the boat on the
    /// bench, those already there first in their order.
    func seat(_ index: Int, _ choice: CrewChoice) -> Lineup {
        let boat = boats[index]
        let original = boat.original
        var lineup = Lineup(kind: original.kind)
        lineup.lockedSeats = original.lockedSeats
        for (place, person) in boat.fixed { lineup.set(person.map { people[$0].id }, at: place) }
        if boat.drummerOpen { lineup.set(choice.drummer.map { people[$0].id }, at: .drummer) }
        if boat.steererOpen { lineup.set(choice.steerer.map { people[$0].id }, at: .steerer) }
        let fixedSeats = Set(boat.fixed.map(\.place))
        let rowCount = original.kind.rowCount
        // The heaviest nearest the middle rows, so the optimizer starts from a plausible trim.
        let middle = Double(rowCount + 1) / 2
        func middleOut(_ seats: [Place]) -> [Place] {
            seats.sorted {
                (abs(Double($0.row ?? 0) - middle), $0.row ?? 0) < (abs(Double($1.row ?? 0) - middle), $1.row ?? 0)
            }
        }
        var left = middleOut((1...rowCount).map { Place.left(row: $0) }.filter { !fixedSeats.contains($0) })
        var right = middleOut((1...rowCount).map { Place.right(row: $0) }.filter { !fixedSeats.contains($0) })
        let rows = choice.rows.sorted { (people[$0].weightKg ?? 0, $0) > (people[$1].weightKg ?? 0, $1) }
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
        let balanced = LineupOptimizer.optimize(
            lineup, roster: regatta.roster, model: regatta.boats[boat.boat].balanceModel, rules: rules,
            options: OptimizerOptions(toleranceKg: 0, restarts: 30, seed: options.seed))
        return balanced.lineup
    }
}
