import Hummingbird
import LineupCore
import LineupPresentation
import LineupStore

/// The roster at the dock: add a paddler (`roster add`), correct a weight or mark someone inactive or active
/// again (`roster update`), with the command line's checks and sentences. A paddler is named whole (in any
/// case): a part of a name could mean someone else once the roster changes.
extension LineupServer {
    func addRosterRoutes(to router: Routes) {
        router.post("api/roster") { request, context in
            try context.requireCoach()
            let body = try await JSONBody.decode(PaddlerBody.self, from: request, context: context)
            guard let name = body.name else { throw APIError.badInput("the request's JSON lacks \"name\"") }
            let draft = try body.draft(name: name)
            let paddler = try await write { db throws(StoreError) in try db.addPaddler(draft) }
            return JSONBody.response(
                RosterChangeDocument(message: RosterWords.addedSentence(paddler), warning: nil, paddler: paddler),
                status: .created)
        }
        router.post("api/roster/:paddler") { request, context in
            try context.requireCoach()
            let name = try context.paddlerName()
            let body = try await JSONBody.decode(PaddlerBody.self, from: request, context: context)
            let draft = try body.draft(name: body.name ?? name)
            let (before, after, seats) = try await write { db throws(StoreError) in
                let (before, after) = try db.changePaddler(
                    named: name, with: draft, renaming: body.name != nil, wholeName: true)
                return (before, after, try db.seats(ofPaddler: after))
            }
            let warning = RosterWords.inactiveButSeated(after, seats).map {
                $0 + "; the Boat and Check views warn about it"
            }
            return JSONBody.response(
                RosterChangeDocument(
                    message: RosterWords.updatedSentence(from: before, to: after), warning: warning, paddler: after))
        }
    }
}

extension ServerRequestContext {
    /// The paddler named in the path, percent-decoded.
    func paddlerName() throws -> String {
        guard let raw = parameters.get("paddler"), let name = raw.removingPercentEncoding, !name.isEmpty,
            !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw APIError(.notFound, "the path does not name a paddler") }
        return name
    }
}

/// A paddler's fields as the page sends them; only those given change. `weight_kg` null forgets the weight;
/// `rows` null lifts a limit on rows, `prefer_rows` null drops a preference. A field it does not know is refused
/// (400): a misspelt one would otherwise change nothing and say so nowhere.
/// `{"name": "New One", "weight_kg": 68.5, "sex": "F", "side": "left", "can_drum": false, "can_steer": false,
/// "notes": "", "active": true, "role": "stroke", "rows": [1, 2], "prefer_rows": [1]}`; `never_rows` takes rows
/// out of `rows` (or of every row).
struct PaddlerBody: Decodable, Sendable, KnownFieldsBody {
    static let fields: Set<String> = [
        "name", "weight_kg", "sex", "side", "can_drum", "can_steer", "notes", "active", "role", "rows", "never_rows",
        "prefer_rows",
    ]

    let name: String?
    /// Absent: unchanged; null: forgotten.
    let weightKg: Double??
    let sex: String?
    let side: String?
    let canDrum: Bool?
    let canSteer: Bool?
    let notes: String?
    let active: Bool?
    let role: String?
    /// Absent: unchanged; null: every row.
    let rows: [Int]??
    let neverRows: [Int]?
    /// Absent: unchanged; null: no preference.
    let preferRows: [Int]??

    enum CodingKeys: String, CodingKey {
        case name, weightKg, sex, side, canDrum, canSteer, notes, active, role, rows, neverRows, preferRows
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        weightKg =
            container.contains(.weightKg) ? .some(try container.decodeIfPresent(Double.self, forKey: .weightKg)) : nil
        sex = try container.decodeIfPresent(String.self, forKey: .sex)
        side = try container.decodeIfPresent(String.self, forKey: .side)
        canDrum = try container.decodeIfPresent(Bool.self, forKey: .canDrum)
        canSteer = try container.decodeIfPresent(Bool.self, forKey: .canSteer)
        notes = try container.decodeIfPresent(String.self, forKey: .notes)
        active = try container.decodeIfPresent(Bool.self, forKey: .active)
        role = try container.decodeIfPresent(String.self, forKey: .role)
        rows = container.contains(.rows) ? .some(try container.decodeIfPresent([Int].self, forKey: .rows)) : nil
        neverRows = try container.decodeIfPresent([Int].self, forKey: .neverRows)
        preferRows =
            container.contains(.preferRows)
            ? .some(try container.decodeIfPresent([Int].self, forKey: .preferRows)) : nil
    }

