/// A paddler's sex as race rules count it; unknown is `nil` wherever a `Sex?` appears.
public enum Sex: String, Sendable, CaseIterable, Codable {
    case female = "F"
    case male = "M"
    case other = "X"
}

/// The side a paddler prefers to paddle on.
public enum SidePreference: String, Sendable, CaseIterable, Codable {
    case left, right, either
}

/// A member of the club roster.
public struct Paddler: Hashable, Sendable, Identifiable {
    public var id: PaddlerID
    public var name: String
    /// Weight in kilograms; nil when unknown (never silently zero).
    public var weightKg: Double?
    public var sex: Sex?
    public var side: SidePreference
    public var canDrum: Bool
    public var canSteer: Bool
    public var notes: String
    /// False for a paddler who no longer paddles: kept on the roster, off the benches, warned about if seated.
    public var isActive: Bool
    /// The last day of an injury: not racing on any day up to and including it, racing again after it without
    /// anyone switching them back. Nil when not injured.
    public var injuredUntil: RegattaDay?
    /// The part of the boat they are for; `.any` when none in particular.
    public var role: SeatRole
    /// The only rows they may sit in (a hard limit the optimizer keeps); nil for every row.
    public var rows: RowSet?
    /// The rows they would rather sit in, within `rows`; nil for no preference.
    public var preferredRows: RowSet?

    public init(
        id: PaddlerID, name: String, weightKg: Double? = nil, sex: Sex? = nil, side: SidePreference = .either,
        canDrum: Bool = false, canSteer: Bool = false, notes: String = "", isActive: Bool = true,
        injuredUntil: RegattaDay? = nil, role: SeatRole = .any, rows: RowSet? = nil, preferredRows: RowSet? = nil
    ) {
        self.id = id
        self.name = name
        self.weightKg = weightKg
        self.sex = sex
        self.side = side
        self.canDrum = canDrum
        self.canSteer = canSteer
        self.notes = notes
        self.isActive = isActive
        self.injuredUntil = injuredUntil
        self.role = role
        self.rows = rows
        self.preferredRows = preferredRows
    }

    /// Whether their rows let them sit in `row` (every row when they have no limit).
    public func maySit(inRow row: Int) -> Bool { rows?.contains(row) ?? true }

    /// True when they are injured on `day` (up to and including the last day of the injury).
    public func isInjured(on day: RegattaDay) -> Bool {
        injuredUntil.map { day <= $0 } ?? false
    }
}

/// The fields of a paddler to add or change; nil leaves a field as it is (or at its default for a new one).
public struct PaddlerDraft: Hashable, Sendable {
    public var name: String
    /// `.some(nil)` clears a known weight; nil leaves it unchanged.
    public var weightKg: Double??
    public var sex: Sex??
    public var side: SidePreference?
    public var canDrum: Bool?
    public var canSteer: Bool?
    public var notes: String?
    public var isActive: Bool?
    /// `.some(nil)` clears an injury; nil leaves it as it is.
    public var injuredUntil: RegattaDay??
    public var role: SeatRole?
    /// `.some(nil)` lifts a limit on rows; nil leaves it as it is.
    public var rows: RowSet??
    /// `.some(nil)` drops a preference; nil leaves it as it is.
    public var preferredRows: RowSet??
    /// Rows taken out of those they may sit in: out of the rows this draft gives, else out of those the
    /// paddler has (every row for a new one). Nil takes none out.
    public var neverRows: RowSet?

    public init(
        name: String, weightKg: Double?? = nil, sex: Sex?? = nil, side: SidePreference? = nil,
        canDrum: Bool? = nil, canSteer: Bool? = nil, notes: String? = nil, isActive: Bool? = nil,
        injuredUntil: RegattaDay?? = nil, role: SeatRole? = nil, rows: RowSet?? = nil, preferredRows: RowSet?? = nil
    ) {
        self.name = name
        self.weightKg = weightKg
        self.sex = sex
        self.side = side
        self.canDrum = canDrum
        self.canSteer = canSteer
        self.notes = notes
        self.isActive = isActive
        self.injuredUntil = injuredUntil
        self.role = role
        self.rows = rows
        self.preferredRows = preferredRows
    }

    /// The draft with its name in its stored form and every field it sets checked against `PaddlerRules`.
    /// With `keepingName`, the name is taken as it is: it is a stored name that an update leaves alone,
    /// which may predate today's rules.
    public func validated(keepingName: Bool = false) throws(LineupError) -> PaddlerDraft {
        var draft = self
        if !keepingName { draft.name = try PaddlerRules.validatedName(name) }
        if let weight = weightKg ?? nil { draft.weightKg = .some(try PaddlerRules.validatedWeight(weight)) }
        if let notes { draft.notes = try PaddlerRules.validatedNotes(notes) }
        if let rows { draft.rows = .some(try PaddlerRules.validatedRows(rows)) }
        if let preferredRows { draft.preferredRows = .some(try PaddlerRules.validatedRows(preferredRows)) }
        if let rows = draft.rows ?? nil, let preferred = draft.preferredRows ?? nil {
            try PaddlerRules.checkPreferredRows(preferred, within: rows)
        }
        return draft
    }

