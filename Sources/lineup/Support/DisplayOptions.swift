import ArgumentParser
import LineupCore
import LineupPresentation
import LineupStore

extension WeightUnit: ExpressibleByArgument {
    /// `kg`, `KG`, `lb`, `LB`.
    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}

/// `--unit kg|lb`: the unit weights are shown in, for this command; without it, the club's own
/// (`lineup config units`).
struct DisplayOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Show weights in kg or lb (default: the club's unit, see `lineup config units`).", valueName: "unit"))
    var unit: WeightUnit?

    /// The format for a boat read from the database.
    func format(for state: BoatState) -> WeightFormat { WeightFormat(unit: unit ?? state.weightUnit) }

    /// The format when no boat was read.
    func format(in db: LineupDatabase) throws -> WeightFormat { WeightFormat(unit: try unit ?? db.weightUnit()) }
}

/// A number option read as `DecimalNumber` reads it (`72.5`, `0,38`), so that every command takes numbers
/// the same way as weights: no hexadecimal, exponents, `inf` or `nan`.
struct PlainNumber: ExpressibleByArgument, Hashable {
    let value: Double

    init(_ value: Double) {
        self.value = value
    }

    init?(argument: String) {
        guard let value = DecimalNumber.parse(argument) else { return nil }
        self.value = value
    }

    var defaultValueDescription: String { DecimalNumber.text(value) }
}
