/// A crew as a coach writes it down for `lineup boat seat`: who sits in which seat, and the bench order.
public struct SeatingList: Equatable, Sendable {
    /// One line of the list: a seat or bench position and the name there; nil for an empty seat.
    public struct Entry: Equatable, Sendable {
        /// The line of the file, or the name's position among the names given (1 for the first).
        public var line: Int
        /// The seat or bench position; nil for `B`, the end of the bench.
        public var place: Place?
        public var name: String?

        public init(line: Int, place: Place?, name: String?) {
            self.line = line
            self.place = place
            self.name = name
        }
    }

    /// Where a list comes from, which is how its problems name an entry: by line, or by position.
    public enum Source: Equatable, Sendable {
        /// A file: `line 3`.
        case file
        /// Names given one by one (the command line): `the 3rd name, 'Ann'`.
        case names
    }

    public var entries: [Entry]
    public var source: Source

    public init(entries: [Entry], source: Source = .file) {
        self.entries = entries
        self.source = source
    }

    /// Names in seat order (D, L1, R1, L2, R2, …, S); `-` leaves a seat empty. Seats after the last name are
    /// left empty. `line` numbers are the names' positions (1 for the first).
    public init(names: [String], kind: BoatKind) throws(LineupError) {
        let seats = Place.seats(of: kind)
        guard names.count <= seats.count else { throw .tooManyNames(names.count, kind: kind) }
        entries = names.enumerated().map { index, name in
            let trimmed = name.trimmingWhitespace()
            return Entry(line: index + 1, place: seats[index], name: trimmed.isEmpty || trimmed == "-" ? nil : trimmed)
        }
        source = .names
    }

    /// A problem with `entry`, named as its source names entries: `line 3: …`, or `the 3rd name, 'Ann': …`.
    public func issue(_ entry: Entry, _ message: String) -> RosterImportIssue {
        switch source {
        case .file: RosterImportIssue(at: entry.line, message)
        case .names:
            RosterImportIssue(at: 0, "the \(Self.ordinal(entry.line)) name, '\(entry.name ?? "-")': \(message)")
        }
    }

