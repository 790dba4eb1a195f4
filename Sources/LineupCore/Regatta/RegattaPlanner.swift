/// What `lineup regatta plan` may do and how hard it looks.
public struct RegattaPlanOptions: Hashable, Sendable {
    /// Every available paddler should race at least this often (a target: what cannot be met is reported).
    public var minimumRaces: Int?
    /// Nobody races more often than this (a rule the plan keeps).
    public var maximumRaces: Int?
    /// Keep everyone already seated where they are and only fill empty seats (locked seats are always kept);
    /// someone not there for every race of their boat is not kept, and their seat is filled.
    public var keepsSeated: Bool
    /// Level each boat with the optimizer once its crew is chosen.
    public var balances: Bool
    /// The random generator's seed, so that a plan can be made again exactly.
    public var seed: UInt64
    /// Moves of the local search per restart (nil: chosen from the regatta's size, `defaultIterations`), and
    /// restarts.
    public var iterations: Int?
    public var restarts: Int
    /// The complete search is used when no boat has more possible crews than this...
    public var exhaustiveCrewLimit: Int
    /// ...and it finishes having looked at no more than this many crews; otherwise the local search's plan
    /// is used when it is better.
    public var exhaustiveNodeLimit: Int
    /// Stop once this much work is done (`RegattaPlan.work`): to make again exactly a plan whose search was
    /// stopped early (by a time limit) at that point. Nil: the search's own budget.
    public var stopsAtWork: Int?
    /// What a "maybe" answer costs: avoided (someone who answered "in" is seated first) or allowed (seated
    /// as if "in"). Either way the plan names everyone it seats on a maybe.
    public var maybes: MaybePolicy

    /// How the planner treats paddlers who answered "maybe" for a race.
    public enum MaybePolicy: String, Hashable, Sendable, CaseIterable {
        /// Seated only where nobody who answered "in" does as well: a cost just after the rules.
        case avoid
        /// Seated like anyone who answered "in".
        case allow
    }

    public init(
        minimumRaces: Int? = nil, maximumRaces: Int? = nil, keepsSeated: Bool = false, balances: Bool = true,
        seed: UInt64 = 1, iterations: Int? = nil, restarts: Int = 3, exhaustiveCrewLimit: Int = 5_000,
        exhaustiveNodeLimit: Int = 20_000_000, stopsAtWork: Int? = nil, maybes: MaybePolicy = .avoid
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
        self.stopsAtWork = stopsAtWork
        self.maybes = maybes
    }
}

/// How good a plan is, compared term by term in this order (smaller is better).
///
/// First the rules, the most important first, so that when they cannot all be kept the plan breaks the
/// least important ones: someone in two races that start at the same time; the sex rule (a man in a
/// women's crew); a boat without a steerer, without a drummer, short of paddlers (a boat that cannot
/// start); someone in two races closer than the minimum gap (a tired paddler, but a boat that races);
/// `--max-races`; sides and drum/steer ability where the rules require them, and paddlers who must sit
/// outside their allowed rows (`Paddler.rows`, always a limit). Then what the rules only
/// warn about: side and drum/steer mismatches, a drummer or steerer of unknown weight (the boat's balance
/// cannot be judged); races short of `--min-races`; empty seats (per race); with `--maybe avoid`, races of
/// people seated though they answered "maybe" for them (a full boat comes first); people in only one of a crew
/// and the crew it carries on (a final seated as a copy of its heat, `PlanningModel.carries`), so that a
/// final keeps its heat's crew and fills the same hole with the same person; the sum of squared race counts
/// of the available paddlers (the evener the smaller); and paddlers moved in or out of a crew compared
/// with the boats as they were.
public struct PlanScore: Hashable, Comparable, Sendable {
    public var sameTimeRaces = 0
    public var sexRuleBreaks = 0
    public var missingSteerers = 0
    public var missingDrummers = 0
    public var paddlersShort = 0
    public var restBreaks = 0
    public var overMaximumRaces = 0
    public var requiredFitBreaks = 0
    public var mismatches = 0
    public var unweighedEnds = 0
    public var racesShort = 0
    public var emptySeats = 0
    /// Races in which someone who answered "maybe" for them is seated (with `--maybe avoid`).
    public var maybeSeats = 0
    /// People who could race both a crew and the crew it carries on, in only one of them, beyond the holes
    /// left by those who cannot (`PlanningModel.Carry.breaks`).
    public var carryBreaks = 0
    public var sumOfSquaredRaces = 0
    public var changes = 0

    public init() {}

    /// Every broken rule, whatever its kind.
    public var brokenRules: Int {
        sameTimeRaces + sexRuleBreaks + missingSteerers + missingDrummers + paddlersShort + restBreaks
            + overMaximumRaces + requiredFitBreaks
    }

