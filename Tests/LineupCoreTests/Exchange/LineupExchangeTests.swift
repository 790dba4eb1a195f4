import Testing

@testable import LineupCore

/// A standard boat with paddlers 1…6 seated at D, L1, R1, L2, S, and 7…9 on the bench; R2 is empty.
func sampleLineup(locked: Set<Place> = []) throws -> Lineup {
    try Lineup(
        kind: .standard,
        placements: [
            (1, .drummer), (2, .left(row: 1)), (3, .right(row: 1)), (4, .left(row: 2)), (6, .steerer),
            (7, .bench(position: 1)), (8, .bench(position: 2)), (9, .bench(position: 3)),
        ],
        lockedSeats: locked)
}

let sampleNames: [PaddlerID: String] = Dictionary(uniqueKeysWithValues: (1...9).map { ($0, "P\($0)") })

@Suite("Lineup exchanges")
struct LineupExchangeTests {
    @Test func exchangeOfTwoSeatedPaddlersSwapsOnlyThem() throws {
        let lineup = try sampleLineup()
        let (after, change) = try lineup.exchanging(.left(row: 1), with: .steerer, names: sampleNames)
        #expect(after[.left(row: 1)] == 6)
        #expect(after[.steerer] == 2)
        #expect(after.bench == lineup.bench)
        #expect(after[.right(row: 1)] == 3)
        #expect(
            Set(change.moves) == [
                PaddlerMove(paddler: 2, name: "P2", from: .left(row: 1), to: .steerer),
                PaddlerMove(paddler: 6, name: "P6", from: .steerer, to: .left(row: 1)),
            ])
        #expect(change.summary() == "L1 P2 ⇄ S P6")
    }

    @Test func benchPaddlerIntoAnEmptySeatClosesTheBench() throws {
        let lineup = try sampleLineup()
        let (after, change) = try lineup.exchanging(.bench(position: 2), with: .right(row: 2), names: sampleNames)
        #expect(after[.right(row: 2)] == 8)
        #expect(after.bench == [7, 9])
        #expect(change.moves == [PaddlerMove(paddler: 8, name: "P8", from: .bench(position: 2), to: .right(row: 2))])
        #expect(change.summary() == "B2 P8 → R2")
    }

    @Test func emptySeatFirstMovesTheOtherPaddler() throws {
        let (after, change) = try sampleLineup().exchanging(.right(row: 2), with: .left(row: 2), names: sampleNames)
        #expect(after[.right(row: 2)] == 4)
        #expect(after[.left(row: 2)] == nil)
        #expect(change.moves.count == 1)
    }

    @Test func sendingToTheEndOfTheBench() throws {
        let lineup = try sampleLineup()
        let end = try lineup.resolve(.endOfBench) { _ in nil }
        #expect(end == .bench(position: 4))
        let (after, change) = try lineup.exchanging(.left(row: 1), with: end, names: sampleNames)
        #expect(after.bench == [7, 8, 9, 2])
        #expect(after[.left(row: 1)] == nil)
        #expect(change.summary() == "L1 P2 → bench B4")
    }

    @Test func samePlaceOrTwoEmptySeatsChangeNothing() throws {
        let lineup = try sampleLineup()
        let same = try lineup.exchanging(.left(row: 1), with: .left(row: 1), names: sampleNames)
        #expect(same.change.isEmpty && same.lineup == lineup)
        let empty = try lineup.exchanging(.right(row: 2), with: .left(row: 5), names: sampleNames)
        #expect(empty.change.isEmpty && empty.lineup == lineup)
    }

    @Test func lockedSeatsCanBeNeitherMovedNorDisplaced() throws {
        let lineup = try sampleLineup(locked: [.left(row: 1), .right(row: 2)])
        #expect(throws: LineupError.lockedSeat(.left(row: 1), occupant: "P2")) {
            try lineup.exchanging(.left(row: 1), with: .steerer, names: sampleNames)
        }
        #expect(throws: LineupError.lockedSeat(.left(row: 1), occupant: "P2")) {
            try lineup.exchanging(.steerer, with: .left(row: 1), names: sampleNames)
        }
        #expect(throws: LineupError.lockedSeat(.right(row: 2), occupant: nil)) {
            try lineup.exchanging(.bench(position: 1), with: .right(row: 2), names: sampleNames)
        }
    }

    @Test func resolvingNamesAndBenchPositions() throws {
        let lineup = try sampleLineup()
        #expect(
            try lineup.resolve(.paddler(name: "p8")) { $0.lowercased() == "p8" ? (8, "P8") : nil }
                == .bench(position: 2))
        #expect(throws: LineupError.paddlerNotFound("Zed")) { try lineup.resolve(.paddler(name: "Zed")) { _ in nil } }
        #expect(throws: LineupError.benchPositionBeyondBench("B4", benchCount: 3)) {
            try lineup.resolve(.place(.bench(position: 4))) { _ in nil }
        }
    }

    @Test func inverseChangeRestoresTheLineupExactly() throws {
        let lineup = try sampleLineup()
        for (first, second) in [
            (Place.bench(position: 1), Place.bench(position: 3)), (.bench(position: 2), .right(row: 2)),
            (.left(row: 1), .bench(position: 4)), (.drummer, .bench(position: 3)),
        ] {
            let (after, change) = try lineup.exchanging(first, with: second, names: sampleNames)
            #expect(try after.applying(change.inverse, names: sampleNames) == lineup)
            #expect(try lineup.applying(change, names: sampleNames) == after)
        }
    }

    @Test func applyingRefusesWhenAPaddlerIsElsewhere() throws {
        let lineup = try sampleLineup()
        let (after, change) = try lineup.exchanging(.left(row: 1), with: .right(row: 1), names: sampleNames)
        let (moved, _) = try after.exchanging(.left(row: 1), with: .bench(position: 1), names: sampleNames)
        #expect(throws: LineupError.conflict(["P3 is at B1, not at L1"])) {
            try moved.applying(change.inverse, names: sampleNames)
        }
    }

    @Test func applyingRefusesAPaddlerWhoLeftTheRoster() throws {
        let change = LineupChange(moves: [PaddlerMove(paddler: nil, name: "Gone", from: .left(row: 1), to: .steerer)])
        #expect(throws: LineupError.conflict(["Gone has left the roster"])) {
            try sampleLineup().applying(change, names: sampleNames)
        }
    }

    @Test func applyingRefusesASeatTakenByAnotherPaddler() throws {
        let change = LineupChange(moves: [
            PaddlerMove(paddler: 7, name: "P7", from: .bench(position: 1), to: .left(row: 1))
        ])
        #expect(throws: LineupError.conflict(["seat L1 is now taken by P2"])) {
            try sampleLineup().applying(change, names: sampleNames)
        }
    }

    @Test func lockChangesAreCheckedAndInverted() throws {
        let lineup = try sampleLineup()
        let lock = LineupChange(lockChanges: [LockChange(seat: .left(row: 1), locked: true)])
        let locked = try lineup.applying(lock, names: sampleNames)
        #expect(locked.isLocked(.left(row: 1)))
        #expect(throws: LineupError.conflict(["seat L1 is already locked"])) {
            try locked.applying(lock, names: sampleNames)
        }
        #expect(try locked.applying(lock.inverse, names: sampleNames) == lineup)
    }

    @Test func storedPlacementsWithHolesOrDoublesAreRefused() {
        #expect(throws: LineupError.self) {
            try Lineup(kind: .standard, placements: [(1, .bench(position: 2))])
        }
        #expect(throws: LineupError.self) {
            try Lineup(kind: .standard, placements: [(1, .left(row: 1)), (2, .left(row: 1))])
        }
        #expect(throws: LineupError.self) {
            try Lineup(kind: .small, placements: [(1, .left(row: 6))])
        }
    }
}
