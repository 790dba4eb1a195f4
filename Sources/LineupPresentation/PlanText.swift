import LineupCore

/// The optimizer's plan as a coach reads it out on the dock: one numbered line per moving paddler, in
/// calling order, names and places in aligned columns.
public enum PlanText {
    /// `  1.  Maya Chen   L3  → R7`, one line per move; names made safe to print and cut at `nameColumns`.
    public static func moves(_ plan: LineupPlan, nameColumns: Int = 32) -> [String] {
        let names = plan.moves.map { TextLayout.field($0.name, nameColumns) }
        let numberWidth = "\(plan.moves.count).".count
        let nameWidth = names.map(TextLayout.width).max() ?? 0
        let fromWidth = plan.moves.map { $0.from.description.count }.max() ?? 0
        return zip(plan.moves, names).enumerated().map { index, entry in
            let (move, name) = entry
            let destination = move.to.isSeat ? move.to.description : "bench"
            return "  " + TextLayout.pad("\(index + 1).", numberWidth, right: true) + "  "
                + TextLayout.pad(name, nameWidth) + "  " + TextLayout.pad(move.from.description, fromWidth)
                + "  → " + destination
        }
    }

    /// `The moves leave R2 empty and fill R1.` when they change which seats are empty; nil otherwise. A
    /// coach calling the plan needs to know which seats end up without a paddler.
    public static func emptySeats(before: Lineup, after: Lineup) -> String? {
        let seats = Place.seats(of: before.kind).filter { $0.row != nil }
        let emptied = seats.filter { before[$0] != nil && after[$0] == nil }.map(\.description)
        let filled = seats.filter { before[$0] == nil && after[$0] != nil }.map(\.description)
        var parts: [String] = []
        if !emptied.isEmpty { parts.append("leave \(ListWords.joined(emptied)) empty") }
        if !filled.isEmpty { parts.append("fill \(ListWords.joined(filled))") }
        return parts.isEmpty ? nil : "The moves " + parts.joined(separator: " and ") + "."
    }

    /// `3 people change place (3 moves above); called as pairwise exchanges, that is 2 exchanges.`
    public static func counts(_ plan: LineupPlan) -> String {
        let moves = plan.peopleMoved == 1 ? "1 move" : "\(plan.peopleMoved) moves"
        let exchanges = plan.minimumExchanges == 1 ? "1 exchange" : "\(plan.minimumExchanges) exchanges"
        return "\(peopleChangingPlace(plan.peopleMoved)) (\(moves) above); called as pairwise exchanges, "
            + "that is \(exchanges)."
    }

    /// `1 person changes place`, `9 people change place`: the count every command gives for a change of
    /// many places (each paddler who comes into a seat, leaves one or changes seat, once).
    public static func peopleChangingPlace(_ count: Int) -> String {
        count == 1 ? "1 person changes place" : "\(count) people change place"
    }
}