    static let termCount = 16

    /// The terms in the order they are compared.
    func term(_ index: Int) -> Int {
        switch index {
        case 0: sameTimeRaces
        case 1: sexRuleBreaks
        case 2: missingSteerers
        case 3: missingDrummers
        case 4: paddlersShort
        case 5: restBreaks
        case 6: overMaximumRaces
        case 7: requiredFitBreaks
        case 8: mismatches
        case 9: unweighedEnds
        case 10: racesShort
        case 11: emptySeats
        case 12: maybeSeats
        case 13: carryBreaks
        case 14: sumOfSquaredRaces
        default: changes
        }
    }

    /// Each term outweighs everything after it on instances of a club's size (hundreds of people), so that
    /// the annealing's one number agrees with the order; in floating point, since the spread is wide.
    static let weights: [Double] = [
        1e40, 1e37, 1e34, 1e31, 1e28, 1e25, 1e22, 1e19, 1e16, 1e13, 1e9, 2e5, 1.5e4, 8e3, 1e3, 1,
    ]

    public static func < (lhs: PlanScore, rhs: PlanScore) -> Bool {
        for index in 0..<termCount where lhs.term(index) != rhs.term(index) { return lhs.term(index) < rhs.term(index) }
        return false
    }

    /// The weighted difference `self - other`, term by term, so that small terms are not lost beside large
    /// ones.
    func weightedDifference(from other: PlanScore) -> Double {
        var sum = 0.0
        for index in 0..<Self.termCount where term(index) != other.term(index) {
            sum += Self.weights[index] * Double(term(index) - other.term(index))
        }
        return sum
    }

    mutating func add(_ other: PlanScore, times sign: Int = 1) {
        sameTimeRaces += sign * other.sameTimeRaces
        sexRuleBreaks += sign * other.sexRuleBreaks
        missingSteerers += sign * other.missingSteerers
        missingDrummers += sign * other.missingDrummers
        paddlersShort += sign * other.paddlersShort
        restBreaks += sign * other.restBreaks
        overMaximumRaces += sign * other.overMaximumRaces
        requiredFitBreaks += sign * other.requiredFitBreaks
        maybeSeats += sign * other.maybeSeats
        mismatches += sign * other.mismatches
        unweighedEnds += sign * other.unweighedEnds
        racesShort += sign * other.racesShort
        emptySeats += sign * other.emptySeats
        carryBreaks += sign * other.carryBreaks
        sumOfSquaredRaces += sign * other.sumOfSquaredRaces
        changes += sign * other.changes
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
    /// The options it was made with.
    public var options: RegattaPlanOptions
    /// What the plan could not satisfy, each with its cause; empty when it meets everything asked.
    public var unmet: [PlanFinding]
    /// Things worth knowing that are not failures (boats not full, warnings of the crew rules).
    public var notes: [PlanFinding]
    /// The search's work (crews looked at and moves tried), in the units of `RegattaPlanOptions.stopsAtWork`.
    public var work: Int
    /// Moves per restart of the local search (the options' `iterations`, or the default for the regatta's size).
    public var iterationsPerRestart: Int
    /// True when the front end stopped the search (its time limit) before it had done its budget.
    public var stoppedEarly: Bool
    /// A fingerprint of everything the plan was made from (the regatta, its boats, the roster, availability,
    /// the options) and of the lineups it proposes: equal fingerprints, the same plan from the same data.
    public var fingerprint: UInt64
}

/// Proposes crews for all the races of a regatta at once.
///
/// Each boat the races use gets a drummer, a steerer and its paddlers, chosen together for the whole day:
/// only paddlers available at every race of the boat, nobody in two races that start closer than the
/// minimum gap, the crew rules of every race the boat serves (size, sex counts, sides and drum/steer
/// ability as the rules require them, everyone within their allowed rows), locked seats (and with
/// `keepsSeated` every seated paddler) kept, and nobody over `maximumRaces`. Among the plans that keep all
/// that, it prefers what `PlanScore` lists. Small regattas are searched completely (backtracking over each
/// boat's possible crews, with forward checking and bounds); larger ones by simulated annealing. Then each
/// boat is seated from the front (row 1 first, nobody in a row their allowed rows exclude, sided paddlers on
/// their side, paddlers of a role in the boat's rows for it and in their preferred rows where there is room)
/// and levelled with `LineupOptimizer`, which keeps the crew in those rows and everyone within theirs.
///
/// The search is deterministic: the same regatta and options give the same plan. `progress` hears the
/// share of the search's budget done, now and then, and may stop the search by returning false; the plan
/// then says so (`stoppedEarly`), and `RegattaPlanOptions.stopsAtWork` set to its `work` makes it again.
public enum RegattaPlanner {
    public static func plan(
        _ regatta: Regatta, options: RegattaPlanOptions = RegattaPlanOptions(),
        progress: ((Double) -> Bool)? = nil
    ) -> RegattaPlan {
        let model = PlanningModel(regatta: regatta, options: options)
        let budget = SearchBudget(stopsAt: options.stopsAtWork, progress: progress)
        var method = RegattaPlan.Method.localSearch
        var proven = false
        var choice: [CrewChoice]
        if let exhaustive = model.exhaustiveSearch(budget: budget) {
            method = .exhaustive
            proven = exhaustive.complete
            if let best = exhaustive.best, exhaustive.complete || budget.isStopped {
                choice = best
            } else {
                // No plan keeps every rule (proven when complete): the local search finds the closest. When
                // the complete search ran out of budget, the local search may also beat what it found.
                choice = model.localSearch(budget: budget)
                if let best = exhaustive.best {
                    if model.score(choice) < model.score(best) { method = .localSearch } else { choice = best }
                }
            }
        } else {
            choice = model.localSearch(budget: budget)
        }
        // Never a plan worse than the boats as they are, by the same order; on a tie they stay as they are.
        let current = model.currentChoices()
        if !(model.score(choice) < model.score(current)) { choice = current }
        // The search never seats a boat: among fillers it finds equally good, the one that levels the boat.
        choice = model.levellingFillers(choice)
        return model.result(choice, method: method, proven: proven, budget: budget)
    }
}

/// The search's work so far, checked now and then against a replay's stopping point and the front end's
/// wish to go on. The checks fall at points that depend on the work alone, so a search stopped at one of
/// them can be made again exactly.
final class SearchBudget {
    let stopsAt: Int?
    let progress: ((Double) -> Bool)?
    private(set) var work = 0
    /// The share of the whole search last reported.
    private(set) var share = 0.0
    private(set) var isStopped = false
    private(set) var stoppedByFrontEnd = false
    private var nextCheck = 0
    /// The phase's work done before it, and its budget, for the share reported.
    private var phaseStart = 0
    private var phaseBudget = 1
    private var phaseShare: (low: Double, high: Double) = (0, 1)

