extension Lineup {
    /// A first crew from the paddlers on the bench: a drummer and a steerer who can, then an even mix of
    /// women and men on the rows, each paddler on the side they prefer where there is room, heavier
    /// paddlers first onto the lighter side and into the middle rows. Seats already taken and locked seats are left alone; the
    /// rest stay on the bench in their order. A starting point for a coach, not an optimum.
    public func seatingCrew(roster: [Paddler]) -> Lineup {
        var result = self
        let byID = Dictionary(uniqueKeysWithValues: roster.map { ($0.id, $0) })
        var available = bench.compactMap { byID[$0] }.sorted { $0.name < $1.name }

        func take(_ paddler: Paddler, to seat: Place) {
            result.remove(paddler.id)
            result.set(paddler.id, at: seat)
            available.removeAll { $0.id == paddler.id }
        }
        if result.drummer == nil, !isLocked(.drummer),
            let drummer = available.first(where: { $0.canDrum && !$0.canSteer }) ?? available.first(where: \.canDrum)
        {
            take(drummer, to: .drummer)
        }
        if result.steerer == nil, !isLocked(.steerer), let steerer = available.first(where: \.canSteer) {
            take(steerer, to: .steerer)
        }

        let openSeats = Place.seats(of: kind).filter { $0.row != nil && result[$0] == nil && !isLocked($0) }
        let women = available.filter { $0.sex == .female }
        let men = available.filter { $0.sex == .male }
        let half = openSeats.count / 2
        var crew = Array(women.prefix(half)) + Array(men.prefix(half))
        crew += available.filter { candidate in !crew.contains { $0.id == candidate.id } }
            .prefix(openSeats.count - crew.count)
        crew.sort { ($0.weightKg ?? 0, $1.name) > ($1.weightKg ?? 0, $0.name) }

        // The heaviest go to the middle rows, the engine room, so the boat stays level front to back.
        let middle = Double(kind.rowCount + 1) / 2
        func middleOut(_ seats: [Place]) -> [Place] {
            seats.sorted {
                (abs(Double($0.row ?? 0) - middle), $0.row ?? 0) < (abs(Double($1.row ?? 0) - middle), $1.row ?? 0)
            }
        }
        var openLeft = middleOut(openSeats.filter { if case .left = $0 { true } else { false } })
        var openRight = middleOut(openSeats.filter { if case .right = $0 { true } else { false } })
        var leftKg = 0.0
        var rightKg = 0.0
        for paddler in crew {
            let preferLeft: Bool
            switch paddler.side {
            case .left: preferLeft = !openLeft.isEmpty
            case .right: preferLeft = openRight.isEmpty
            case .either: preferLeft = openRight.isEmpty || (!openLeft.isEmpty && leftKg <= rightKg)
            }
            if preferLeft, !openLeft.isEmpty {
                take(paddler, to: openLeft.removeFirst())
                leftKg += paddler.weightKg ?? 0
            } else if !openRight.isEmpty {
                take(paddler, to: openRight.removeFirst())
                rightKg += paddler.weightKg ?? 0
            }
        }
        return result
    }
}
