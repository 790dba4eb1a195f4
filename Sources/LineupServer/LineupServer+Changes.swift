import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// The routes that change a boat: each is one store call, one history record, as the command line makes it.
/// A change names its boat by the whole name (in any case), never by a word or the start of one as the
/// command line and the reads allow: a boat renamed meanwhile is not found (404), and the change never lands
/// on another boat whose name merely starts the same.
extension LineupServer {
    func addChangeRoutes(to router: Routes) {
        // `lineup exchange FIRST SECOND`
        router.post("api/boats/:boat/exchange") { request, context in
            try context.requireCoach()
            let boat = try context.boatName()
            let body = try await JSONBody.decode(ExchangeBody.self, from: request, context: context)
            let outcome = try await write { db throws(StoreError) in
                try db.exchange(inBoat: .wholeName(boat)) { state throws(LineupError) in
                    try ExchangePlaces(body.first, body.second, on: state, wholeNames: true)
                }
            }
            return JSONBody.response(
                ChangeDocument(
                    outcome,
                    message: outcome.record == nil
                        ? ChangeWords.plain.nothingExchanged(in: outcome.state, first: body.first, second: body.second)
                        : ChangeWords.plain.changed(outcome, verb: ChangeWords.exchangeVerb(outcome.change))))
        }
        // A drag released on the page (or a tap on a paddler, then on a place): one exchange of the engine,
        // refused with who is where when either place no longer holds whom the page showed there.
        router.post("api/boats/:boat/drop") { request, context in
            try context.requireCoach()
            let boat = try context.boatName()
            let body = try await JSONBody.decode(DropBody.self, from: request, context: context)
            let outcome = try await write { db throws(StoreError) in
                try db.exchange(inBoat: .wholeName(boat)) { state throws(LineupError) in
                    try ExchangePlaces(
                        body.origin, body.target, on: state, wholeNames: true,
                        expected: .init(first: body.expected.origin, second: body.expected.target))
                }
            }
            return JSONBody.response(ChangeDocument(outcome, message: ChangeWords.plain.dropped(outcome)))
        }
        router.post("api/boats/:boat/undo") { request, context in
            try context.requireCoach()
            let boat = try context.boatName()
            let body = try await JSONBody.decode(StepsBody.self, from: request, context: context)
            let steps = try body.checkedSteps()
            let outcome = try await write { db throws(StoreError) in
                try db.undo(steps: steps, inBoat: .wholeName(boat), expectedFirst: body.expected)
            }
            return JSONBody.response(
                ChangeDocument(outcome, message: ChangeWords.plain.stepSentence(outcome, verb: "Undid")))
        }
        router.post("api/boats/:boat/redo") { request, context in
            try context.requireCoach()
            let boat = try context.boatName()
            let body = try await JSONBody.decode(StepsBody.self, from: request, context: context)
            let steps = try body.checkedSteps()
            let outcome = try await write { db throws(StoreError) in
                try db.redo(steps: steps, inBoat: .wholeName(boat), expectedFirst: body.expected)
            }
            return JSONBody.response(
                ChangeDocument(outcome, message: ChangeWords.plain.stepSentence(outcome, verb: "Redid")))
        }
        // Refused (409, with who sits there now) when the seat no longer holds whom the page showed.
        for (path, locked) in [("lock", true), ("unlock", false)] {
            router.post("api/boats/:boat/\(path)") { request, context in
                try context.requireCoach()
                let boat = try context.boatName()
                let body = try await JSONBody.decode(SeatBody.self, from: request, context: context)
                let outcome = try await write { db throws(StoreError) in
                    try db.setLock(
                        locked, inBoat: .wholeName(boat),
                        at: { state throws(LineupError) in try state.place(body.seat, wholeNames: true) },
                        expected: ExpectedOccupant(body.expected))
                }
                return JSONBody.response(
                    ChangeDocument(
                        outcome,
                        message: ChangeWords.plain.lockSentence(
                            outcome, named: body.seat, locked: locked, unlockHint: "it is unlocked")))
            }
        }
        // `lineup optimize --apply`: the plan the page showed, as one record, refused when its basis no longer holds.
        router.post("api/boats/:boat/plan") { request, context in
            try context.requireCoach()
            let boat = try context.boatName()
            let body = try await JSONBody.decode(ApplyPlanBody.self, from: request, context: context)
            let options = try body.checkedOptions()
            let (state, fit) = try await read { db throws(StoreError) in
                let state = try db.state(ofBoat: .wholeName(boat))
                let fit = try Plans.fit(for: state, options: options) { () throws(StoreError) in
                    try db.strengthEvidence()
                }
                return (state, fit)
            }
            let plan = await Plans.make(for: state, options: options, fit: fit)
            guard plan.basis == body.basis else {
                // Say the truth: a basis made for other options of the same boat is no change of the boat.
                let strengthFit = try await read { db throws(StoreError) in
                    try Plans.fit(for: state, options: PlanOptions(objective: .strength)) { () throws(StoreError) in
                        try db.strengthEvidence()
                    }
                }
                let asked = Plans.options(
                    withBasis: body.basis, of: state, near: options, balanceFit: fit, strengthFit: strengthFit)
                throw APIError(
                    .conflict,
                    OptimizeWords.planBasisMismatch(
                        boat: state.boat.name, asked: asked.map(OptimizeWords.PlanChoice.init),
                        given: OptimizeWords.PlanChoice(options)),
                    hint: OptimizeWords.planBasisMismatchHint)
            }
            guard !plan.result.plan.isEmpty else {
                let outcome = ChangeOutcome(record: nil, change: LineupChange(), state: state, previous: state.lineup)
                return JSONBody.response(
                    ChangeDocument(outcome, message: "Nothing to apply: no move improves \"\(state.boat.name)\"."))
            }
            let target = plan.result.lineup
            let summary = plan.summary
            let outcome = try await write { db throws(StoreError) in
                try db.applyLineup(
                    target, replacing: state.lineup, summary: summary, inBoat: .wholeName(state.boat.name))
            }
            let count = plan.result.plan.peopleMoved
            return JSONBody.response(
                ChangeDocument(
                    outcome,
                    message: ChangeWords.plain.appliedPlan(
                        record: outcome.record?.id ?? 0, in: state, moved: count, undoHint: "one undo")))
        }
    }
}

