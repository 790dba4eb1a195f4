/// The named rule sets a boat can race under; a boat remembers its own (`lineup boat create --rules`).
public enum RulesPreset: String, Sendable, CaseIterable {
    /// No rule about sex; crew size and the drummer and steerer still count.
    case open
    /// Every counted paddler a woman.
    case women
    /// The international mixed rule: 8–10 of each sex among 20 paddlers, 4–6 among 10 in a small boat.
    case idbfMixed = "idbf-mixed"
}

/// What a crew must satisfy to race, and what is only worth a warning.
public struct CrewRules: Hashable, Sendable {
    /// What the rules say about the sexes of the counted paddlers.
    public enum SexRule: Hashable, Sendable {
        case any
        case womenOnly
        /// At least and at most this many women, and the same for men.
        case mixed(each: ClosedRange<Int>)
    }

    public var name: String
    /// How many paddlers (row seats filled) may race.
    public var paddlers: ClosedRange<Int>
    public var sex: SexRule
    /// Whether the drummer and steerer count towards the sex rule (usually they are exempt).
    public var countsDrummerAndSteerer: Bool
    /// Whether sitting on a side one does not paddle breaks the rules, rather than being a warning.
    public var sidesAreRules: Bool
    /// Whether a drummer or steerer not marked able to do it breaks the rules, rather than being a warning.
    public var capabilityIsRule: Bool

    public init(
        name: String, paddlers: ClosedRange<Int>, sex: SexRule, countsDrummerAndSteerer: Bool = false,
        sidesAreRules: Bool = false, capabilityIsRule: Bool = false
    ) {
        self.name = name
        self.paddlers = paddlers
        self.sex = sex
        self.countsDrummerAndSteerer = countsDrummerAndSteerer
        self.sidesAreRules = sidesAreRules
        self.capabilityIsRule = capabilityIsRule
    }

    /// These rules with the drummer and steerer counted towards the sex rule. A preset's mixed limits are
    /// for the paddlers; counting two more people of either sex, each limit's top rises by two, so that
    /// every crew legal under the paddlers' rule stays legal (8–10 of each among 20 paddlers is 8–12 of
    /// each among 22). Limits set by hand are kept as they are.
    public func countingDrummerAndSteerer(adjustingLimits: Bool) -> CrewRules {
        var rules = self
        rules.countsDrummerAndSteerer = true
        if adjustingLimits, case .mixed(let each) = sex {
            rules.sex = .mixed(each: each.lowerBound...(each.upperBound + 2))
        }
        return rules
    }

    /// The preset's rules for a boat of `kind`.
    public init(_ preset: RulesPreset, kind: BoatKind) {
        let rows = kind.rowCount
        let size = (rows * 2 * 4 / 5)...(rows * 2)  // 16–20, 8–10
        switch preset {
        case .open: self.init(name: preset.rawValue, paddlers: size, sex: .any)
        case .women: self.init(name: preset.rawValue, paddlers: size, sex: .womenOnly)
        case .idbfMixed:
            let each = kind == .standard ? 8...10 : 4...6
            self.init(name: preset.rawValue, paddlers: size, sex: .mixed(each: each))
        }
    }
}

