import HTTPTypes
import Hummingbird
import Synchronization

/// The router as the server's routes are added to it, keeping a catalogue of every method and path, which
/// the tests hold against the OpenAPI document.
final class Routes {
    let router: Router<ServerRequestContext>
    /// `GET /api/boats/{boat}` and so on, in the order they were added.
    private(set) var catalog: [String] = []
    /// The query parameters each API route takes, by route as `catalog` names it (`GET /api/boats`: none).
    private(set) var queryCatalog: [String: [String]] = [:]
    private let table: RouteTable

    init(_ router: Router<ServerRequestContext>, table: RouteTable) {
        self.router = router
        self.table = table
    }

    func get<Output: ResponseGenerator>(
        _ path: String, query: [String] = [],
        use handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) {
        add(.get, path, query: query)
        router.get(RouterPath(path), use: Self.checkingQuery(of: path, query, handler))
    }

    func post<Output: ResponseGenerator>(
        _ path: String, query: [String] = [],
        use handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) {
        add(.post, path, query: query)
        router.post(RouterPath(path), use: Self.checkingQuery(of: path, query, handler))
    }

    func put<Output: ResponseGenerator>(
        _ path: String, query: [String] = [],
        use handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) {
        add(.put, path, query: query)
        router.put(RouterPath(path), use: Self.checkingQuery(of: path, query, handler))
    }

    func delete<Output: ResponseGenerator>(
        _ path: String, query: [String] = [],
        use handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) {
        add(.delete, path, query: query)
        router.delete(RouterPath(path), use: Self.checkingQuery(of: path, query, handler))
    }

    private func add(_ method: HTTPRequest.Method, _ path: String, query: [String]) {
        // `api/boats/:boat` as OpenAPI writes it: `/api/boats/{boat}`.
        let parts = path.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
        let route = "\(method.rawValue) /\(parts.joined(separator: "/"))"
        catalog.append(route)
        if Self.checksQuery(path) { queryCatalog[route] = query }
        table.add(method, path)
    }

    /// True for the API's routes, which refuse a query parameter they do not take. The pages and files
    /// (`/`, `/static/…`, `/share/…`, `/p/…`) read no query and ignore one: a link passed through a chat or a
    /// mail often comes back with a tracking parameter added, and must still open.
    private static func checksQuery(_ path: String) -> Bool { path.hasPrefix("api/") }

    /// `handler`, first refusing (422) a query parameter the route does not take (`query`), or one given
    /// twice, when the route is the API's.
    private static func checkingQuery<Output: ResponseGenerator>(
        of path: String, _ query: [String],
        _ handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) -> @Sendable (Request, ServerRequestContext) async throws -> Output {
        guard checksQuery(path) else { return handler }
        return { request, context in
            try QueryParameters(request.uri.query).refuse(otherThan: query)
            return try await handler(request, context)
        }
    }
}

/// Which methods each route's path takes, so that a method a path does not take is answered 405 with
/// `Allow`, not 404 as the router alone answers it. Filled while the routes are added, read after.
final class RouteTable: Sendable {
    private struct Entry {
        /// The path's segments; nil for a parameter (`:boat`), which any one segment fills.
        let segments: [Substring?]
        let method: HTTPRequest.Method
    }

    private let entries = Mutex<[Entry]>([])

    func add(_ method: HTTPRequest.Method, _ path: String) {
        let segments = path.split(separator: "/").map { $0.hasPrefix(":") ? nil : $0 }
        entries.withLock { $0.append(Entry(segments: segments, method: method)) }
    }

    /// The methods of the routes whose path matches `path`, in the order they were added; none when no
    /// route has that path. Where a route's constant segment and another's parameter both match (`answers/seen`
    /// and `answers/:paddler`), the router takes the constant, so only its routes count.
    func methods(forPath path: String) -> [HTTPRequest.Method] {
        let segments = path.split(separator: "/")
        return entries.withLock { entries in
            let matching = entries.filter { entry in
                entry.segments.count == segments.count
                    && zip(entry.segments, segments).allSatisfy { pattern, segment in
                        pattern.map { $0 == segment } ?? true
                    }
            }
            guard let best = matching.map(\.segments).min(by: Self.isMoreSpecific) else { return [] }
            var methods: [HTTPRequest.Method] = []
            for entry in matching where entry.segments == best && !methods.contains(entry.method) {
                methods.append(entry.method)
            }
            return methods
        }
    }

    /// True when `first` has a constant segment where `second` first has a parameter.
    private static func isMoreSpecific(_ first: [Substring?], _ second: [Substring?]) -> Bool {
        for (a, b) in zip(first, second) where (a == nil) != (b == nil) {
            return a != nil
        }
        return false
    }
}
