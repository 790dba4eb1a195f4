import Dispatch
import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// What the optimizer may do, as the page asks for it (the options of `lineup optimize`).
struct PlanOptions: Sendable, Decodable {
    var useBench = false
    var maxExchanges: Int?

    init(useBench: Bool = false, maxExchanges: Int? = nil) {
        self.useBench = useBench
        self.maxExchanges = maxExchanges
    }

    /// From the query: `use_bench=true`, `max_exchanges=3`.
    init(_ request: Request) throws {
        if let text = request.uri.queryParameters["use_bench"] {
            switch text {
            case "true", "1": useBench = true
            case "false", "0": useBench = false
            default: throw APIError.badInput("use_bench must be true or false, not '\(text)'")
            }
        }
        maxExchanges = try request.positiveInteger("max_exchanges", maximum: Self.maximumExchanges)
    }

    /// The most exchanges a plan may be limited to.
    static let maximumExchanges = 100

    var optimizer: OptimizerOptions { OptimizerOptions(maxExchanges: maxExchanges, useBench: useBench) }
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
    /// The plan for `state` (it may take a good part of a second on a large bench).
    static func make(for state: BoatState, options: PlanOptions) async -> Plan {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                let result = LineupOptimizer.optimize(
                    state.lineup, roster: state.roster, model: state.balanceModel, rules: state.rules,
                    options: options.optimizer)
                let basis = basis(of: state, options: options)
                continuation.resume(returning: Plan(state: state, result: result, basis: basis))
            }
        }
    }

    /// A digest of everything a plan depends on: who sits where, the locks, what the optimizer knows of each
    /// paddler in the boat, the balance figures, the rules and the options. Equal bases give equal plans, so
    /// a plan shown on a page is applied only while its basis holds.
    static func basis(of state: BoatState, options: PlanOptions) -> String {
        var parts = [state.boat.kind.rawValue, state.rules.name, "\(options.useBench)", "\(options.maxExchanges ?? 0)"]
        let model = state.balanceModel
        parts += BalanceSetting.allCases.map { "\(model[keyPath: $0.keyPath])" }
        for (paddler, place) in state.lineup.placements {
            let who = state.roster[paddler]
            parts.append(
                "\(paddler)@\(place):\(who?.weightKg ?? -1),\(who?.sex?.rawValue ?? "-"),\(who?.side.rawValue ?? "-"),"
                    + "\(who?.canDrum ?? false),\(who?.canSteer ?? false),\(who?.isActive ?? false)")
        }
        parts += state.lineup.lockedSeats.sorted().map { "lock \($0)" }
        return SecretToken.digest(parts.joined(separator: "\n"))
    }
}