/// `{"first": "L2", "second": "Fay Quintero"}`: places as `lineup exchange` takes them.
struct ExchangeBody: Decodable, Sendable {
    let first: String
    let second: String
}

/// `{"origin": "L1", "target": "R3", "expected": {"origin": "Ada Lindqvist", "target": null}}`.
struct DropBody: Decodable, Sendable {
    /// Whom the page showed at each place when the drag began (null: an empty place). Both must be there,
    /// even as null, so a drop is never made on a place whose occupant the page did not say.
    struct Expected: Decodable, Sendable {
        let origin: String?
        let target: String?

        enum CodingKeys: String, CodingKey {
            case origin, target
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            for key in [CodingKeys.origin, .target] where !container.contains(key) {
                throw DecodingError.keyNotFound(
                    key, .init(codingPath: container.codingPath, debugDescription: "whom the page showed there"))
            }
            origin = try container.decodeIfPresent(String.self, forKey: .origin)
            target = try container.decodeIfPresent(String.self, forKey: .target)
        }
    }

    let origin: String
    let target: String
    let expected: Expected
}

/// `{"steps": 2}`; steps default to 1.
struct StepsBody: Decodable, Sendable {
    let steps: Int?
    /// The id of the record the page showed as the next to undo (or redo): when another has taken its place
    /// meanwhile, nothing is undone (409).
    let expected: Int64?

    func checkedSteps() throws -> Int {
        let steps = steps ?? 1
        guard (1...1000).contains(steps) else { throw APIError.badInput("steps must be from 1 to 1000, not \(steps)") }
        return steps
    }
}

/// `{"seat": "L3", "expected": "Ada Lindqvist"}`: the seat, and whom the page showed in it (null: empty).
/// `expected` must be there, even as null, so a lock is never made on a seat that changed unseen.
struct SeatBody: Decodable, Sendable {
    let seat: String
    let expected: String?

    enum CodingKeys: String, CodingKey {
        case seat, expected
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seat = try container.decode(String.self, forKey: .seat)
        guard container.contains(.expected) else {
            throw DecodingError.keyNotFound(
                CodingKeys.expected, .init(codingPath: [], debugDescription: "whom the page showed in the seat"))
        }
        expected = try container.decodeIfPresent(String.self, forKey: .expected)
    }
}

/// `{"basis": "…", "use_bench": false, "max_moves": 8, "max_exchanges": null, "objective": "balance"}`: the plan
/// the page showed.
struct ApplyPlanBody: Decodable, Sendable {
    let basis: String
    let useBench: Bool?
    let maxMoves: Int?
    let maxExchanges: Int?
    let objective: String?

    /// The options the plan was made with, refused (422) when they are not options a plan can have, or when
    /// the basis is not one this server hands out (a stale basis, well formed, is a 409).
    func checkedOptions() throws -> PlanOptions {
        guard basis.utf8.count == 64,
            basis.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else {
            throw APIError.badInput("basis must be the 64 hexadecimal digits of a plan's basis, as GET /plan gives it")
        }
        if let maxMoves, !(1...PlanOptions.maximumMoves).contains(maxMoves) {
            throw APIError.badInput(
                "max_moves must be a whole number from 1 to \(PlanOptions.maximumMoves), not \(maxMoves)")
        }
        if let maxExchanges, !(1...PlanOptions.maximumExchanges).contains(maxExchanges) {
            throw APIError.badInput(
                "max_exchanges must be a whole number from 1 to \(PlanOptions.maximumExchanges), not \(maxExchanges)")
        }
        return PlanOptions(
            useBench: useBench ?? false, maxMoves: maxMoves ?? OptimizerOptions.defaultMaxMoves,
            maxExchanges: maxExchanges, objective: try PlanOptions.objective(objective))
    }
}
