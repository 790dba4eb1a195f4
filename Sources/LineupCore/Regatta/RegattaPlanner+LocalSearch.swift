/// The local search for regattas too large to search completely: a greedy first plan (boats in time
/// order, each filled with the people who have raced least and may still race it; the boats as they are
/// when they score better), then simulated
/// annealing over small changes (a paddler in for another, in, out, a new drummer or steerer, a drummer or
/// steerer trading with a paddler of the crew, two paddlers of two boats trading places), with the score
/// kept up to date boat by boat and person by person. Restarts go on from the best plan found.
extension PlanningModel {
    /// Moves of the annealing per restart when the options leave it open: enough for each boat's crew to
    /// be changed some thousands of times, whatever the number of boats.
    var defaultIterations: Int { max(30_000, 4_000 * boats.count) }

    func localSearch(budget: SearchBudget) -> [CrewChoice] {
        // From the boats as they are when they do better than a fresh start: a plan made again after a small
        // change stays near the one written.
        let greedy = greedyPlan()
        let current = currentChoices()
        var state = LocalSearchState(model: self, choices: score(current) < score(greedy) ? current : greedy)
        var random = SeededRandomGenerator(seed: options.seed)
        var best = state.choices
        var bestScore = state.total
        let iterations = options.iterations ?? defaultIterations
        let restarts = max(1, options.restarts)
        budget.begin(budget: iterations * restarts, from: budget.share, to: 1)
        for restart in 0..<restarts where !budget.isStopped {
            if restart > 0 { state = LocalSearchState(model: self, choices: best) }
            state.anneal(iterations: iterations, random: &random, budget: budget)
            if state.bestScore < bestScore {
                best = state.bestChoices
                bestScore = state.bestScore
            }
        }
        return best
    }

    /// Boats in the order of their first race, each given the available people who have raced least and
    /// are not in a boat too close in time: an able drummer and steerer, then paddlers up to a full crew,
    /// the sexes the rules ask for first, sided paddlers while their side has room.
    func greedyPlan() -> [CrewChoice] {
        var choices = boats.map { _ in CrewChoice(drummer: nil, steerer: nil, rows: []) }
        var races = [Int](repeating: 0, count: people.count)
        var members = [Set<Int>](repeating: [], count: boats.count)
        for index in boats.indices { for person in boats[index].fixedMembers { members[index].insert(person) } }
        for person in people.indices {
            for index in boats.indices where members[index].contains(person) { races[person] += boats[index].weight }
        }
        let order = boats.indices.sorted { boats[$0].races.min() ?? 0 < boats[$1].races.min() ?? 0 }
        for index in order {
            let boat = boats[index]
            func free(_ person: Int) -> Bool {
                !members[index].contains(person)
                    && !boats.indices.contains { tooClose[index][$0] && members[$0].contains(person) }
                    && (options.maximumRaces.map { races[person] + boat.weight <= $0 } ?? true)
            }
            func take(_ person: Int) {
                members[index].insert(person)
                races[person] += boat.weight
            }
            let byLoad = boat.candidates.sorted { (races[$0], $0) < (races[$1], $1) }
            // Able first, then of known weight (balance can be judged), then not needed for the other end.
            func end(_ able: (Paddler) -> Bool, _ other: (Paddler) -> Bool) -> Int? {
                byLoad.filter(free).min { a, b in
                    let (p, q) = (people[a], people[b])
                    return (able(p) ? 0 : 1, p.weightKg == nil ? 1 : 0, other(p) ? 1 : 0)
                        < (able(q) ? 0 : 1, q.weightKg == nil ? 1 : 0, other(q) ? 1 : 0)
                }
            }
            if boat.steererOpen, let steerer = end(\.canSteer, \.canDrum) {
                choices[index].steerer = steerer
                take(steerer)
            }
            if boat.drummerOpen, let drummer = end(\.canDrum, \.canSteer) {
                choices[index].drummer = drummer
                take(drummer)
            }
            var left = boat.openLeft
            var right = boat.openRight
            var needed: [Sex: Int] = [:]
            var allowedSexes: Set<Sex?>? = nil
            for rules in boat.rules {
                switch rules.sex {
                case .any: break
                case .womenOnly: allowedSexes = [.female, nil]
                case .mixed(let each):
                    needed[.female] = max(needed[.female] ?? 0, each.lowerBound)
                    needed[.male] = max(needed[.male] ?? 0, each.lowerBound)
                }
            }
            func fits(_ person: Int) -> Bool {
                guard free(person), allowedSexes?.contains(people[person].sex) ?? true else { return false }
                switch people[person].side {
                case .left: return left > 0
                case .right: return right > 0
                case .either: return left + right > 0
                }
            }
            func seat(_ person: Int) {
                switch people[person].side {
                case .left: left -= 1
                case .right: right -= 1
                case .either: if left >= right { left -= 1 } else { right -= 1 }
                }
                choices[index].rows.append(person)
                take(person)
            }
            for sex in [Sex.female, .male] {
                for person in byLoad where (needed[sex] ?? 0) > 0 && people[person].sex == sex && fits(person) {
                    seat(person)
                    needed[sex, default: 0] -= 1
                }
            }
            for person in byLoad where boat.fixedRowCount + choices[index].rows.count < boat.highest && fits(person) {
                seat(person)
            }
            choices[index].rows.sort()
        }
        return choices
    }
}

