/// What `lineup regatta plan` may do and how hard it looks.
public struct RegattaPlanOptions: Hashable, Sendable {
    /// Every available paddler should race at least this often (a target: what cannot be met is reported).
    public var minimumRaces: Int?
    /// Nobody races more often than this (a rule the plan keeps).
    public var maximumRaces: Int?
    /// Keep everyone already seated where they are and only fill empty seats (locked seats are always kept).
    public var keepsSeated: Bool
    /// Level each boat with the optimizer once its crew is chosen.
    public var balances: Bool
    /// The random generator's seed, so that a plan can be made again exactly.
    public var seed: UInt64
    /// Moves of the local search per restart, and restarts.
    public var iterations: Int
    public var restarts: Int
    /// The complete search is used when no boat has more possible crews than this...
    public var exhaustiveCrewLimit: Int
    /// ...and it finishes having looked at no more than this many crews; otherwise the local search's plan
    /// is used when it is better.
    public var exhaustiveNodeLimit: Int

    public init(
        minimumRaces: Int? = nil, maximumRaces: Int? = nil, keepsSeated: Bool = false, balances: Bool = true,
        seed: UInt64 = 1, iterations: Int = 30_000, restarts: Int = 3, exhaustiveCrewLimit: Int = 5_000,
        exhaustiveNodeLimit: Int = 20_000_000
    ) {
        self.minimumRaces = minimumRaces
        self.maximumRaces = maximumRaces
        self.keepsSeated = keepsSeated
        self.balances = balances
        self.seed = seed
        self.iterations = iterations
        self.restarts = restarts
        self.exhaustiveCrewLimit = exhaustiveCrewLimit
        self.exhaustiveNodeLimit = exhaustiveNodeLimit
    }
}

/// How good a plan is, compared term by term in this order (smaller is better): broken rules (crew rules,
/// rest, `--max-races`), side and drum/steer mismatches the rules only warn about, races short of
/// `--min-races`, empty seats (per race), the sum of squared race counts of the available paddlers (the
/// evener the smaller), and paddlers moved in or out of a crew compared with the boats as they were.
public struct PlanScore: Hashable, Comparable, Sendable {
    public var brokenRules: Int
    public var mismatches: Int
    public var racesShort: Int
    public var emptySeats: Int
    public var sumOfSquaredRaces: Int
    public var changes: Int

    public init(
        brokenRules: Int = 0, mismatches: Int = 0, racesShort: Int = 0, emptySeats: Int = 0,
        sumOfSquaredRaces: Int = 0, changes: Int = 0
    ) {
        self.brokenRules = brokenRules
        self.mismatches = mismatches
        self.racesShort = racesShort
        self.emptySeats = emptySeats
        self.sumOfSquaredRaces = sumOfSquaredRaces
        self.changes = changes
    }

    var terms: [Int] { [brokenRules, mismatches, racesShort, emptySeats, sumOfSquaredRaces, changes] }

    public static func < (lhs: PlanScore, rhs: PlanScore) -> Bool { lhs.terms.lexicographicallyPrecedes(rhs.terms) }

    /// One number for the local search: the terms weighted so that each outweighs everything after it on
    /// instances of a club's size.
    var weighted: Int64 {
        Int64(brokenRules) * 10_000_000_000_000 + Int64(mismatches) * 30_000_000_000 + Int64(racesShort)
            * 100_000_000 + Int64(emptySeats) * 200_000 + Int64(sumOfSquaredRaces) * 1_000 + Int64(changes)
    }
}

/// A proposal for every boat the regatta's races use, with what it could not satisfy.
public struct RegattaPlan: Sendable {
    /// How the crews were chosen.
    public enum Method: Hashable, Sendable {
        /// Every possible plan was considered (with bounds): the crews are the best there are by `PlanScore`.
        case exhaustive
        /// Simulated annealing over crew changes, from a greedy start.
        case localSearch
    }

    /// The regatta with the proposed lineups in its boats.
    public var regatta: Regatta
    /// The indices (in `regatta.boats`) of the boats whose lineup the plan changes.
    public var changedBoats: [Int]
    public var score: PlanScore
    public var method: Method
    /// True when the complete search finished: no plan scores better, and when `score.brokenRules > 0`, no
    /// plan keeps every rule.
    public var isProvenBest: Bool
    /// What the plan could not satisfy, in plain words; empty when it meets everything asked.
    public var unmet: [String]
    /// Things worth knowing that are not failures (boats not full, warnings of the crew rules).
    public var notes: [String]
}

