import LineupCore

/// A regatta plan as the server shows it (`GET /api/regattas/{regatta}/plan`): its code, how it was found,
/// the races as they would be (in `regatta show --json`'s shape), which boats it changes, what it could not
/// satisfy and what is worth knowing, in the planner's words; and, once written, each boat's history record.
public struct RegattaPlanDocument: Encodable {
    public struct ChangedBoat: Encodable {
        public let boat: String
        /// The races the boat races, in time order.
        public let races: [String]
        /// The moves of the boat's history record the plan writes (bench places included).
        public let moves: Int
        /// How many people come into a seat, leave one, or change seat (`CrewChange.peopleMoved`).
        public let peopleMoved: Int
        /// Who comes in, who goes out and why, who changes seat, in the command line's words.
        public let whoChanges: String?
        /// The seats the plan leaves empty, in chart order.
        public let emptySeats: [String]
        /// Each axis's verdict as `show` heads it (`front/back: level`); nil (left out) when weights are hidden.
        public let balance: [String]?
    }

    public struct Written: Encodable {
        public let boat: String
        public let record: Int64?
        public let moves: Int
    }

    /// The code that makes exactly this plan again (`regatta plan --apply --plan CODE`).
    public let plan: String
    /// `exhaustive` or `local_search`.
    public let method: String
    /// Every possible plan was considered: none does better by the planner's order.
    public let provenBest: Bool
    /// The search stopped at its time limit before finishing.
    public let stoppedEarly: Bool
    public let fairnessBefore: RegattaDocument.FairnessFigures
    public let fairnessAfter: RegattaDocument.FairnessFigures
    public let changedBoats: [ChangedBoat]
    /// How far the plan may move people: seated crews kept, or planned freely (`CrewChangeWords.keeping`).
    public let keeping: String
    public let unmet: [String]
    /// With nothing unmet, the plan's one-sentence verdict (`PlanWords.verdict`); null otherwise.
    public let verdict: String?
    public let notes: [String]
    /// The regatta as the plan has it.
    public let proposed: RegattaDocument
    /// The records written, once the plan is applied; null before.
    public let written: [Written]?

    enum CodingKeys: String, CodingKey {
        case plan, method, provenBest, stoppedEarly, fairnessBefore, fairnessAfter, changedBoats, keeping, unmet,
            verdict, notes
        case proposed, written
    }

    // Spelled out so that `written` is `null` before the plan is applied, never a missing key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(plan, forKey: .plan)
        try container.encode(method, forKey: .method)
        try container.encode(provenBest, forKey: .provenBest)
        try container.encode(stoppedEarly, forKey: .stoppedEarly)
        try container.encode(fairnessBefore, forKey: .fairnessBefore)
        try container.encode(fairnessAfter, forKey: .fairnessAfter)
        try container.encode(changedBoats, forKey: .changedBoats)
        try container.encode(keeping, forKey: .keeping)
        try container.encode(unmet, forKey: .unmet)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(notes, forKey: .notes)
        try container.encode(proposed, forKey: .proposed)
        try container.encode(written, forKey: .written)
    }

    /// `plan`, made from `state`, worded with the front end's `options`; `written` once applied. With
    /// `showsWeights` false, no changed boat's balance is given (its words carry kilograms).
    public init(
        _ plan: RegattaPlan, from state: RegattaState, options: PlanWords.OptionNames, written: [ChangeOutcome]? = nil,
        showsWeights: Bool = true
    ) {
        func name(_ id: PaddlerID) -> String { state.regatta.roster[id]?.name ?? "paddler #\(id)" }
        self.plan = PlanCode(plan).description
        method = plan.method == .exhaustive ? "exhaustive" : "local_search"
        provenBest = plan.isProvenBest
        stoppedEarly = plan.stoppedEarly
        fairnessBefore = RegattaDocument.FairnessFigures(state.regatta.fairness(), name: name)
        fairnessAfter = RegattaDocument.FairnessFigures(plan.regatta.fairness(), name: name)
        let crewChanges = Dictionary(
            uniqueKeysWithValues: state.regatta.crewChanges(to: plan.regatta, boats: plan.changedBoats).map {
                ($0.boat, $0)
            })
        changedBoats = plan.changedBoats.map { index in
            let change = LineupChange(
                from: state.regatta.boats[index].lineup, to: plan.regatta.boats[index].lineup,
                names: state.boatState(index).names)
            let lineup = plan.regatta.boats[index].lineup
            let format = WeightFormat(unit: state.weightUnit)
            let verdict = BalanceVerdict(
                lineup: lineup, roster: plan.regatta.roster, model: plan.regatta.boats[index].balanceModel,
                format: format)
            return ChangedBoat(
                boat: state.boats[index].name,
                races: state.regatta.races(ofBoat: index).map { state.regatta.races[$0].name },
                moves: change.moves.count, peopleMoved: crewChanges[index]?.peopleMoved ?? 0,
                whoChanges: crewChanges[index].map { CrewChangeWords.line($0, in: state.regatta) },
                emptySeats: lineup.allPlaces.filter { $0.place.isSeat && $0.paddler == nil }.map(\.place.description),
                balance: showsWeights
                    ? verdict.axes.map { $0.axis.rawValue + ": " + BalanceWords.headline($0, format: format) } : nil)
        }
        keeping = CrewChangeWords.keeping(plan.options.keepsSeated, options: options)
        let words = PlanWords(plan, options: options)
        unmet = words.unmet
        verdict = words.verdict
        notes = words.notes
        var proposedState = state
        proposedState.regatta = plan.regatta
        proposed = RegattaDocument(proposedState)
        self.written = written?.map {
            Written(boat: $0.state.boat.name, record: $0.record?.id, moves: $0.change.moves.count)
        }
    }
}
