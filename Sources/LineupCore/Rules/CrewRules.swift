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

/// One thing `lineup check` reports.
public struct RuleFinding: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: String, Hashable, Sendable {
        /// The crew may not race like this.
        case violation
        /// Worth a look; the crew may race.
        case warning
    }

    public var severity: Severity
    /// The finding in plain words, naming who and where.
    public var message: String
    /// The seats it concerns, when it concerns particular seats (a wrong side, an unknown weight).
    public var places: [Place]
    /// What it says about each of those seats without naming anyone, for a mark on a drawn seat:
    /// `paddles on the left`, `weight unknown`.
    public var seatNote: String?

    public init(severity: Severity, message: String, places: [Place] = [], seatNote: String? = nil) {
        self.severity = severity
        self.message = message
        self.places = places
        self.seatNote = seatNote
    }

    public var description: String { message }
}

extension Lineup {
    /// Everything `rules` find in this lineup, violations first, each in plain words naming who and where.
    public func check(_ rules: CrewRules, roster: [PaddlerID: Paddler]) -> [RuleFinding] {
        var findings: [RuleFinding] = []
        func add(_ severity: RuleFinding.Severity, _ message: String, _ places: [Place] = [], note: String? = nil) {
            findings.append(RuleFinding(severity: severity, message: message, places: places, seatNote: note))
        }
        func name(_ id: PaddlerID) -> String { roster[id]?.name ?? "paddler #\(id)" }
        func names(_ seats: [Place]) -> String { seats.compactMap { self[$0].map(name) }.joined(separator: ", ") }
        let rowSeats = Place.seats(of: kind).filter { $0.row != nil }
        let paddlers = rowSeats.compactMap { self[$0] }

        if !rules.paddlers.contains(paddlers.count) {
            add(
                .violation,
                "\(paddlers.count) paddlers in the rows; \(rules.name) needs \(rules.paddlers.lowerBound) to \(rules.paddlers.upperBound)"
            )
        }
        for (seat, role, verb, isAble) in [
            (Place.drummer, "drummer", "drum", { (paddler: Paddler) in paddler.canDrum }),
            (Place.steerer, "steerer", "steer", { (paddler: Paddler) in paddler.canSteer }),
        ] {
            guard let id = self[seat] else {
                add(.violation, "no \(role) (\(seat) is empty)", [seat], note: "no \(role)")
                continue
            }
            if let paddler = roster[id], !isAble(paddler) {
                add(
                    rules.capabilityIsRule ? .violation : .warning,
                    "\(paddler.name) is the \(role) but is not marked as able to \(verb)", [seat],
                    note: "not marked able to \(verb)")
            }
        }

        let countedSeats = rowSeats + (rules.countsDrummerAndSteerer ? [.drummer, .steerer] : [])
        let counted = countedSeats.filter { self[$0] != nil }
        let who = rules.countsDrummerAndSteerer ? "in the crew" : "among the paddlers"
        func sex(_ seat: Place) -> Sex? { self[seat].flatMap { roster[$0]?.sex } }
        switch rules.sex {
        case .any:
            break
        case .womenOnly:
            let notWomen = counted.filter { sex($0).map { $0 != .female } ?? false }
            if !notWomen.isEmpty {
                let be = notWomen.count == 1 ? "is not a woman" : "are not women"
                add(
                    .violation, "\(names(notWomen)) \(be), and the women's rules take women only", notWomen,
                    note: "not a woman: women's rules")
            }
        case .mixed(let each):
            let women = counted.filter { sex($0) == .female }.count
            let men = counted.filter { sex($0) == .male }.count
            for (count, label) in [(women, "women"), (men, "men")] where !each.contains(count) {
                add(
                    .violation,
                    "\(count) \(label) \(who); \(rules.name) needs \(each.lowerBound) to \(each.upperBound) of each")
            }
            let other = counted.filter { sex($0) == .other }
            if !other.isEmpty {
                add(.warning, "not counted as women or men (sex X): \(names(other))", other, note: "sex X: not counted")
            }
        }
        let unknown = counted.filter { self[$0].map { roster[$0]?.sex == nil } ?? false }
        if rules.sex != .any, !unknown.isEmpty {
            add(.warning, "sex unknown, so not counted: \(names(unknown))", unknown, note: "sex unknown")
        }

        for seat in rowSeats {
            guard let id = self[seat], let paddler = roster[id] else { continue }
            let side: SidePreference = if case .left = seat { .left } else { .right }
            if paddler.side != .either, paddler.side != side {
                add(
                    rules.sidesAreRules ? .violation : .warning,
                    "\(paddler.name) paddles on the \(paddler.side.rawValue) but sits at \(seat)", [seat],
                    note: "paddles on the \(paddler.side.rawValue)")
            }
        }
        for seat in [Place.drummer] + rowSeats + [.steerer] {
            guard let id = self[seat], let paddler = roster[id], !paddler.isActive else { continue }
            add(.warning, "\(paddler.name) is marked inactive but sits at \(seat)", [seat], note: "inactive")
        }
        let unweighed = (rowSeats + [.drummer, .steerer]).filter { seat in
            self[seat].map { roster[$0]?.weightKg == nil } ?? false
        }
        if !unweighed.isEmpty {
            add(
                .warning,
                "weight unknown, so the balance counts 0 kg for: "
                    + unweighed.compactMap { seat in self[seat].map { "\(name($0)) (\(seat))" } }.joined(
                        separator: ", "), unweighed, note: "weight unknown")
        }
        return findings.filter { $0.severity == .violation } + findings.filter { $0.severity == .warning }
    }
}
