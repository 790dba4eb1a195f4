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

    public init(paddler: PaddlerID, name: String, seat: Place, rows: RowSet) {
        self.paddler = paddler
        self.name = name
        self.seat = seat
        self.rows = rows
    }

    public static func == (lhs: BarredSeat, rhs: BarredSeat) -> Bool {
        (lhs.paddler, lhs.name, lhs.seat, lhs.rows) == (rhs.paddler, rhs.name, rhs.seat, rhs.rows)
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
            return barred
        }
    }
}