    static let checkEvery = 2_048

    init(stopsAt: Int?, progress: ((Double) -> Bool)?) {
        self.stopsAt = stopsAt
        self.progress = progress
    }

    /// A new phase with a budget of `units`, reported as the shares from `low` to `high`.
    func begin(budget units: Int, from low: Double, to high: Double) {
        phaseStart = work
        phaseBudget = max(1, units)
        phaseShare = (low, high)
    }

    /// Counts `units` of work; false when the search must stop.
    func spend(_ units: Int) -> Bool {
        // Nothing counts after a stop: the work reported is where the search stopped.
        guard !isStopped else { return false }
        work += units
        guard work >= nextCheck else { return true }
        nextCheck = work + Self.checkEvery
        if let stopsAt, work >= stopsAt {
            isStopped = true
            stoppedByFrontEnd = true
            return false
        }
        let done = min(1, Double(work - phaseStart) / Double(phaseBudget))
        share = phaseShare.low + (phaseShare.high - phaseShare.low) * done
        if let progress, !progress(share) {
            isStopped = true
            stoppedByFrontEnd = true
            return false
        }
        return true
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
/// A class: the local search reads a boat for every move it tries, and a copy of a struct of this many
/// arrays costs a retain of each.
final class PlannedBoat {
    let boat: Int
    let races: [Int]
    let rules: [CrewRules]
    let original: Lineup
    /// Seats kept as they are (locked, or every seat with `keepsSeated`), with the person there (nil: empty).
    let fixed: [(place: Place, person: Int?)]
    let drummerOpen: Bool
    let steererOpen: Bool
    let openLeft: Int
    let openRight: Int
    /// The open row seats in the order a crew fills them: row 1 first (a short crew leaves the back empty).
    let openSeats: [Place]
    /// With `n` people in the open seats, at most `leftRoom[n]` of them sit on the left and at most
    /// `rightRoom[n]` on the right (`PlanningModel.sideRoom`).
    let leftRoom: [Int]
    let rightRoom: [Int]
    let fixedRowCount: Int
    /// Crew size (rows) the rules allow, within the seats there are.
    let lowest: Int
    let highest: Int
    /// People who may take an open place: active, in the boat, available for every race, not fixed.
    let candidates: [Int]
    /// The candidates marked able to drum, and to steer.
    let drummerCandidates: [Int]
    let steererCandidates: [Int]
    /// Each person's role now (by person index), for counting changes, and how many have one.
    let currentRole: [CrewRole]
    let currentMemberCount: Int
    let fixedMembers: [Int]
    let fixedDrummer: Int?
    let fixedSteerer: Int?
    let fixedRowPeople: [Int]
    /// With `keepsSeated`, those seated in an unlocked seat who are not there for every race of the boat:
    /// not kept, their seats open.
    let notKept: [(place: Place, person: Int)]
    /// For each person, how many of the boat's races they answered "maybe" for (all zero with `--maybe allow`).
    let maybeRaces: [Int]
    /// With `keepsSeated`, those seated in an unlocked seat who are kept in an earlier boat whose `race` starts
    /// too close to this boat's: not kept here, their seats open (a final copied from its heat too soon after it).
    let restReleased: [(place: Place, person: Int, race: Int)]
    /// With `keepsSeated`, a kept row paddler able to drum (or steer) freed from their seat when the drum (or
    /// helm) is open and nobody else there for the boat's races is marked able: the plan may move them there.
    let endReleased: [(place: Place, person: Int, end: Place)]
    /// Races of other regattas of the day this boat races too (`Regatta.boatsRacingElsewhere`): when any,
    /// every seat is kept as it is and the plan leaves the boat alone.
    let racesElsewhere: [RaceElsewhere]

    /// Whether this boat's seated crew is disturbed (someone not kept, freed to rest, or to the drum or helm)
    /// and `other`'s is disturbed alike: the same people out of the same seats.
    func isDisturbed(as other: PlannedBoat) -> Bool {
        guard !notKept.isEmpty || !restReleased.isEmpty || !endReleased.isEmpty else { return false }
        return notKept.map(\.person) == other.notKept.map(\.person)
            && notKept.map(\.place) == other.notKept.map(\.place)
            && restReleased.map(\.person) == other.restReleased.map(\.person)
            && restReleased.map(\.place) == other.restReleased.map(\.place)
            && endReleased.map(\.person) == other.endReleased.map(\.person)
            && endReleased.map(\.end) == other.endReleased.map(\.end)
    }

    init(
        boat: Int, races: [Int], rules: [CrewRules], original: Lineup, fixed: [(place: Place, person: Int?)],
        drummerOpen: Bool, steererOpen: Bool, openLeft: Int, openRight: Int, openSeats: [Place], leftRoom: [Int],
        rightRoom: [Int], fixedRowCount: Int, lowest: Int, highest: Int, candidates: [Int], drummerCandidates: [Int],
        steererCandidates: [Int], currentRole: [CrewRole], currentMemberCount: Int, fixedMembers: [Int],
        fixedDrummer: Int?, fixedSteerer: Int?, fixedRowPeople: [Int], notKept: [(place: Place, person: Int)],
        restReleased: [(place: Place, person: Int, race: Int)],
        endReleased: [(place: Place, person: Int, end: Place)], racesElsewhere: [RaceElsewhere] = [],
        maybeRaces: [Int]
    ) {
        self.boat = boat
        self.races = races
        self.rules = rules
        self.original = original
        self.fixed = fixed
        self.drummerOpen = drummerOpen
        self.steererOpen = steererOpen
        self.openLeft = openLeft
        self.openRight = openRight
        self.openSeats = openSeats
        self.leftRoom = leftRoom
        self.rightRoom = rightRoom
        self.fixedRowCount = fixedRowCount
        self.lowest = lowest
        self.highest = highest
        self.candidates = candidates
        self.drummerCandidates = drummerCandidates
        self.steererCandidates = steererCandidates
        self.currentRole = currentRole
        self.currentMemberCount = currentMemberCount
        self.fixedMembers = fixedMembers
        self.fixedDrummer = fixedDrummer
        self.fixedSteerer = fixedSteerer
        self.fixedRowPeople = fixedRowPeople
        self.notKept = notKept
        self.restReleased = restReleased
        self.endReleased = endReleased
        self.racesElsewhere = racesElsewhere
        self.maybeRaces = maybeRaces
    }

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
    /// sameTime[a][b]: boats a and b serve races that start at the same time (a ≠ b): nobody can race both.
    let sameTime: [[Bool]]
    /// Boats that serve two races too close together themselves (everyone in them races both).
    let selfConflicts: [Int]
    /// People whose race count the fairness terms count: active and available for at least one race.
    let counted: [Bool]
    let indexOf: [PaddlerID: Int]
    /// Crews that carry on an earlier one (by model index), each with who could race both (by person).
    let carries: [Carry]

    /// A later boat seated as a copy of an earlier one (a final copied from its heat with `race add
    /// --copy-from`): by the link the store keeps (`storedCarrySource`), or, in files from before it kept one,
    /// as the seats tell it (`carrySource`).
    struct Carry {
        let earlier: Int
        let later: Int
        /// eligible[person]: there for both boats' races and free to take a place in each (or kept in it).
        let eligible: [Bool]
        /// Everyone who may sit in either boat (its candidates and those it keeps), sorted.
        let people: [Int]

        /// People of the earlier crew who could race both but are left out of the later one, and newcomers to the
        /// later crew who could race both, beyond the holes the earlier crew's people who cannot race both leave:
        /// the later crew is the earlier one, less those not there for it, filled (a heat paddler leaving at noon
        /// races the heat, and one newcomer takes his seat in the final). Nobody who races the heat and is there
        /// for the final is dropped from it for free, however many newcomers are there only for the final.
        func breaks(inEarlier: (Int) -> Bool, inLater: (Int) -> Bool) -> Int {
            var dropped = 0
            var added = 0
            var holes = 0
            for person in people {
                let (early, late) = (inEarlier(person), inLater(person))
                guard early != late else { continue }
                switch (eligible[person], early) {
                case (true, true): dropped += 1
                case (true, false): added += 1
                case (false, true): holes += 1
                case (false, false): break
                }
            }
            return dropped + max(0, added - holes)
        }
    }

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

        let released = options.keepsSeated ? Self.releasedForRest(regatta, boats: boatIndices) : [:]
        var boats: [PlannedBoat] = []
        for boat in boatIndices {
            let races = regatta.races(ofBoat: boat)
            var restReleased: [(place: Place, person: Int, race: Int)] = []
            let lineup = regatta.boats[boat].lineup
            var rules: [CrewRules] = []
            for race in races where !rules.contains(regatta.races[race].rules) {
                rules.append(regatta.races[race].rules)
            }
            var fixed: [(place: Place, person: Int?)] = []
            var notKept: [(place: Place, person: Int)] = []
            // A boat that races in another regatta of the day too holds one crew for both: kept whole.
            let elsewhere = regatta.boatsRacingElsewhere[boat] ?? []
            for seat in Place.seats(of: lineup.kind) {
                let occupant = lineup[seat].flatMap { indexOf[$0] }
                if lineup.isLocked(seat) || !elsewhere.isEmpty {
                    fixed.append((seat, occupant))
                } else if options.keepsSeated, let occupant {
                    // The crew cannot race with someone who is not there: keeping seated crews keeps only those
                    // there for every race of the boat, and their seat is filled like an empty one; so is the
                    // seat of someone kept in an earlier boat too close in time.
                    if let race = released[boat]?[people[occupant].id] {
                        restReleased.append((seat, occupant, race))
                    } else if races.allSatisfy({ regatta.isAvailable(people[occupant].id, for: $0) }) {
                        fixed.append((seat, occupant))
                    } else {
                        notKept.append((seat, occupant))
                    }
                }
            }
            let endReleased =
                options.keepsSeated
                ? Self.releasedForEnds(
                    &fixed, lineup: lineup, races: races, regatta: regatta, people: people, indexOf: indexOf)
                : []
            let fixedSeats = Set(fixed.map(\.place))
            let fixedPeople = Set(fixed.compactMap(\.person))
            let openSeats = Place.seats(of: lineup.kind).filter { $0.row != nil && !fixedSeats.contains($0) }
            // Kept paddlers who paddle on either side may cross to an open seat of the other side, so a
            // newcomer who paddles on one side can have their seat.
            let crossing = fixed.filter { entry in
                !lineup.isLocked(entry.place) && entry.place.row != nil
                    && entry.person.map { people[$0].side == .either } ?? false
            }
            let (leftRoom, rightRoom) = Self.sideRoom(
                openSeats, crossingFromLeft: crossing.filter { $0.place.isLeft }.count,
                crossingFromRight: crossing.filter { !$0.place.isLeft }.count)
            let openLeft = openSeats.filter(\.isLeft).count
            let openRight = openSeats.count - openLeft
            let fixedRowCount = fixed.filter { $0.place.row != nil && $0.person != nil }.count
            let lowest = rules.map(\.paddlers.lowerBound).max() ?? 0
            let highest = min(rules.map(\.paddlers.upperBound).min() ?? 0, fixedRowCount + openSeats.count)
            let inBoat = Set(lineup.placements.map(\.paddler))
            let candidates = people.indices.filter { person in
                !fixedPeople.contains(person) && inBoat.contains(people[person].id)
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
                    openLeft: openLeft, openRight: openRight, openSeats: openSeats, leftRoom: leftRoom,
                    rightRoom: rightRoom, fixedRowCount: fixedRowCount, lowest: lowest, highest: max(highest, 0),
                    candidates: candidates, drummerCandidates: candidates.filter { people[$0].canDrum },
                    steererCandidates: candidates.filter { people[$0].canSteer }, currentRole: current,
                    currentMemberCount: current.filter { $0 != .none }.count, fixedMembers: Array(fixedPeople).sorted(),
                    fixedDrummer: fixed.first { $0.place == .drummer }?.person,
                    fixedSteerer: fixed.first { $0.place == .steerer }?.person,
                    fixedRowPeople: fixed.filter { $0.place.row != nil }.compactMap(\.person), notKept: notKept,
                    restReleased: restReleased, endReleased: endReleased, racesElsewhere: elsewhere,
                    maybeRaces: people.map { person in
                        options.maybes == .allow ? 0 : races.filter { regatta.isMaybe(person.id, for: $0) }.count
                    }))
        }
        self.boats = boats
        tooClose = boats.map { first in
            boats.map { second in
                first.boat != second.boat
                    && first.races.contains { a in second.races.contains { b in regatta.tooClose(a, b) } }
            }
        }
        sameTime = boats.map { first in
            boats.map { second in
                first.boat != second.boat
                    && first.races.contains { a in
                        second.races.contains { b in regatta.races[a].start == regatta.races[b].start }
                    }
            }
        }
        selfConflicts = boats.indices.filter { index in
            let races = boats[index].races
            return races.contains { a in races.contains { b in regatta.tooClose(a, b) } }
        }
        let tooClose = self.tooClose
        // The link `race add --copy-from` stored first; the seats tell it only where none is stored (a file
        // from before links were stored), and never between two boats links already join, directly or through
        // others (a heat copied from its final, a semi from the heat): crews never carry on each other in a loop.
        let stored = boats.indices.map {
            Self.storedCarrySource(of: $0, boats: boats, tooClose: tooClose, regatta: regatta)
        }
        var group = Array(boats.indices)
        func root(_ index: Int) -> Int {
            var index = index
            while group[index] != index { index = group[index] }
            return index
        }
        for later in boats.indices {
            if let earlier = stored[later].source { group[root(later)] = root(earlier) }
        }
        carries = boats.indices.compactMap { later in
            var earlier = stored[later].source
            if !stored[later].isStored {
                earlier = Self.carrySource(
                    of: later, boats: boats, tooClose: tooClose, regatta: regatta,
                    allowing: { root($0) != root(later) })
                if let earlier { group[root(later)] = root(earlier) }
            }
            guard let earlier else { return nil }
            var eligible = [Bool](repeating: false, count: people.count)
            for boat in [boats[earlier], boats[later]] {
                for person in boat.candidates + boat.fixedMembers { eligible[person] = true }
            }
            for boat in [boats[earlier], boats[later]] {
                let there = Set(boat.candidates + boat.fixedMembers)
                for person in people.indices where !there.contains(person) { eligible[person] = false }
            }
            let either = Set(boats[earlier].candidates + boats[earlier].fixedMembers)
                .union(boats[later].candidates + boats[later].fixedMembers)
            return Carry(earlier: earlier, later: later, eligible: eligible, people: either.sorted())
        }
    }

