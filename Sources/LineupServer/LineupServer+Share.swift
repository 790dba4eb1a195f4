import HTTPTypes
import Foundation
import Hummingbird
import LineupPresentation
import LineupCore
import LineupStore

/// Share links: the boat's chart (the same HTML as `lineup export --format html`), or a regatta's day (as
/// `lineup regatta show --format html`), read-only, for whoever has the link; weights hidden unless the coach
/// allowed them when making it. A coach lists and revokes them as `lineup share --list` and `--revoke ID` do.
extension LineupServer {
    func addShareRoutes(to router: Routes) {
        // `share --list --json`, or `share --list --regatta REGATTA --json`, or `share --list BOAT --json`.
        router.get("api/shares", query: ["regatta", "boat"]) { request, context in
            try context.requireCoach()
            let regatta = try request.queryValue("regatta")
            let boat = try request.queryValue("boat")
            if regatta != nil, boat != nil {
                throw APIError.badInput("a link is to a boat or to a regatta: give boat or regatta, not both")
            }
            if regatta?.isEmpty == true || boat?.isEmpty == true {
                throw APIError.badInput("boat and regatta, when given, name one")
            }
            let links = try await read { db throws(StoreError) in
                if let regatta { return try db.shareLinks(ofRegatta: regatta) }
                return try db.shareLinks(ofBoat: boat.map(BoatChoice.wholeName))
            }
            return JSONBody.response(ShareLinkListDocument(links))
        }
        // `share --revoke ID --json`: whoever has the link can no longer open it.
        router.delete("api/shares/:id") { _, context in
            try context.requireCoach()
            guard let text = context.parameters.get("id"), let id = Int64(text), id > 0 else {
                throw APIError(.notFound, "the path does not name a share link: links are numbered 1, 2, 3…")
            }
            let link = try await write { db throws(StoreError) in try db.revokeShareLink(id: id) }
            return JSONBody.response(ShareLinkRevocationDocument(link))
        }
        // A token that does not open counts against the client as a paddler's link does (`countingLinkGuesses`).
        router.get("share/:token") { request, context in
            let found = try await countingLinkGuesses(from: clientAddress(request, context)) {
                () async throws -> (link: ShareLink, subject: SharedSubject)? in
                let token = context.parameters.get("token") ?? ""
                guard SecretToken.isWellFormed(token) else { return nil }
                let digest = SecretToken.digest(token)
                return try await read { db throws(StoreError) in try db.shared(tokenDigest: digest) }
            }
            guard let (link, subject) = found else { return Self.unknownShareLink }
            switch subject {
            case .boat(let state):
                let chart = ChartContent(
                    state: state, format: WeightFormat(unit: state.weightUnit), showsWeights: link.showsWeights,
                    date: DateText.localDate(Date()))
                return Self.page(HTMLChart([chart]).document(), status: .ok)
            case .regatta(let state):
                // `lineup regatta show --format html`: the schedule and every race's crew.
                let html = RegattaHTML(
                    state: state, format: WeightFormat(unit: state.weightUnit), showsWeights: link.showsWeights)
                return Self.page(html.document(), status: .ok)
            }
        }
    }

    static let unknownShareLink = page(
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Link not found</title></head>
        <body style="font-family: system-ui, sans-serif; margin: 2rem;">
        <h1>This link does not open a lineup</h1>
        <p>It was never made, or the coach who made it has revoked it. Ask them for a new one.</p>
        </body></html>

        """, status: .notFound)

    static func page(_ html: String, status: HTTPResponse.Status) -> Response {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        // A share link is for the crew, not for search engines.
        if let robots = HTTPField.Name("X-Robots-Tag") { headers[robots] = "noindex, nofollow" }
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }
}