/// The annealing state: the choices, each person's boats as a bit mask, and the score in parts.
struct LocalSearchState {
    let model: PlanningModel
    var choices: [CrewChoice]
    var boatOf: BoatSets
    var races: [Int]
    var boatParts: [PlanScore]
    var personParts: [PersonPart]
    /// Each of `model.carries`' breaks (`PlanningModel.Carry.breaks`).
    var carryParts: [Int]
    var total: PlanScore
    var bestChoices: [CrewChoice]
    var bestScore: PlanScore
    /// canJoin[boat][person]: a candidate for an open place of the boat.
    let canJoin: [[Bool]]
    /// closeBoats[boat]: the boats whose races are too close to this boat's, as a bit mask.
    let closeBoats: BoatSets
    /// sameTimeBoats[boat]: the boats with a race at the same time as one of this boat's, as a bit mask.
    let sameTimeBoats: BoatSets
    /// People whose part `apply` recounts; kept to reuse its storage.
    private var touched: [Int] = []
    /// Each person's boats when their part was last counted: most people a move touches stay in the same
    /// boats (a crew changes by one or two), and their part stays as it was.
    private var countedBoats = BoatSets(rows: 0, boats: 0)

    init(model: PlanningModel, choices: [CrewChoice]) {
        self.model = model
        self.choices = choices
        boatOf = BoatSets(rows: model.people.count, boats: model.boats.count)
        races = Array(repeating: 0, count: model.people.count)
        for index in model.boats.indices {
            for member in model.members(index, choices[index]) {
                boatOf.insert(index, in: member.person)
                races[member.person] += model.boats[index].weight
            }
        }
        boatParts = model.boats.indices.map { model.boatScore($0, choices[$0]) }
        canJoin = model.boats.map { boat in
            var row = [Bool](repeating: false, count: model.people.count)
            for person in boat.candidates { row[person] = true }
            return row
        }
        var closeBoats = BoatSets(rows: model.boats.count, boats: model.boats.count)
        var sameTimeBoats = closeBoats
        for index in model.boats.indices {
            for other in model.boats.indices {
                if model.tooClose[index][other] { closeBoats.insert(other, in: index) }
                if model.sameTime[index][other] { sameTimeBoats.insert(other, in: index) }
            }
        }
        self.closeBoats = closeBoats
        self.sameTimeBoats = sameTimeBoats
        personParts = []
        carryParts = []
        total = PlanScore()
        bestChoices = choices
        bestScore = PlanScore()
        personParts = model.people.indices.map { personScore($0) }
        carryParts = model.carries.map { carryScore($0) }
        countedBoats = boatOf
        total = sum()
        bestScore = total
    }

