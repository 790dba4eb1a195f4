import Dispatch
import Synchronization
import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// Race day in the page: the regattas, a regatta's schedule, crews, grid and conflicts (`regatta show --json`),
/// who is there when (`regatta attend`) and the planner (`regatta plan`, applied by its code). Reads name a
/// regatta as the command line does; changes name it, and the paddlers, whole (in any case).
extension LineupServer {
    func addRegattaRoutes(to router: Routes) {
        // `regatta list --json`
        router.get("api/regattas") { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let regattas = try await read { db throws(StoreError) in try db.regattas() }
                return JSONBody.response(RegattaListDocument(regattas))
            }
        }
        // `regatta show --json`
        router.get("api/regattas/:regatta") { request, context in
            try context.requireViewer()
            return try await cachedAnswer(to: request, context: context) {
                let name = try context.regattaName()
                let state = try await read { db throws(StoreError) in try db.regattaState(name) }
                return JSONBody.response(RegattaDocument(state))
            }
        }
        // `regatta attend REGATTA NAME… [--absent | --from HH:MM | --until HH:MM]`: the regatta as it is after.
        router.post("api/regattas/:regatta/attend") { request, context in
            try context.requireCoach()
            let name = try context.regattaName()
            let body = try await JSONBody.decode(AttendBody.self, from: request, context: context)
            let availability = try body.checkedAvailability()
            let (paddlers, before, state) = try await write { db throws(StoreError) in
                let before = try? db.regattaState(name, wholeName: true)
                let paddlers = try db.setAvailability(availability, of: body.paddlers, at: name, wholeNames: true)
                return (paddlers, before, try db.regattaState(name, wholeName: true))
            }
            // The conflicts the change made and cleared, as the command line prints them after `regatta attend`.
            let changes = before.map { RegattaChangeWords.lines(before: $0, after: state, namingCheck: false) } ?? []
            return JSONBody.response(
                AttendDocument(
                    message: "\(ListWords.joined(paddlers.map(\.name))): \(availability) at \(state.info.name).",
                    paddlers: paddlers.map(\.name), availability: availability.description, changes: changes,
                    regatta: RegattaDocument(state)))
        }
        // `lineup share --regatta REGATTA [--weights]`: a read-only link to the whole day, revocable with
        // `lineup share --revoke ID`. The answer's path is the only time the link's secret is shown.
        router.post("api/regattas/:regatta/share") { request, context in
            try context.requireCoach()
            let name = try context.regattaName()
            let body = try await JSONBody.decode(ShareBody.self, from: request, context: context)
            let token = SecretToken.make()
            let digest = SecretToken.digest(token)
            let showsWeights = body.weights ?? false
            let link = try await write { db throws(StoreError) in
                _ = try db.regattaState(name, wholeName: true)
                return try db.createShareLink(forRegatta: name, showsWeights: showsWeights, tokenDigest: digest)
            }
            return JSONBody.response(
                ShareDocument(
                    id: link.id, path: "/share/\(token)", showsWeights: showsWeights,
                    message: ShareWords.made(link)),
                status: .created)
        }
        // `regatta plan REGATTA`: the plan and its code; nothing is written.
        router.get("api/regattas/:regatta/plan", query: RegattaPlanRequest.queryParameters) { request, context in
            try context.requireViewer()
            let name = try context.regattaName()
            let options = try RegattaPlanRequest(request)
            let requester = context.requester
            let (state, shows) = try await read { db throws(StoreError) in
                (try db.regattaState(name), try Self.showsWeights(to: requester, in: db))
            }
            let plan = try await planners.run(for: context) { cancelled in
                try await RegattaPlans.make(from: state, options: options, cancelled: cancelled)
            }
            return JSONBody.response(RegattaPlanDocument(plan, from: state, options: .api, showsWeights: shows))
        }
        // `regatta plan REGATTA --apply --plan CODE`: the plan shown with that code, each changed boat as one
        // history record; refused (409) when the plan for the data now has another code.
        router.post("api/regattas/:regatta/plan") { request, context in
            try context.requireCoach()
            let name = try context.regattaName()
            let body = try await JSONBody.decode(ApplyRegattaPlanBody.self, from: request, context: context)
            let (code, options) = try body.checked()
            let state = try await read { db throws(StoreError) in try db.regattaState(name, wholeName: true) }
            var shown = options
            shown.stopsAtWork = code.work
            let exact = shown
            let plan = try await planners.run(for: context) { cancelled in
                try await RegattaPlans.make(from: state, options: exact, cancelled: cancelled)
            }
            if let work = code.work, plan.work < work {
                // The replay reached `replayTimeLimit` first: no plan this server shows took that long.
                throw APIError(
                    .conflict,
                    "plan \(code) asks for more work than any plan shown here can have done; nothing was written",
                    hint: "work the plan out again, review it, and apply that one")
            }
            let now = PlanCode(plan)
            // As on the command line: when the boats already are as the plan for the data now has them (the
            // code was written already), there is nothing to write, and nothing is refused.
            if now.fingerprint != code.fingerprint && plan.changedBoats.isEmpty {
                return JSONBody.response(RegattaPlanDocument(plan, from: state, options: .api, written: []))
            }
            guard now.fingerprint == code.fingerprint else {
                throw APIError(
                    .conflict,
                    "plan \(code) is not the plan for the data now (plan \(now)): something it was made from (the "
                        + "races, boats, roster, availability or options) changed since it was shown, or the code is "
                        + "mistyped; nothing was written",
                    hint: "work the plan out again, review it, and apply that one")
            }
            // The replay took seconds: whoever asked must still be a coach, signed in, when it is written.
            try await requireCoachStill(context)
            let written = try await write { db throws(StoreError) in try db.applyRegattaPlan(plan, madeFrom: state) }
            return JSONBody.response(RegattaPlanDocument(plan, from: state, options: .api, written: written))
        }
    }
}

