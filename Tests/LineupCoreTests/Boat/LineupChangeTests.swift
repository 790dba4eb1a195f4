import LineupCore
import Testing

/// A change of many places counts the people who change place as the optimizer's plan does: a bench
/// paddler who only shifts along the bench is no one changing place.
@Suite("LineupChange: people who change place")
struct LineupChangeTests {
    @Test func benchShiftsAreNotPeopleChangingPlace() throws {
        let names: [PaddlerID: String] = [1: "Ann", 2: "Bo", 3: "Cy", 4: "Di"]
        let start = try Lineup(
            kind: .standard,
            placements: [
                (1, .left(row: 1)), (2, .bench(position: 1)), (3, .bench(position: 2)), (4, .bench(position: 3)),
            ])
        // Bo comes in, Ann goes to the end of the bench, and Cy and Di shift forward on it.
        let end = try Lineup(
            kind: .standard,
            placements: [
                (2, .left(row: 1)), (3, .bench(position: 1)), (4, .bench(position: 2)), (1, .bench(position: 3)),
            ])
        let change = LineupChange(from: start, to: end, names: names)
        #expect(change.moves.count == 4)
        #expect(change.peopleChangingPlace == 2)
        #expect(LineupPlan(from: start, to: end, names: names).peopleMoved == change.peopleChangingPlace)
    }
}