    func sum() -> PlanScore {
        var total = PlanScore()
        for part in boatParts { total.add(part) }
        for part in personParts { total.add(part) }
        total.carryBreaks += carryParts.reduce(0, +)
        return total
    }
}

/// One person's part of the plan's score: the terms that depend on the boats they are in.
struct PersonPart: Equatable {
    var sameTimeRaces = 0
    var restBreaks = 0
    var overMaximumRaces = 0
    var racesShort = 0
    var sumOfSquaredRaces = 0

    var brokenRules: Int { sameTimeRaces + restBreaks + overMaximumRaces }
}

extension PlanScore {
    mutating func add(_ part: PersonPart, times sign: Int = 1) {
        sameTimeRaces += sign * part.sameTimeRaces
        restBreaks += sign * part.restBreaks
        overMaximumRaces += sign * part.overMaximumRaces
        racesShort += sign * part.racesShort
        sumOfSquaredRaces += sign * part.sumOfSquaredRaces
    }
}

extension LocalSearchState {

    /// One person's part: races too close together, over `--max-races`, short of `--min-races`, squared
    /// count. Bit operations over their boats only: `apply` calls this for everyone a move touches.
    func personScore(_ person: Int) -> PersonPart {
        var part = PersonPart()
        boatOf.forEach(in: person) { first in
            let close = boatOf.countCommon(after: first, person, closeBoats, first)
            let together = boatOf.countCommon(after: first, person, sameTimeBoats, first)
            part.sameTimeRaces += together
            part.restBreaks += close - together
        }
        let races = races[person]
        if let maximum = model.options.maximumRaces { part.overMaximumRaces = max(0, races - maximum) }
        guard model.counted[person] else { return part }
        if let minimum = model.options.minimumRaces { part.racesShort = max(0, minimum - races) }
        part.sumOfSquaredRaces = races * races
        return part
    }

    func contains(_ index: Int, _ person: Int) -> Bool { boatOf.contains(index, in: person) }

    /// One carry's breaks, from the boats as they are now.
    func carryScore(_ carry: PlanningModel.Carry) -> Int {
        carry.breaks(inEarlier: { contains(carry.earlier, $0) }, inLater: { contains(carry.later, $0) })
    }

    /// A random person of `candidates` (who may take an open place in boat `index`) not in it; nil if none
    /// was found.
    func outsider(for index: Int, among candidates: [Int], random: inout SeededRandomGenerator) -> Int? {
        guard !candidates.isEmpty else { return nil }
        for _ in 0..<8 {
            let person = candidates[Int(random.next() % UInt64(candidates.count))]
            if !contains(index, person) { return person }
        }
        return nil
    }

    /// A new drummer or steerer for boat `index`: mostly from those able to do it, now and then anyone (when
    /// the able are needed elsewhere, someone must still take the seat).
    func outsider(for index: Int, able: [Int], random: inout SeededRandomGenerator) -> Int? {
        let anyone = able.isEmpty || random.next() % 8 == 0
        return outsider(for: index, among: anyone ? model.boats[index].candidates : able, random: &random)
    }