/// Proposes crews for all the races of a regatta at once.
///
/// Each boat the races use gets a drummer, a steerer and its paddlers, chosen together for the whole day:
/// only paddlers available at every race of the boat, nobody in two races that start closer than the
/// minimum gap, the crew rules of every race the boat serves (size, sex counts, sides and drum/steer
/// ability as the rules require them), locked seats (and with `keepsSeated` every seated paddler) kept, and
/// nobody over `maximumRaces`. Among the plans that keep all that, it prefers (in this order) side and
/// ability matches, `minimumRaces` for everyone, full boats, evenly shared races, and few changes
/// (`PlanScore`). Small regattas are searched completely (backtracking over each boat's possible crews,
/// with forward checking and bounds); larger ones by simulated annealing. Then each boat is seated (sided
/// paddlers on their side) and levelled with `LineupOptimizer`.
public enum RegattaPlanner {
    public static func plan(_ regatta: Regatta, options: RegattaPlanOptions = RegattaPlanOptions()) -> RegattaPlan {
        let model = PlanningModel(regatta: regatta, options: options)
        var method = RegattaPlan.Method.localSearch
        var proven = false
        var choice: [CrewChoice]
        if let exhaustive = model.exhaustiveSearch() {
            method = .exhaustive
            proven = exhaustive.complete
            if let best = exhaustive.best {
                choice = best
            } else {
                // No plan keeps every rule (proven when complete): the local search finds the closest.
                choice = model.localSearch()
            }
            if !exhaustive.complete {
                let searched = model.localSearch()
                if model.score(searched) < model.score(choice) { (choice, method) = (searched, .localSearch) }
            }
        } else {
            choice = model.localSearch()
        }
        return model.result(choice, method: method, proven: proven)
    }
}

/// A boat's role for one person.
enum CrewRole: Int8 {
    case none = 0, drummer, steerer, row
}

/// The open decisions of one boat: who drums, steers and paddles in the seats not fixed.
struct CrewChoice: Hashable {
    var drummer: Int?
    var steerer: Int?
    /// People in open row seats, sorted.
    var rows: [Int]
}

/// One boat as the planner sees it.
struct PlannedBoat {
    var boat: Int
    var races: [Int]
    var rules: [CrewRules]
    var original: Lineup
    /// Seats kept as they are (locked, or every seat with `keepsSeated`), with the person there (nil: empty).
    var fixed: [(place: Place, person: Int?)]
    var drummerOpen: Bool
    var steererOpen: Bool
    var openLeft: Int
    var openRight: Int
    var fixedRowCount: Int
    /// Crew size (rows) the rules allow, within the seats there are.
    var lowest: Int
    var highest: Int
    /// People who may take an open place: active, in the boat, available for every race, not fixed.
    var candidates: [Int]
    /// Each person's role now (by person index), for counting changes, and how many have one.
    var currentRole: [CrewRole]
    var currentMemberCount: Int
    var fixedMembers: [Int]
    var fixedDrummer: Int?
    var fixedSteerer: Int?
    var fixedRowPeople: [Int]

    var weight: Int { races.count }
    var sidesAreRules: Bool { rules.contains(where: \.sidesAreRules) }
    var capabilityIsRule: Bool { rules.contains(where: \.capabilityIsRule) }
}

/// The problem in indices: people 0..<n, boats 0..<m.
struct PlanningModel {
    let regatta: Regatta
    let options: RegattaPlanOptions
    let people: [Paddler]
    let boats: [PlannedBoat]
    /// tooClose[a][b]: boats a and b serve races that start too close together (a ≠ b).
    let tooClose: [[Bool]]
    /// Boats that serve two races too close together themselves (everyone in them races both).
    let selfConflicts: [Int]
    /// People whose race count the fairness terms count: active and available for at least one race.
    let counted: [Bool]
    let indexOf: [PaddlerID: Int]

