import Hummingbird
import LineupStore

/// The page's files, compiled into the binary from `web/` (nothing is read from disk), the page's service
/// worker and the OpenAPI document.
extension LineupServer {
    func addFileRoutes(to router: Routes) {
        router.get("/") { request, _ in try WebFiles.response(for: "index.html", request: request) }
        // At the root, so that the worker's scope is the whole site (`/`, and the API it keeps for offline).
        router.get("sw.js") { request, _ in try WebFiles.response(for: "sw.js", request: request) }
        router.get("openapi.json") { request, _ in try WebFiles.response(for: "openapi.json", request: request) }
        router.get("static/:file") { request, context in
            try WebFiles.response(for: context.parameters.get("file") ?? "", request: request)
        }
    }
}

/// The embedded files by name, with their content types and validators.
enum WebFiles {
    struct File: Sendable {
        let contents: String
        let contentType: String
        let eTag: String
    }

    static let files: [String: File] = Dictionary(
        uniqueKeysWithValues: EmbeddedWebFiles.files.map { file in
            (
                file.name,
                File(
                    contents: file.contents, contentType: contentType(of: file.name),
                    eTag: "\"\(SecretToken.digest(file.contents).prefix(16))\"")
            )
        })

    static func contentType(of name: String) -> String {
        switch name.split(separator: ".").last {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json; charset=utf-8"
        case "svg": "image/svg+xml"
        default: "application/octet-stream"
        }
    }

    static func response(for name: String, request: Request) throws -> Response {
        guard let file = files[name] else { throw APIError(.notFound, "no file named '\(name)' here") }
        if request.headers[.ifNoneMatch] == file.eTag {
            return Response(status: .notModified, headers: [.eTag: file.eTag])
        }
        return Response(
            status: .ok,
            headers: [.contentType: file.contentType, .eTag: file.eTag, .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: file.contents)))
    }
}