    /// Applies `changed` to the boats it names, returning what to put back.
    mutating func apply(_ changed: [(index: Int, choice: CrewChoice)]) -> [(index: Int, choice: CrewChoice)] {
        var previous: [(index: Int, choice: CrewChoice)] = []
        previous.reserveCapacity(changed.count)
        touched.removeAll(keepingCapacity: true)
        for (index, _) in changed.reversed() { previous.append((index, choices[index])) }
        for (index, choice) in changed {
            let old = choices[index]
            for person in old.rows { boatOf.remove(index, from: person) }
            if let person = old.drummer { boatOf.remove(index, from: person) }
            if let person = old.steerer { boatOf.remove(index, from: person) }
            touched += old.rows
            touched += choice.rows
            if let person = old.drummer { touched.append(person) }
            if let person = old.steerer { touched.append(person) }
            if let person = choice.drummer { touched.append(person) }
            if let person = choice.steerer { touched.append(person) }
            for person in choice.rows { boatOf.insert(index, in: person) }
            if let person = choice.drummer { boatOf.insert(index, in: person) }
            if let person = choice.steerer { boatOf.insert(index, in: person) }
            choices[index] = choice
            let part = model.boatScore(index, choice)
            total.add(part)
            total.add(boatParts[index], times: -1)
            boatParts[index] = part
        }
        for person in touched where !boatOf.isSame(person, as: countedBoats, person) {
            countedBoats.copy(person, from: boatOf, person)
            var count = 0
            boatOf.forEach(in: person) { count += model.boats[$0].weight }
            races[person] = count
            let part = personScore(person)
            total.add(part)
            total.add(personParts[person], times: -1)
            personParts[person] = part
        }
        for (number, carry) in model.carries.enumerated()
        where changed.contains(where: { $0.index == carry.earlier || $0.index == carry.later }) {
            let part = carryScore(carry)
            total.carryBreaks += part - carryParts[number]
            carryParts[number] = part
        }
        return previous
    }

