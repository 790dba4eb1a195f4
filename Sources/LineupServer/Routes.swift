import HTTPTypes
import Hummingbird
import Synchronization

/// The router as the server's routes are added to it, keeping a catalogue of every method and path, which
/// the tests hold against the OpenAPI document.
final class Routes {
    let router: Router<ServerRequestContext>
    /// `GET /api/boats/{boat}` and so on, in the order they were added.
    private(set) var catalog: [String] = []
    private let table: RouteTable

    init(_ router: Router<ServerRequestContext>, table: RouteTable) {
        self.router = router
        self.table = table
    }

    func get<Output: ResponseGenerator>(
        _ path: String, use handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) {
        add(.get, path)
        router.get(RouterPath(path), use: handler)
    }

    func post<Output: ResponseGenerator>(
        _ path: String, use handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) {
        add(.post, path)
        router.post(RouterPath(path), use: handler)
    }

    func put<Output: ResponseGenerator>(
        _ path: String, use handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) {
        add(.put, path)
        router.put(RouterPath(path), use: handler)
    }

    func delete<Output: ResponseGenerator>(
        _ path: String, use handler: @escaping @Sendable (Request, ServerRequestContext) async throws -> Output
    ) {
        add(.delete, path)
        router.delete(RouterPath(path), use: handler)
    }

    private func add(_ method: HTTPRequest.Method, _ path: String) {
        // `api/boats/:boat` as OpenAPI writes it: `/api/boats/{boat}`.
        let parts = path.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }
        catalog.append("\(method.rawValue) /\(parts.joined(separator: "/"))")
        table.add(method, path)
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