/// One thing `lineup check` reports: what the rules found, with who and where, as facts; `RulesWords` in
/// `LineupPresentation` says it.
public struct RuleFinding: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable {
        /// The crew may not race like this.
        case violation
        /// Worth a look; the crew may race.
        case warning
        /// Lower-key than a warning: a coach's preference the lineup does not follow (a seat role).
        case note
    }

    /// What was found.
    public enum Kind: Hashable, Sendable {
        /// `count` paddlers in the rows, where the rules (`rules`, by name) need `allowed`.
        case paddlerCount(Int, allowed: ClosedRange<Int>, rules: String)
        /// The drummer's or the steerer's seat (`seat`) is empty.
        case emptyEnd(seat: Place)
        /// `name` drums or steers (`seat`) but is not marked able to.
        case notAble(name: String, seat: Place)
        /// These are not women, under rules that take women only.
        case notWomen(names: [String])
        /// `count` women (or men) counted, where the rules (`rules`) need `allowed` of each; `countsEnds`:
        /// the drummer and steerer count too.
        case sexCount(Sex, count: Int, allowed: ClosedRange<Int>, rules: String, countsEnds: Bool)
        /// These have sex X: counted neither as women nor as men.
        case sexNotCounted(names: [String])
        /// These have no sex on the roster, so are not counted.
        case sexUnknown(names: [String])
        /// `name` paddles only on `side` but sits at `seat`, on the other.
        case wrongSide(name: String, side: SidePreference, seat: Place)
        /// `name` is marked inactive but sits at `seat`.
        case inactive(name: String, seat: Place)
        /// These (names, by seat as in `places`) have no weight, so the balance counts 0 kg for them.
        case weightUnknown(names: [String])
        /// `name` sits at `seat`, in a row outside `rows`, the only rows they may sit in.
        case rowExcluded(name: String, rows: RowSet, seat: Place)
        /// `name`, whose role is `role`, sits at `seat`, in a row the boat wants for `wanted`.
        case roleMismatch(name: String, role: SeatRole, wanted: SeatRole, seat: Place)
        /// `name` sits at `seat`, outside `rows`, the rows they prefer (they may sit there).
        case outsidePreferredRows(name: String, rows: RowSet, seat: Place)
        /// These row seats are empty while the crew has as many paddlers as the rules allow (`paddlers` of
        /// `seats` row seats filled): the boat races a paddler or more short.
        case emptyRowSeats(empty: [Place], paddlers: Int, seats: Int)
    }

    public var severity: Severity
    public var kind: Kind
    /// The seats it concerns, when it concerns particular seats (a wrong side, an unknown weight).
    public var places: [Place]

    public init(severity: Severity, kind: Kind, places: [Place] = []) {
        self.severity = severity
        self.kind = kind
        self.places = places
    }
}