    /// Keeping seated crews, for the drum and then the helm when open (its seat unlocked and its kept person
    /// gone) with nobody free marked able (in the boat, there for its `races`, not kept): the first kept row
    /// paddler, by seat, who is, taken out of `fixed` so that the plan may move them there. A coach whose
    /// drummer is absent moves the backup drummer from the rows to the drum.
    static func releasedForEnds(
        _ fixed: inout [(place: Place, person: Int?)], lineup: Lineup, races: [Int], regatta: Regatta,
        people: [Paddler], indexOf: [PaddlerID: Int]
    ) -> [(place: Place, person: Int, end: Place)] {
        var released: [(place: Place, person: Int, end: Place)] = []
        let kept = Set(fixed.compactMap(\.person))
        for end in [Place.drummer, .steerer] where !lineup.isLocked(end) && !fixed.contains(where: { $0.place == end })
        {
            let able = { (person: Int) in end == .drummer ? people[person].canDrum : people[person].canSteer }
            let free = lineup.placements.contains { placement in
                guard let person = indexOf[placement.paddler], !kept.contains(person), able(person) else {
                    return false
                }
                return races.allSatisfy { regatta.isAvailable(placement.paddler, for: $0) }
            }
            guard !free,
                let index = fixed.firstIndex(where: { entry in
                    guard let person = entry.person, entry.place.row != nil, !lineup.isLocked(entry.place) else {
                        return false
                    }
                    return able(person)
                }),
                let person = fixed[index].person
            else { continue }
            released.append((fixed[index].place, person, end))
            fixed.remove(at: index)
        }
        return released
    }