    /// The draft for `name`, each field checked as `roster add` and `roster update` check it.
    func draft(name: String) throws -> PaddlerDraft {
        var draft = PaddlerDraft(name: name)
        if let weightKg { draft.weightKg = .some(weightKg) }
        if let sex {
            guard let parsed = RosterImporter.parseSex(sex) else {
                throw APIError.badInput("'\(sex.prefix(40))' is not a sex; use F, M or X")
            }
            draft.sex = .some(parsed)
        }
        if let side {
            guard let parsed = SidePreference(rawValue: side.lowercased()) else {
                throw APIError.badInput("'\(side.prefix(40))' is not a side; use left, right or either")
            }
            draft.side = parsed
        }
        draft.canDrum = canDrum
        draft.canSteer = canSteer
        draft.notes = notes
        draft.isActive = active
        if let role {
            guard !role.isEmpty, let parsed = RosterImporter.parseRole(role) else {
                throw APIError.badInput("'\(role.prefix(40))' is not a role; use stroke, engine, rear or any")
            }
            draft.role = parsed
        }
        let limit = try rowLimit()
        if let rows = limit.rows { draft.rows = rows }
        draft.neverRows = limit.never
        if let preferRows { draft.preferredRows = .some(try preferRows.map(Self.rowSet)) }
        return try Self.checked { () throws(LineupError) in try PaddlerRules.checkingRows(of: draft) }
    }

    /// `rows` with `never_rows` taken out (`.some(nil)` for every row); `never_rows` alone is rows to take out of
    /// those the paddler has, so barring one more row never widens a limit they have.
    private func rowLimit() throws -> (rows: RowSet??, never: RowSet?) {
        guard rows != nil || neverRows != nil else { return (nil, nil) }
        let given = try (rows ?? nil).map(Self.rowSet)
        guard let neverRows else { return (.some(given), nil) }
        let never = try Self.rowSet(neverRows)
        let left = (given ?? .first(RowSet.maximumRow)).subtracting(never)
        guard !left.isEmpty else {
            throw APIError.badInput(
                SeatRoleWords.noRowLeft(
                    given: given?.description, givenRows: given, never: never.description,
                    fields: ("rows", "never_rows"), example: "[1]"))
        }
        return rows == nil ? (nil, never) : (.some(left), nil)
    }

    /// Row numbers as the JSON gives them, checked as the command line checks rows typed.
    private static func rowSet(_ numbers: [Int]) throws -> RowSet {
        try checked { () throws(LineupError) in try RowSet.parse(numbers.map(String.init).joined(separator: ",")) }
    }

    /// What `body` returns, its refusal answered as the API answers a domain error (422).
    private static func checked<T>(_ body: () throws(LineupError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw APIError(error)
        }
    }
}

/// What a roster change answered: the sentence, a warning when there is one, and the paddler as stored now
/// (in `roster list --json`'s shape).
struct RosterChangeDocument: Encodable {
    let message: String
    let warning: String?
    let paddler: RosterDocument.Entry

    init(message: String, warning: String?, paddler: Paddler) {
        self.message = message
        self.warning = warning
        self.paddler = RosterDocument([paddler]).paddlers[0]
    }

    enum CodingKeys: String, CodingKey {
        case message, warning, paddler
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(message, forKey: .message)
        try container.encode(warning, forKey: .warning)
        try container.encode(paddler, forKey: .paddler)
    }
}
