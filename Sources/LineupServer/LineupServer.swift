import HTTPTypes
import Foundation
import Hummingbird
import HummingbirdCore
import LineupStore
import Logging
import NIOCore
import Synchronization

/// `lineup serve`: the web app and the JSON API over one club's database. Every change goes through the same
/// store calls as the command line, so the page, the API and the command line share one history.
public struct LineupServer: Sendable {
    public let database: SharedLineupDatabase
    public let configuration: ServerConfiguration
    /// Tells open pages when the database changed.
    public let feed: ChangeFeed
    let limiter: SignInLimiter
    /// Answers of the read-only routes, while the database is unchanged.
    let readCache = ReadCache()
    /// Keeps the connections within `configuration.limits`.
    let governor: ConnectionGovernor
    /// Tells whoever runs the server what they should know while it runs (the executable writes it to
    /// standard error; the library never prints).
    let warn: @Sendable (String) -> Void
    /// Whether the warning of a sign-in over plain HTTP has been given in this run.
    let plainSignInWarning = OnceFlag()
    /// The regatta plans being worked out: a few at once, one per client.
    let planners = PlannerGate()
    /// The boat optimizer's plans being worked out, gated apart from the regatta plans the same way, so that
    /// nobody (a viewer asking for many at once least of all) crowds the coaches out of either.
    let boatPlanners = PlannerGate()
    /// Requests to the paddlers' links, per client: anyone may send them, with no account.
    let paddlerRequests = RequestRateLimiter(perMinute: 60)
    /// Change streams open per paddler's link.
    let paddlerStreams = PaddlerStreams()
    /// Paddlers' and share links that do not open, per client, counted as failed sign-ins are (`addressAttempts`).
    let linkGuesses = SignInLimiter(attempts: 20, addressAttempts: 20, window: 300)

    /// A server of `database`, as `configuration` says; `warn` hears what its operator should know.
    public init(
        database: SharedLineupDatabase, configuration: ServerConfiguration,
        warn: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.database = database
        self.configuration = configuration
        self.warn = warn
        feed = ChangeFeed(
            database: database, streams: configuration.limits.streams,
            streamsPerClient: configuration.limits.streamsPerClient)
        governor = ConnectionGovernor(limits: configuration.limits, limitsEachClient: !configuration.trustsProxy)
        limiter = SignInLimiter(attempts: configuration.signInAttempts, window: configuration.signInWindow)
    }

    /// Every route, behind the access check.
    public func router() -> Router<ServerRequestContext> {
        routes().router
    }

    /// Every route's method and path (`GET /api/boats/{boat}`), as the OpenAPI document must list them.
    public func routeCatalog() -> [String] {
        routes().catalog
    }

    /// The query parameters each API route takes (`GET /api/boats/{boat}/history`: `limit`), as the OpenAPI
    /// document must list them; any other is refused (422).
    func routeQueryParameters() -> [String: [String]] {
        routes().queryCatalog
    }

    private func routes() -> Routes {
        let router = Router(context: ServerRequestContext.self)
        let table = RouteTable()
        router.middlewares.add(SecurityHeadersMiddleware(routes: table))
        router.middlewares.add(AccessMiddleware(configuration: configuration, database: database))
        let routes = Routes(router, table: table)
        addBoatRoutes(to: routes)
        addChangeRoutes(to: routes)
        addRegattaRoutes(to: routes)
        addAnswerRoutes(to: routes)
        addRosterRoutes(to: routes)
        addSessionRoutes(to: routes)
        addEventRoutes(to: routes)
        addShareRoutes(to: routes)
        addPaddlerRoutes(to: routes)
        addFileRoutes(to: routes)
        return routes
    }

    /// The application to run: the router on the configured address, with the change feed beside it;
    /// `onListening` hears the port it listens on (the one the system chose, for port 0).
    public func application(
        logger: Logger, onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let governor = governor
        let requestTimeout = TimeAmount.milliseconds(Int64(configuration.requestTimeout * 1000))
        return Application(
            router: router(),
            // The governor counts, times and makes room among the connections (the framework's idle timeout
            // would be reset by every byte a slow client sends).
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [
                        ConnectionGuard(governor: governor, requestTimeout: requestTimeout), MalformedRequestAnswer(),
                    ])),
            // The last guard: past this many sockets none is accepted, so the descriptors never run out.
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.limits.sockets, logger: logger)),
            services: [ChangeFeedService(feed: feed, interval: configuration.changePollInterval)],
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Closes every connection at once, busy or not: for a server that is stopping and has waited for them
    /// long enough.
    public func closeEveryConnection() {
        governor.closeAll()
    }
}

/// True the first time it is asked, false ever after: for what is said once per run.
final class OnceFlag: Sendable {
    private let done = Atomic<Bool>(false)

    /// True for the first caller only.
    func claim() -> Bool {
        !done.exchange(true, ordering: .relaxed)
    }
}

/// Headers every answer carries: no framing by other sites, no guessing of content types, and a content
/// policy that lets the page run its own scripts and nothing else. Every answer, the framework's own
/// refusals included (no such route, a method the route does not take, a body too large), carries them
/// with the JSON error document (`APIError`).
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    /// The routes' paths and methods, to tell a method a path does not take (405) from no such path (404).
    let routes: RouteTable

    func handle(
        _ request: Request, context: ServerRequestContext,
        next: (Request, ServerRequestContext) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            // An empty segment (`/api/regattas//attend`) names no boat or regatta: no route has such a path,
            // though the router would take it for the path without that segment.
            guard !request.uri.path.contains("//") else { throw Self.noRoute }
            response = try await next(request, context)
        } catch {
            if !(error is any HTTPResponseError) {
                context.logger.error("failed to answer \(request.method) \(request.uri.path): \(error)")
            }
            response = try refusal(for: error, to: request).response(from: request, context: context)
        }
        Self.addHeaders(to: &response.headers)
        return response
    }

    static let noRoute = APIError(.notFound, "there is no page or API route at this address")

    /// The error document for anything a route or the framework threw.
    private func refusal(for error: any Error, to request: Request) -> APIError {
        if let error = error as? APIError { return error }
        guard let error = error as? any HTTPResponseError else {
            // What went wrong inside is for the log, not for the client.
            return APIError(.internalServerError, "the server could not answer this request")
        }
        switch error.status {
        case .notFound:
            let allowed = routes.methods(forPath: request.uri.path)
            guard !allowed.isEmpty, !allowed.contains(request.method) else { return Self.noRoute }
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            return APIError(
                .methodNotAllowed, "this address takes \(names), not \(request.method.rawValue)",
                headers: [.allow: names])
        case .contentTooLarge:
            return APIError(
                .contentTooLarge,
                "the request's body is larger than the \(ServerRequestContext.maximumBodySize / 1024) KB this server takes"
            )
        default:
            let reason = error.status.reasonPhrase.lowercased()
            let message = (error as? HTTPError)?.body ?? "the server refused this request (\(reason))"
            return APIError(error.status, message, headers: (error as? HTTPError)?.headers ?? [:])
        }
    }

    /// The security headers, on an answer of the router or of the connection itself.
    static func addHeaders(to headers: inout HTTPFields) {
        headers[.xContentTypeOptions] = "nosniff"
        headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; "
            + "base-uri 'none'; form-action 'self'"
        if let referrerPolicy = HTTPField.Name("Referrer-Policy") { headers[referrerPolicy] = "no-referrer" }
    }
}