    /// The boat whose crew boat `later` carries on by a stored link (`Regatta.Race.carriesCrewOf` of one of its
    /// races), and whether any race of it stores one. The source is nil when the linked race is raced by the
    /// same boat, by a boat of another kind, or too close in time for one crew to race both.
    static func storedCarrySource(of later: Int, boats: [PlannedBoat], tooClose: [[Bool]], regatta: Regatta)
        -> (isStored: Bool, source: Int?)
    {
        let names = boats[later].races.compactMap { regatta.races[$0].carriesCrewOf }
        guard let name = names.first else { return (false, nil) }
        guard let race = regatta.races.firstIndex(where: { $0.name == name }),
            let earlier = boats.firstIndex(where: { $0.races.contains(race) }), earlier != later,
            boats[earlier].original.kind == boats[later].original.kind, !tooClose[earlier][later]
        else { return (true, nil) }
        return (true, earlier)
    }

    /// The earlier boat whose crew boat `later` carries on, if any, when no link is stored: of the same kind, racing first, far enough
    /// apart in time for one crew to race both, and with at least `carryLeastSeats` and at least three in four
    /// of the seats `later` has taken (drum, helm, rows) held by the same person in the same seat, as a boat
    /// copied with `race add --copy-from` starts (two crews planned apart share far fewer); the one with most
    /// such seats, among those `allowed` lets it carry on.
    static func carrySource(
        of later: Int, boats: [PlannedBoat], tooClose: [[Bool]], regatta: Regatta, allowing allowed: (Int) -> Bool
    ) -> Int? {
        let lineup = boats[later].original
        let taken = Place.seats(of: lineup.kind).filter { lineup[$0] != nil }
        guard taken.count >= carryLeastSeats, let start = boats[later].races.map({ regatta.races[$0].start }).min()
        else { return nil }
        var best: (index: Int, same: Int)?
        for earlier in boats.indices where earlier != later && !tooClose[earlier][later] && allowed(earlier) {
            let other = boats[earlier].original
            guard other.kind == lineup.kind,
                let otherStart = boats[earlier].races.map({ regatta.races[$0].start }).min(), otherStart < start
            else { continue }
            let same = taken.filter { other[$0] == lineup[$0] }.count
            guard same >= carryLeastSeats, 4 * same >= 3 * taken.count else { continue }
            if best.map({ same > $0.same }) ?? true { best = (earlier, same) }
        }
        return best?.index
    }

