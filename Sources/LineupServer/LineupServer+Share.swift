import HTTPTypes
import Foundation
import Hummingbird
import LineupPresentation
import LineupCore
import LineupStore

/// Share links: the boat's chart (the same HTML as `lineup export --format html`), or a regatta's day (as
/// `lineup regatta show --format html`), read-only, for whoever has the link; weights hidden unless the coach
/// allowed them when making it.
extension LineupServer {
    func addShareRoutes(to router: Routes) {
        router.get("share/:token") { _, context in
            let token = context.parameters.get("token") ?? ""
            guard SecretToken.isWellFormed(token) else { return Self.unknownShareLink }
            let digest = SecretToken.digest(token)
            guard let (link, subject) = try await read({ db throws(StoreError) in try db.shared(tokenDigest: digest) })
            else { return Self.unknownShareLink }
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
