import Foundation
import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// The routes that only read: the same documents as the command line's `--json`, and what the page needs.
/// A viewer sees no paddler's weight unless the club allows it (`lineup config viewers --weights shown`): the
/// documents are then made as a share link without `--weights` shows the boat (`showsWeights` false).
extension LineupServer {
    func addBoatRoutes(to router: Routes) {
        // `list --json`
        router.get("api/boats") { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let boats = try await read { db throws(StoreError) in try db.boats() }
                return JSONBody.response(BoatListDocument(boats))
            }
        }
        // `show --json`
        router.get("api/boats/:boat") { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let boat = try context.boatName()
                let requester = context.requester
                let (state, shows) = try await read { db throws(StoreError) in
                    (try db.state(ofBoat: .named(boat)), try Self.showsWeights(to: requester, in: db))
                }
                return JSONBody.response(LineupDocument(state, showsWeights: shows))
            }
        }
        // `export --format svg`: the crew sheet the page turns into a picture for a team chat; weights as the
        // requester may see them, unless `weights=false`.
        router.get("api/boats/:boat/chart.svg", query: ["weights"]) { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let boat = try context.boatName()
                let requester = context.requester
                let (state, shows) = try await read { db throws(StoreError) in
                    (try db.state(ofBoat: .named(boat)), try Self.showsWeights(to: requester, in: db))
                }
                // `weights=false` leaves them off even for a coach (a picture for the team chat).
                let asked = try request.queryFlag("weights") ?? true
                let chart = ChartContent(
                    state: state, format: WeightFormat(unit: state.weightUnit), showsWeights: shows && asked,
                    date: DateText.localDate(Date()))
                return Response(
                    status: .ok,
                    headers: [.contentType: "image/svg+xml; charset=utf-8", .cacheControl: "no-store"],
                    body: .init(byteBuffer: ByteBuffer(string: SVGChart(chart).document())))
            }
        }
        // `history --json`
        router.get("api/boats/:boat/history", query: ["limit"]) { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let boat = try context.boatName()
                let limit = try request.positiveInteger("limit")
                let (_, entries) = try await read { db throws(StoreError) in
                    try db.history(ofBoat: .named(boat), limit: limit)
                }
                return JSONBody.response(HistoryDocument(entries))
            }
        }
        // `check --json`, under the boat's own rules
        router.get("api/boats/:boat/check") { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let boat = try context.boatName()
                let requester = context.requester
                let (state, shows) = try await read { db throws(StoreError) in
                    (try db.state(ofBoat: .named(boat)), try Self.showsWeights(to: requester, in: db))
                }
                return JSONBody.response(
                    CheckDocument(state: state, rules: state.rules, findings: state.findings, showsWeights: shows))
            }
        }
        // What the page needs to work out the balance as dot products while a paddler is dragged.
        router.get("api/boats/:boat/coefficients") { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let boat = try context.boatName()
                let state = try await read { db throws(StoreError) in try db.state(ofBoat: .named(boat)) }
                return JSONBody.response(
                    BalanceCoefficientsDocument(state, format: WeightFormat(unit: state.weightUnit)))
            }
        }
        // The boat as it would be with the paddlers at `origin` and `target` exchanged (or as it is): the
        // verdict's words and the crew rules' findings. Nothing is written.
        router.get("api/boats/:boat/preview", query: ["origin", "target"]) { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let boat = try context.boatName()
                let origin = try request.queryValue("origin")
                let target = try request.queryValue("target")
                let requester = context.requester
                let (state, shows) = try await read { db throws(StoreError) in
                    (try db.state(ofBoat: .named(boat)), try Self.showsWeights(to: requester, in: db))
                }
                var after = state.lineup
                if let origin, let target {
                    let first = try Places.resolve(origin, in: state)
                    let second = try Places.resolve(target, in: state)
                    do throws(LineupError) {
                        after = try state.lineup.exchanging(first, with: second, names: state.names).lineup
                    } catch {
                        throw APIError(error)
                    }
                } else if origin != nil || target != nil {
                    throw APIError.badInput("a preview takes both origin and target, or neither")
                }
                return JSONBody.response(
                    PreviewDocument(
                        state: state, after: after, format: WeightFormat(unit: state.weightUnit), showsWeights: shows))
            }
        }
        // The optimizer's plan (`lineup optimize`), applied with POST to the same path.
        router.get("api/boats/:boat/plan", query: PlanOptions.queryParameters) { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let boat = try context.boatName()
                let options = try PlanOptions(request)
                let requester = context.requester
                let (state, shows, fit) = try await read { db throws(StoreError) in
                    let state = try db.state(ofBoat: .named(boat))
                    let fit = try Plans.fit(for: state, options: options) { () throws(StoreError) in
                        try db.strengthEvidence()
                    }
                    return (state, try Self.showsWeights(to: requester, in: db), fit)
                }
                let plan = try await boatPlanners.run(for: context) { _ in
                    await Plans.make(for: state, options: options, fit: fit)
                }
                return JSONBody.response(plan.document(showsWeights: shows))
            }
        }
        // `roster list --json`
        router.get("api/roster") { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let requester = context.requester
                let (roster, shows) = try await read { db throws(StoreError) in
                    (try db.roster(), try Self.showsWeights(to: requester, in: db))
                }
                // Notes may hold what only coaches should read (an injury, a medical condition): never a viewer's.
                return JSONBody.response(
                    RosterDocument(roster, showsWeights: shows, showsNotes: requester.isCoach))
            }
        }
    }

    /// Whether `requester` sees paddlers' weights: a coach always, a viewer when the club allows it.
    static func showsWeights(to requester: Requester, in db: LineupDatabase) throws(StoreError) -> Bool {
        requester.isCoach ? true : try db.viewersSeeWeights()
    }

    /// A read on one of the reading connections, its failure answered as the API answers store errors.
    func read<T: Sendable>(_ body: @escaping @Sendable (LineupDatabase) throws(StoreError) -> T) async throws -> T {
        do {
            return try await database.read(body)
        } catch {
            throw APIError(error)
        }
    }

    /// A write on the writing connection, answered likewise; pages hear of it at once.
    func write<T: Sendable>(_ body: @escaping @Sendable (LineupDatabase) throws(StoreError) -> T) async throws -> T {
        let result: T
        do {
            result = try await database.write(body)
        } catch {
            throw APIError(error)
        }
        await feed.check()
        return result
    }
}

extension ServerRequestContext {
    /// The boat named in the path, percent-decoded.
    func boatName() throws -> String {
        guard let raw = parameters.get("boat"), let name = raw.removingPercentEncoding, !name.isEmpty else {
            throw APIError.badInput("the path does not name a boat")
        }
        return name
    }
}

/// Places as the API takes them: seat references, `B` for the end of the bench, or paddlers' whole names (in
/// any case; a part of a name, which the command line takes, could name someone else once the roster changes).
enum Places {
    static func resolve(_ text: String, in state: BoatState) throws -> Place {
        do throws(LineupError) {
            return try state.place(text, wholeNames: true)
        } catch {
            throw APIError(error)
        }
    }
}