    init(regatta: Regatta, options: RegattaPlanOptions) {
        self.regatta = regatta
        self.options = options
        let boatIndices = Array(Set(regatta.races.map(\.boat))).sorted()
        var ids = Set<PaddlerID>()
        for boat in boatIndices { ids.formUnion(regatta.boats[boat].lineup.placements.map(\.paddler)) }
        let people = ids.compactMap { regatta.roster[$0] }.sorted { ($0.name, $0.id) < ($1.name, $1.id) }
        self.people = people
        let indexOf = Dictionary(uniqueKeysWithValues: people.enumerated().map { ($0.element.id, $0.offset) })
        self.indexOf = indexOf
        counted = people.map { person in regatta.races.indices.contains { regatta.isAvailable(person.id, for: $0) } }

        var boats: [PlannedBoat] = []
        for boat in boatIndices {
            let races = regatta.races(ofBoat: boat)
            let lineup = regatta.boats[boat].lineup
            var rules: [CrewRules] = []
            for race in races where !rules.contains(regatta.races[race].rules) {
                rules.append(regatta.races[race].rules)
            }
            var fixed: [(place: Place, person: Int?)] = []
            for seat in Place.seats(of: lineup.kind) {
                let occupant = lineup[seat].flatMap { indexOf[$0] }
                if lineup.isLocked(seat) || (options.keepsSeated && occupant != nil) { fixed.append((seat, occupant)) }
            }
            let fixedSeats = Set(fixed.map(\.place))
            let fixedPeople = Set(fixed.compactMap(\.person))
            let openLeft = (1...lineup.kind.rowCount).filter { !fixedSeats.contains(.left(row: $0)) }.count
            let openRight = (1...lineup.kind.rowCount).filter { !fixedSeats.contains(.right(row: $0)) }.count
            let fixedRowCount = fixed.filter { $0.place.row != nil && $0.person != nil }.count
            let lowest = rules.map(\.paddlers.lowerBound).max() ?? 0
            let highest = min(rules.map(\.paddlers.upperBound).min() ?? 0, fixedRowCount + openLeft + openRight)
            let candidates = people.indices.filter { person in
                !fixedPeople.contains(person) && lineup.place(of: people[person].id) != nil
                    && races.allSatisfy { regatta.isAvailable(people[person].id, for: $0) }
            }
            var current = [CrewRole](repeating: .none, count: people.count)
            for (id, place) in lineup.placements where place.isSeat {
                guard let person = indexOf[id] else { continue }
                current[person] = place == .drummer ? .drummer : place == .steerer ? .steerer : .row
            }
            boats.append(
                PlannedBoat(
                    boat: boat, races: races, rules: rules, original: lineup, fixed: fixed,
                    drummerOpen: !fixedSeats.contains(.drummer), steererOpen: !fixedSeats.contains(.steerer),
                    openLeft: openLeft, openRight: openRight, fixedRowCount: fixedRowCount, lowest: lowest,
                    highest: max(highest, 0), candidates: candidates, currentRole: current,
                    currentMemberCount: current.filter { $0 != .none }.count, fixedMembers: Array(fixedPeople).sorted(),
                    fixedDrummer: fixed.first { $0.place == .drummer }?.person,
                    fixedSteerer: fixed.first { $0.place == .steerer }?.person,
                    fixedRowPeople: fixed.filter { $0.place.row != nil }.compactMap(\.person)))
        }
        self.boats = boats
        tooClose = boats.map { first in
            boats.map { second in
                first.boat != second.boat
                    && first.races.contains { a in second.races.contains { b in regatta.tooClose(a, b) } }
            }
        }
        selfConflicts = boats.indices.filter { index in
            let races = boats[index].races
            return races.contains { a in races.contains { b in regatta.tooClose(a, b) } }
        }
    }

    // MARK: - Scoring

    /// Everyone in boat `index` with `choice`, with their roles.
    func members(_ index: Int, _ choice: CrewChoice) -> [(person: Int, role: CrewRole, place: Place?)] {
        var result: [(person: Int, role: CrewRole, place: Place?)] = boats[index].fixed.compactMap { entry in
            entry.person.map {
                ($0, entry.place == .drummer ? .drummer : entry.place == .steerer ? .steerer : .row, entry.place)
            }
        }
        if let drummer = choice.drummer { result.append((drummer, .drummer, nil)) }
        if let steerer = choice.steerer { result.append((steerer, .steerer, nil)) }
        result += choice.rows.map { ($0, .row, nil) }
        return result
    }

