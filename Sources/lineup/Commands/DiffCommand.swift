import ArgumentParser
import LineupCore
import LineupStore

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two boats seat by seat: who sits where in each, who moved, and their balance.")

    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The first boat.") var first: String
    @Argument(help: "The second boat.") var second: String
    @Flag(help: "List every seat, not only those that differ.") var all = false
    @Flag(help: "Print JSON: {seats: [{seat, first, second}], moved: [{paddler, first, second}], balance}.")
    var json = false

    struct Report: Encodable {
        struct Seat: Encodable {
            let seat: String
            let first: String?
            let second: String?
        }
        struct Move: Encodable {
            let paddler: String
            let first: String
            let second: String
        }
        struct Figures: Encodable {
            let boat: String
            let leftKg: Double
            let rightKg: Double
            let frontKg: Double
            let backKg: Double
            let trim: Double
            let list: Double

            enum CodingKeys: String, CodingKey {
                case boat, leftKg = "left_kg", rightKg = "right_kg", frontKg = "front_kg", backKg = "back_kg", trim,
                    list
            }
        }
        let seats: [Seat]
        let moved: [Move]
        let balance: [Figures]
    }

    func run() throws {
        let db = try database.openForReading()
        let a = try db.state(ofBoat: first)
        let b = try db.state(ofBoat: second)
        guard a.boat.kind == b.boat.kind else {
            throw CommandError.failed(
                "\"\(a.boat.name)\" is a \(a.boat.kind.rawValue) boat and \"\(b.boat.name)\" a \(b.boat.kind.rawValue) one; compare boats of one kind"
            )
        }
        let seats = Place.seats(of: a.boat.kind)
        let differing = seats.filter { a.lineup[$0] != b.lineup[$0] }
        let shown = all ? seats : differing
        let moved = a.lineup.placements.compactMap { paddler, place -> Report.Move? in
            guard let other = b.lineup.place(of: paddler), other != place, place.isSeat || other.isSeat else {
                return nil
            }
            return Report.Move(
                paddler: a.roster[paddler]?.name ?? "?", first: Self.describe(place), second: Self.describe(other))
        }
        if json {
            let report = Report(
                seats: shown.map {
                    Report.Seat(seat: $0.description, first: a.paddler(at: $0)?.name, second: b.paddler(at: $0)?.name)
                },
                moved: moved, balance: [a, b].map(Self.figures))
            print(try JSONOutput.encode(report), terminator: "")
            return
        }
        print("\"\(a.boat.name)\" against \"\(b.boat.name)\": \(differing.count) of \(seats.count) seats differ.")
        if !shown.isEmpty {
            print("")
            print("  " + pad("seat", 6) + pad(a.boat.name, 26) + b.boat.name)
            for seat in shown {
                let marker = a.lineup[seat] != b.lineup[seat] ? "*" : " "
                print(
                    marker + " " + pad(seat.description, 6) + pad(a.paddler(at: seat)?.name ?? "-", 26)
                        + (b.paddler(at: seat)?.name ?? "-"))
            }
        }
        if !moved.isEmpty {
            print("\nMoved:")
            for move in moved { print("  \(move.paddler): \(move.first) → \(move.second)") }
        }
        print("")
        let columns = [a, b].map { (title: String($0.boat.name.prefix(14)), state: $0) }
        print(BalanceFigures.table(columns, width: 15).joined(separator: "\n"))
    }

    static func describe(_ place: Place) -> String { place.isSeat ? place.description : "bench" }

    static func figures(_ state: BoatState) -> Report.Figures {
        let sums = state.balance
        return Report.Figures(
            boat: state.boat.name, leftKg: sums.leftKg, rightKg: sums.rightKg, frontKg: sums.frontKg,
            backKg: sums.backKg, trim: JSONOutput.rounded(state.moments.trimKgM),
            list: JSONOutput.rounded(state.moments.listKgM))
    }
}
