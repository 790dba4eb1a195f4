import ArgumentParser
import LineupCore

struct ConfigBalanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balance",
        abstract: "Show or set the figures of the moment-based balance model.",
        discussion: """
            Without options, shows the figures in force. Moments are taken about the boat's midpoint \
            (trim, bow-heavy positive) and centre line (list, right-heavy positive), in kilogram-metres.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: ArgumentHelp("Metres from one row to the next.", valueName: "m")) var rowSpacingM: Double?
    @Option(help: ArgumentHelp("Row spacings from row 1 forward to the drummer.", valueName: "rows"))
    var drummerOffsetRows: Double?
    @Option(help: ArgumentHelp("Row spacings from the last row back to the steerer.", valueName: "rows"))
    var steererOffsetRows: Double?
    @Option(help: ArgumentHelp("Metres from the centre line to a paddler in the middle rows.", valueName: "m"))
    var middleHalfWidthM: Double?
    @Option(help: ArgumentHelp("The same in the first and last rows.", valueName: "m")) var endHalfWidthM: Double?
    @Option(help: ArgumentHelp("Kilograms of the drum, at the bow.", valueName: "kg")) var drumKg: Double?
    @Option(help: ArgumentHelp("Kilograms of the steering oar, at the stern.", valueName: "kg"))
    var steeringOarKg: Double?
    @Flag(help: "Put every figure back to its default.") var reset = false

    var values: [BalanceSetting: Double] {
        var values: [BalanceSetting: Double] = [:]
        let given: [(BalanceSetting, Double?)] = [
            (.rowSpacingM, rowSpacingM), (.drummerOffsetRows, drummerOffsetRows),
            (.steererOffsetRows, steererOffsetRows), (.middleHalfWidthM, middleHalfWidthM),
            (.endHalfWidthM, endHalfWidthM), (.drumKg, drumKg), (.steeringOarKg, steeringOarKg),
        ]
        for case let (setting, value?) in given { values[setting] = value }
        return values
    }

    func validate() throws {
        if reset && !values.isEmpty { throw ValidationError("--reset takes no other option") }
        for (setting, value) in values where !(value.isFinite && setting.range.contains(value)) {
            throw ValidationError(
                "--\(setting.rawValue) must be from \(PaddlerRules.formatWeight(setting.range.lowerBound)) to \(PaddlerRules.formatWeight(setting.range.upperBound))"
            )
        }
    }

    func run() throws {
        let db = try reset || !values.isEmpty ? database.open() : database.openForReading()
        let model: BalanceModel
        if reset {
            model = try db.resetBalance()
            print("Balance figures put back to their defaults.")
        } else if !values.isEmpty {
            model = try db.setBalance(values)
            print("Balance figures set.")
        } else {
            model = try db.balanceModel()
        }
        for setting in BalanceSetting.allCases {
            let value = model[keyPath: setting.keyPath]
            let isDefault = value == BalanceModel.standard[keyPath: setting.keyPath]
            print(
                pad(setting.rawValue, 22) + pad(PaddlerRules.formatWeight(value), 6, right: true) + "  "
                    + setting.meaning
                    + (isDefault
                        ? ""
                        : " (default \(PaddlerRules.formatWeight(BalanceModel.standard[keyPath: setting.keyPath])))"))
        }
    }
}
