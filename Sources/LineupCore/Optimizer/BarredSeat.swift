/// A paddler the optimizer's proposal leaves in a row seat barred to them (their rows or never-rows): no
/// allowed arrangement frees them (every seat of their rows is locked, on a side they do not paddle, or
/// holds someone who may not take theirs).
public struct BarredSeat: Hashable, Sendable {
    public var paddler: PaddlerID
    public var name: String
    public var seat: Place
    /// The only rows they may sit in.
    public var rows: RowSet
    /// The seats of those rows on the sides they paddle, with who holds each (nil: empty) and whether it is
    /// locked: what keeps them where they are.
    public var rowSeats: [(seat: Place, holder: String?, locked: Bool)] = []
    /// Whether some arrangement of the crew in the unlocked row seats seats them in their rows, everyone on a
    /// side they paddle and nobody moved into a row barred to them (`hasArrangementFreeing`): false when their
    /// rows hold more people who may sit only there than seats, so no cap is what keeps them.
    public var mayBeFreed = true
    /// Their own seat is locked: nothing moves them until it is unlocked.
    public var isLocked = false

    public init(paddler: PaddlerID, name: String, seat: Place, rows: RowSet) {
        self.paddler = paddler
        self.name = name
        self.seat = seat
        self.rows = rows
    }

    public static func == (lhs: BarredSeat, rhs: BarredSeat) -> Bool {
        (lhs.paddler, lhs.name, lhs.seat, lhs.rows, lhs.mayBeFreed, lhs.isLocked)
            == (rhs.paddler, rhs.name, rhs.seat, rhs.rows, rhs.mayBeFreed, rhs.isLocked)
            && lhs.rowSeats.map(\.seat) == rhs.rowSeats.map(\.seat)
            && lhs.rowSeats.map(\.holder) == rhs.rowSeats.map(\.holder)
            && lhs.rowSeats.map(\.locked) == rhs.rowSeats.map(\.locked)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(paddler)
        hasher.combine(seat)
    }

    /// Everyone in a row seat of `lineup` outside their rows, front to back, with the seats of their rows.
    public static func find(in lineup: Lineup, roster: [PaddlerID: Paddler]) -> [BarredSeat] {
        Place.seats(of: lineup.kind).compactMap { seat in
            guard let row = seat.row, let id = lineup[seat], let paddler = roster[id], let rows = paddler.rows,
                !rows.contains(row)
            else { return nil }
            var barred = BarredSeat(paddler: id, name: paddler.name, seat: seat, rows: rows)
            barred.rowSeats = Place.seats(of: lineup.kind).compactMap { other in
                guard let otherRow = other.row, rows.contains(otherRow) else { return nil }
                switch (paddler.side, other.isLeft) {
                case (.left, false), (.right, true): return nil
                default: break
                }
                return (other, lineup[other].flatMap { roster[$0]?.name }, lineup.isLocked(other))
            }
            barred.isLocked = lineup.isLocked(seat)
            barred.mayBeFreed = !barred.isLocked && hasArrangementFreeing(id, in: lineup, roster: roster)
            return barred
        }
    }

    /// Whether the paddlers in the unlocked row seats of `lineup` can be seated among those seats with
    /// `freed` in a row they may sit in, everyone on a side they paddle, and everyone else in a row they may
    /// sit in or, barred already, anywhere on their side (a bipartite matching, by augmenting paths).
    static func hasArrangementFreeing(_ freed: PaddlerID, in lineup: Lineup, roster: [PaddlerID: Paddler]) -> Bool {
        let seats = Place.seats(of: lineup.kind).filter { $0.row != nil && !lineup.isLocked($0) }
        let crew = seats.compactMap { seat in lineup[seat].map { (id: $0, row: seat.row ?? 0) } }
        func fits(_ person: (id: PaddlerID, row: Int), _ seat: Place) -> Bool {
            guard let paddler = roster[person.id], let row = seat.row else { return false }
            switch (paddler.side, seat.isLeft) {
            case (.left, false), (.right, true): return false
            default: break
            }
            let barredNow = !paddler.maySit(inRow: person.row)
            return paddler.maySit(inRow: row) || (barredNow && person.id != freed)
        }
        var holder: [Int?] = Array(repeating: nil, count: seats.count)
        func place(_ person: Int, _ visited: inout Set<Int>) -> Bool {
            for seat in seats.indices where !visited.contains(seat) && fits(crew[person], seats[seat]) {
                visited.insert(seat)
                if holder[seat] == nil || place(holder[seat] ?? 0, &visited) {
                    holder[seat] = person
                    return true
                }
            }
            return false
        }
        for person in crew.indices {
            var visited: Set<Int> = []
            if !place(person, &visited) { return false }
        }
        return true
    }
}
