import Foundation
import HTTPTypes
import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// A refusal as the API answers it: a fitting HTTP status and a JSON document `{error, hint, details}` with
/// the same facts the command line prints after `error:`, and the server's own hint where the command line
/// would name a command.
public struct APIError: Error, HTTPResponseError {
    public let status: HTTPResponse.Status
    /// The facts, as the store or the domain words them.
    public let message: String
    /// What to do next, in the page's words; nil when the message says enough.
    public let hint: String?
    /// For a conflict: who is where now, one entry each.
    public let details: [String]
    /// Seconds to wait before trying again (busy, too many sign-ins).
    public let retryAfter: Int?
    /// Further headers of the answer (`Allow` for a method a route does not take).
    public let headers: HTTPFields

    public init(
        _ status: HTTPResponse.Status, _ message: String, hint: String? = nil, details: [String] = [],
        retryAfter: Int? = nil, headers: HTTPFields = [:]
    ) {
        self.status = status
        self.message = message
        self.hint = hint
        self.details = details
        self.retryAfter = retryAfter
        self.headers = headers
    }

    /// The document sent with the status.
    struct Document: Encodable {
        let error: String
        let hint: String?
        let details: [String]
        let status: Int

        enum CodingKeys: String, CodingKey {
            case error, hint, details, status
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(error, forKey: .error)
            try container.encode(hint, forKey: .hint)
            try container.encode(details, forKey: .details)
            try container.encode(status, forKey: .status)
        }
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = JSONBody.response(
            Document(error: message, hint: hint, details: details, status: status.code), status: status)
        for field in headers where response.headers[field.name] == nil { response.headers.append(field) }
        if let retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        return response
    }

    // MARK: - Common refusals

    static func badInput(_ message: String) -> APIError { APIError(.unprocessableContent, message) }

    static let signInRequired = APIError(.unauthorized, "sign in to use this server", hint: "sign in with your account")

    static let coachesOnly = APIError(
        .forbidden, "this account is a viewer's: it can look at lineups but not change them",
        hint: "ask a coach to make the change, or to give your account the coach role")

    static func crossSite(_ why: String) -> APIError {
        APIError(
            .forbidden, "refused a change that did not come from this server's own page (\(why)); nothing was changed")
    }
}

extension APIError {
    /// The API's answer to a store error: the status that fits, the facts, and the page's hint.
    init(_ error: StoreError) {
        switch error {
        case .lineup(.wholeNameNeeded(let name, .boat, let candidates)):
            // The API names boats whole: a part of boats' names is no boat, and they are what it may have meant.
            self.init(.notFound, StoreError.unknownBoat(name, available: [], suggestions: candidates).description)
        case .lineup(let lineupError):
            self.init(lineupError)
        case .unknownBoat, .noBoats, .unknownPaddler, .unknownAccount, .unknownShareLink:
            self.init(.notFound, error.description)
        case .historyConflict(_, _, let details):
            self.init(
                .conflict, error.description, hint: "the page now shows the boat as it is; try again from there",
                details: details)
        case .regatta(.unknownRegatta), .regatta(.unknownRace), .regatta(.raceIsNoBoat):
            self.init(.notFound, error.description)
        case .regatta(.planInputsChanged):
            self.init(
                .conflict, error.description, hint: "work the plan out again, review it, and apply that one")
        case .regatta(.duplicateRegatta), .regatta(.duplicateRace), .regatta(.boatRaces), .regatta(.boatNameTaken),
            .regatta(.boatRacesAtOnce),
            .regatta(.answersClosed), .regatta(.answerSetByCoach):
            self.init(.conflict, error.description)
        case .regatta:
            self.init(.unprocessableContent, error.description)
        case .changedMeanwhile:
            self.init(.conflict, error.description, hint: "the page now shows the boat as it is; try again from there")
        case .nothingToUndo, .nothingToRedo, .notEnoughHistory, .duplicateBoat, .duplicatePaddler,
            .duplicateAccount, .paddlerSeated:
            self.init(.conflict, error.description)
        case .invalidSetting, .invalidAccountName, .boatNotChosen, .importRejected:
            self.init(.unprocessableContent, error.description)
        case .busy, .createdMeanwhile:
            self.init(
                .serviceUnavailable, error.description, hint: "another program is writing to the database",
                retryAfter: 1)
        case .databaseReplaced:
            // 503, not 409: nothing in the request is at fault and no other request would do better; the
            // server cannot serve until it is restarted (so no Retry-After).
            self.init(
                .serviceUnavailable, error.description,
                hint: "restart lineup serve to use the database file now at that path")
        case .diskFull:
            self.init(.init(code: 507, reasonPhrase: "Insufficient Storage"), error.description)
        case .brokenReferences:
            // Nothing the page sends can mend the file: the coach repairs it on the command line.
            self.init(
                .conflict, error.description,
                hint: "run `lineup check --repair` on the server's machine (a `lineup backup` first keeps the file as "
                    + "it is), then reload")
        default:
            self.init(.internalServerError, error.description)
        }
    }

    /// The API's answer to a domain error.
    init(_ error: LineupError) {
        switch error {
        // A place this boat has no such seat, bench position or paddler for: the place is not found.
        case .paddlerNotFound, .seatBeyondBoat, .benchPositionBeyondBench:
            self.init(.notFound, error.description)
        // Refused by what the boat or the roster holds now, not by the request's form: a name several
        // paddlers fit, a part of a paddler's name (the API takes whole names), a place that is on the bench.
        case .ambiguousName, .wholeNameNeeded, .benchCannotBeLocked:
            self.init(.conflict, error.description)
        case .conflict(let details):
            self.init(.conflict, error.description, details: details)
        case .lockedSeat:
            self.init(.conflict, error.description, hint: "unlock the seat first")
        case .paddlerNotInBoat:
            self.init(.conflict, error.description)
        case .inconsistentLineup:
            self.init(.internalServerError, error.description)
        default:
            self.init(.unprocessableContent, error.description)
        }
    }
}
