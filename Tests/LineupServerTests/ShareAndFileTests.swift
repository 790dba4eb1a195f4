import Foundation
import HTTPTypes
import HummingbirdTesting
import LineupStore
import Testing

@testable import LineupServer

@Suite("share links, files and the OpenAPI document", .serialized)
struct ShareAndFileTests {
    /// A share link shows the chart read-only to anyone with it, weights hidden unless allowed, and opens
    /// nothing once revoked.
    @Test func aShareLinkIsReadOnlyAndRevocable() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0")
        let db = try fixture.commandLine()
        let hidden = SecretToken.make()
        let shown = SecretToken.make()
        let link = try db.createShareLink(
            forBoat: .current, showsWeights: false, tokenDigest: SecretToken.digest(hidden))
        _ = try db.createShareLink(forBoat: .current, showsWeights: true, tokenDigest: SecretToken.digest(shown))
        try await fixture.test { client in
            // No sign-in needed: the link is the key.
            let page = try await client.send(.get, "/share/\(hidden)")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("Ada Lindqvist") && page.text.contains("data-seat=\"L1\""))
            #expect(!page.text.contains("61.5 kg"))
            #expect(!page.text.contains("<script"))
            let withWeights = try await client.send(.get, "/share/\(shown)")
            #expect(withWeights.text.contains("61.5 kg"))
            // The link opens the chart and nothing else: no change goes through it.
            let change = try await client.send(.post, "/share/\(hidden)", json: "{}")
            #expect(change.status != .ok)
            let api = try await client.send(.get, "/api/boats", headers: [.cookie: "lineup_session=\(hidden)"])
            #expect(api.status == .unauthorized)
            #expect(try await client.send(.get, "/share/\(SecretToken.make())").status == .notFound)
            #expect(try await client.send(.get, "/share/short").status == .notFound)
            try db.revokeShareLink(id: link.id)
            let revoked = try await client.send(.get, "/share/\(hidden)")
            #expect(revoked.status == .notFound)
            #expect(revoked.text.contains("revoked"))
        }
        #expect(try db.history(ofBoat: .current).1.isEmpty)
    }

    /// Share tokens that open nothing count against the client as a paddler's link's do (together): a scan is
    /// answered 429 with `Retry-After`, even for a link that opens, while the link opens from another address.
    /// Links that open are not counted.
    @Test func wrongShareTokensFromOneClientAreSlowedDown() async throws {
        let fixture = try ServerFixture(listen: "0.0.0.0", trustsProxy: true)
        let token = SecretToken.make()
        _ = try fixture.commandLine().createShareLink(
            forBoat: .current, showsWeights: false, tokenDigest: SecretToken.digest(token))
        let scanner: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "203.0.113.5"]
        let crew: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "198.51.100.7"]
        try await fixture.test { client in
            for _ in 0..<25 {
                #expect(try await client.send(.get, "/share/\(token)", headers: scanner).status == .ok)
            }
            for index in 0..<20 {
                let guess = index.isMultiple(of: 2) ? SecretToken.make() : "short\(index)"
                let response = try await client.send(.get, "/share/\(guess)", headers: scanner)
                #expect(response.status == .notFound, "\(index)")
            }
            let refused = try await client.send(.get, "/share/\(token)", headers: scanner)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.errorMessage.contains("links that do not open"), "\(refused.text)")
            #expect(Int(refused.headers[.retryAfter] ?? "") ?? 0 > 0)
            let paddlerLink = try await client.send(.get, "/api/p/\(SecretToken.make())", headers: scanner)
            #expect(paddlerLink.status == .tooManyRequests)
            let opened = try await client.send(.get, "/share/\(token)", headers: crew)
            #expect(opened.status == .ok)
            #expect(opened.text.contains("Ada Lindqvist"))
        }
    }

    @Test func thePagesFilesAreCompiledInWithValidators() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let page = try await client.send(.get, "/")
            #expect(page.status == .ok && page.text.contains("<script type=\"module\" src=\"/static/app.js\">"))
            for (file, type) in [
                ("app.js", "text/javascript"), ("exchange.js", "text/javascript"), ("style.css", "text/css"),
            ] {
                let response = try await client.send(.get, "/static/\(file)")
                #expect(response.status == .ok, "\(file)")
                #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(file)")
                let tag = try #require(response.headers[.eTag])
                let again = try await client.send(.get, "/static/\(file)", headers: [.ifNoneMatch: tag])
                #expect(again.status == .notModified)
            }
            #expect(try await client.send(.get, "/static/nothing.js").status == .notFound)
            #expect(try await client.send(.get, "/static/..%2FPackage.swift").status == .notFound)
        }
    }

    /// Every module of the page (each `.js` file in `web/`, which import one another by flat names) is
    /// served as JavaScript: a module left out of the build would break the page at its first import.
    @Test func everyModuleOfThePageIsServed() async throws {
        let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("web")
        let modules = try FileManager.default.contentsOfDirectory(atPath: web.path).filter { $0.hasSuffix(".js") }
        #expect(modules.count > 10, "the page's modules: \(modules)")
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for module in modules {
                let response = try await client.send(.get, "/static/\(module)")
                #expect(response.status == .ok, "\(module)")
                #expect(response.headers[.contentType]?.hasPrefix("text/javascript") == true, "\(module)")
                let source = try String(contentsOf: web.appendingPathComponent(module), encoding: .utf8)
                #expect(response.text == source, "\(module) is served as it is in web/")
            }
        }
    }

    /// The service worker is served at the root, so that its scope is the whole site, as JavaScript and as it is
    /// in `web/`; the manifest and the icon it names are served with their types.
    @Test func theServiceWorkerAndTheManifestAreServed() async throws {
        let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("web")
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let worker = try await client.send(.get, "/sw.js")
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(worker.headers[.cacheControl] == "no-cache")
            let source = try String(contentsOf: web.appendingPathComponent("sw.js"), encoding: .utf8)
            #expect(worker.text == source)
            let tag = try #require(worker.headers[.eTag])
            #expect(try await client.send(.get, "/sw.js", headers: [.ifNoneMatch: tag]).status == .notModified)
            for (file, type) in [("manifest.json", "application/json"), ("icon.svg", "image/svg+xml")] {
                let response = try await client.send(.get, "/static/\(file)")
                #expect(response.status == .ok, "\(file)")
                #expect(response.headers[.contentType]?.hasPrefix(type) == true, "\(file)")
            }
            let page = try await client.send(.get, "/")
            #expect(page.text.contains("<link rel=\"manifest\" href=\"/static/manifest.json\">"))
        }
    }

    /// The OpenAPI document lists every route the server has, and no other.
    @Test func theOpenAPIDocumentListsEveryRoute() async throws {
        let fixture = try ServerFixture()
        let response = try await fixture.test { client in try await client.send(.get, "/openapi.json") }
        #expect(response.status == .ok)
        let document = response.object
        #expect(document["openapi"] as? String == "3.1.0")
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        let documented = Set(paths.flatMap { path, operations in operations.keys.map { "\($0.uppercased()) \(path)" } })
        let routes = Set(fixture.server.routeCatalog())
        #expect(routes.count == fixture.server.routeCatalog().count)
        #expect(documented.subtracting(routes).sorted() == [])
        #expect(routes.subtracting(documented).sorted() == [])
        // Every schema an operation names exists.
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        let references = response.text.components(separatedBy: "\"#/components/schemas/").dropFirst()
            .compactMap { $0.split(separator: "\"").first.map(String.init) }
        #expect(Set(references).subtracting(schemas.keys).sorted() == [])
    }
}