    /// `paddler` with every field this draft sets applied (the name included).
    public func applied(to paddler: Paddler) -> Paddler {
        var result = paddler
        result.name = name
        if let weightKg { result.weightKg = weightKg }
        if let sex { result.sex = sex }
        if let side { result.side = side }
        if let canDrum { result.canDrum = canDrum }
        if let canSteer { result.canSteer = canSteer }
        if let notes { result.notes = notes }
        if let isActive { result.isActive = isActive }
        if let injuredUntil { result.injuredUntil = injuredUntil }
        if let role { result.role = role }
        if let rows { result.rows = rows }
        if let neverRows {
            let left = (result.rows ?? .first(RowSet.maximumRow)).subtracting(neverRows)
            result.rows = left.mask == RowSet.everyRowMask ? nil : left
        }
        if let preferredRows { result.preferredRows = preferredRows }
        return result
    }
}

/// The rules every name and weight must meet, shared by the command line, the importer and the store.
public enum PaddlerRules {
    /// The longest name accepted, in Unicode code points of its NFC form: the unit SQLite's `length()`
    /// counts, so the schema's limit and this one are the same.
    public static let maximumNameLength = 100
    /// Weights must be above zero and below this, in kilograms.
    public static let weightLimitKg = 300.0
    /// Kilograms in one pound.
    public static let kilogramsPerPound = 0.45359237

    /// What a name names, for the rules and the messages.
    public enum NameOwner: String, Sendable {
        case paddler, boat, regatta, race, trial
        case seatRace = "seat race"
    }

    /// A weight in kilograms checked and rounded to hundredths (10 g), the precision weights are kept and
    /// exported to.
    public static func validatedWeight(_ kilograms: Double) throws(LineupError) -> Double {
        let rounded = (kilograms * 100).rounded() / 100
        guard kilograms.isFinite, rounded > 0, rounded < weightLimitKg else {
            throw .invalidWeight(formatWeight(kilograms))
        }
        return rounded
    }

    /// A paddler's rows as stored: nil (every row) for nil or all rows 1…`RowSet.maximumRow`; an empty set is
    /// refused, since it leaves them no row to sit in.
    public static func validatedRows(_ rows: RowSet?) throws(LineupError) -> RowSet? {
        guard let rows, rows.mask != RowSet.everyRowMask else { return nil }
        guard !rows.isEmpty else {
            throw .invalidRows("", reason: "that leaves no row to sit in; give at least one row, such as 2-10, or any")
        }
        return rows
    }

    /// `draft` with its allowed and preferred rows each checked, then against each other (the store checks
    /// them against what the paddler has when only one of the two changes).
    public static func checkingRows(of draft: PaddlerDraft) throws(LineupError) -> PaddlerDraft {
        var checked = draft
        if let rows = draft.rows { checked.rows = .some(try validatedRows(rows)) }
        if let preferred = draft.preferredRows { checked.preferredRows = .some(try validatedRows(preferred)) }
        if let rows = checked.rows ?? nil, let preferred = checked.preferredRows ?? nil {
            try checkPreferredRows(preferred, within: rows)
        }
        return checked
    }

    /// Refuses a paddler whose preferred rows are not all rows they may sit in (a change to one of the two can
    /// leave the other behind).
    public static func checkRows(of paddler: Paddler) throws(LineupError) {
        if let rows = paddler.rows, rows.isEmpty {
            throw .invalidRows(
                "", reason: "that leaves \(paddler.name) no row to sit in; give at least one row they may")
        }
        if let rows = paddler.rows, let preferred = paddler.preferredRows {
            try checkPreferredRows(preferred, within: rows)
        }
    }

    /// Refuses preferred rows outside the rows a paddler may sit in.
    public static func checkPreferredRows(_ preferred: RowSet, within rows: RowSet) throws(LineupError) {
        let excluded = preferred.subtracting(rows)
        guard excluded.isEmpty else {
            let plural = excluded.rows.count == 1 ? "" : "s"
            throw .invalidRows(
                preferred.description,
                reason: "they may sit only in rows \(rows.text(dash: "–")), so they cannot prefer row\(plural) "
                    + "\(excluded.text(dash: "–")); prefer rows among \(rows), or none")
        }
    }

    /// A weight for people to read: `72`, `72.5`, at most one decimal.
    public static func formatWeight(_ kilograms: Double) -> String {
        guard kilograms.isFinite, abs(kilograms) < 1e12 else { return String(kilograms) }
        let tenths = (kilograms * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int64(tenths / 10)) }
        return String(tenths / 10)
    }
}
