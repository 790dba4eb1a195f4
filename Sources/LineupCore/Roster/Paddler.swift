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

    public init(
        id: PaddlerID, name: String, weightKg: Double? = nil, sex: Sex? = nil, side: SidePreference = .either,
        canDrum: Bool = false, canSteer: Bool = false, notes: String = "", isActive: Bool = true,
        injuredUntil: RegattaDay? = nil
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
    }

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

    public init(
        name: String, weightKg: Double?? = nil, sex: Sex?? = nil, side: SidePreference? = nil,
        canDrum: Bool? = nil, canSteer: Bool? = nil, notes: String? = nil, isActive: Bool? = nil,
        injuredUntil: RegattaDay?? = nil
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
    }

    /// The draft with its name in its stored form and every field it sets checked against `PaddlerRules`.
    /// With `keepingName`, the name is taken as it is: it is a stored name that an update leaves alone,
    /// which may predate today's rules.
    public func validated(keepingName: Bool = false) throws(LineupError) -> PaddlerDraft {
        var draft = self
        if !keepingName { draft.name = try PaddlerRules.validatedName(name) }
        if let weight = weightKg ?? nil { draft.weightKg = .some(try PaddlerRules.validatedWeight(weight)) }
        if let notes { draft.notes = try PaddlerRules.validatedNotes(notes) }
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
        case paddler, boat, regatta, race
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

    /// A weight for people to read: `72`, `72.5`, at most one decimal.
    public static func formatWeight(_ kilograms: Double) -> String {
        guard kilograms.isFinite, abs(kilograms) < 1e12 else { return String(kilograms) }
        let tenths = (kilograms * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int64(tenths / 10)) }
        return String(tenths / 10)
    }
}