    /// The fewest seats two boats must share (same person, same seat) for the later to carry on the earlier.
    static let carryLeastSeats = 4

    /// Keeping seated crews, who is kept where when one person sits (unlocked) in two boats whose races are
    /// too close together: kept in the boat that races first, released in the other. By boat, each released
    /// person with the earlier boat's race they are kept for.
    static func releasedForRest(_ regatta: Regatta, boats: [Int]) -> [Int: [PaddlerID: Int]] {
        let racesOf = Dictionary(uniqueKeysWithValues: boats.map { ($0, regatta.races(ofBoat: $0)) })
        let inOrder = boats.sorted { (racesOf[$0]?.first ?? 0, $0) < (racesOf[$1]?.first ?? 0, $1) }
        var keptIn: [PaddlerID: [Int]] = [:]
        var released: [Int: [PaddlerID: Int]] = [:]
        for boat in inOrder {
            let lineup = regatta.boats[boat].lineup
            let races = racesOf[boat] ?? []
            for seat in Place.seats(of: lineup.kind) where !lineup.isLocked(seat) {
                guard let id = lineup[seat] else { continue }
                let clash = (keptIn[id] ?? []).lazy.flatMap { racesOf[$0] ?? [] }.first { earlier in
                    races.contains { regatta.tooClose(earlier, $0) }
                }
                if let clash {
                    released[boat, default: [:]][id] = clash
                } else {
                    keptIn[id, default: []].append(boat)
                }
            }
        }
        return released
    }

