import Foundation
import LineupCore
import Testing

@testable import LineupPresentation

@Suite("Balance verdict and its words")
struct BalanceWordsTests {
    /// A random standard boat: every seat filled from a roster of 30 with weights of 45 to 110 kg, some
    /// given in pounds (so with more digits than are shown).
    static func randomState(seed: UInt64) throws -> BoatState {
        var random = SeededRandomGenerator(seed: seed)
        var roster: [PaddlerID: Paddler] = [:]
        for id in 1...30 {
            let pounds = Double.random(in: 100...240, using: &random)
            let weight = id % 3 == 0 ? pounds * PaddlerRules.kilogramsPerPound : pounds / 2.2
            roster[PaddlerID(id)] = Paddler(id: PaddlerID(id), name: "P\(id)", weightKg: (weight * 100).rounded() / 100)
        }
        let ids = Array(roster.keys).shuffled(using: &random)
        let seats = Place.seats(of: .standard)
        let placements =
            zip(ids, seats).map { (paddler: $0, place: $1) }
            + ids.dropFirst(seats.count).enumerated().map { (paddler: $1, place: Place.bench(position: $0 + 1)) }
        let lineup = try Lineup(kind: .standard, placements: placements)
        return BoatState(
            boat: Boat(id: 1, name: "Random \(seed)", kind: .standard), lineup: lineup, roster: roster)
    }

    @Test(arguments: 1...60)
    func shownTotalsAreTheSumsOfTheShownWeights(seed: Int) throws {
        let state = try Self.randomState(seed: UInt64(seed))
        for format in [WeightFormat.kilograms, WeightFormat(unit: .lb)] {
            let sums = state.shownSums(format)
            let left = Place.seats(of: .standard).filter { if case .left = $0 { true } else { false } }
            let shownLeft = left.compactMap { state.paddler(at: $0)?.weightKg }.map(format.shown).reduce(0, +)
            // What a coach adds up from the chart is exactly the total the chart prints.
            #expect(format.number(sums.leftKg) == PaddlerRules.formatWeight((shownLeft * 10).rounded() / 10))
        }
    }

    @Test(arguments: 1...60)
    func everyFrontEndUsesTheSameHeadlineAndItAgreesWithTheMoment(seed: Int) throws {
        let state = try Self.randomState(seed: UInt64(seed))
        let verdict = state.verdict()
        let chart = LineupChart(state: state).render()
        let json = try JSONCoding.encode(LineupDocument(state))
        let table = BalanceFigures.table([("now", state)], width: 30).joined(separator: "\n")
        for axis in verdict.axes {
            let headline = BalanceWords.headline(axis)
            #expect(chart.contains(headline))
            #expect(json.contains("\"headline\" : \"\(headline)\""))
            #expect(table.contains(BalanceWords.short(axis)))
            // The headline's direction is the moment's sign, and the opposite word never appears beside it.
            if let end = axis.heavierEnd {
                let positive = axis.momentKgM > 0
                #expect(end == (axis.axis == .frontBack ? (positive ? .bow : .stern) : (positive ? .right : .left)))
                #expect(headline.contains(end.heavy))
            } else {
                #expect(headline.hasPrefix("level"))
            }
            // Sums that lean the other way are always explained, never left to contradict the headline.
            #expect((BalanceWords.whyTheyDiffer(axis) != nil) == axis.sumsDisagree)
            if axis.sumsDisagree, let why = BalanceWords.whyTheyDiffer(axis) {
                #expect(chart.contains(String(why.prefix(30))))
            }
        }
    }

    @Test func levelAndSlightlyFollowTheThresholds() {
        func axis(_ kg: Double) -> AxisVerdict {
            AxisVerdict(axis: .frontBack, equivalentKg: kg, momentKgM: kg * 3.6, firstSumKg: 800, secondSumKg: 800)
        }
        #expect(BalanceWords.headline(axis(0.2)) == "level")
        // A figure that would round up to the top of its band (level is under 2 kg, slightly under 8) is given
        // to the tenth, rounded down: the words and the figure never disagree.
        #expect(BalanceWords.headline(axis(1.9)) == "level: like 1.9 kg extra in row 1")
        #expect(BalanceWords.headline(axis(1.4)) == "level: like 1 kg extra in row 1")
        #expect(BalanceWords.headline(axis(-5)) == "slightly stern-heavy: like 5 kg extra in the last row")
        #expect(BalanceWords.headline(axis(-7.96)) == "slightly stern-heavy: like 7.9 kg extra in the last row")
        #expect(BalanceWords.short(axis(7.6)) == "slightly bow-heavy, 7.6 kg")
        #expect(BalanceWords.headline(axis(8.2)) == "bow-heavy: like 8 kg extra in row 1")
        #expect(BalanceWords.headline(axis(15.4)) == "bow-heavy: like 15 kg extra in row 1")
        #expect(BalanceWords.short(axis(15.4)) == "bow-heavy, 15 kg")
    }

    /// Just under half a unit rounds to 0 for the figure, so the headline says plain "level", never "like
    /// 0 lb extra" (the tenth it was rounded to first, 0.5, used to round up to 1).
    @Test func aLevelAxisNeverReadsLikeZero() {
        func axis(_ kg: Double) -> AxisVerdict {
            AxisVerdict(axis: .leftRight, equivalentKg: kg, momentKgM: kg * 0.4, firstSumKg: 700, secondSumKg: 700)
        }
        let pounds = WeightFormat(unit: .lb)
        #expect(BalanceWords.headline(axis(0.48 * PaddlerRules.kilogramsPerPound), format: pounds) == "level")
        #expect(BalanceWords.headline(axis(0.48)) == "level")
        #expect(BalanceWords.headline(axis(0.52)) == "level: like 1 kg extra on the right of a middle row")
    }

    /// Cells never run into each other, however long the words or the figures (pounds have more digits).
    @Test(arguments: 1...10)
    func tableColumnsKeepTwoSpacesBetweenCells(seed: Int) throws {
        let state = try Self.randomState(seed: UInt64(seed))
        for format in [WeightFormat.kilograms, WeightFormat(unit: .lb)] {
            let lines = BalanceFigures.table([("before", state), ("after", state)], width: 8, format: format)
            let sums = state.shownSums(format)
            let pair = "\(format.number(sums.frontKg)) / \(format.number(sums.backKg))"
            let row = try #require(lines.first { $0.hasPrefix("sums front / back") })
            // Both columns' figures, each after at least two spaces.
            #expect(row.components(separatedBy: "  " + pair).count == 3, "\(row)")
        }
    }

    /// The case a coach reported: the sums said bow-heavy by 10.5 kg while the moments said stern-heavy.
    @Test func sumsLeaningTheOtherWayAreExplained() {
        let verdict = AxisVerdict(
            axis: .frontBack, equivalentKg: -15, momentKgM: -54, firstSumKg: 822, secondSumKg: 811.5)
        #expect(verdict.heavierEnd == .stern)
        #expect(verdict.sumsHeavierEnd == .bow)
        #expect(verdict.sumsDisagree)
        #expect(
            BalanceWords.whyTheyDiffer(verdict)
                == "the sums lean bow by 10.5 kg: they count every row alike; the moments weigh the end rows, drum and oar more"
        )
        let agreeing = AxisVerdict(
            axis: .leftRight, equivalentKg: 9, momentKgM: 4.5, firstSumKg: 700, secondSumKg: 720)
        #expect(!agreeing.sumsDisagree)
        #expect(BalanceWords.whyTheyDiffer(agreeing) == nil)
    }
}