    /// A change aimed at a broken rule: a boat short of a sex or of paddlers gets someone who fits (taken,
    /// if need be, from a boat too close in time, which gets the replaced paddler back when they fit), and
    /// someone in two races too close together (or in more races than the most allowed) leaves one of
    /// them for someone free, a drummer or steerer handing the drum or the helm over. Single random changes
    /// rarely find these, since the step in between breaks as many rules as it mends.
    func repairMove(random: inout SeededRandomGenerator) -> [(index: Int, choice: CrewChoice)]? {
        let broken = model.boats.indices.filter { boatParts[$0].brokenRules > 0 }
        let tired = model.people.indices.filter { personParts[$0].brokenRules > 0 }
        guard !broken.isEmpty || !tired.isEmpty else { return nil }
        if !tired.isEmpty && (broken.isEmpty || random.next() % 2 == 0) {
            let person = tired[Int(random.next() % UInt64(tired.count))]
            let boats = model.boats.indices.filter { index in
                let choice = choices[index]
                return contains(index, person)
                    && (choice.rows.contains(person) || choice.drummer == person || choice.steerer == person)
            }
            guard !boats.isEmpty else { return nil }
            let index = boats[Int(random.next() % UInt64(boats.count))]
            var choice = choices[index]
            let free = model.boats[index].candidates.filter {
                !contains(index, $0) && !boatOf.intersects($0, closeBoats, index)
            }
            // A drummer or steerer who races too much hands the drum or the helm to someone free who may race
            // once more (able if anyone is); when nobody free may, to a paddler of the crew, whose seat
            // stays empty.
            if choice.drummer == person || choice.steerer == person {
                let drums = choice.drummer == person
                let able = { (other: Int) in drums ? model.people[other].canDrum : model.people[other].canSteer }
                let most = model.options.maximumRaces ?? Int.max
                let fresh = free.filter { races[$0] + model.boats[index].weight <= most }
                func pick(_ pool: [Int]) -> Int? {
                    pool.isEmpty ? nil : pool[Int(random.next() % UInt64(pool.count))]
                }
                let crew = choice.rows
                guard let newcomer = pick(fresh.filter(able)) ?? pick(fresh) ?? pick(crew.filter(able)) ?? pick(crew)
                else { return nil }
                choice.rows.removeAll { $0 == newcomer }
                if drums { choice.drummer = newcomer } else { choice.steerer = newcomer }
                return [(index, choice)]
            }
            guard let row = choice.rows.firstIndex(of: person) else { return nil }
            let sex = model.people[person].sex
            let alike = free.filter { model.people[$0].sex == sex }
            let pool = alike.isEmpty ? free : alike
            if pool.isEmpty {
                guard model.boats[index].fixedRowCount + choice.rows.count > model.boats[index].lowest else {
                    return nil
                }
                choice.rows.remove(at: row)
            } else {
                choice.rows[row] = pool[Int(random.next() % UInt64(pool.count))]
            }
            choice.rows.sort()
            return [(index, choice)]
        }
        guard !broken.isEmpty else { return nil }
        let index = broken[Int(random.next() % UInt64(broken.count))]
        let boat = model.boats[index]
        var choice = choices[index]
        var wanted: Sex?
        var unwanted: (Sex?) -> Bool = { _ in false }
        for rules in boat.rules {
            var women = 0
            var men = 0
            for person in choice.rows + boat.fixedRowPeople {
                if model.people[person].sex == .female { women += 1 }
                if model.people[person].sex == .male { men += 1 }
            }
            switch rules.sex {
            case .any: break
            case .womenOnly:
                if choice.rows.contains(where: { model.people[$0].sex == .male || model.people[$0].sex == .other }) {
                    wanted = .female
                    unwanted = { $0 == .male || $0 == .other }
                }
            case .mixed(let each):
                if women < each.lowerBound || men > each.upperBound {
                    wanted = .female
                    unwanted = { $0 != .female }
                } else if men < each.lowerBound || women > each.upperBound {
                    wanted = .male
                    unwanted = { $0 != .male }
                }
            }
        }
        let short = boat.fixedRowCount + choice.rows.count < boat.lowest
        guard wanted != nil || short else { return nil }
        let fitting = boat.candidates.filter { person in
            !contains(index, person) && (wanted.map { model.people[person].sex == $0 } ?? true)
        }
        guard !fitting.isEmpty else { return nil }
        let freeOnes = fitting.filter { !boatOf.intersects($0, closeBoats, index) }
        let newcomer =
            !freeOnes.isEmpty && random.next() % 4 != 0
            ? freeOnes[Int(random.next() % UInt64(freeOnes.count))]
            : fitting[Int(random.next() % UInt64(fitting.count))]
        var leaving: Int?
        if short && choice.rows.count < boat.openLeft + boat.openRight {
            choice.rows.append(newcomer)
        } else {
            let replaceable = choice.rows.indices.filter { unwanted(model.people[choice.rows[$0]].sex) }
            guard !replaceable.isEmpty else { return nil }
            let row = replaceable[Int(random.next() % UInt64(replaceable.count))]
            leaving = choice.rows[row]
            choice.rows[row] = newcomer
        }
        choice.rows.sort()
        var changes = [(index: index, choice: choice)]
        // The newcomer leaves a boat too close in time, which takes the one who left in their place.
        for other in boatOf.common(newcomer, closeBoats, index) {
            var otherChoice = choices[other]
            guard let row = otherChoice.rows.firstIndex(of: newcomer) else { continue }
            if let replacement = leaving, canJoin[other][replacement], !contains(other, replacement) {
                otherChoice.rows[row] = replacement
                leaving = nil
            } else {
                otherChoice.rows.remove(at: row)
            }
            otherChoice.rows.sort()
            changes.append((other, otherChoice))
        }
        return changes
    }

