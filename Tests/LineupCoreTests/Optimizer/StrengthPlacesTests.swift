import Testing

@testable import LineupCore

/// The places the seat fit reads from the strength rankings (`StrengthPlaces`): who gives a place, and
/// where a paddler without one counts.
@Suite("StrengthPlaces: who is ranked and where the others count")
struct StrengthPlacesTests {
    static func roster(_ names: [String]) -> [PaddlerID: Paddler] {
        var roster: [PaddlerID: Paddler] = [:]
        for (index, name) in names.enumerated() {
            roster[PaddlerID(index + 1)] = Paddler(id: PaddlerID(index + 1), name: name, weightKg: 70)
        }
        return roster
    }

    /// With two ranked, the second counts 2 and a paddler without evidence 3, never less than anyone
    /// measured; a side nobody is ranked on counts everyone first.
    @Test func aPaddlerWithoutEvidenceCountsBelowTheLastRanked() {
        let places = StrengthPlaces(left: [PaddlerID(1), PaddlerID(2)])
        #expect(places.countedPlace(of: PaddlerID(2), on: .left) == 2)
        #expect(places.countedPlace(of: PaddlerID(9), on: .left) == 3)
        #expect(places.countedPlace(of: PaddlerID(9), on: .right) == 1)
        let fit = SeatFit(wantedRoles: .defaults(for: .standard), strength: places)
        let untested = Paddler(id: PaddlerID(9), name: "U", weightKg: 70)
        let second = Paddler(id: PaddlerID(2), name: "S", weightKg: 70)
        #expect(fit.cost(of: second, at: .left(row: 5)) < fit.cost(of: untested, at: .left(row: 5)))
        #expect(fit.parts(of: untested, at: .left(row: 5)).countedPlace == 3)
    }

    /// Only placed entries give places, in the order of their places: Dev, of a seat race no comparison
    /// links to the first group and without trials, counts as without evidence.
    @Test func anEntryWithoutAPlaceGivesNone() {
        let roster = Self.roster(["Ann", "Bo", "Dev", "Tia", "Uma"])
        var ranking = StrengthRanking(side: .left, sessions: [], trials: [], roster: [])
        ranking.entries = [
            .init(name: "Ann", evidence: .seatRacing, value: 3, confidence: .sure, group: 0, place: 1),
            .init(name: "Tia", evidence: .trials, value: 110, confidence: .likely, place: 3, pace: 110),
            .init(name: "Bo", evidence: .seatRacing, value: 0, confidence: .sure, group: 0, place: 2),
            .init(name: "Dev", evidence: .seatRacing, value: 2, confidence: .likely, group: 1),
            .init(name: "Uma", evidence: .none, value: nil, confidence: .noEvidence),
        ]
        let places = StrengthPlaces(rankings: [ranking], roster: roster)
        let names = places.left.compactMap { roster[$0]?.name }
        #expect(names == ["Ann", "Bo", "Tia"])
        let dev = PaddlerID(3)
        #expect(places.place(of: dev, on: .left) == nil)
        #expect(places.countedPlace(of: dev, on: .left) == places.countedPlace(of: PaddlerID(5), on: .left))
    }
}
