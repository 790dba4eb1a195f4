import ArgumentParser
import LineupCore
import LineupPresentation

struct ConfigBalanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balance",
        abstract: "Show or set the figures of the moment-based balance model, per boat kind.",
        discussion: """
            Without options, shows the figures in force for standard and small boats. A figure set without \
            --kind applies to both kinds. Moments are taken about the boat's midpoint (trim, bow-heavy \
            positive) and centre line (list, right-heavy positive), in kilogram-metres.
            """)

    @OptionGroup var database: DatabaseOptions
    @Option(help: "Set or reset the figures of this kind of boat only: standard or small.") var kind: BoatKind?
    @Option(help: ArgumentHelp("Metres from one row to the next.", valueName: "m")) var rowSpacingM: PlainNumber?
    @Option(help: ArgumentHelp("Row spacings from row 1 forward to the drummer.", valueName: "rows"))
    var drummerOffsetRows: PlainNumber?
    @Option(help: ArgumentHelp("Row spacings from the last row back to the steerer.", valueName: "rows"))
    var steererOffsetRows: PlainNumber?
    @Option(help: ArgumentHelp("Metres from the centre line to a paddler in the middle rows.", valueName: "m"))
    var middleHalfWidthM: PlainNumber?
    @Option(help: ArgumentHelp("The same in the first and last rows.", valueName: "m")) var endHalfWidthM: PlainNumber?
    @Option(help: ArgumentHelp("Kilograms of the drum, at the bow.", valueName: "kg")) var drumKg: PlainNumber?
    @Option(help: ArgumentHelp("Kilograms of the steering oar, at the stern.", valueName: "kg"))
    var steeringOarKg: PlainNumber?
    @Flag(help: "Put every figure back to its default.") var reset = false

    var values: [BalanceSetting: Double] {
        var values: [BalanceSetting: Double] = [:]
        let given: [(BalanceSetting, PlainNumber?)] = [
            (.rowSpacingM, rowSpacingM), (.drummerOffsetRows, drummerOffsetRows),
            (.steererOffsetRows, steererOffsetRows), (.middleHalfWidthM, middleHalfWidthM),
            (.endHalfWidthM, endHalfWidthM), (.drumKg, drumKg), (.steeringOarKg, steeringOarKg),
        ]
        for case let (setting, number?) in given { values[setting] = number.value }
        return values
    }

    func validate() throws {
        if reset && !values.isEmpty { throw ValidationError("--reset takes no other option") }
        for (setting, value) in values where !(value.isFinite && setting.range.contains(value)) {
            throw ValidationError(
                "--\(setting.rawValue) must be from \(DecimalNumber.text(setting.range.lowerBound)) to \(DecimalNumber.text(setting.range.upperBound))"
            )
        }
    }

    func run() throws {
        let db = try reset || !values.isEmpty ? database.open() : database.openForReading()
        let kinds = kind.map { [$0] } ?? BoatKind.allCases
        let which = kind.map { "\($0.rawValue) boats" } ?? "both kinds of boat"
        if reset {
            try db.resetBalance(for: kinds)
            SavedChange.declare(
                .outsideHistory(
                    saved: "the balance figures of \(which) are back to their defaults",
                    again: "`lineup config balance` shows them, and running it again changes nothing"))
            print("Balance figures of \(which) put back to their defaults.")
        } else if !values.isEmpty {
            try db.setBalance(values, for: kinds)
            SavedChange.declare(
                .outsideHistory(
                    saved: "the balance figures of \(which) are set",
                    again: "`lineup config balance` shows them, and running it again changes nothing"))
            print("Balance figures of \(which) set.")
        }
        let models = try BoatKind.allCases.map { (kind: $0, model: try db.balanceModel(for: $0)) }
        print(TextLayout.pad("", 22) + models.map { TextLayout.pad($0.kind.rawValue, 10, right: true) }.joined())
        for setting in BalanceSetting.allCases {
            var notes: [String] = []
            let cells = models.map { kind, model in
                let value = model[keyPath: setting.keyPath]
                let standard = BalanceModel.defaults(for: kind)[keyPath: setting.keyPath]
                if value != standard { notes.append("\(kind.rawValue) default \(DecimalNumber.text(standard))") }
                return TextLayout.pad(DecimalNumber.text(value) + (value != standard ? "*" : ""), 10, right: true)
            }
            print(
                TextLayout.pad(setting.rawValue, 22) + cells.joined() + "  " + setting.meaning
                    + (notes.isEmpty ? "" : Terminal.style.dim(" (" + notes.joined(separator: ", ") + ")")))
        }
    }
}

extension BoatKind: ExpressibleByArgument {
    /// `standard`, `Small`.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
