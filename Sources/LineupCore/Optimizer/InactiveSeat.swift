/// An inactive paddler left in a row seat, which the optimizer never changes, with the active bench
/// paddler who would best take the seat.
public struct InactiveSeat: Hashable, Sendable {
    /// The bench paddler who would best take the seat, and the objective's figures with them in it.
    public struct Replacement: Hashable, Sendable {
        public var paddler: PaddlerID
        public var name: String
        /// Their place on the bench (`B3`).
        public var benchPlace: Place
        /// The imbalance in kilograms of the lineup searched (the proposed one) with them in the seat.
        public var imbalanceKg: Double
        /// The seat-fit cost of the row seats with them in the seat, in kilogram-equivalents.
        public var fitKg: Double

        public init(paddler: PaddlerID, name: String, benchPlace: Place, imbalanceKg: Double, fitKg: Double) {
            self.paddler = paddler
            self.name = name
            self.benchPlace = benchPlace
            self.imbalanceKg = imbalanceKg
            self.fitKg = fitKg
        }
    }

    public var paddler: PaddlerID
    public var name: String
    public var seat: Place
    /// The imbalance in kilograms and the seat-fit cost of the lineup searched (the proposed one) with the
    /// inactive paddler still seated.
    public var imbalanceKg: Double
    public var fitKg: Double
    /// Nil when nobody on the bench may take the seat: no active bench paddler of known weight, left where
    /// they are by the plan, whose side and rows allow it without breaking more crew rules. The coach then
    /// substitutes first and optimizes again.
    public var replacement: Replacement?
    /// The seat is locked: nobody may take it until it is unlocked (the replacement is then nil).
    public var isLocked: Bool

    public init(
        paddler: PaddlerID, name: String, seat: Place, imbalanceKg: Double, fitKg: Double, replacement: Replacement?,
        isLocked: Bool = false
    ) {
        self.paddler = paddler
        self.name = name
        self.seat = seat
        self.imbalanceKg = imbalanceKg
        self.fitKg = fitKg
        self.replacement = replacement
        self.isLocked = isLocked
    }

    /// Every inactive paddler in a row seat of `lineup`, each with the replacement that `objective` likes
    /// best (`SeatFit.score`): every active bench paddler of known weight whose side and rows allow the seat
    /// is tried in it, the inactive paddler taking their bench place, and those who would break more crew
    /// rules than now are left out; ties go to the front of the bench. Each seat is worked out on its own.
    /// `lineup` is the proposed one; paddlers in `moving` (the plan's) are left out, so that the suggestion
    /// never undoes a move of the plan that leads to `lineup`. An inactive paddler named in `chosen` gets only
    /// that replacement (the one the search levelled the boat with, `replacements`), or none when it maps to
    /// nil.
    public static func find(
        in lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules, fit: SeatFit,
        objective: OptimizerObjective, moving: Set<PaddlerID> = [], chosen: [PaddlerID: PaddlerID?] = [:]
    ) -> [InactiveSeat] {
        let weights = roster.compactMapValues(\.weightKg)
        func imbalance(_ lineup: Lineup) -> Double {
            lineup.balanceMoments(weights: weights, model: model).imbalanceKg(model, kind: lineup.kind)
        }
        func violations(_ lineup: Lineup) -> Int { Self.violations(in: lineup, rules: rules, roster: roster) }
        let violationsNow = violations(lineup)
        var found: [InactiveSeat] = []
        for seat in Place.seats(of: lineup.kind) where seat.row != nil {
            guard let id = lineup[seat], let paddler = roster[id], !paddler.isActive else {
                continue
            }
            var best: (score: Double, replacement: Replacement)?
            // A locked seat keeps its paddler: nobody is suggested for it.
            for (index, candidate) in lineup.bench.enumerated() where !lineup.isLocked(seat) {
                if let only = chosen[id], only != candidate { continue }
                guard !moving.contains(candidate), let other = roster[candidate], mayTake(seat, other) else { continue }
                let benchPlace = Place.bench(position: index + 1)
                var trial = lineup
                trial.set(candidate, at: seat)
                trial.bench[index] = id
                guard violations(trial) <= violationsNow else { continue }
                let score = fit.score(of: trial, roster: roster, model: model, objective: objective)
                guard best.map({ score < $0.score - 1e-9 }) ?? true else { continue }
                best = (
                    score,
                    Replacement(
                        paddler: candidate, name: other.name, benchPlace: benchPlace, imbalanceKg: imbalance(trial),
                        fitKg: fit.cost(of: trial, roster: roster))
                )
            }
            found.append(
                InactiveSeat(
                    paddler: id, name: paddler.name, seat: seat, imbalanceKg: imbalance(lineup),
                    fitKg: fit.cost(of: lineup, roster: roster), replacement: best?.replacement,
                    isLocked: lineup.isLocked(seat)))
        }
        return found
    }

