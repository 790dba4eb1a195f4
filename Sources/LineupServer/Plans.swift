import Dispatch
import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// What the optimizer may do, as the page asks for it (the options of `lineup optimize`).
struct PlanOptions: Sendable {
    var useBench = false
    /// At most this many people change place (`lineup optimize --max-moves`, the same default).
    var maxMoves = OptimizerOptions.defaultMaxMoves
    var maxExchanges: Int?
    var objective = OptimizerObjective.balance

    init(
        useBench: Bool = false, maxMoves: Int = OptimizerOptions.defaultMaxMoves, maxExchanges: Int? = nil,
        objective: OptimizerObjective = .balance
    ) {
        self.useBench = useBench
        self.maxMoves = maxMoves
        self.maxExchanges = maxExchanges
        self.objective = objective
    }

    /// The objective `text` names (`balance`, `strength`, `both`), refused (422) in the command line's words.
    static func objective(_ text: String?) throws -> OptimizerObjective {
        guard let text else { return .balance }
        guard let objective = OptimizeWords.objective(text) else {
            throw APIError.badInput("objective: " + OptimizeWords.unknownObjective(text))
        }
        return objective
    }

    /// The query parameters `init(_:)` reads, the only ones the route takes.
    static let queryParameters = ["use_bench", "max_moves", "max_exchanges", "objective"]

    /// From the query: `use_bench=true`, `max_moves=4`, `max_exchanges=3`, `objective=strength`.
    init(_ request: Request) throws {
        objective = try Self.objective(try request.queryValue("objective"))
        useBench = try request.queryFlag("use_bench") ?? false
        maxMoves =
            try request.positiveInteger("max_moves", maximum: Self.maximumMoves) ?? OptimizerOptions.defaultMaxMoves
        maxExchanges = try request.positiveInteger("max_exchanges", maximum: Self.maximumExchanges)
    }

    /// The most exchanges a plan may be limited to.
    static let maximumExchanges = 100
    /// The highest cap on people who change place a plan may be asked with.
    static let maximumMoves = 100

    /// The optimizer's options, `away` never brought in from the bench.
    func optimizer(away: Set<PaddlerID>) -> OptimizerOptions {
        OptimizerOptions(
            maxMoves: maxMoves, maxExchanges: maxExchanges, useBench: useBench, objective: objective, away: away)
    }
}

/// The optimizer's plan for a boat, worked out away from the server's request threads.
struct Plan: Sendable {
    let state: BoatState
    let result: OptimizerResult
    let basis: String
    /// The history record's summary when applied, as `lineup optimize --apply` writes it.
    var summary: String { result.plan.historySummary }

    /// The plan as the page shows it; without weights for a viewer the club hides them from.
    func document(showsWeights: Bool) -> PlanDocument {
        PlanDocument(
            state: state, result: result, basis: basis, format: WeightFormat(unit: state.weightUnit),
            showsWeights: showsWeights)
    }
}

enum Plans {
    /// What the seat fit of a plan for `state` reads: the boat's wanted roles and, for an objective other
    /// than balance, the strength ranking of each side from `evidence` (read only then).
    static func fit(for state: BoatState, options: PlanOptions, evidence: () throws(StoreError) -> StrengthEvidenceSet)
        throws(StoreError) -> SeatFit
    {
        var fit = SeatFit(wantedRoles: state.boat.wantedRoles)
        if options.objective != .balance {
            let evidence = try evidence()
            fit.strength = StrengthPlaces(
                rankings: [evidence.ranking(of: .left), evidence.ranking(of: .right)], roster: state.roster)
        }
        return fit
    }