    /// A drummer or steerer who is not able to do it (or of unknown weight) gives the seat to someone able
    /// (of known weight) and leaves the crew: the new one leaves their row seat here, or their place in a
    /// boat too close in time, which gets the old one in their place when they may join it, or someone
    /// free of the same sex. Single changes cannot do this without breaking a rule on the way (the crew or
    /// the sex count would go over by one).
    func endMove(random: inout SeededRandomGenerator) -> [(index: Int, choice: CrewChoice)]? {
        let people = model.people
        func poor(_ person: Int?, drums: Bool) -> Bool {
            guard let person else { return false }
            return !(drums ? people[person].canDrum : people[person].canSteer) || people[person].weightKg == nil
        }
        let ends = model.boats.indices.flatMap { index -> [(index: Int, drums: Bool)] in
            let boat = model.boats[index]
            var found: [(index: Int, drums: Bool)] = []
            if boat.drummerOpen && poor(choices[index].drummer, drums: true) { found.append((index, true)) }
            if boat.steererOpen && poor(choices[index].steerer, drums: false) { found.append((index, false)) }
            return found
        }
        guard !ends.isEmpty else { return nil }
        let (index, drums) = ends[Int(random.next() % UInt64(ends.count))]
        let boat = model.boats[index]
        let able = (drums ? boat.drummerCandidates : boat.steererCandidates).filter { people[$0].weightKg != nil }
        guard !able.isEmpty else { return nil }
        let newcomer = able[Int(random.next() % UInt64(able.count))]
        var choice = choices[index]
        let leaving = drums ? choice.drummer : choice.steerer
        guard newcomer != choice.drummer, newcomer != choice.steerer else { return nil }
        // Who takes the newcomer's row seat in boat `target`: someone of their sex (the one leaving, or
        // someone free), so that the sex counts stay as they were; otherwise nobody, unless the crew would
        // then be too small.
        func substitute(in target: Int, rows: Int) -> Int? {
            let sex = people[newcomer].sex
            let joins = { (person: Int) in
                canJoin[target][person] && !contains(target, person) && person != newcomer
            }
            if let leaving, people[leaving].sex == sex, joins(leaving) { return leaving }
            let free = model.boats[target].candidates.filter { joins($0) && !boatOf.intersects($0, closeBoats, target) }
            if let alike = free.filter({ people[$0].sex == sex }).randomElement(using: &random) { return alike }
            guard model.boats[target].fixedRowCount + rows - 1 < model.boats[target].lowest else { return nil }
            if let leaving, joins(leaving) { return leaving }
            return free.randomElement(using: &random)
        }
        var changes: [(index: Int, choice: CrewChoice)] = []
        if let row = choice.rows.firstIndex(of: newcomer) {
            if let other = substitute(in: index, rows: choice.rows.count) {
                choice.rows[row] = other
            } else {
                choice.rows.remove(at: row)
            }
        } else {
            for other in boatOf.common(newcomer, closeBoats, index) {
                var otherChoice = choices[other]
                guard let row = otherChoice.rows.firstIndex(of: newcomer) else { return nil }
                if let replacement = substitute(in: other, rows: otherChoice.rows.count) {
                    otherChoice.rows[row] = replacement
                } else {
                    otherChoice.rows.remove(at: row)
                }
                otherChoice.rows.sort()
                changes.append((other, otherChoice))
            }
        }
        if drums { choice.drummer = newcomer } else { choice.steerer = newcomer }
        choice.rows.sort()
        return [(index, choice)] + changes
    }

