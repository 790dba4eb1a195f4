/// Choosing, among the people the plan's score finds equally good for a seat, the one that levels the boat.
extension PlanningModel {
    /// The most boat seatings `levellingFillers` makes in one plan: each levels a boat with the optimizer, so
    /// this bounds the work a regatta of hundreds of people adds (a re-plan after a few changes needs a few).
    static let fillerSeatingLimit = 60

    /// A filler must leave the boats this many kilograms more level than the one the search chose to be
    /// taken instead (a smaller difference is the optimizer's noise, and changing people for it is not worth
    /// it).
    static let fillerGainKg = 0.1

    /// `choices` with each newcomer in a boat's open row seats (someone who did not paddle in it before)
    /// exchanged for the candidate outside the crew who leaves the boat, and the crews linked with it
    /// (`carries`, where the same newcomer fills the same hole), most level once seated, among those with
    /// whom the plan scores exactly as well by every term of `PlanScore`: the score chooses who races, the
    /// balance only chooses among those it finds equal (the search itself never seats a boat, so it cannot
    /// tell a 78 kg filler from a 95 kg one). A newcomer of unknown weight (whose 0 kg makes the boat's figure
    /// meaningless) gives way to the most level candidate of known weight the score finds as good; candidates
    /// of unknown weight are never taken.
    ///
    /// Only keeping seated crews, where a filler takes a hole among kept paddlers who stay where they sit (and
    /// each seating is quick: only the newcomers move); planned freely, the optimizer levels the whole crew,
    /// and seating it again for each candidate would cost seconds.
    func levellingFillers(_ choices: [CrewChoice]) -> [CrewChoice] {
        guard options.keepsSeated else { return choices }
        var choices = choices
        let score = score(choices)
        let weights = regatta.roster.compactMapValues(\.weightKg)
        var seatings = 0
        // The kept paddlers the seating moves (a kept paddler crossing sides for a one-sided filler, a levelling
        // exchange), then the imbalance: a filler never buys balance by moving more of the coach's crew.
        func seated(_ trial: [CrewChoice], _ group: Set<Int>) -> (moved: Int, kg: Double) {
            seatAll(trial, only: group).reduce((0, 0)) { sum, entry in
                let model = regatta.boats[boats[entry.key].boat].balanceModel
                let lineup = entry.value.lineup
                let kg = lineup.balanceMoments(weights: weights, model: model).imbalanceKg(model, kind: lineup.kind)
                return (sum.moved + entry.value.keptMoves.count, sum.kg + kg)
            }
        }
        // Each person's races: a filler scores exactly as well only if the fairness term stays as it is, that is
        // if they race exactly as many fewer as the newcomer's place in the crews weighs. Checked before the whole
        // score, which a day of 300 people and 40 races asked for some 200,000 times (15 s).
        func raceCounts(_ choices: [CrewChoice]) -> [Int] {
            var counts = [Int](repeating: 0, count: people.count)
            for index in boats.indices {
                for member in Set(members(index, choices[index]).map(\.person)) {
                    counts[member] += boats[index].weight
                }
            }
            return counts
        }
        var races = raceCounts(choices)
        for index in boats.indices {
            let boat = boats[index]
            let group = linkedGroup(of: index)
            let newcomers = choices[index].rows.filter { boat.currentRole[$0] != .row }
            for newcomer in newcomers where choices[index].rows.contains(newcomer) {
                let unweighed = people[newcomer].weightKg == nil
                let members = Set(members(index, choices[index]).map(\.person))
                var best: (choices: [CrewChoice], moved: Int, kg: Double)?
                for other in boat.candidates where !members.contains(other) && people[other].weightKg != nil {
                    var trial = choices
                    var moved = 0
                    for member in group.sorted() where trial[member].rows.contains(newcomer) {
                        let there = self.members(member, trial[member]).map(\.person)
                        guard !there.contains(other), boats[member].candidates.contains(other) else { continue }
                        trial[member].rows = (trial[member].rows.filter { $0 != newcomer } + [other]).sorted()
                        moved += boats[member].weight
                    }
                    guard moved > 0, races[other] + moved == races[newcomer], self.score(trial) == score else {
                        continue
                    }
                    guard seatings + 2 <= Self.fillerSeatingLimit else { break }
                    let chosen =
                        best
                        ?? {
                            let now = seated(choices, group); return (choices, now.moved, now.kg)
                        }()
                    let figures = seated(trial, group)
                    seatings += best == nil ? 2 : 1
                    let better =
                        (unweighed && best == nil) || figures.moved < chosen.moved
                        || (figures.moved == chosen.moved && figures.kg < chosen.kg - Self.fillerGainKg)
                    best = better ? (trial, figures.moved, figures.kg) : chosen
                }
                if let best {
                    choices = best.choices
                    races = raceCounts(choices)
                }
            }
        }
        return choices
    }

    /// Boat `index` and every boat linked with it through `carries`, directly or through others (a chain of
    /// copies: heat, semi, repechage and final): a filler swapped in one must be swapped in all of them, or
    /// the crews carried on no longer match and the plan scores worse.
    func linkedGroup(of index: Int) -> Set<Int> {
        var group: Set<Int> = [index]
        var waiting = [index]
        while let boat = waiting.popLast() {
            for carry in carries {
                let other = carry.earlier == boat ? carry.later : carry.later == boat ? carry.earlier : nil
                if let other, group.insert(other).inserted { waiting.append(other) }
            }
        }
        return group
    }
}