    /// For `n` people in the open seats, the most that can sit on the left, and the most on the right: `n`, or
    /// every open seat of that side when there are fewer, plus the kept paddlers of either side sitting on
    /// that side (`crossingFromLeft`, `crossingFromRight`), who can cross to an open seat of the other side
    /// and leave theirs to a newcomer (`seat` does so). Sided paddlers take the front-most open seats of
    /// their side and the others the front-most of the rest (`frontSeats`), so a hole the coach's kept seats
    /// leave at the back on one side is as good as one in front for someone who paddles on that side.
    static func sideRoom(_ openSeats: [Place], crossingFromLeft: Int = 0, crossingFromRight: Int = 0)
        -> (left: [Int], right: [Int])
    {
        let openLeft = openSeats.filter(\.isLeft).count
        let openRight = openSeats.count - openLeft
        let counts = 0...openSeats.count
        return (
            counts.map { min($0, openLeft + min(crossingFromLeft, openRight)) },
            counts.map { min($0, openRight + min(crossingFromRight, openLeft)) }
        )
    }

    /// The crews as they are, as choices: whoever sits in an open place and may take it (someone who may
    /// not, such as someone not there, is left out), and whether that is everyone sitting there.
    func currentChoice(_ index: Int) -> (choice: CrewChoice, isWhole: Bool) {
        let boat = boats[index]
        var isWhole = true
        func occupant(_ place: Place) -> Int? {
            guard let id = boat.original[place] else { return nil }
            guard let person = indexOf[id], boat.candidates.contains(person) else {
                isWhole = false
                return nil
            }
            return person
        }
        let choice = CrewChoice(
            drummer: boat.drummerOpen ? occupant(.drummer) : nil, steerer: boat.steererOpen ? occupant(.steerer) : nil,
            rows: boat.openSeats.compactMap(occupant).sorted())
        return (choice, isWhole)
    }