    /// How many crew rules `lineup` breaks: a bench paddler is suggested only where they break no more.
    static func violations(in lineup: Lineup, rules: CrewRules, roster: [PaddlerID: Paddler]) -> Int {
        lineup.check(rules, roster: roster).filter { $0.severity == .violation }.count
    }

    /// Whether `paddler`, on the bench, may take row seat `seat`: active, of known weight, on that side and
    /// allowed in that row.
    static func mayTake(_ seat: Place, _ paddler: Paddler) -> Bool {
        guard paddler.isActive, paddler.weightKg != nil, let row = seat.row, paddler.maySit(inRow: row) else {
            return false
        }
        switch (paddler.side, seat) {
        case (.left, .right), (.right, .left): return false
        default: return true
        }
    }

    /// The first paddler on the bench of `lineup` (from the front), not `away`, who may take the empty row seat
    /// `seat` (`mayTake`) without breaking more crew rules than now, with their bench place; nil when nobody
    /// may.
    public static func benchFiller(
        for seat: Place, in lineup: Lineup, roster: [PaddlerID: Paddler], rules: CrewRules, away: Set<PaddlerID> = []
    ) -> (paddler: PaddlerID, name: String, benchPlace: Place)? {
        guard lineup[seat] == nil, !lineup.isLocked(seat) else { return nil }
        func violations(_ lineup: Lineup) -> Int { Self.violations(in: lineup, rules: rules, roster: roster) }
        let violationsNow = violations(lineup)
        for (index, candidate) in lineup.bench.enumerated() {
            guard !away.contains(candidate), let paddler = roster[candidate], mayTake(seat, paddler) else { continue }
            var trial = lineup
            trial.bench.remove(at: index)
            trial.set(candidate, at: seat)
            if violations(trial) <= violationsNow { return (candidate, paddler.name, .bench(position: index + 1)) }
        }
        return nil
    }

    /// `lineup` as it will race: each of `seats` with a replacement taken by them, the inactive paddler in
    /// their bench place (the exchange `lineup exchange SEAT BENCH` makes); a seat nobody may take left empty,
    /// the inactive paddler at the end of the bench (the boat races short, as the optimizer levelled it).
    public static func raced(_ lineup: Lineup, substituting seats: [InactiveSeat]) -> Lineup {
        var raced = lineup
        for seat in seats where raced[seat.seat] == seat.paddler {
            guard let replacement = seat.replacement else {
                raced.set(nil, at: seat.seat)
                raced.appendToBench(seat.paddler)
                continue
            }
            guard raced[replacement.benchPlace] == replacement.paddler else { continue }
            raced.set(replacement.paddler, at: seat.seat)
            raced.bench[replacement.benchPlace.position - 1] = seat.paddler
        }
        return raced
    }

    /// The replacement of each inactive paddler in a row seat of `lineup`, as `find` chooses it, seat after
    /// seat from the front, each choice made in the lineup with the earlier ones in their seats so that no
    /// bench paddler is chosen twice; nil for a seat nobody on the bench may take. The optimizer levels the
    /// boat as it will race: with these in the seats (`LineupOptimizer.optimize`).
    public static func replacements(
        in lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules, fit: SeatFit,
        objective: OptimizerObjective, away: Set<PaddlerID> = []
    ) -> [PaddlerID: PaddlerID?] {
        var current = lineup
        var chosen: [PaddlerID: PaddlerID?] = [:]
        for seat in Place.seats(of: lineup.kind) where seat.row != nil {
            guard let id = lineup[seat], roster[id]?.isActive == false else { continue }
            let found = find(
                in: current, roster: roster, model: model, rules: rules, fit: fit, objective: objective,
                moving: Set(chosen.values.compactMap { $0 }).union(away)
            ).first { $0.seat == seat }
            guard let replacement = found?.replacement else {
                chosen[id] = .some(nil)
                continue
            }
            current.set(replacement.paddler, at: seat)
            current.bench[replacement.benchPlace.position - 1] = id
            chosen[id] = replacement.paddler
        }
        return chosen
    }
}
