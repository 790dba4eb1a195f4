/// The part of the boat a paddler is for: the front rows that set the stroke rate, the engine room, the
/// rear rows, or any of them.
public enum SeatRole: String, Sendable, CaseIterable, Codable {
    /// A pacer: the front rows, who set the stroke rate.
    case stroke
    /// The engine room: the middle rows.
    case engine
    /// The back rows.
    case rear
    /// No particular part of the boat.
    case any
}

/// A set of rows (1 to `RowSet.maximumRow`), kept as a bit mask: row `n` is bit `n - 1`, so rows 1–10
/// are 1…1023, the form the schema stores and checks.
public struct RowSet: Hashable, Sendable, CustomStringConvertible {
    /// The highest row of any boat (a standard boat's last row).
    public static let maximumRow = 10
    /// The mask of every row 1…`maximumRow`.
    public static let everyRowMask = (1 << maximumRow) - 1

    /// Bit `n - 1` set for each row `n`.
    public let mask: Int

    /// The rows of `mask`; nil when it holds a row outside 1…`maximumRow` (an empty mask is an empty set).
    public init?(mask: Int) {
        guard mask >= 0, mask <= Self.everyRowMask else { return nil }
        self.mask = mask
    }

    /// The set of `rows`, each within 1…`maximumRow`.
    public init(_ rows: some Sequence<Int>) {
        var mask = 0
        for row in rows where (1...Self.maximumRow).contains(row) { mask |= 1 << (row - 1) }
        self.mask = mask
    }

    /// Rows 1…`count`: every row of a boat with `count` rows.
    public static func first(_ count: Int) -> RowSet { RowSet(1...max(0, min(count, maximumRow))) }

    /// Whether `row` is in the set.
    public func contains(_ row: Int) -> Bool {
        (1...Self.maximumRow).contains(row) && mask & (1 << (row - 1)) != 0
    }

    /// The rows, front to back.
    public var rows: [Int] { (1...Self.maximumRow).filter(contains) }

    /// True when no row is in the set.
    public var isEmpty: Bool { mask == 0 }

    /// True when every row of `other` is in this set.
    public func isSuperset(of other: RowSet) -> Bool { other.mask & ~mask == 0 }

    /// The rows in both sets.
    public func intersection(_ other: RowSet) -> RowSet { RowSet(unchecked: mask & other.mask) }

    /// The rows of this set that are not in `other`.
    public func subtracting(_ other: RowSet) -> RowSet { RowSet(unchecked: mask & ~other.mask) }

    /// The rows in either set.
    public func union(_ other: RowSet) -> RowSet { RowSet(unchecked: mask | other.mask) }

    private init(unchecked mask: Int) { self.mask = mask }

    /// The rows as they are typed and exported: each run of rows as its ends joined with a hyphen, runs
    /// and single rows listed with commas (`1-2`, `2-10`, `1,3-5`); empty for an empty set.
    public var description: String { text(dash: "-") }

    /// The rows written with `dash` between the ends of a run (`–` for people to read).
    public func text(dash: String) -> String {
        var parts: [String] = []
        var runStart: Int?
        var previous = 0
        func close() {
            guard let start = runStart else { return }
            parts.append(start == previous ? "\(start)" : "\(start)\(dash)\(previous)")
        }
        for row in rows {
            if runStart != nil, row == previous + 1 {
                previous = row
                continue
            }
            close()
            runStart = row
            previous = row
        }
        close()
        return parts.joined(separator: ",")
    }

    /// Rows as people type them: `1-2`, `2–10` (an en dash too), `1,3-5`, `7`; spaces are ignored. Refused
    /// when a part is not a row number or a range of them, when a row is outside 1…`maximumRow`, or when
    /// a range runs backwards.
    public static func parse(_ text: String) throws(LineupError) -> RowSet {
        let compact = String(text.filter { !$0.isWhitespace })
        let example = "rows such as 1-2, 2-10 or 1,3-5, each from 1 to \(maximumRow)"
        guard !compact.isEmpty else { throw .invalidRows(text, reason: "no rows are given; give \(example)") }
        var rows: [Int] = []
        for part in compact.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(omittingEmptySubsequences: false) { $0 == "-" || $0 == "–" || $0 == "—" }
            guard (1...2).contains(ends.count), ends.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
                let first = Int(ends[0]), let last = Int(ends[ends.count - 1])
            else {
                throw .invalidRows(text, reason: "'\(part)' is not a row or a range of rows; give \(example)")
            }
            for row in [first, last] where !(1...maximumRow).contains(row) {
                throw .invalidRows(
                    text, reason: "row \(row) does not exist; boats have rows 1 to \(maximumRow) (a small boat 1 to 5)")
            }
            guard first <= last else {
                throw .invalidRows(text, reason: "'\(part)' runs backwards; write it front to back: \(last)-\(first)")
            }
            rows += Array(first...last)
        }
        return RowSet(rows)
    }
}

/// The seat role a boat wants in each of its rows: the stroke rows, the engine rows and the rear rows,
/// each row in at most one of them (a row in none wants nobody in particular).
public struct WantedRoles: Hashable, Sendable {
    public var stroke: RowSet
    public var engine: RowSet
    public var rear: RowSet

    public init(stroke: RowSet, engine: RowSet, rear: RowSet) {
        self.stroke = stroke
        self.engine = engine
        self.rear = rear
    }

    /// The defaults: a standard boat wants stroke in rows 1–2, engine in 3–8 and rear in 9–10; a small
    /// boat stroke in row 1, engine in 2–4 and rear in 5.
    public static func defaults(for kind: BoatKind) -> WantedRoles {
        switch kind {
        case .standard: WantedRoles(stroke: RowSet(1...2), engine: RowSet(3...8), rear: RowSet(9...10))
        case .small: WantedRoles(stroke: RowSet([1]), engine: RowSet(2...4), rear: RowSet([5]))
        }
    }

    /// The role wanted in `row`; nil when the row wants none in particular.
    public func role(ofRow row: Int) -> SeatRole? {
        if stroke.contains(row) { return .stroke }
        if engine.contains(row) { return .engine }
        if rear.contains(row) { return .rear }
        return nil
    }

    /// The rows that want `role`; empty for `.any`.
    public func rows(of role: SeatRole) -> RowSet {
        switch role {
        case .stroke: stroke
        case .engine: engine
        case .rear: rear
        case .any: RowSet([])
        }
    }

    /// These roles checked for a boat of `kind`: every row within the boat's rows, and no row wanted for
    /// two roles.
    public func validated(for kind: BoatKind) throws(LineupError) -> WantedRoles {
        let boatRows = RowSet.first(kind.rowCount)
        for role in [SeatRole.stroke, .engine, .rear] {
            let beyond = rows(of: role).subtracting(boatRows)
            guard beyond.isEmpty else {
                throw .invalidRows(
                    rows(of: role).description,
                    reason: "a \(kind.rawValue) boat has rows 1 to \(kind.rowCount), so \(role.rawValue) cannot have "
                        + "row\(beyond.rows.count == 1 ? "" : "s") \(beyond); give rows from 1 to \(kind.rowCount)")
            }
        }
        for (first, second) in [(SeatRole.stroke, SeatRole.engine), (.stroke, .rear), (.engine, .rear)] {
            let shared = rows(of: first).intersection(rows(of: second))
            guard shared.isEmpty else {
                throw .invalidRows(
                    shared.description,
                    reason: "row\(shared.rows.count == 1 ? "" : "s") \(shared) cannot want both \(first.rawValue) and "
                        + "\(second.rawValue); give each row to one role")
            }
        }
        return self
    }
}