    /// The terms of `PlanScore` that one boat's crew decides alone: broken rules, mismatches, empty seats
    /// and changes. Plain loops without allocation: the local search calls this for every move it tries.
    func boatScore(_ index: Int, _ choice: CrewChoice) -> PlanScore {
        let boat = boats[index]
        var score = PlanScore()
        let rows = boat.fixedRowCount + choice.rows.count
        if rows < boat.lowest { score.brokenRules += boat.lowest - rows }
        if rows > boat.highest { score.brokenRules += rows - boat.highest }
        let drummer = boat.drummerOpen ? choice.drummer : boat.fixedDrummer
        let steerer = boat.steererOpen ? choice.steerer : boat.fixedSteerer
        if drummer == nil { score.brokenRules += 1 }
        if steerer == nil { score.brokenRules += 1 }
        // Ability and sides are judged on the people the plan chooses; fixed seats are as the coach set them.
        var unable = 0
        if let drummer = choice.drummer, !people[drummer].canDrum { unable += 1 }
        if let steerer = choice.steerer, !people[steerer].canSteer { unable += 1 }
        var leftOnly = 0
        var rightOnly = 0
        var rowWomen = 0
        var rowMen = 0
        var rowNotWomen = 0
        func countSex(_ person: Int, _ women: inout Int, _ men: inout Int, _ notWomen: inout Int) {
            switch people[person].sex {
            case .female: women += 1
            case .male:
                men += 1
                notWomen += 1
            case .other: notWomen += 1
            case nil: break
            }
        }
        for person in choice.rows {
            switch people[person].side {
            case .left: leftOnly += 1
            case .right: rightOnly += 1
            case .either: break
            }
            countSex(person, &rowWomen, &rowMen, &rowNotWomen)
        }
        for person in boat.fixedRowPeople { countSex(person, &rowWomen, &rowMen, &rowNotWomen) }
        var endWomen = 0
        var endMen = 0
        var endNotWomen = 0
        for person in [drummer, steerer] { if let person { countSex(person, &endWomen, &endMen, &endNotWomen) } }
        let misfits = max(0, leftOnly - boat.openLeft) + max(0, rightOnly - boat.openRight)
        if boat.capabilityIsRule { score.brokenRules += unable } else { score.mismatches += unable }
        if boat.sidesAreRules { score.brokenRules += misfits } else { score.mismatches += misfits }
        for rules in boat.rules {
            let ends = rules.countsDrummerAndSteerer
            switch rules.sex {
            case .any: break
            case .womenOnly:
                score.brokenRules += rowNotWomen + (ends ? endNotWomen : 0)
            case .mixed(let each):
                for count in [rowWomen + (ends ? endWomen : 0), rowMen + (ends ? endMen : 0)] {
                    score.brokenRules += max(0, each.lowerBound - count) + max(0, count - each.upperBound)
                }
            }
        }
        if rows < boat.highest { score.emptySeats += (boat.highest - rows) * boat.weight }
        // Changes: people whose role differs, plus those who were in the crew and are no longer.
        var stayed = 0
        func compare(_ person: Int, _ role: CrewRole) {
            let before = boat.currentRole[person]
            if before != role { score.changes += 1 }
            if before != .none { stayed += 1 }
        }
        if boat.drummerOpen, let drummer = choice.drummer { compare(drummer, .drummer) }
        if boat.steererOpen, let steerer = choice.steerer { compare(steerer, .steerer) }
        for person in choice.rows { compare(person, .row) }
        for person in boat.fixedMembers { compare(person, boat.currentRole[person]) }
        score.changes += boat.currentMemberCount - stayed
        return score
    }

    /// The whole plan's score.
    func score(_ choices: [CrewChoice]) -> PlanScore {
        var total = PlanScore()
        var races = [Int](repeating: 0, count: people.count)
        var memberSets: [Set<Int>] = []
        for index in boats.indices {
            let part = boatScore(index, choices[index])
            total.brokenRules += part.brokenRules
            total.mismatches += part.mismatches
            total.emptySeats += part.emptySeats
            total.changes += part.changes
            let members = Set(members(index, choices[index]).map(\.person))
            for person in members { races[person] += boats[index].weight }
            memberSets.append(members)
        }
        for first in boats.indices {
            for second in (first + 1)..<boats.count where tooClose[first][second] {
                total.brokenRules += memberSets[first].intersection(memberSets[second]).count
            }
        }
        addCountTerms(races, to: &total)
        return total
    }

    /// The terms that depend on each person's number of races: `--max-races`, `--min-races` and fairness.
    func addCountTerms(_ races: [Int], to score: inout PlanScore) {
        for person in people.indices { addCountTerms(person: person, races: races[person], to: &score) }
    }

    /// One person's terms of `addCountTerms(_:to:)`.
    func addCountTerms(person: Int, races: Int, to score: inout PlanScore) {
        if let maximum = options.maximumRaces { score.brokenRules += max(0, races - maximum) }
        guard counted[person] else { return }
        if let minimum = options.minimumRaces { score.racesShort += max(0, minimum - races) }
        score.sumOfSquaredRaces += races * races
    }
}
