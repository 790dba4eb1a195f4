import HTTPTypes
import Foundation
import Hummingbird
import LineupStore
import Logging

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

    public init(database: SharedLineupDatabase, configuration: ServerConfiguration) {
        self.database = database
        self.configuration = configuration
        feed = ChangeFeed(database: database)
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

    private func routes() -> Routes {
        let router = Router(context: ServerRequestContext.self)
        router.middlewares.add(SecurityHeadersMiddleware())
        router.middlewares.add(AccessMiddleware(configuration: configuration, database: database))
        let routes = Routes(router)
        addBoatRoutes(to: routes)
        addChangeRoutes(to: routes)
        addSessionRoutes(to: routes)
        addEventRoutes(to: routes)
        addShareRoutes(to: routes)
        addFileRoutes(to: routes)
        return routes
    }

    /// The application to run: the router on the configured address, with the change feed beside it;
    /// `onListening` hears the port it listens on (the one the system chose, for port 0).
    public func application(
        logger: Logger, onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) -> some ApplicationProtocol {
        Application(
            router: router(),
            // Idle connections are closed, so they cannot use up the server's file descriptors.
            server: .http1(
                configuration: .init(idleTimeout: .milliseconds(Int64(configuration.idleTimeout * 1000)))),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: nil),
            services: [ChangeFeedService(feed: feed, interval: configuration.changePollInterval)],
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? 0) },
            logger: logger)
    }
}

/// Headers every answer carries: no framing by other sites, no guessing of content types, and a content
/// policy that lets the page run its own scripts and nothing else.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = ServerRequestContext

    func handle(
        _ request: Request, context: ServerRequestContext,
        next: (Request, ServerRequestContext) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as APIError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.contentSecurityPolicy] =
            "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; "
            + "base-uri 'none'; form-action 'self'"
        if let referrerPolicy = HTTPField.Name("Referrer-Policy") { response.headers[referrerPolicy] = "no-referrer" }
        return response
    }
}
