import PropertyBased
import Testing

@testable import LineupCore

/// Random exchanges, then taking every change back in reverse order, must give back the start exactly,
/// and every paddler must stay in the boat exactly once with no holes on the bench.
@Suite("Lineup invariants under random exchanges")
struct LineupPropertyTests {
    static func allPlaces(of lineup: Lineup) -> [Place] {
        Place.seats(of: lineup.kind) + (0...lineup.bench.count).map { Place.bench(position: $0 + 1) }
    }

    @Test func randomExchangesThenUndoAllRestoreTheStart() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 0...1000).array(of: 1...30), Gen.bool, Gen.int(in: 0...12)
        ) { picks, small, seatedCount in
            let kind: BoatKind = small ? .small : .standard
            var placements: [(paddler: PaddlerID, place: Place)] = []
            let seats = Place.seats(of: kind)
            for index in 0..<min(seatedCount, seats.count) {
                placements.append((PaddlerID(index + 1), seats[index * 2 % seats.count]))
            }
            var unique: [Place: PaddlerID] = [:]
            for entry in placements where unique[entry.place] == nil { unique[entry.place] = entry.paddler }
            let seated = unique.map { (paddler: $0.value, place: $0.key) }
            let benchIDs = (100..<(100 + 8)).map(PaddlerID.init)
            let bench = benchIDs.enumerated().map { (paddler: $0.element, place: Place.bench(position: $0.offset + 1)) }
            guard let start = try? Lineup(kind: kind, placements: seated + bench) else {
                Issue.record("could not build the starting lineup")
                return
            }
            var lineup = start
            var changes: [LineupChange] = []
            for pair in stride(from: 0, to: picks.count - 1, by: 2) {
                let places = Self.allPlaces(of: lineup)
                let first = places[picks[pair] % places.count]
                let second = places[picks[pair + 1] % places.count]
                guard let (after, change) = try? lineup.exchanging(first, with: second, names: [:]) else {
                    Issue.record("exchange \(first) \(second) failed")
                    return
                }
                let everyone = after.placements.map(\.paddler)
                #expect(Set(everyone).count == everyone.count)
                #expect(Set(everyone) == Set(start.placements.map(\.paddler)))
                #expect(change.moves.count <= 2)
                if !change.isEmpty { changes.append(change) }
                lineup = after
            }
            for change in changes.reversed() {
                guard let before = try? lineup.applying(change.inverse, names: [:]) else {
                    Issue.record("undo failed")
                    return
                }
                lineup = before
            }
            #expect(lineup == start)
        }
    }
}