    func currentChoices() -> [CrewChoice] { boats.indices.map { currentChoice($0).choice } }

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

    /// The terms of `PlanScore` that one boat's crew decides alone: its rules, mismatches, empty seats and
    /// changes. Plain loops without allocation: the local search calls this for every move it tries.
    func boatScore(_ index: Int, _ choice: CrewChoice) -> PlanScore {
        let boat = boats[index]
        var score = PlanScore()
        let rows = boat.fixedRowCount + choice.rows.count
        if rows < boat.lowest { score.paddlersShort += boat.lowest - rows }
        if rows > boat.highest { score.paddlersShort += rows - boat.highest }
        let drummer = boat.drummerOpen ? choice.drummer : boat.fixedDrummer
        let steerer = boat.steererOpen ? choice.steerer : boat.fixedSteerer
        if drummer == nil { score.missingDrummers += 1 }
        if steerer == nil { score.missingSteerers += 1 }
        // Ability, sides and weights are judged on the people the plan chooses; fixed seats are as the coach
        // set them.
        var unable = 0
        if let drummer = choice.drummer { score.maybeSeats += boat.maybeRaces[drummer] }
        if let steerer = choice.steerer { score.maybeSeats += boat.maybeRaces[steerer] }
        for person in choice.rows { score.maybeSeats += boat.maybeRaces[person] }
        if let drummer = choice.drummer {
            if !people[drummer].canDrum { unable += 1 }
            if people[drummer].weightKg == nil { score.unweighedEnds += 1 }
        }
        if let steerer = choice.steerer {
            if !people[steerer].canSteer { unable += 1 }
            if people[steerer].weightKg == nil { score.unweighedEnds += 1 }
        }
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
        if let drummer { countSex(drummer, &endWomen, &endMen, &endNotWomen) }
        if let steerer { countSex(steerer, &endWomen, &endMen, &endNotWomen) }
        // The crew fills the open seats from the front: the sides have the room of those seats only.
        let taken = min(choice.rows.count, boat.leftRoom.count - 1)
        let misfits = max(0, leftOnly - boat.leftRoom[taken]) + max(0, rightOnly - boat.rightRoom[taken])
        if boat.capabilityIsRule { score.requiredFitBreaks += unable } else { score.mismatches += unable }
        if boat.sidesAreRules { score.requiredFitBreaks += misfits } else { score.mismatches += misfits }
        // Allowed rows are hard limits whatever the rules: a crew that cannot sit within them breaks one.
        score.requiredFitBreaks += rowMisfits(boat, choice.rows)
        for rules in boat.rules {
            let ends = rules.countsDrummerAndSteerer
            switch rules.sex {
            case .any: break
            case .womenOnly:
                score.sexRuleBreaks += rowNotWomen + (ends ? endNotWomen : 0)
            case .mixed(let each):
                for count in [rowWomen + (ends ? endWomen : 0), rowMen + (ends ? endMen : 0)] {
                    score.sexRuleBreaks += max(0, each.lowerBound - count) + max(0, count - each.upperBound)
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
            total.add(boatScore(index, choices[index]))
            let members = Set(members(index, choices[index]).map(\.person))
            for person in members { races[person] += boats[index].weight }
            memberSets.append(members)
        }
        for first in boats.indices {
            for second in (first + 1)..<boats.count where tooClose[first][second] {
                let both = memberSets[first].intersection(memberSets[second]).count
                if sameTime[first][second] { total.sameTimeRaces += both } else { total.restBreaks += both }
            }
        }
        for carry in carries {
            total.carryBreaks += carry.breaks(
                inEarlier: memberSets[carry.earlier].contains, inLater: memberSets[carry.later].contains)
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
        if let maximum = options.maximumRaces { score.overMaximumRaces += max(0, races - maximum) }
        guard counted[person] else { return }
        if let minimum = options.minimumRaces { score.racesShort += max(0, minimum - races) }
        score.sumOfSquaredRaces += races * races
    }
}
