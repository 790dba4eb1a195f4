import Foundation

/// A boat as listed: one lineup in the club's database.
public struct Boat: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var kind: BoatKind
    /// The crew rules the boat races under.
    public var rules: RulesPreset = .open
    /// The roles the boat wants by row, set for this boat; nil for the defaults of its kind.
    public var customRoles: WantedRoles?

    public init(id: Int64, name: String, kind: BoatKind, rules: RulesPreset = .open, customRoles: WantedRoles? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.rules = rules
        self.customRoles = customRoles
    }

    /// The roles the boat wants by row: its own, or the defaults of its kind.
    public var wantedRoles: WantedRoles { customRoles ?? .defaults(for: kind) }
}

/// A boat with its lineup and the roster it draws on.
public struct BoatState: Sendable {
    public var boat: Boat
    public var lineup: Lineup
    /// Every paddler of the roster, by id.
    public var roster: [PaddlerID: Paddler]
    /// The club's balance figures for this kind of boat.
    public var balanceModel: BalanceModel
    /// The unit the club reads weights in.
    public var weightUnit: WeightUnit
    /// The regattas the boat races in, with its races there and who is there when.
    public var regattaEntries: [RegattaEntry]

    public init(
        boat: Boat, lineup: Lineup, roster: [PaddlerID: Paddler], balanceModel: BalanceModel? = nil,
        weightUnit: WeightUnit = .kg, regattaEntries: [RegattaEntry] = []
    ) {
        self.boat = boat
        self.lineup = lineup
        self.roster = roster
        self.balanceModel = balanceModel ?? .defaults(for: boat.kind)
        self.weightUnit = weightUnit
        self.regattaEntries = regattaEntries
    }

    /// The paddlers' names, by id.
    public var names: [PaddlerID: String] { roster.mapValues(\.name) }

    /// The known weights, by id.
    public var weights: [PaddlerID: Double] { roster.compactMapValues(\.weightKg) }

    /// The balance sums of the seated crew.
    public var balance: BalanceSums { lineup.balanceSums(weights: weights) }

    /// The trim and list moments of the seated crew and the equipment.
    public var moments: BalanceMoments { lineup.balanceMoments(weights: weights, model: balanceModel) }

    /// The boat's crew rules.
    public var rules: CrewRules { CrewRules(boat.rules, kind: boat.kind) }

    /// Everyone seated in a race of this boat who is not there when it starts, for `lineup` (the boat's own
    /// when nil): the crew cannot race so, and `check` fails on it as on a broken rule.
    public func unavailableInRaces(_ lineup: Lineup? = nil) -> [RaceProblem] {
        regattaEntries.flatMap { $0.unavailable(in: lineup ?? self.lineup, roster: roster) }
    }

    /// Those in a row seat of the boat who are not there for one of its races, each with the first race they
    /// miss and why: the optimizer treats them as inactive paddlers seated (never moved, a substitute
    /// suggested), since the crew cannot race with them.
    public var seatedAwayFromRaces: [PaddlerID: (race: String, start: TimeOfDay, reason: Absence)] {
        var away: [PaddlerID: (race: String, start: TimeOfDay, reason: Absence)] = [:]
        for problem in unavailableInRaces() {
            // An inactive paddler is one already, and said so.
            guard case .notThere(_, let race, let start, _, let place, let reason) = problem, place.row != nil,
                reason != .inactive, let id = lineup[place], away[id] == nil
            else { continue }
            away[id] = (race, start, reason)
        }
        return away
    }

    /// The roster as the optimizer should see it for this boat: those seated who are not there for one of its
    /// races (`seatedAwayFromRaces`) count as inactive.
    public var rosterForOptimizing: [PaddlerID: Paddler] {
        var roster = roster
        for id in seatedAwayFromRaces.keys { roster[id]?.isActive = false }
        return roster
    }

    /// Those on the boat's bench who are not there for one of its races: the optimizer never brings them in
    /// (`OptimizerOptions.away`).
    public var benchAwayFromRaces: Set<PaddlerID> {
        regattaEntries.reduce(into: Set()) { away, entry in
            away.formUnion(entry.away(lineup.bench, kind: lineup.kind, roster: roster))
        }
    }

    /// The crew rules broken in the boat's races that race under rules of their own, other than `checked`
    /// (the boat's rules when nil), in `lineup` (the boat's own when nil): the crew cannot race so, and
    /// `check` fails on it.
    public func ruleBreaksInRaces(_ lineup: Lineup? = nil, checked: CrewRules? = nil) -> [RaceProblem] {
        regattaEntries.flatMap {
            $0.ruleBreaks(
                in: lineup ?? self.lineup, roster: roster, boatRules: boat.rules, checked: checked ?? rules)
        }
    }

    /// Everything in the boat's races that keeps the crew from racing: `ruleBreaksInRaces` then
    /// `unavailableInRaces`.
    public func problemsInRaces(_ lineup: Lineup? = nil, checked: CrewRules? = nil) -> [RaceProblem] {
        ruleBreaksInRaces(lineup, checked: checked) + unavailableInRaces(lineup)
    }

    /// The paddler at `place`, if any.
    public func paddler(at place: Place) -> Paddler? { lineup[place].flatMap { roster[$0] } }
}

/// A boat as `boat list` shows it.
public struct BoatSummary: Hashable, Sendable {
    public var boat: Boat
    public var seatedCount: Int
    public var benchCount: Int
    /// True for the boat chosen with `lineup use`.
    public var isCurrent: Bool

    public init(boat: Boat, seatedCount: Int, benchCount: Int, isCurrent: Bool) {
        self.boat = boat
        self.seatedCount = seatedCount
        self.benchCount = benchCount
        self.isCurrent = isCurrent
    }
}
