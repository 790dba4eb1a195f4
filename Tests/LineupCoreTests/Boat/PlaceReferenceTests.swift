import Testing

@testable import LineupCore

@Suite("Place references")
struct PlaceReferenceTests {
    @Test(arguments: [
        ("D", PlaceReference.place(.drummer)), ("s", .place(.steerer)), ("L1", .place(.left(row: 1))),
        ("r10", .place(.right(row: 10))), (" B3 ", .place(.bench(position: 3))), ("b", .endOfBench),
        ("Ann", .paddler(name: "Ann")), ("X1", .paddler(name: "X1")), ("Dana Okafor", .paddler(name: "Dana Okafor")),
    ])
    func parses(text: String, expected: PlaceReference) throws {
        #expect(try PlaceReference(parsing: text, kind: .standard) == expected)
    }

    @Test(arguments: ["L0", "R-1", "B0", "L+2", "R1-2", "L99999999"])
    func refusesImpossibleSeatShapes(text: String) {
        #expect(throws: LineupError.invalidPlace(text)) { try PlaceReference(parsing: text, kind: .standard) }
    }

    @Test func refusesRowsBeyondTheBoat() throws {
        #expect(throws: LineupError.seatBeyondBoat("L11", rowCount: 10)) {
            try PlaceReference(parsing: "L11", kind: .standard)
        }
        #expect(throws: LineupError.seatBeyondBoat("R6", rowCount: 5)) {
            try PlaceReference(parsing: "r6", kind: .small)
        }
        #expect(try PlaceReference(parsing: "R5", kind: .small) == .place(.right(row: 5)))
    }

    @Test(arguments: ["", "   ", "\t"])
    func refusesEmpty(text: String) {
        #expect(throws: LineupError.emptyPlace) { try PlaceReference(parsing: text, kind: .standard) }
    }

    @Test func chartOrderIsDrummerRowsSteererBench() {
        let places: [Place] = [.bench(position: 1), .steerer, .right(row: 1), .left(row: 2), .left(row: 1), .drummer]
        #expect(places.sorted().map(\.description) == ["D", "L1", "R1", "L2", "S", "B1"])
        #expect(
            Place.seats(of: .small).map(\.description) == [
                "D", "L1", "R1", "L2", "R2", "L3", "R3", "L4", "R4", "L5", "R5", "S",
            ])
    }
}