    /// The plan for `state` (it may take a good part of a second on a large bench).
    static func make(for state: BoatState, options: PlanOptions, fit: SeatFit) async -> Plan {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                let there = Presence(state)
                let result = LineupOptimizer.optimize(
                    state.lineup, roster: there.roster, model: state.balanceModel, rules: state.rules,
                    options: options.optimizer(away: there.benchAway), fit: fit)
                let basis = basis(of: state, options: options, fit: fit, there: there)
                continuation.resume(returning: Plan(state: state, result: result, basis: basis))
            }
        }
    }

    /// Who is there for the boat's races, worked out once per plan (the basis is compared for many options):
    /// the roster with those seated but away as inactive, and those on the bench who are away.
    struct Presence {
        let roster: [PaddlerID: Paddler]
        let benchAway: Set<PaddlerID>

        init(_ state: BoatState) {
            roster = state.rosterForOptimizing
            benchAway = state.benchAwayFromRaces
        }
    }

    /// The options among the objectives, with or without the bench, any cap on people moved, and `options`'s
    /// exchange limit or none, whose plan for `state` has `basis`; nil when none does (the boat itself changed). `balanceFit` is the
    /// boat's wanted roles alone, `strengthFit` with the rankings.
    static func options(
        withBasis basis: String, of state: BoatState, near options: PlanOptions, balanceFit: SeatFit,
        strengthFit: SeatFit
    ) -> PlanOptions? {
        var balance = balanceFit
        balance.strength = StrengthPlaces()
        let there = Presence(state)
        for objective in OptimizerObjective.allCases {
            for useBench in [options.useBench, !options.useBench] {
                for maxMoves in [options.maxMoves] + (1...PlanOptions.maximumMoves).filter({ $0 != options.maxMoves }) {
                    for maxExchanges in [options.maxExchanges, nil] {
                        let candidate = PlanOptions(
                            useBench: useBench, maxMoves: maxMoves, maxExchanges: maxExchanges, objective: objective)
                        let fit = objective == .balance ? balance : strengthFit
                        if Self.basis(of: state, options: candidate, fit: fit, there: there) == basis {
                            return candidate
                        }
                    }
                }
            }
        }
        return nil
    }

    /// A digest of everything a plan depends on: who sits where, the locks, what the optimizer knows of each
    /// paddler in the boat, the balance figures, the rules and the options, and for an objective other than
    /// balance the seat fit (roles, rows, rankings). Equal bases give equal plans, so a plan shown on a page
    /// is applied only while its basis holds.
    static func basis(of state: BoatState, options: PlanOptions, fit: SeatFit, there: Presence) -> String {
        var parts = [
            state.boat.kind.rawValue, state.rules.name, "\(options.useBench)", "\(options.maxExchanges ?? 0)",
            "moves \(options.maxMoves)",
        ]
        if options.objective != .balance {
            let roles = fit.wantedRoles
            parts.append("\(options.objective.rawValue) \(roles.stroke.mask) \(roles.engine.mask) \(roles.rear.mask)")
            parts.append("left \(fit.strength.left.map(String.init))")
            parts.append("right \(fit.strength.right.map(String.init))")
        }
        let model = state.balanceModel
        parts += BalanceSetting.allCases.map { "\(model[keyPath: $0.keyPath])" }
        // Who is there for the boat's races changes the plan as their being active does.
        parts.append("away \(there.benchAway.sorted().map(String.init))")
        for (paddler, place) in state.lineup.placements {
            let who = there.roster[paddler]
            parts.append(
                "\(paddler)@\(place):\(who?.weightKg ?? -1),\(who?.sex?.rawValue ?? "-"),\(who?.side.rawValue ?? "-"),"
                    + "\(who?.canDrum ?? false),\(who?.canSteer ?? false),\(who?.isActive ?? false)"
                    + (options.objective == .balance
                        ? ""
                        : ",\(who?.role.rawValue ?? "-"),\(who?.rows?.mask ?? -1),\(who?.preferredRows?.mask ?? -1)"))
        }
        parts += state.lineup.lockedSeats.sorted().map { "lock \($0)" }
        return SecretToken.digest(parts.joined(separator: "\n"))
    }
}

extension OptimizeWords.PlanChoice {
    /// The choice `options` make.
    init(_ options: PlanOptions) {
        self.init(
            objective: options.objective, useBench: options.useBench, maxMoves: options.maxMoves,
            maxExchanges: options.maxExchanges)
    }
}
