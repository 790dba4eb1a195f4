/// Seating a crew by rows: nobody in a row their allowed rows exclude (a hard limit, as for the optimizer),
/// and paddlers of a role in the boat's rows for it and in their preferred rows where there is room.
extension PlanningModel {
    /// What a seat costs one paddler when the plan arranges a crew in its seats: a row they may not sit in
    /// outweighs everything, then a side they do not paddle on, then a row not of their role and one they do
    /// not prefer; the least, each row (and the side) away from where the weights put them.
    static let outsideRowsCost = 1_000_000
    static let wrongSideCost = 10_000
    static let unpreferredRowCost = 100

    /// How many of `rows` (the people in `boat`'s open seats) must sit in a row their allowed rows exclude:
    /// those with a limit matched to the rows of the front-most open seats the crew takes (the others may
    /// sit anywhere). Counted on the open seats in their order, which `frontSeats` follows but for a seat or
    /// two that sided paddlers shift between the sides. Allocates nothing when nobody has a limit: the local
    /// search calls it for every move it tries.
    func rowMisfits(_ boat: PlannedBoat, _ rows: [Int]) -> Int {
        var limited = 0
        for person in rows where people[person].rows != nil { limited += 1 }
        guard limited > 0 else { return 0 }
        var room = [Int](repeating: 0, count: RowSet.maximumRow + 1)
        for seat in boat.openSeats.prefix(rows.count) {
            if let row = seat.row { room[row] += 1 }
        }
        let masks = rows.compactMap { people[$0].rows?.mask }
        var seatedIn = [[Int]](repeating: [], count: RowSet.maximumRow + 1)
        /// Kuhn's augmenting path: a row with room for `limit`, or one whose occupant can move to another.
        func place(_ limit: Int, visited: inout Int) -> Bool {
            for row in 1...RowSet.maximumRow where limit & (1 << (row - 1)) != 0 && visited & (1 << row) == 0 {
                visited |= 1 << row
                if seatedIn[row].count < room[row] {
                    seatedIn[row].append(limit)
                    return true
                }
                for (position, occupant) in seatedIn[row].enumerated() where place(occupant, visited: &visited) {
                    seatedIn[row][position] = limit
                    return true
                }
            }
            return false
        }
        var misfits = 0
        for mask in masks {
            var visited = 0
            if !place(mask, visited: &visited) { misfits += 1 }
        }
        return misfits
    }

    /// The plan's paddlers in `seats` of `lineup` arranged again among those same seats at the least
    /// `seatCost`: where the weights put each of them, unless that breaks their allowed rows, their side, their
    /// role's rows or their preferred rows and another arrangement keeps more of those.
    func arrangeByRows(_ lineup: inout Lineup, seats: [Place], wanted: WantedRoles) {
        let placed = seats.compactMap { seat in lineup[seat].flatMap { indexOf[$0] }.map { (person: $0, seat: seat) } }
        guard
            placed.contains(where: { entry in
                let paddler = people[entry.person]
                return paddler.rows != nil || paddler.preferredRows != nil || paddler.role != .any
            })
        else { return }
        let costs = placed.map { entry in placed.map { seatCost(entry.person, at: $0.seat, from: entry.seat, wanted) } }
        let columns = Self.cheapestAssignment(costs)
        for (entry, column) in zip(placed, columns) { lineup.set(people[entry.person].id, at: placed[column].seat) }
    }

    /// What `seat` costs `person`, whom the weights put at `weighed` (see `outsideRowsCost`).
    func seatCost(_ person: Int, at seat: Place, from weighed: Place, _ wanted: WantedRoles) -> Int {
        guard let row = seat.row else { return 0 }
        let paddler = people[person]
        var cost = abs(row - (weighed.row ?? row)) + (seat.isLeft == weighed.isLeft ? 0 : 1)
        if !paddler.maySit(inRow: row) { cost += Self.outsideRowsCost }
        if paddler.side == .left && !seat.isLeft || paddler.side == .right && seat.isLeft { cost += Self.wrongSideCost }
        let roleRows = wanted.rows(of: paddler.role)
        if !roleRows.isEmpty && !roleRows.contains(row) { cost += Self.unpreferredRowCost }
        if let preferred = paddler.preferredRows, !preferred.contains(row) { cost += Self.unpreferredRowCost }
        return cost
    }

    /// For a square matrix of costs, the column each row takes so that the sum is the least (the Hungarian
    /// method, O(n³): a crew is at most 20).
    static func cheapestAssignment(_ cost: [[Int]]) -> [Int] {
        let count = cost.count
        guard count > 0 else { return [] }
        let unreached = Int.max / 4
        // Potentials of rows and columns, and the row (1-based, 0 for none) each column is given; column 0
        // is the start of each augmenting path.
        var rowPotential = [Int](repeating: 0, count: count + 1)
        var columnPotential = [Int](repeating: 0, count: count + 1)
        var rowOfColumn = [Int](repeating: 0, count: count + 1)
        var previousColumn = [Int](repeating: 0, count: count + 1)
        for row in 1...count {
            rowOfColumn[0] = row
            var column = 0
            var slack = [Int](repeating: unreached, count: count + 1)
            var visited = [Bool](repeating: false, count: count + 1)
            repeat {
                visited[column] = true
                let current = rowOfColumn[column]
                var delta = unreached
                var next = 0
                for candidate in 1...count where !visited[candidate] {
                    let reduced = cost[current - 1][candidate - 1] - rowPotential[current] - columnPotential[candidate]
                    if reduced < slack[candidate] {
                        slack[candidate] = reduced
                        previousColumn[candidate] = column
                    }
                    if slack[candidate] < delta {
                        delta = slack[candidate]
                        next = candidate
                    }
                }
                for candidate in 0...count {
                    if visited[candidate] {
                        rowPotential[rowOfColumn[candidate]] += delta
                        columnPotential[candidate] -= delta
                    } else {
                        slack[candidate] -= delta
                    }
                }
                column = next
            } while rowOfColumn[column] != 0
            repeat {
                let previous = previousColumn[column]
                rowOfColumn[column] = rowOfColumn[previous]
                column = previous
            } while column != 0
        }
        var columnOfRow = [Int](repeating: 0, count: count)
        for column in 1...count where rowOfColumn[column] != 0 { columnOfRow[rowOfColumn[column] - 1] = column - 1 }
        return columnOfRow
    }
}

/// Those a plan leaves in a row their allowed rows exclude, for `PlanFinding.outsideRows`.
extension PlanReport {
    /// In boat `index`'s planned lineup, everyone in a row they may not sit in: `kept` those the plan left in
    /// the seat they had (kept seats, or a crew left as it was), `seated` those it put there.
    func outsideRows(_ index: Int) -> (seated: [PlanFinding.OutsideRows], kept: [PlanFinding.OutsideRows]) {
        let boat = model.boats[index]
        let lineup = planned.boats[boat.boat].lineup
        let unchanged = lineup == boat.original
        var seated: [PlanFinding.OutsideRows] = []
        var kept: [PlanFinding.OutsideRows] = []
        for seat in Place.seats(of: lineup.kind) {
            guard let row = seat.row, let id = lineup[seat], let paddler = planned.roster[id],
                let rows = paddler.rows, !rows.contains(row)
            else { continue }
            let found = PlanFinding.OutsideRows(name: paddler.name, place: seat, rows: rows)
            let wasKept = boat.fixed.contains { $0.place == seat && $0.person.map { people[$0].id } == id }
            if wasKept || unchanged && boat.original[seat] == id { kept.append(found) } else { seated.append(found) }
        }
        return (seated, kept)
    }
}
