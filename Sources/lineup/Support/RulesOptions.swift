import ArgumentParser
import LineupCore

extension RulesPreset: ExpressibleByArgument {
    /// Presets are read in any case, as places and names are: `Women`, `IDBF-mixed`.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// The crew-rule choices `check` and `optimize` share: a preset other than the boat's, and custom settings.
struct RulesOptions: ParsableArguments {
    @Option(help: "Check against this preset instead of the boat's own (open, women, idbf-mixed).")
    var rules: RulesPreset?
    @Option(help: ArgumentHelp("Custom crew size: paddlers in the rows, such as 16-20.", valueName: "min-max"))
    var paddlers: CountRange?
    @Option(help: ArgumentHelp("Custom mixed rule: women and men each, such as 8-10.", valueName: "min-max"))
    var eachSex: CountRange?
    @Flag(help: "Count the drummer and steerer in the sex rule (usually they are exempt).")
    var countDrummerSteerer = false
    @Flag(help: "Sitting on a side one does not paddle breaks the rules (by default, a warning).")
    var sidesRequired = false
    @Flag(help: "A drummer or steerer not marked able breaks the rules (by default, a warning).")
    var capabilityRequired = false

    /// The rules in force for a boat of `kind` whose own preset is `boatPreset`.
    func rules(boatPreset: RulesPreset, kind: BoatKind) -> CrewRules {
        var result = CrewRules(rules ?? boatPreset, kind: kind)
        var custom = false
        if countDrummerSteerer {
            result = result.countingDrummerAndSteerer(adjustingLimits: eachSex == nil)
            custom = true
        }
        if let paddlers {
            result.paddlers = paddlers.range
            custom = true
        }
        if let eachSex {
            result.sex = .mixed(each: eachSex.range)
            custom = true
        }
        if sidesRequired { (result.sidesAreRules, custom) = (true, true) }
        if capabilityRequired { (result.capabilityIsRule, custom) = (true, true) }
        if custom { result.name += " with custom settings" }
        return result
    }
}

/// `MIN-MAX` or a single number, for counts of people.
struct CountRange: ExpressibleByArgument {
    let range: ClosedRange<Int>

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false).map {
            Int($0.trimmingCharacters(in: .whitespaces))
        }
        switch parts.count {
        case 1: guard let value = parts[0], value >= 0 else { return nil }; range = value...value
        case 2:
            guard let low = parts[0], let high = parts[1], low >= 0, low <= high else { return nil }
            range = low...high
        default: return nil
        }
    }
}
