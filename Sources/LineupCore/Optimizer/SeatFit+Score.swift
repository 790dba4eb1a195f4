extension SeatFit {
    /// The seat fit inside an objective figure `score` (`score(of:roster:model:objective:)`) with its
    /// imbalance, in kilogram-equivalents; nil for `balance`, whose figure holds none.
    public static func fitKg(ofScore score: Double, imbalanceKg: Double, objective: OptimizerObjective) -> Double? {
        switch objective {
        case .balance: nil
        case .both: max(0, score - imbalanceKg)
        case .strength: max(0, (score - imbalanceKg) / strengthWeight)
        }
    }
}
