extension Lineup {
    /// The place a reference names in this boat. `B` names the empty slot after the last bench paddler;
    /// a name is looked up with `paddlerNamed`, which returns the paddler's id and name, nil when there is
    /// no such paddler, or throws when the name is ambiguous.
    public func resolve(
        _ reference: PlaceReference, paddlerNamed: (String) throws(LineupError) -> (id: PaddlerID, name: String)?
    ) throws(LineupError) -> Place {
        switch reference {
        case .place(let place):
            try checkPlaceExists(place)
            return place
        case .endOfBench:
            return .bench(position: bench.count + 1)
        case .paddler(let name):
            guard let paddler = try paddlerNamed(name) else { throw .paddlerNotFound(name) }
            guard let place = place(of: paddler.id) else { throw .paddlerNotInBoat(paddler.name) }
            return place
        }
    }

    /// Exchanges whoever is at `first` with whoever is at `second`, as one engine transaction: catch the
    /// occupied one, drag it over the other, release. Nobody else moves (the bench closes up behind a
    /// paddler who leaves it). Returns the new lineup and the change to record, which is empty when
    /// nothing moved (the same place twice, or two empty seats).
    public func exchanging(_ first: Place, with second: Place, names: [PaddlerID: String]) throws(LineupError)
        -> (lineup: Lineup, change: LineupChange)
    {
        guard first != second, self[first] != nil || self[second] != nil else { return (self, LineupChange()) }
        for place in [first, second] where isLocked(place) {
            throw .lockedSeat(place, occupant: self[place].flatMap { names[$0] })
        }
        let (origin, target) = self[first] != nil ? (first, second) : (second, first)
        let model = LineupExchangeModel(lineup: self)
        let controller = ExchangeController(delegate: model)
        let caught = controller.catchItem(at: model.path(for: origin))
        precondition(caught, "an occupied, unlocked place can always be caught")
        controller.drag(over: model.path(for: target))
        controller.release()
        return (model.current, model.finishedChange(names: names))
    }
}

extension LineupChange {
    /// A one-line account for people: `L3 Alice ⇄ R5 Bob`, `B2 Ann → L3`, `lock L3 (Ann)`.
    public func summary(occupants: [Place: String] = [:]) -> String {
        var parts: [String] = []
        let sorted = moves.sorted { $0.from < $1.from }
        if sorted.count == 2, sorted[0].to == sorted[1].from, sorted[1].to == sorted[0].from {
            parts.append("\(sorted[0].from) \(sorted[0].name) ⇄ \(sorted[1].from) \(sorted[1].name)")
        } else {
            parts += sorted.map { move in
                let destination = move.to.isSeat ? move.to.description : "bench \(move.to)"
                return "\(move.from) \(move.name) → \(destination)"
            }
        }
        parts += lockChanges.map { change in
            let who = occupants[change.seat].map { " (\($0))" } ?? ""
            return "\(change.locked ? "lock" : "unlock") \(change.seat)\(who)"
        }
        return parts.isEmpty ? "no change" : parts.joinedText(separator: ", ")
    }
}
