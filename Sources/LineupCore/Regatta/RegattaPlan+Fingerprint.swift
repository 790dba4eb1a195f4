/// A fingerprint of a regatta plan: of everything the planner read (the races, their boats' lineups and
/// balance figures, the roster, availability, the options) and of the lineups it proposes. Two runs with
/// the same fingerprint made the same plan from the same data, so a front end can check that the plan it
/// writes is the one a coach was shown (`lineup regatta plan --apply --plan CODE`).
enum PlanFingerprint {
    static func of(input regatta: Regatta, options: RegattaPlanOptions, planned: Regatta) -> UInt64 {
        var hasher = FNV1a()
        add(regatta, to: &hasher)
        // Everything but the stopping point, which a replay sets to make the same plan.
        hasher.add(
            "options", "\(options.minimumRaces ?? -1)", "\(options.maximumRaces ?? -1)", "\(options.keepsSeated)",
            "\(options.balances)", "\(options.seed)", "\(options.iterations ?? -1)", "\(options.restarts)",
            "\(options.exhaustiveCrewLimit)", "\(options.exhaustiveNodeLimit)", options.maybes.rawValue)
        for boat in planned.boats {
            hasher.add("planned", boat.name)
            add(boat.lineup, to: &hasher)
        }
        return hasher.value
    }

    /// The part of a plan's fingerprint that is the regatta it was made from.
    static func of(input regatta: Regatta) -> UInt64 {
        var hasher = FNV1a()
        add(regatta, to: &hasher)
        return hasher.value
    }

    private static func add(_ regatta: Regatta, to hasher: inout FNV1a) {
        hasher.add("regatta", regatta.name, regatta.date, "\(regatta.minimumGapMinutes)")
        for race in regatta.races {
            let rules = race.rules
            hasher.add(
                "race", race.name, "\(race.start.minutes)", "\(race.boat)", rules.name, "\(rules.paddlers)",
                "\(rules.sex)", "\(rules.countsDrummerAndSteerer)", "\(rules.sidesAreRules)",
                "\(rules.capabilityIsRule)")
            // Only a stored link, so that fingerprints of plans made before links were stored stay as they were.
            if let source = race.carriesCrewOf { hasher.add("carries", source) }
        }
        for boat in regatta.boats {
            hasher.add("boat", boat.name, boat.lineup.kind.rawValue, "\(boat.balanceModel)")
            // Only roles other than the defaults, so that fingerprints of plans made before roles stay as they were.
            if boat.wantedRoles != .defaults(for: boat.lineup.kind) {
                let roles = boat.wantedRoles
                hasher.add("roles", "\(roles.stroke)", "\(roles.engine)", "\(roles.rear)")
            }
            add(boat.lineup, to: &hasher)
        }
        for id in regatta.roster.keys.sorted() {
            guard let paddler = regatta.roster[id] else { continue }
            hasher.add(
                "paddler", "\(id)", paddler.name, paddler.weightKg.map { "\($0)" } ?? "-",
                paddler.sex?.rawValue ?? "-", paddler.side.rawValue, "\(paddler.canDrum)", "\(paddler.canSteer)",
                "\(paddler.isActive)", paddler.injuredUntil.map { "\($0)" } ?? "-")
            if paddler.role != .any || paddler.rows != nil || paddler.preferredRows != nil {
                hasher.add(
                    "seat rows", "\(id)", paddler.role.rawValue, paddler.rows.map { "\($0)" } ?? "-",
                    paddler.preferredRows.map { "\($0)" } ?? "-")
            }
        }
        for id in regatta.availability.keys.sorted() {
            hasher.add("availability", "\(id)", regatta.availability[id].map { "\($0)" } ?? "-")
        }
        // Only where someone races elsewhere that day, so that other fingerprints stay as they were.
        for id in regatta.elsewhere.keys.sorted() {
            for race in regatta.elsewhere[id] ?? [] {
                hasher.add(
                    "elsewhere", "\(id)", race.regatta, race.race, "\(race.start.minutes)",
                    "\(race.minimumGapMinutes)")
            }
        }
        for boat in regatta.boatsRacingElsewhere.keys.sorted() {
            for race in regatta.boatsRacingElsewhere[boat] ?? [] {
                hasher.add("boat elsewhere", "\(boat)", race.regatta, race.race, "\(race.start.minutes)", race.day)
            }
        }
        // The answers: an answer arriving while a plan is made makes its `--apply` refuse, as other changes do.
        let answers = regatta.answers
        for id in answers.raceOuts.keys.sorted() {
            for (race, source) in (answers.raceOuts[id] ?? [:]).sorted(by: { $0.key < $1.key }) {
                hasher.add("out", "\(id)", race, source.rawValue)
            }
        }
        for id in answers.maybes.keys.sorted() {
            hasher.add(["maybe", "\(id)"] + (answers.maybes[id] ?? []).sorted())
        }
        for id in answers.answeredByPaddler.sorted() { hasher.add("answered", "\(id)") }
    }

    private static func add(_ lineup: Lineup, to hasher: inout FNV1a) {
        for (paddler, place) in lineup.placements.sorted(by: { $0.place < $1.place }) {
            hasher.add("\(place)", "\(paddler)")
        }
        for seat in lineup.lockedSeats.sorted() { hasher.add("locked", "\(seat)") }
    }
}

/// The 64-bit FNV-1a hash: simple, and the same in every process (Swift's `Hasher` is seeded per process).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ fields: String...) { add(fields) }

    mutating func add(_ fields: [String]) {
        for field in fields {
            for byte in field.utf8 { mix(byte) }
            // A separator no text contains, so that ("ab", "c") and ("a", "bc") differ.
            mix(0xFF)
        }
        mix(0xFE)
    }

    private mutating func mix(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01B3
    }
}

extension Regatta {
    /// A fingerprint of everything a plan is made from here (races, boats and their lineups, roster,
    /// availability), as the plan's own fingerprint covers it: equal when none of it changed.
    public var inputFingerprint: UInt64 { PlanFingerprint.of(input: self) }
}