    /// Another entry, as a problem message refers to it: `on line 2`, or `the 2nd name`.
    public func reference(to line: Int) -> String {
        switch source {
        case .file: "on line \(line)"
        case .names: "the \(Self.ordinal(line)) name"
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`.
    public static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// Reads a lineup file: the CSV `lineup export` writes (a header with `seat` and `name` columns; every
    /// other column is ignored, so an edited export reads back; a seat is D, S, L1…, R1…, a bench position
    /// B1… or B for the end of the bench), or a plain list of names, one a line, in seat order (`-` for an
    /// empty seat; an optional first line `name`). Any problem rejects the whole file, with every bad line
    /// listed.
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
                    switch try PlaceReference(parsing: seatText, kind: kind) {
                    case .place(let place):
                        entries.append(Entry(line: record.line, place: place, name: name.isEmpty ? nil : name))
                    case .endOfBench:
                        entries.append(Entry(line: record.line, place: nil, name: name.isEmpty ? nil : name))
                    case .paddler:
                        problems.append(
                            RosterImportIssue(
                                at: record.line,
                                "'\(seatText.truncatedForMessage)' in the seat column is not a seat; give D, S, "
                                    + "L1…L\(kind.rowCount), R1…R\(kind.rowCount), a bench position B1… or B for the "
                                    + "end of the bench"))
                    }
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
            guard let place = entry.place else { continue }
            if let earlier = seenPlaces[place] {
                problems.append(RosterImportIssue(line: entry.line, message: "\(place) is already on line \(earlier)"))
            }
            seenPlaces[place] = entry.line
        }
        return problems.isEmpty ? .success(SeatingList(entries: entries)) : .failure(FileProblems(problems))
    }
}

/// A lineup as a seating list makes it, and what is worth saying about it.
public struct Seating: Equatable, Sendable {
    public var lineup: Lineup
    /// Bench lines whose paddler ends up at another bench position than the line gave (the bench has no
    /// gaps, so a position past its end, or past a gap, closes up).
    public var notes: [RosterImportIssue]
}

extension Lineup {
    /// The lineup `list` describes: each seat it names holds that paddler or is empty; seats it does not
    /// name are empty, except locked seats, which keep their paddler. The bench holds everyone else of the
    /// boat: each paddler the list puts at a bench position (`B5`) at that position, the others in their
    /// present order in the positions left, those at `B` at the end; the bench then closes up, since it
    /// has no gaps (`Seating.notes` names who moved up). `paddlerNamed` gives a name's id or why there is
    /// none. Every problem is returned, named as `list` names its entries: unknown names, a paddler listed
    /// twice or not in this boat, a locked seat given to someone else or its paddler listed elsewhere.
    public func seating(
        _ list: SeatingList, names: [PaddlerID: String], paddlerNamed: (String) -> Result<PaddlerID, LineupError>
    ) -> Result<Seating, FileProblems> {
        var problems: [RosterImportIssue] = []
        var result = Lineup(kind: kind)
        result.lockedSeats = lockedSeats
        for seat in lockedSeats { result.set(self[seat], at: seat) }
        var lineOf: [PaddlerID: Int] = [:]
        // Those the list puts on the bench, in its order, with the position asked for (nil: the end).
        var benched: [(paddler: PaddlerID, position: Int?, entry: SeatingList.Entry)] = []
        for entry in list.entries {
            let problem = { (message: String) in problems.append(list.issue(entry, message)) }
            guard let name = entry.name else {
                if let place = entry.place, place.isSeat, isLocked(place), let occupant = self[place] {
                    problem(LineupError.lockedSeat(place, occupant: names[occupant]).description)
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
                problem("\(who) is already \(list.reference(to: earlier)); a paddler has one place in a boat")
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
            if let seat = entry.place, seat.isSeat {
                if isLocked(seat), self[seat] != id {
                    problem(LineupError.lockedSeat(seat, occupant: self[seat].flatMap { names[$0] }).description)
                    continue
                }
                result.set(id, at: seat)
            } else if case .bench(let position)? = entry.place {
                benched.append((id, position, entry))
            } else {
                benched.append((id, nil, entry))
            }
        }
        guard problems.isEmpty else { return .failure(FileProblems(problems)) }
        let seated = Set(result.placements.map(\.paddler))
        let listed = Set(benched.map(\.paddler))
        var others: [PaddlerID] = []
        for paddler in self.bench + placements.filter({ $0.place.isSeat }).map(\.paddler)
        where !seated.contains(paddler) && !listed.contains(paddler) && !others.contains(paddler) {
            others.append(paddler)
        }
        // Each listed paddler keyed by the position asked for, the others by the positions nobody asked
        // for, in order; sorted by key, the bench closes up.
        let asked = Set(benched.compactMap(\.position))
        var keyed = benched.enumerated().map { index, wish in
            (key: wish.position ?? Int.max, tie: index, id: wish.paddler)
        }
        var free = 1
        for (index, paddler) in others.enumerated() {
            while asked.contains(free) { free += 1 }
            keyed.append((free, benched.count + index, paddler))
            free += 1
        }
        result.bench = keyed.sorted { ($0.key, $0.tie) < ($1.key, $1.tie) }.map(\.id)
        var notes: [RosterImportIssue] = []
        for wish in benched {
            guard let wanted = wish.position, let index = result.bench.firstIndex(of: wish.paddler),
                index + 1 != wanted
            else { continue }
            notes.append(
                list.issue(
                    wish.entry,
                    "\(names[wish.paddler] ?? "they") is at B\(index + 1), not B\(wanted): the bench holds "
                        + "\(result.bench.count) with no gaps"))
        }
        return .success(Seating(lineup: result, notes: notes))
    }
}