extension LineupServer {
    /// Throws unless the account that asked (when one did) is still signed in as a coach: for a change
    /// written after a long search, during which its session may have ended or its role changed.
    func requireCoachStill(_ context: ServerRequestContext) async throws {
        guard let digest = context.sessionDigest else { return }
        let account = try await read { db throws(StoreError) in try db.account(forSessionDigest: digest) }
        guard let account else { throw APIError.signInRequired }
        guard account.role == .coach else { throw APIError.coachesOnly }
    }
}

extension ServerRequestContext {
    /// The regatta named in the path, percent-decoded.
    func regattaName() throws -> String {
        guard let raw = parameters.get("regatta"), let name = raw.removingPercentEncoding, !name.isEmpty,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw APIError(.notFound, "the path does not name a regatta")
        }
        return name
    }
}

/// `{"paddlers": ["Ada Lindqvist"], "absent": false, "from": "10:00", "until": null}`: their whole
/// availability at the regatta, as `regatta attend` sets it (no times and not absent: all day).
struct AttendBody: Decodable, Sendable {
    let paddlers: [String]
    let absent: Bool?
    let from: String?
    let until: String?

    func checkedAvailability() throws -> Availability {
        guard !paddlers.isEmpty else { throw APIError.badInput("name at least one paddler in \"paddlers\"") }
        guard paddlers.count <= 1_000 else { throw APIError.badInput("name at most 1000 paddlers at once") }
        func time(_ text: String?, _ key: String) throws -> TimeOfDay? {
            guard let text else { return nil }
            do throws(LineupError) {
                return try TimeOfDay(parsing: text)
            } catch {
                throw APIError.badInput("\(key): \(error.description)")
            }
        }
        let start = try time(from, "from")
        let end = try time(until, "until")
        do throws(LineupError) {
            return try Availability(absent: absent ?? false, from: start, until: end)
        } catch {
            throw APIError.badInput(error.description)
        }
    }
}

/// What `regatta attend` answered: the sentence, who, their availability, the conflicts and broken rules the
/// change made and cleared (the lines the command line prints after it; empty when none), and the regatta after
/// the change.
struct AttendDocument: Encodable {
    let message: String
    let paddlers: [String]
    let availability: String
    let changes: [String]
    let regatta: RegattaDocument
}

/// `{"weights": false}`: whether the shared page shows the paddlers' weights (not unless asked).
struct ShareBody: Decodable, Sendable {
    let weights: Bool?
}

/// A share link made: its number (to revoke it), its path on this server, and the sentence the command line
/// prints.
struct ShareDocument: Encodable {
    let id: Int64
    let path: String
    let showsWeights: Bool
    let message: String
}

/// The planner's options as the page asks for them: `min_races`, `max_races`, `keep_seated` (true unless
/// given false: the crews the coach seated by hand stay), `sides_required`, `capability_required`, `maybe`
/// (`avoid`, the default, or `allow`), `seed` and `time_limit` in seconds.
struct RegattaPlanRequest: Sendable {
    var options: RegattaPlanOptions
    var sidesRequired: Bool
    var capabilityRequired: Bool
    var timeLimit: Double