extension Lineup {
    /// Everything `rules` find in this lineup, violations first, then warnings, then notes, each naming who and
    /// where. A paddler seated outside their rows is a warning; with `wantedRoles`, a paddler of a role
    /// seated in a row that wants another is a note.
    public func check(_ rules: CrewRules, roster: [PaddlerID: Paddler], wantedRoles: WantedRoles? = nil)
        -> [RuleFinding]
    {
        var findings: [RuleFinding] = []
        func add(_ severity: RuleFinding.Severity, _ kind: RuleFinding.Kind, _ places: [Place] = []) {
            findings.append(RuleFinding(severity: severity, kind: kind, places: places))
        }
        func name(_ id: PaddlerID) -> String { roster[id]?.name ?? "paddler #\(id)" }
        func names(_ seats: [Place]) -> [String] { seats.compactMap { self[$0].map(name) } }
        let rowSeats = Place.seats(of: kind).filter { $0.row != nil }
        let paddlers = rowSeats.compactMap { self[$0] }

        if !rules.paddlers.contains(paddlers.count) {
            add(.violation, .paddlerCount(paddlers.count, allowed: rules.paddlers, rules: rules.name))
        } else if paddlers.count < rowSeats.count {
            let empty = rowSeats.filter { self[$0] == nil }
            add(.note, .emptyRowSeats(empty: empty, paddlers: paddlers.count, seats: rowSeats.count))
        }
        for (seat, isAble) in [
            (Place.drummer, { (paddler: Paddler) in paddler.canDrum }),
            (Place.steerer, { (paddler: Paddler) in paddler.canSteer }),
        ] {
            guard let id = self[seat] else {
                add(.violation, .emptyEnd(seat: seat), [seat])
                continue
            }
            if let paddler = roster[id], !isAble(paddler) {
                add(rules.capabilityIsRule ? .violation : .warning, .notAble(name: paddler.name, seat: seat), [seat])
            }
        }

        let countedSeats = rowSeats + (rules.countsDrummerAndSteerer ? [.drummer, .steerer] : [])
        let counted = countedSeats.filter { self[$0] != nil }
        func sex(_ seat: Place) -> Sex? { self[seat].flatMap { roster[$0]?.sex } }
        switch rules.sex {
        case .any:
            break
        case .womenOnly:
            let notWomen = counted.filter { sex($0).map { $0 != .female } ?? false }
            if !notWomen.isEmpty { add(.violation, .notWomen(names: names(notWomen)), notWomen) }
        case .mixed(let each):
            let women = counted.filter { sex($0) == .female }.count
            let men = counted.filter { sex($0) == .male }.count
            for (count, sex) in [(women, Sex.female), (men, .male)] where !each.contains(count) {
                add(
                    .violation,
                    .sexCount(
                        sex, count: count, allowed: each, rules: rules.name, countsEnds: rules.countsDrummerAndSteerer))
            }
            let other = counted.filter { sex($0) == .other }
            if !other.isEmpty { add(.warning, .sexNotCounted(names: names(other)), other) }
        }
        let unknown = counted.filter { self[$0].map { roster[$0]?.sex == nil } ?? false }
        if rules.sex != .any, !unknown.isEmpty {
            add(.warning, .sexUnknown(names: names(unknown)), unknown)
        }

        for seat in rowSeats {
            guard let id = self[seat], let paddler = roster[id] else { continue }
            let side: SidePreference = if case .left = seat { .left } else { .right }
            if paddler.side != .either, paddler.side != side {
                add(
                    rules.sidesAreRules ? .violation : .warning,
                    .wrongSide(name: paddler.name, side: paddler.side, seat: seat), [seat])
            }
        }
        for seat in [Place.drummer] + rowSeats + [.steerer] {
            guard let id = self[seat], let paddler = roster[id], !paddler.isActive else { continue }
            add(.warning, .inactive(name: paddler.name, seat: seat), [seat])
        }
        for seat in rowSeats {
            guard let id = self[seat], let paddler = roster[id], let row = seat.row else { continue }
            if let rows = paddler.rows, !rows.contains(row) {
                add(.warning, .rowExcluded(name: paddler.name, rows: rows, seat: seat), [seat])
            }
            if let wanted = wantedRoles?.role(ofRow: row), paddler.role != .any, paddler.role != wanted {
                add(.note, .roleMismatch(name: paddler.name, role: paddler.role, wanted: wanted, seat: seat), [seat])
            }
            // Outside the rows they may sit in says more than outside the rows they prefer.
            if let preferred = paddler.preferredRows, !preferred.contains(row), paddler.rows?.contains(row) ?? true {
                add(.note, .outsidePreferredRows(name: paddler.name, rows: preferred, seat: seat), [seat])
            }
        }
        let unweighed = (rowSeats + [.drummer, .steerer]).filter { seat in
            self[seat].map { roster[$0]?.weightKg == nil } ?? false
        }
        if !unweighed.isEmpty {
            add(.warning, .weightUnknown(names: names(unweighed)), unweighed)
        }
        return findings.filter { $0.severity == .violation } + findings.filter { $0.severity == .warning }
            + findings.filter { $0.severity == .note }
    }
}

extension RuleFinding {
    /// This finding as a pre-race check counts it: an inactive paddler seated and a paddler in a row they
    /// may not sit in are violations there, since the crew should not race so (as `check --regatta` fails a
    /// race for someone who is not there); every other finding is as it was.
    public var forRaceDay: RuleFinding {
        switch kind {
        case .inactive, .rowExcluded: RuleFinding(severity: .violation, kind: kind, places: places)
        default: self
        }
    }

    /// `findings` as a pre-race check counts them (`forRaceDay`), violations first, then warnings, then notes.
    public static func forRaceDay(_ findings: [RuleFinding]) -> [RuleFinding] {
        let promoted = findings.map(\.forRaceDay)
        return [Severity.violation, .warning, .note].flatMap { severity in
            promoted.filter { $0.severity == severity }
        }
    }
}
