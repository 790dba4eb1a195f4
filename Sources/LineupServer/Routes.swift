import HTTPTypes
import Hummingbird

/// The router as the server's routes are added to it, keeping a catalogue of every method and path, which
/// the tests hold against the OpenAPI document.
final class Routes {
    let router: Router<ServerRequestContext>
    /// `GET /api/boats/{boat}` and so on, in the order they were added.
    private(set) var catalog: [String] = []

    init(_ router: Router<ServerRequestContext>) {
        self.router = router
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
    }
}
