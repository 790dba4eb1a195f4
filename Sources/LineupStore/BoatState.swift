import Foundation
import LineupCore

/// A boat as listed: one lineup in the club's database.
public struct Boat: Hashable, Sendable {
    public var id: Int64
    public var name: String
    public var kind: BoatKind
    /// The crew rules the boat races under.
    public var rules: RulesPreset = .open
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

    public init(
        boat: Boat, lineup: Lineup, roster: [PaddlerID: Paddler], balanceModel: BalanceModel? = nil,
        weightUnit: WeightUnit = .kg
    ) {
        self.boat = boat
        self.lineup = lineup
        self.roster = roster
        self.balanceModel = balanceModel ?? .defaults(for: boat.kind)
        self.weightUnit = weightUnit
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

    /// The paddler at `place`, if any.
    public func paddler(at place: Place) -> Paddler? { lineup[place].flatMap { roster[$0] } }
}

/// One undoable record of a boat's history.
public struct HistoryEntry: Hashable, Sendable {
    public var id: Int64
    public var time: Date
    public var summary: String
    /// True when the record has been undone (and can be redone).
    public var undone: Bool
}