    /// The longest a page may ask the server to search.
    static let maximumTimeLimit = 10.0
    /// How long the replay of a code's work may run (a code from a search stopped at `maximumTimeLimit`
    /// replays in about that time; one that needs twice as long cannot be a plan this server showed).
    static let replayTimeLimit = 2 * maximumTimeLimit

    init(
        minimumRaces: Int?, maximumRaces: Int?, keepsSeated: Bool?, sidesRequired: Bool?,
        capabilityRequired: Bool?, seed: UInt64?, timeLimit: Double?, maybe: String? = nil
    ) throws {
        var maybes = RegattaPlanOptions.MaybePolicy.avoid
        if let maybe {
            guard let policy = RegattaPlanOptions.MaybePolicy(rawValue: maybe) else {
                throw APIError.badInput("maybe must be avoid or allow, not '\(maybe)'")
            }
            maybes = policy
        }
        if let minimumRaces, !(0...100).contains(minimumRaces) {
            throw APIError.badInput("min_races must be from 0 to 100, not \(minimumRaces)")
        }
        if let maximumRaces, !(1...100).contains(maximumRaces) {
            throw APIError.badInput("max_races must be from 1 to 100, not \(maximumRaces)")
        }
        if let minimumRaces, let maximumRaces, minimumRaces > maximumRaces {
            throw APIError.badInput("min_races cannot be more than max_races")
        }
        let limit = timeLimit ?? 5
        guard limit.isFinite, limit > 0, limit <= Self.maximumTimeLimit else {
            throw APIError.badInput("time_limit must be more than 0 and at most \(Int(Self.maximumTimeLimit)) seconds")
        }
        options = RegattaPlanOptions(
            minimumRaces: minimumRaces, maximumRaces: maximumRaces, keepsSeated: keepsSeated ?? true, seed: seed ?? 1,
            maybes: maybes)
        self.sidesRequired = sidesRequired ?? false
        self.capabilityRequired = capabilityRequired ?? false
        self.timeLimit = limit
    }

    /// The query parameters `init(_:)` reads, the only ones the route takes.
    static let queryParameters = [
        "keep_seated", "min_races", "max_races", "sides_required", "capability_required", "seed", "time_limit",
        "maybe",
    ]

    /// From the query: `?keep_seated=false&max_races=3`.
    init(_ request: Request) throws {
        // As the OpenAPI document lists them: true, false, 1 or 0.
        func flag(_ name: String) throws -> Bool? { try request.queryFlag(name, digits: true) }
        func whole(_ name: String) throws -> Int? {
            guard let text = try request.queryValue(name) else { return nil }
            guard let value = Int(text) else {
                throw APIError.badInput("\(name) must be a whole number, not '\(text)'")
            }
            return value
        }
        var seed: UInt64?
        if let text = try request.queryValue("seed") {
            guard let value = UInt64(text) else {
                throw APIError.badInput("seed must be a whole number from 0 to \(UInt64.max), not '\(text)'")
            }
            seed = value
        }
        var timeLimit: Double?
        if let text = try request.queryValue("time_limit") {
            guard let value = Double(text) else { throw APIError.badInput("time_limit must be a number of seconds") }
            timeLimit = value
        }
        try self.init(
            minimumRaces: try whole("min_races"), maximumRaces: try whole("max_races"),
            keepsSeated: try flag("keep_seated"), sidesRequired: try flag("sides_required"),
            capabilityRequired: try flag("capability_required"), seed: seed, timeLimit: timeLimit,
            maybe: try request.queryValue("maybe"))
    }

    var stopsAtWork: Int? {
        get { options.stopsAtWork }
        set { options.stopsAtWork = newValue }
    }
}

/// `{"plan": "4f1c9a2e7b30", "keep_seated": true, …}`: the code the page showed, with the options it was made
/// with.
struct ApplyRegattaPlanBody: Decodable, Sendable {
    let plan: String
    let minRaces: Int?
    let maxRaces: Int?
    let keepSeated: Bool?
    let sidesRequired: Bool?
    let capabilityRequired: Bool?
    let seed: UInt64?
    let maybe: String?

    func checked() throws -> (PlanCode, RegattaPlanRequest) {
        guard let code = PlanCode(parsing: plan) else {
            throw APIError.badInput("plan must be the code GET /plan gave, such as 4f1c9a2e7b30 or 4f1c9a2e7b30-183296")
        }
        let request = try RegattaPlanRequest(
            minimumRaces: minRaces, maximumRaces: maxRaces, keepsSeated: keepSeated, sidesRequired: sidesRequired,
            capabilityRequired: capabilityRequired, seed: seed, timeLimit: nil, maybe: maybe)
        return (code, request)
    }
}

