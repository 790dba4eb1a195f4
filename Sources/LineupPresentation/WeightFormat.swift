import LineupCore

/// How weights are shown: in kilograms or pounds, always to a tenth of the unit. Totals are the sums of
/// the weights as shown, so a coach adding up a chart gets the total it prints.
public struct WeightFormat: Hashable, Sendable {
    public var unit: WeightUnit

    public init(unit: WeightUnit) {
        self.unit = unit
    }

    /// Kilograms, the default.
    public static let kilograms = WeightFormat(unit: .kg)

    /// Kilograms per unit.
    public var kilogramsPerUnit: Double { unit == .lb ? PaddlerRules.kilogramsPerPound : 1 }

    /// `kg` or `lb`.
    public var symbol: String { unit.rawValue }

    /// The weight as shown, in the unit, rounded to a tenth.
    public func shown(_ kilograms: Double) -> Double {
        (kilograms / kilogramsPerUnit * 10).rounded() / 10
    }

    /// The weight as shown, back in kilograms: the value totals are made of.
    public func shownKilograms(_ kilograms: Double) -> Double { shown(kilograms) * kilogramsPerUnit }

    /// `72.5` (no trailing `.0`).
    public func number(_ kilograms: Double) -> String { PaddlerRules.formatWeight(shown(kilograms)) }

    /// `72.5 kg`.
    public func text(_ kilograms: Double) -> String { number(kilograms) + " " + symbol }

    /// A whole number of the unit, for the rough equivalents of the balance verdict: `15 kg`.
    public func rough(_ kilograms: Double) -> String {
        PaddlerRules.formatWeight((kilograms / kilogramsPerUnit).rounded()) + " " + symbol
    }

    /// The known weights of `roster` as they are shown, in kilograms: the figures sums are made of.
    public func shownWeights(_ roster: [PaddlerID: Paddler]) -> [PaddlerID: Double] {
        roster.compactMapValues { $0.weightKg.map(shownKilograms) }
    }
}
