/// How sure a place in the combined ranking is.
public enum StrengthConfidence: String, Hashable, Sendable, CaseIterable, Codable {
    case sure
    case likely
    case tooCloseToCall = "too close to call"
    case noEvidence = "no evidence"
}

/// What a place in the combined ranking rests on.
public enum StrengthEvidence: String, Hashable, Sendable, Codable {
    case seatRacing = "seat racing"
    case trials
    case none
}

/// One side's ranking from all the evidence: seat racing first, then time trials, then nobody's word.
///
/// The rule, kept simple on purpose:
/// - Seat racing places paddlers: every one-swap comparison of every session, and from a session with two swaps
///   between pieces, for each pair on the side, the difference of their totals divided by the pieces in which
///   they sat in different crews (what one swap would have shown, on average). One least-squares score
///   (`SwapRanking`) over all of them orders the paddlers.
/// - A seat-raced paddler is *too close to call* when a neighbour in the order is less than `closeSeconds` away;
///   otherwise *sure* when they took part in at least two comparisons and the spread of those comparisons (how
///   far they disagree with each other, `SwapRanking.Entry.spread`) is less than the gap to the nearest
///   neighbour, and *likely* when not: much evidence that contradicts itself is no surer than a little.
/// - Paddlers with time trials only come next, by best pace per 500 m: *likely* (a trial shows a paddler's
///   engine, not how the boat goes with them), or *too close to call* within `closePace` of a neighbour.
/// - Everyone else on the side (by the roster's side preference, unless they seat-raced on the other side) has
///   *no evidence*.
public struct StrengthRanking: Hashable, Sendable {
    /// One paddler's place.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var evidence: StrengthEvidence
        /// Seat-race score in seconds (ahead of the slowest), or best pace in seconds per 500 m; nil without evidence.
        public var value: Double?
        public var confidence: StrengthConfidence
        /// For seat racing, the linked group (0 the largest): groups that no chain of comparisons links are not
        /// ordered against each other. Nil for trials and no evidence.
        public var group: Int? = nil
    }

    /// Seat-race neighbours closer than this, in seconds over a piece, are too close to call.
    public static let closeSeconds = 1.0
    /// Trial neighbours closer than this, in seconds per 500 m, are too close to call.
    public static let closePace = 1.0

    public var side: SeatRaceSide
    public var entries: [Entry]

    /// The ranking of `side`; `roster` names everyone who might paddle it with their side preference.
    /// `inactive` paddlers are not listed, whatever their evidence: their seat races still compare the others.
    public init(
        side: SeatRaceSide, sessions: [SeatRaceSession], trials: [TimeTrial],
        roster: [(name: String, side: SidePreference)], inactive: Set<String> = []
    ) {
        var comparisons: [SwapComparison] = []
        var seatRaced: [String] = []
        for session in sessions {
            seatRaced += session.rankedPaddlers(on: side).filter { !seatRaced.contains($0) }
            comparisons += session.rankedComparisons(on: side)
        }
        let seatRanking = SwapRanking(side: side, comparisons: comparisons, everyone: seatRaced)
        var entries: [Entry] = []
        for (position, entry) in seatRanking.entries.enumerated() {
            let above = position > 0 && seatRanking.entries[position - 1].group == entry.group
            let gaps = [above ? seatRanking.entries[position - 1].aheadOfNext : nil, entry.aheadOfNext]
            let nearest = gaps.compactMap { $0 }.min() ?? 0
            let confidence: StrengthConfidence =
                nearest < Self.closeSeconds
                ? .tooCloseToCall
                : (entry.comparisons >= 2 && entry.spread < nearest ? .sure : .likely)
            entries.append(
                Entry(
                    name: entry.name, evidence: .seatRacing, value: entry.score, confidence: confidence,
                    group: entry.group))
        }
        // Who seat-raced on the other side has shown their side: they are not listed here without evidence.
        // Their trials still count on the side the roster gives them.
        let otherSide = Set(sessions.flatMap { $0.rankedPaddlers(on: side == .left ? .right : .left) })
        let placed = Set(entries.map(\.name))
        let onSide = roster.filter { $0.side == .either || $0.side.rawValue == side.rawValue }.map(\.name)
        let onSideSet = Set(onSide)
        let trialOnly = TrialBoard(trials: trials).entries.filter {
            !placed.contains($0.name) && onSideSet.contains($0.name)
        }
        for (position, entry) in trialOnly.enumerated() {
            let neighbours = [position - 1, position + 1].filter { trialOnly.indices.contains($0) }
            let close = neighbours.contains { abs(trialOnly[$0].bestPace - entry.bestPace) < Self.closePace }
            entries.append(
                Entry(
                    name: entry.name, evidence: .trials, value: entry.bestPace,
                    confidence: close ? .tooCloseToCall : .likely))
        }
        let known = Set(entries.map(\.name)).union(otherSide)
        for name in Set(onSide + seatRanking.notRanked).subtracting(known).sorted() {
            entries.append(Entry(name: name, evidence: .none, value: nil, confidence: .noEvidence))
        }
        self.side = side
        self.entries = entries.filter { !inactive.contains($0.name) }
    }
}

extension SeatRaceSession {
    /// For a session read by totals: each pair on `side` compared by the difference of their totals over the
    /// pieces in which they sat in different crews, per such piece.
    func totalComparisons(on side: SeatRaceSide) -> [SwapComparison] {
        let names = paddlers(on: side)
        var found: [SwapComparison] = []
        for (index, one) in names.enumerated() {
            for other in names[(index + 1)...] {
                let apart = pieces.filter { $0.crew(of: one) != $0.crew(of: other) }
                guard !apart.isEmpty else { continue }
                let difference = apart.reduce(0.0) { $0 + ($1.time(of: other) ?? 0) - ($1.time(of: one) ?? 0) }
                let perPiece = difference / Double(apart.count)
                found.append(
                    SwapComparison(
                        side: side, faster: perPiece >= 0 ? one : other, slower: perPiece >= 0 ? other : one,
                        seconds: abs(perPiece), pieces: apart.map(\.number)))
            }
        }
        return found
    }
}
