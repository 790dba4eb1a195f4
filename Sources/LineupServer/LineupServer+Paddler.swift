import Foundation
import HTTPTypes
import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// Paddlers' own links (`lineup invite`): through `/p/{token}` a paddler reads their races and answers for
/// themselves, with no account, even on a server that needs sign-in (a viewer's cookie plays no part). No route
/// names a paddler or an id: the token alone says whose answers are read and changed, so a link can reach its
/// own paddler's and nobody else's.
///
/// A token is 256 random bits, so guessing one is hopeless; still, every request is counted per client (60 a
/// minute), and a token that does not open is counted as a failed sign-in is (20 in 5 minutes per client, with the
/// share links' tokens), so a guesser is slowed further and a scan shows. An unknown, revoked or expired link gets one and the same answer.
extension LineupServer {
    func addPaddlerRoutes(to router: Routes) {
        router.get("p/:token") { request, context in
            guard try await paddlerLink(request, context) != nil else { return Self.closedPaddlerLinkPage }
            guard let page = WebFiles.files["paddler.html"] else { throw SecurityHeadersMiddleware.noRoute }
            // `page` adds no-store and noindex; every answer says `Referrer-Policy: no-referrer`, so the token
            // in this address never leaves in a Referer.
            return Self.page(page.contents, status: .ok)
        }
        router.get("p/:token/calendar.ics") { request, context in
            guard let (link, _) = try await paddlerLinkWithDigest(request, context) else {
                return Self.closedPaddlerLinkPage
            }
            let today = try Self.today()
            let day = try await read { db throws(StoreError) in try db.paddlerDay(for: link, today: today) }
            return Response(
                status: .ok,
                headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: PaddlerCalendar(day, stamp: Date()).document())))
        }
        router.get("api/p/:token") { request, context in
            guard let (link, _) = try await paddlerLinkWithDigest(request, context) else {
                throw Self.closedPaddlerLink
            }
            let today = try Self.today()
            let day = try await read { db throws(StoreError) in try db.paddlerDay(for: link, today: today) }
            return JSONBody.response(PaddlerDayDocument(day))
        }
        router.put("api/p/:token/answers") { request, context in
            guard let (link, _) = try await paddlerLinkWithDigest(request, context) else {
                throw Self.closedPaddlerLink
            }
            let body = try await JSONBody.decode(PaddlerAnswerBody.self, from: request, context: context)
            let today = try Self.today()
            let regattas = try await read { db throws(StoreError) in
                try db.answerableRegattas(for: link, today: today)
            }
            let (regatta, draft) = try body.answer(in: regattas)
            // Written through the server's own write, so the change feed tells the coach's pages at once; the
            // day is read after it, outside the writer's lock.
            _ = try await write { db throws(StoreError) in
                try db.storeAnswer(draft, of: link.paddler, at: regatta, by: .paddler)
            }
            let updated = try await read { db throws(StoreError) in try db.paddlerDay(for: link, today: today) }
            return JSONBody.response(PaddlerDayDocument(updated))
        }
        // A stream rather than polling: the page hears of a crew change as soon as the feed sees it (within its
        // poll of the database), costs one open connection rather than a request a second, and counts against
        // the same per-client share of streams as the coach's pages (`/api/events`), and against the link's own
        // few (`PaddlerStreams`), so one link cannot take every place. It tells the page only of changes to what
        // the page shows (the paddler's own day): others' answers and other boats neither wake it nor show a
        // link holder the club's activity. It ends at the first change after the link was revoked or expired.
        router.get("api/p/:token/events") { request, context in
            guard let (link, digest) = try await paddlerLinkWithDigest(request, context) else {
                throw Self.closedPaddlerLink
            }
            guard await paddlerStreams.open(digest) else {
                throw APIError(
                    .tooManyRequests, "this link already has as many pages open as it may",
                    hint: "close the other pages of this link", retryAfter: 10)
            }
            let streams = paddlerStreams
            context.connectionClosed.whenComplete { _ in Task { await streams.close(digest) } }
            let database = database
            let shown = ShownDay(try await Self.dayText(link, database))
            return try await changeStream(request, context, sessionDigest: nil) {
                guard let today = try? Self.today(),
                    let current = try? await database.read({ db throws(StoreError) in
                        try db.paddlerLink(tokenDigest: digest, today: today)
                    })
                else { return .close }
                guard let text = try? await Self.dayText(current, database) else { return .send }
                return await shown.replace(text) ? .send : .skip
            }
        }
    }

    /// The link of the path's token, when it opens today; nil when it is unknown, revoked or expired (and then
    /// counted against the client). Throws 429 when the client sent too many requests, or too many tokens that
    /// did not open.
    private func paddlerLinkWithDigest(
        _ request: Request, _ context: ServerRequestContext
    ) async throws -> (link: PaddlerLink, digest: String)? {
        let client = clientAddress(request, context)
        if let wait = await paddlerRequests.take(client) {
            throw APIError(
                .tooManyRequests, "too many requests to paddlers' links from this address; wait \(wait) seconds",
                hint: "the page tries again by itself", retryAfter: wait)
        }
        return try await countingLinkGuesses(from: client) { () async throws -> (PaddlerLink, String)? in
            let token = context.parameters.get("token") ?? ""
            guard SecretToken.isWellFormed(token) else { return nil }
            let digest = SecretToken.digest(token)
            let today = try Self.today()
            let link = try await read { db throws(StoreError) in
                try db.paddlerLink(tokenDigest: digest, today: today)
            }
            return link.map { ($0, digest) }
        }
    }

    /// What `lookup` finds for a link's token (a paddler's or a share link), with a token that finds nothing
    /// counted against `client` as a failed sign-in is, whichever kind of link it was tried as: past the limit,
    /// 429 with the seconds to wait, even for a token that would open. A lookup that fails is not the token's
    /// fault, and not counted.
    func countingLinkGuesses<Found>(
        from client: String, _ lookup: () async throws -> Found?
    ) async throws -> Found? {
        let keys: [SignInLimiter.Key] = [.address(client)]
        let attempt: Date
        switch await linkGuesses.begin(keys) {
        case .wait(let seconds):
            throw APIError(
                .tooManyRequests,
                "too many links that do not open were tried from this address; wait \(seconds) seconds",
                hint: "check the link you were sent", retryAfter: seconds)
        case .attempt(let date):
            attempt = date
        }
        let found: Found?
        do {
            found = try await lookup()
        } catch {
            await linkGuesses.takeBack(keys, attempt: attempt)
            throw error
        }
        if found != nil { await linkGuesses.takeBack(keys, attempt: attempt) }
        return found
    }

    private func paddlerLink(_ request: Request, _ context: ServerRequestContext) async throws -> PaddlerLink? {
        try await paddlerLinkWithDigest(request, context)?.link
    }

    /// The paddler's day as the page reads it, as text to compare.
    private static func dayText(_ link: PaddlerLink, _ database: SharedLineupDatabase) async throws -> String {
        let today = try today()
        let day = try await database.read { db throws(StoreError) in try db.paddlerDay(for: link, today: today) }
        return try JSONCoding.encode(PaddlerDayDocument(day))
    }

    /// Today on this machine's clock: a link's last day lasts until its midnight here.
    static func today() throws -> RegattaDay {
        do {
            return try RegattaDay(parsing: DateText.localDate(Date()))
        } catch {
            throw APIError(.internalServerError, "this machine's clock gives no day a regatta can have")
        }
    }

    static let closedPaddlerLink = APIError(
        .notFound, "this link does not open: it was never made, has been revoked, or has expired",
        hint: "ask your coach for a new link")

    static let closedPaddlerLinkPage = page(
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer"><title>Link does not open</title></head>
        <body style="font-family: system-ui, sans-serif; margin: 2rem;">
        <h1>This link does not open</h1>
        <p>It was never made, has been revoked, or has expired. Ask your coach for a new one.</p>
        </body></html>

        """, status: .notFound)
}

/// `{"regatta": "Cup", "race": null, "choice": "in", "from": "10:00", "until": null, "comment": ""}`: a
/// paddler's answer for a whole regatta, or (with `race`) for one race of it. Any other key (a paddler's name,
/// say) is ignored: the link says whose answer it is.
struct PaddlerAnswerBody: Decodable, Sendable {
    let regatta: String
    let race: String?
    let choice: String
    let from: String?
    let until: String?
    let comment: String?

    /// The regatta's name as stored and the answer to store, checked against what the paddler's link opens: a
    /// regatta it does not open is answered as one that does not exist.
    func answer(in regattas: [(name: String, races: [String])]) throws -> (regatta: String, draft: AnswerDraft) {
        guard let choice = AnswerChoice(rawValue: choice) else {
            throw APIError.badInput("choice must be in, maybe or out, not '\(choice.truncatedForMessage)'")
        }
        guard !regatta.isEmpty else { throw APIError.badInput("regatta must name one of your regattas") }
        let times = (from: try Self.time(from), until: try Self.time(until))
        guard let found = Self.named(regatta, in: regattas, \.name) else {
            throw APIError(
                .notFound, "you have no regatta '\(regatta.truncatedForMessage)'",
                hint: "reload the page to see your regattas")
        }
        var raceName: String?
        if let race {
            guard let match = Self.named(race, in: found.races, \.self) else {
                throw APIError(
                    .notFound, "\(found.name) has no race '\(race.truncatedForMessage)'",
                    hint: "reload the page to see its races")
            }
            raceName = match
        }
        return (
            found.name,
            AnswerDraft(
                race: raceName, choice: choice, from: times.from, until: times.until, comment: comment ?? "")
        )
    }

    /// `HH:MM` read, or 422 saying what a time looks like.
    private static func time(_ text: String?) throws -> TimeOfDay? {
        guard let text else { return nil }
        do {
            return try TimeOfDay(parsing: text)
        } catch {
            throw APIError(error)
        }
    }

    /// The item whose name is `name`, exactly or else in another case.
    private static func named<Item>(_ name: String, in items: [Item], _ key: KeyPath<Item, String>) -> Item? {
        items.first { $0[keyPath: key] == name }
            ?? items.first { $0[keyPath: key].caseInsensitiveCompare(name) == .orderedSame }
    }
}

/// The paddler's day a stream last told its page about.
private actor ShownDay {
    private var text: String

    init(_ text: String) { self.text = text }

    /// Keeps `text`; true when it differs from what was shown.
    func replace(_ new: String) -> Bool {
        defer { text = new }
        return new != text
    }
}

/// The change streams open per paddler's link: a few (a phone and a laptop, a page left open), never every
/// place the server has.
actor PaddlerStreams {
    static let perLink = 4
    private var open: [String: Int] = [:]

    /// Takes a place for the link of `digest`; false when it has all it may.
    func open(_ digest: String) -> Bool {
        guard open[digest, default: 0] < Self.perLink else { return false }
        open[digest, default: 0] += 1
        return true
    }

    func close(_ digest: String) {
        let left = open[digest, default: 1] - 1
        open[digest] = left > 0 ? left : nil
    }
}