    /// A random small change, or nil when the one drawn is impossible here.
    func randomMove(random: inout SeededRandomGenerator) -> [(index: Int, choice: CrewChoice)]? {
        let boats = model.boats
        let index = Int(random.next() % UInt64(boats.count))
        let boat = boats[index]
        var choice = choices[index]
        let rowCount = boat.fixedRowCount + choice.rows.count
        switch random.next() % 8 {
        case 0, 1:
            guard !choice.rows.isEmpty, let person = outsider(for: index, among: boat.candidates, random: &random)
            else { return nil }
            choice.rows[Int(random.next() % UInt64(choice.rows.count))] = person
        case 2:
            guard rowCount < boat.highest, choice.rows.count < boat.openLeft + boat.openRight,
                let person = outsider(for: index, among: boat.candidates, random: &random)
            else { return nil }
            choice.rows.append(person)
        case 3:
            guard rowCount > boat.lowest, !choice.rows.isEmpty else { return nil }
            choice.rows.remove(at: Int(random.next() % UInt64(choice.rows.count)))
        case 4:
            guard boat.drummerOpen, let person = outsider(for: index, able: boat.drummerCandidates, random: &random)
            else { return nil }
            choice.drummer = person
        case 5:
            guard boat.steererOpen, let person = outsider(for: index, able: boat.steererCandidates, random: &random)
            else { return nil }
            choice.steerer = person
        case 6:
            guard !choice.rows.isEmpty else { return nil }
            let row = Int(random.next() % UInt64(choice.rows.count))
            if random.next() % 2 == 0, boat.drummerOpen, let drummer = choice.drummer {
                (choice.drummer, choice.rows[row]) = (choice.rows[row], drummer)
            } else if boat.steererOpen, let steerer = choice.steerer {
                (choice.steerer, choice.rows[row]) = (choice.rows[row], steerer)
            } else {
                return nil
            }
        default:
            guard boats.count > 1, !choice.rows.isEmpty else { return nil }
            let otherIndex = Int(random.next() % UInt64(boats.count))
            guard otherIndex != index, !choices[otherIndex].rows.isEmpty else { return nil }
            var other = choices[otherIndex]
            let mine = Int(random.next() % UInt64(choice.rows.count))
            let theirs = Int(random.next() % UInt64(other.rows.count))
            let (person, partner) = (choice.rows[mine], other.rows[theirs])
            guard !contains(otherIndex, person), !contains(index, partner), canJoin[otherIndex][person],
                canJoin[index][partner]
            else { return nil }
            choice.rows[mine] = partner
            other.rows[theirs] = person
            choice.rows.sort()
            other.rows.sort()
            return [(index, choice), (otherIndex, other)]
        }
        choice.rows.sort()
        return [(index, choice)]
    }

    /// Simulated annealing: worse plans are taken with a chance that falls as the temperature cools from
    /// about three units of the fairness term to well under one change. Each move is one unit of `budget`.
    mutating func anneal(iterations: Int, random: inout SeededRandomGenerator, budget: SearchBudget) {
        let start = 3_000.0
        let end = 0.3
        let cooling = iterations > 1 ? Double.exp(Double.log(end / start) / Double(iterations)) : 1
        var temperature = start
        for _ in 0..<iterations {
            guard budget.spend(1) else { return }
            temperature *= cooling
            let draw = random.next() % 20
            let move =
                total.brokenRules > 0 && draw < 6
                ? repairMove(random: &random)
                : (total.mismatches > 0 || total.unweighedEnds > 0) && draw >= 18
                    ? endMove(random: &random) : randomMove(random: &random)
            guard let move else { continue }
            let before = total
            let undo = apply(move)
            let delta = total.weightedDifference(from: before)
            if delta <= 0 || Double(random.next() % 1_000_000) / 1_000_000 < Double.exp(-delta / temperature) {
                if total < bestScore {
                    bestScore = total
                    bestChoices = choices
                }
            } else {
                _ = apply(undo)
            }
        }
    }
}

extension Double {
    /// e^x and ln x without Foundation (LineupCore imports nothing).
    static func exp(_ x: Double) -> Double {
        guard x > -700 else { return 0 }
        // e^x = 2^k · e^r with |r| ≤ ln 2 / 2, then a Taylor series for e^r.
        let k = (x / 0.693_147_180_559_945_3).rounded()
        let r = x - k * 0.693_147_180_559_945_3
        var term = 1.0
        var sum = 1.0
        for n in 1...20 {
            term *= r / Double(n)
            sum += term
        }
        return sum * Double(sign: .plus, exponent: Int(k), significand: 1)
    }

    static func log(_ x: Double) -> Double {
        guard x > 0 else { return -.infinity }
        // x = m · 2^e with m in [1, 2); ln m = 2 atanh((m - 1) / (m + 1)).
        let e = x.exponent
        let m = x.significand
        let y = (m - 1) / (m + 1)
        let y2 = y * y
        var term = y
        var sum = 0.0
        var n = 1.0
        while abs(term / n) > 1e-17 {
            sum += term / n
            term *= y2
            n += 2
        }
        return 2 * sum + Double(e) * 0.693_147_180_559_945_3
    }
}
