/// A crew as a coach writes it down for `lineup boat seat`: who sits in which seat, and the bench order.
public struct SeatingList: Equatable, Sendable {
    /// One line of the list: a seat (or bench position) and the name there; nil for an empty seat.
    public struct Entry: Equatable, Sendable {
        public var line: Int
        public var place: Place
        public var name: String?

        public init(line: Int, place: Place, name: String?) {
            self.line = line
            self.place = place
            self.name = name
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// Names in seat order (D, L1, R1, L2, R2, …, S); `-` leaves a seat empty. Seats after the last name are
    /// left empty. `line` numbers are the names' positions (1 for the first).
    public init(names: [String], kind: BoatKind) throws(LineupError) {
        let seats = Place.seats(of: kind)
        guard names.count <= seats.count else {
            throw .invalidValue(
                field: "crew", value: "\(names.count) names",
                expected: "at most \(seats.count) names for the \(seats.count) seats of a \(kind.rawValue) boat "
                    + "(D, L1, R1, …, S; - for an empty seat)")
        }
        entries = names.enumerated().map { index, name in
            let trimmed = name.trimmingWhitespace()
            return Entry(line: index + 1, place: seats[index], name: trimmed.isEmpty || trimmed == "-" ? nil : trimmed)
        }
    }

    /// Reads a lineup file: the CSV `lineup export` writes (a header with `seat` and `name` columns; every
    /// other column is ignored, so an edited export reads back), or a plain list of names, one a line, in
    /// seat order (`-` for an empty seat; an optional first line `name`). Any problem rejects the whole
    /// file, with every bad line listed.
    public static func read(_ bytes: [UInt8], kind: BoatKind) -> Result<SeatingList, FileProblems> {
        let records: [CSVRecord]
        switch FileProblems.records(of: bytes) {
        case .success(let read): records = read
        case .failure(let problems): return .failure(problems)
        }
        guard let first = records.first else {
            return .failure(
                FileProblems([RosterImportIssue(line: 0, message: "the file is empty; expected names in seat order")]))
        }
        let header = first.fields.map { RosterImporter.normalizedHeader(CSVFormat.unguarded($0)) }
        var problems: [RosterImportIssue] = []
        var entries: [Entry] = []
        if let seatColumn = header.firstIndex(of: "seat"), let nameColumn = header.firstIndex(of: "name") {
            for record in records.dropFirst() {
                let field = { (index: Int) in
                    index < record.fields.count ? CSVFormat.unguarded(record.fields[index]).trimmingWhitespace() : ""
                }
                let seatText = field(seatColumn)
                let name = field(nameColumn)
                do throws(LineupError) {
                    guard case .place(let place) = try PlaceReference(parsing: seatText, kind: kind) else {
                        throw LineupError.invalidPlace(seatText)
                    }
                    entries.append(Entry(line: record.line, place: place, name: name.isEmpty ? nil : name))
                } catch {
                    problems.append(RosterImportIssue(line: record.line, message: error.description))
                }
            }
        } else {
            let seats = Place.seats(of: kind)
            let body = header == ["name"] ? Array(records.dropFirst()) : records
            for (index, record) in body.enumerated() {
                guard index < seats.count else {
                    problems.append(
                        RosterImportIssue(
                            line: record.line,
                            message: "a \(kind.rawValue) boat has \(seats.count) seats (D, L1, R1, …, S), and this "
                                + "is name \(index + 1); the bench needs no listing"))
                    break
                }
                let name = CSVFormat.unguarded(record.fields.first ?? "").trimmingWhitespace()
                entries.append(
                    Entry(line: record.line, place: seats[index], name: name.isEmpty || name == "-" ? nil : name))
            }
        }
        var seenPlaces: [Place: Int] = [:]
        for entry in entries {
            if let earlier = seenPlaces[entry.place] {
                problems.append(
                    RosterImportIssue(line: entry.line, message: "\(entry.place) is already on line \(earlier)"))
            }
            seenPlaces[entry.place] = entry.line
        }
        return problems.isEmpty ? .success(SeatingList(entries: entries)) : .failure(FileProblems(problems))
    }
}

extension Lineup {
    /// The lineup `list` describes: each seat it names holds that paddler or is empty; seats it does not
    /// name are empty, except locked seats, which keep their paddler. The bench holds everyone else of the
    /// boat, in the order the list gives, then in their present order. `paddlerNamed` gives a name's id or
    /// why there is none. Every problem is returned, by line: unknown names, a paddler listed twice or not
    /// in this boat, a locked seat given to someone else or its paddler listed elsewhere.
    public func seating(
        _ list: SeatingList, names: [PaddlerID: String], paddlerNamed: (String) -> Result<PaddlerID, LineupError>
    ) -> Result<Lineup, FileProblems> {
        var problems: [RosterImportIssue] = []
        var result = Lineup(kind: kind)
        result.lockedSeats = lockedSeats
        for seat in lockedSeats { result.set(self[seat], at: seat) }
        var lineOf: [PaddlerID: Int] = [:]
        var benchOrder: [PaddlerID] = []
        for entry in list.entries {
            let problem = { (message: String) in problems.append(RosterImportIssue(line: entry.line, message: message))
            }
            guard let name = entry.name else {
                if entry.place.isSeat, isLocked(entry.place), let occupant = self[entry.place] {
                    problem(LineupError.lockedSeat(entry.place, occupant: names[occupant]).description)
                }
                continue
            }
            let id: PaddlerID
            switch paddlerNamed(name) {
            case .success(let found): id = found
            case .failure(let error):
                problem(error.description)
                continue
            }
            let who = names[id] ?? name
            if let earlier = lineOf[id] {
                problem("\(who) is already on line \(earlier); a paddler has one place in a boat")
                continue
            }
            lineOf[id] = entry.line
            guard let current = place(of: id) else {
                problem("\(who) is not in this boat (inactive paddlers are off the benches; make them active first)")
                continue
            }
            if current.isSeat, isLocked(current), current != entry.place {
                problem(LineupError.lockedSeat(current, occupant: who).description)
                continue
            }
            if entry.place.isSeat {
                if isLocked(entry.place), self[entry.place] != id {
                    problem(
                        LineupError.lockedSeat(entry.place, occupant: self[entry.place].flatMap { names[$0] })
                            .description)
                    continue
                }
                result.set(id, at: entry.place)
            } else {
                benchOrder.append(id)
            }
        }
        guard problems.isEmpty else { return .failure(FileProblems(problems)) }
        let seated = Set(result.placements.map(\.paddler))
        var bench = benchOrder.filter { !seated.contains($0) }
        for paddler in self.bench + placements.filter({ $0.place.isSeat }).map(\.paddler)
        where !seated.contains(paddler) && !bench.contains(paddler) {
            bench.append(paddler)
        }
        result.bench = bench
        return .success(result)
    }
}