enum RegattaPlans {
    /// The planner's plan for `state`, worked out away from the server's request threads; a search not bounded
    /// by its work (`stopsAtWork`) stops at the request's time limit, and one that is at `replayTimeLimit`. Any
    /// search stops once `cancelled` says its client has gone (its plan then answers nobody).
    static func make(
        from state: RegattaState, options: RegattaPlanRequest, cancelled: CancelFlag,
        replayLimit: Double = RegattaPlanRequest.replayTimeLimit
    ) async throws -> RegattaPlan {
        guard !state.races.isEmpty else {
            throw APIError(
                .conflict, "regatta \"\(state.info.name)\" has no races yet", hint: "add its races first")
        }
        let regatta = state.regatta.requiring(sides: options.sidesRequired, capability: options.capabilityRequired)
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                let start = ContinuousClock.now
                let seconds = options.stopsAtWork == nil ? options.timeLimit : replayLimit
                let limit = Duration.milliseconds(Int64(seconds * 1000))
                let progress: (Double) -> Bool = { _ in !cancelled.isSet && ContinuousClock.now - start < limit }
                continuation.resume(
                    returning: RegattaPlanner.plan(regatta, options: options.options, progress: progress))
            }
        }
    }
}

/// The regatta plans the server works out at once: at most `total`, one per client (an account, or an
/// address when nobody is signed in), and at most `viewerPlaces` of them for those who may not change
/// lineups, so that no one, viewers least of all (however many accounts they ask from), can keep the planner
/// from the coaches by asking again and again. A plan asked for beyond that is refused at once (503,
/// `Retry-After`), never queued; and a search whose client has gone stops.
final class PlannerGate: Sendable {
    private struct Places {
        var byClient: [String: Int] = [:]
        var viewers = 0
    }
    private let running = Mutex(Places())
    let total: Int
    let viewerPlaces: Int

    init(total: Int = 2, viewerPlaces: Int = 1) {
        self.total = total
        self.viewerPlaces = viewerPlaces
    }

    /// `body` run as the request of `context` asks: refused at once when the planner is full.
    func run<T: Sendable>(
        for context: ServerRequestContext, _ body: @Sendable (CancelFlag) async throws -> T
    ) async throws -> T {
        let client: String
        switch context.requester {
        case .account(let account): client = "account \(account.name)"
        case .localCoach, .nobody: client = "address \(context.peerAddress ?? "in process")"
        }
        let cancelled = CancelFlag()
        context.connectionClosed.whenComplete { _ in cancelled.set() }
        return try await run(client: client, isCoach: context.requester.isCoach, cancelled: cancelled, body)
    }

    /// `body` run for `client` (a coach, or one who may only read), told through `cancelled` when its client
    /// has gone.
    func run<T: Sendable>(
        client: String, isCoach: Bool, cancelled: CancelFlag, _ body: @Sendable (CancelFlag) async throws -> T
    ) async throws -> T {
        let entered = running.withLock { running in
            guard running.byClient.values.reduce(0, +) < total, running.byClient[client, default: 0] == 0,
                isCoach || running.viewers < viewerPlaces
            else { return false }
            running.byClient[client, default: 0] += 1
            if !isCoach { running.viewers += 1 }
            return true
        }
        guard entered else {
            throw APIError(
                .serviceUnavailable, "the planner is busy: it works out a few plans at once, one for each person",
                hint: "try again in a few seconds", retryAfter: 2)
        }
        defer {
            running.withLock { running in
                running.byClient[client, default: 1] -= 1
                if running.byClient[client] == 0 { running.byClient[client] = nil }
                if !isCoach { running.viewers -= 1 }
            }
        }
        return try await body(cancelled)
    }
}

/// Set once, read from any thread: whether a search's client has gone.
final class CancelFlag: Sendable {
    private let flag = Mutex(false)

    var isSet: Bool { flag.withLock { $0 } }

    func set() { flag.withLock { $0 = true } }
}

extension PlanWords.OptionNames {
    /// The options in the page's words (the page keeps hand-seated crews unless "replan freely" is ticked).
    static let api = PlanWords.OptionNames(
        maximumRaces: "the most races each (max_races)", minimumRaces: "the fewest races each (min_races)",
        anotherSearch: "another search",
        ownBoat: "a boat of its own "
            + "(`lineup race add … --copy-from`)", replanFreely: "“replan freely”",
        keepCrews: "leave “replan freely” unticked",
        levelWithBench: { _ in "the boat's optimizer with the bench" })
}
