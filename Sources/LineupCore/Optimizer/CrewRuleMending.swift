/// With the bench, the trades that bring a crew within the counts of its rules before it is levelled: a mixed
/// crew with too many of one sex, a women's crew with a man in it, a crew short of paddlers. The optimizer's
/// search never breaks a rule it did not find broken, so it would never mend one either (every trade that
/// does moves the balance first); the coach who asks for the bench expects the crew within the rules.
enum CrewRuleMending {
    /// `lineup` with trades made with `candidates` on the bench, one at a time, each the one that brings the
    /// crew nearest its rules (`distance`) and then the most level boat, while a trade brings it nearer and the
    /// whole stays within `maxMoves` people and `maxExchanges` exchanges. A trade is a bench paddler into a row
    /// seat, its paddler to the bench; or, where the bench paddler may not take that seat (their side or rows),
    /// into another seat whose paddler moves to the first. Nobody inactive or of unknown weight moves, no
    /// locked seat changes, nobody sits where their side or rows forbid, and no man joins a women's crew.
    static func mended(
        _ lineup: Lineup, roster: [PaddlerID: Paddler], model: BalanceModel, rules: CrewRules,
        candidates: Set<PaddlerID>, maxMoves: Int?, maxExchanges: Int?
    ) -> Lineup {
        let weights = roster.compactMapValues(\.weightKg)
        let names = roster.mapValues(\.name)
        func broken(_ lineup: Lineup) -> Int { distance(of: lineup, roster: roster, rules: rules) }
        func movable(_ id: PaddlerID) -> Bool {
            roster[id].map { $0.weightKg != nil && $0.isActive } ?? false
        }
        func fits(_ id: PaddlerID, _ seat: Place) -> Bool {
            guard let paddler = roster[id], let row = seat.row, paddler.maySit(inRow: row) else { return false }
            switch (paddler.side, seat.isLeft) {
            case (.left, false), (.right, true): return false
            default: return true
            }
        }
        func withinCaps(_ candidate: Lineup) -> Bool {
            let plan = LineupPlan(from: lineup, to: candidate, names: names)
            return plan.moves.count <= maxMoves ?? Int.max && plan.minimumExchanges <= maxExchanges ?? Int.max
        }
        let rowSeats = Place.seats(of: lineup.kind).filter { $0.row != nil && !lineup.isLocked($0) }
        var current = lineup
        var brokenNow = broken(current)
        while brokenNow > 0 {
            var best: (lineup: Lineup, broken: Int, imbalanceKg: Double)?
            func consider(_ traded: Lineup) {
                let count = broken(traded)
                guard count < brokenNow, withinCaps(traded) else { return }
                let imbalance = traded.balanceMoments(weights: weights, model: model).imbalanceKg(
                    model, kind: traded.kind)
                if best.map({ (count, imbalance) < ($0.broken, $0.imbalanceKg) }) ?? true {
                    best = (traded, count, imbalance)
                }
            }
            for seat in rowSeats where current[seat].map(movable) ?? true {
                for (index, id) in current.bench.enumerated() where candidates.contains(id) && movable(id) {
                    if case .womenOnly = rules.sex, roster[id]?.sex != .female { continue }
                    guard
                        let traded = try? current.exchanging(seat, with: .bench(position: index + 1), names: names)
                            .lineup
                    else { continue }
                    if fits(id, seat) {
                        consider(traded)
                        continue
                    }
                    // Into another seat instead, whose paddler takes this one.
                    for other in rowSeats where other != seat && fits(id, other) {
                        guard let moving = traded[other], movable(moving), fits(moving, seat),
                            let chained = try? traded.exchanging(seat, with: other, names: names).lineup
                        else { continue }
                        consider(chained)
                    }
                }
            }
            guard let best else { break }
            (current, brokenNow) = (best.lineup, best.broken)
        }
        return current
    }

    /// How far `count` is outside `allowed`: 0 inside it.
    static func distance(_ count: Int, from allowed: ClosedRange<Int>) -> Int {
        count < allowed.lowerBound ? allowed.lowerBound - count : max(0, count - allowed.upperBound)
    }

    /// How far `lineup`'s crew is from the counts of `rules`: paddlers in the rows outside the crew size, each
    /// sex outside its range in a mixed crew (the drummer and steerer counted where the rules count them), each
    /// paddler who is not a woman in a women's crew's rows. 0 when the counts are kept.
    static func distance(of lineup: Lineup, roster: [PaddlerID: Paddler], rules: CrewRules) -> Int {
        let rows = Place.seats(of: lineup.kind).filter { $0.row != nil }.compactMap { lineup[$0] }
        let ends = rules.countsDrummerAndSteerer ? [lineup.drummer, lineup.steerer].compactMap { $0 } : []
        var total = distance(rows.count, from: rules.paddlers)
        switch rules.sex {
        case .any: break
        case .womenOnly: total += rows.filter { roster[$0]?.sex != .female }.count
        case .mixed(let each):
            for sex in [Sex.female, .male] {
                total += distance((rows + ends).filter { roster[$0]?.sex == sex }.count, from: each)
            }
        }
        return total
    }
}
