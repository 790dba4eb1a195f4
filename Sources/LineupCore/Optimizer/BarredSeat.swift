/// A paddler the optimizer's proposal leaves in a row seat barred to them (their rows or never-rows): no
/// allowed arrangement frees them (every seat of their rows is locked, on a side they do not paddle, or
/// holds someone who may not take theirs).
public struct BarredSeat: Hashable, Sendable {
    public var paddler: PaddlerID
    public var name: String
    public var seat: Place
    /// The only rows they may sit in.
    public var rows: RowSet

    public init(paddler: PaddlerID, name: String, seat: Place, rows: RowSet) {
        self.paddler = paddler
        self.name = name
        self.seat = seat
        self.rows = rows
    }

    /// Everyone in a row seat of `lineup` outside their rows, front to back.
    public static func find(in lineup: Lineup, roster: [PaddlerID: Paddler]) -> [BarredSeat] {
        Place.seats(of: lineup.kind).compactMap { seat in
            guard let row = seat.row, let id = lineup[seat], let paddler = roster[id], let rows = paddler.rows,
                !rows.contains(row)
            else { return nil }
            return BarredSeat(paddler: id, name: paddler.name, seat: seat, rows: rows)
        }
    }
}
