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

/// One side's ranking from all the evidence, in one order that `roster rank` numbers and the optimizer's
/// seat fit counts (`StrengthPlaces`).
///
/// The rule, kept simple on purpose:
/// - Seat racing orders paddlers: every one-swap comparison of every session, and from a session with two swaps
///   between pieces, for each pair on the side, the difference of their totals divided by the pieces in which
///   they sat in different crews (what one swap would have shown, on average). One least-squares score
///   (`SwapRanking`) over all of them orders each group of paddlers that comparisons link.
/// - The first linked group gives the order the rest is placed in: the largest, and of groups as large the one
///   with the most paddlers with trials. Trials link the others to it:
///   a paddler with trials only, or of a group no comparison links to the first, goes where the fewest of
///   the first group's paddlers with trials disagree with their best pace per 500 m (a faster one below them
///   or a slower one above), the lowest such place on a tie; without any such paddler, below the whole first
///   group. Several placed at one spot go by pace. A linked group's members keep their seat-race order among
///   themselves: those with trials take the spots their trials give the group, in that order, and one
///   without trials follows the nearest member above them who has trials (or, with none above, comes just
///   before the nearest below).
/// - A seat-raced paddler of the first group is *too close to call* when a neighbour in their group is less
///   than `closeSeconds` away; otherwise *sure* when they took part in at least two comparisons and the
///   spread of those comparisons (how far they disagree with each other, `SwapRanking.Entry.spread`) is less
///   than the gap to the nearest neighbour, and *likely* when not: much evidence that contradicts itself is
///   no surer than a little. A paddler placed by trials is *likely* (a trial shows a paddler's engine, not how
///   the boat goes with them), or *too close to call* within `closePace` of a neighbour with trials; one
///   placed by their group's trials is at best *likely*.
/// - A group no comparison links to the first and none of whose members has trials has no place: nothing
///   orders it against the rest. Everyone else on the side (by the roster's side preference, unless they
///   seat-raced on the other side) has *no evidence* and no place.
public struct StrengthRanking: Hashable, Sendable {
    /// One paddler's place.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var evidence: StrengthEvidence
        /// Seat-race score in seconds (ahead of the slowest of their group), or best pace in seconds per 500 m
        /// for trials; nil without evidence.
        public var value: Double?
        public var confidence: StrengthConfidence
        /// For seat racing, the linked group (0 the largest): groups that no chain of comparisons links are not
        /// ordered against each other by seat racing. Nil for trials and no evidence.
        public var group: Int? = nil
        /// The 1-based place in the side's one order, which the optimizer counts; nil for a paddler nothing
        /// orders against the rest (no evidence, or an unlinked seat-race group without trials).
        public var place: Int? = nil
        /// Best seconds per 500 m of the paddler's trials, whatever else they have; nil without trials.
        public var pace: Double? = nil

        /// Whether trials, not seat racing, set this place: trials only, or a seat-race group no comparison
        /// links to the first, placed by its members' trials.
        public var isPlacedByTrials: Bool {
            place != nil && (evidence == .trials || (group ?? 0) > 0)
        }
    }

    /// Seat-race neighbours closer than this, in seconds over a piece, are too close to call.
    public static let closeSeconds = 1.0
    /// Trial neighbours closer than this, in seconds per 500 m, are too close to call.
    public static let closePace = 1.0

    public var side: SeatRaceSide
    /// Placed paddlers first, by place; then those of unlinked seat-race groups without trials, by group;
    /// then those without evidence, by name.
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
        var paces: [String: Double] = [:]
        let board = TrialBoard(trials: trials)
        for entry in board.entries { paces[entry.name] = entry.bestPace }
        var seatEntries: [Entry] = []
        for (position, entry) in seatRanking.entries.enumerated() {
            let above = position > 0 && seatRanking.entries[position - 1].group == entry.group
            let gaps = [above ? seatRanking.entries[position - 1].aheadOfNext : nil, entry.aheadOfNext]
            // Read to the tenth shown, so that two gaps printed alike are called alike.
            let nearest = ((gaps.compactMap { $0 }.min() ?? 0) * 10).rounded() / 10
            let confidence: StrengthConfidence =
                nearest < Self.closeSeconds
                ? .tooCloseToCall
                : (entry.comparisons >= 2 && entry.spread < nearest ? .sure : .likely)
            seatEntries.append(
                Entry(
                    name: entry.name, evidence: .seatRacing, value: entry.score, confidence: confidence,
                    group: entry.group, pace: paces[entry.name]))
        }
        // Who seat-raced on the other side has shown their side: they are not listed here without evidence.
        // Their trials still count on the side the roster gives them.
        let otherSide = Set(sessions.flatMap { $0.rankedPaddlers(on: side == .left ? .right : .left) })
        let seatRacedHere = Set(seatEntries.map(\.name))
        let onSide = roster.filter { $0.side == .either || $0.side.rawValue == side.rawValue }.map(\.name)
        let onSideSet = Set(onSide)
        let trialOnly = board.entries.filter {
            !seatRacedHere.contains($0.name) && onSideSet.contains($0.name)
        }.map { Entry(name: $0.name, evidence: .trials, value: $0.bestPace, confidence: .likely, pace: $0.bestPace) }
        let known = seatRacedHere.union(trialOnly.map(\.name)).union(otherSide)
        let withoutEvidence = Set(onSide + seatRanking.notRanked).subtracting(known).sorted().map {
            Entry(name: $0, evidence: .none, value: nil, confidence: .noEvidence)
        }
        let active = { (entry: Entry) in !inactive.contains(entry.name) }
        seatEntries = Self.firstGroupFirst(seatEntries.filter(active))
        let first = seatEntries.filter { $0.group == 0 }
        let others = seatEntries.filter { ($0.group ?? 0) > 0 }
        // A group none of whose members has trials stays apart: nothing orders it against the rest.
        let anchored = Set(others.filter { $0.pace != nil }.compactMap(\.group))
        var ordered = Self.placing(
            others.filter { anchored.contains($0.group ?? 0) } + trialOnly.filter(active), into: first)
        for index in ordered.indices {
            ordered[index].place = index + 1
            guard ordered[index].isPlacedByTrials else { continue }
            guard let pace = ordered[index].pace else {
                // Placed by their group's trials, not their own: no surer than likely.
                if ordered[index].confidence != .tooCloseToCall { ordered[index].confidence = .likely }
                continue
            }
            let close = [index - 1, index + 1].contains { neighbour in
                guard ordered.indices.contains(neighbour), let other = ordered[neighbour].pace else { return false }
                return abs(other - pace) < Self.closePace
            }
            ordered[index].confidence = close ? .tooCloseToCall : .likely
        }
        self.side = side
        self.entries =
            ordered + others.filter { !anchored.contains($0.group ?? 0) } + withoutEvidence.filter(active)
    }

    /// `entries` (seat-raced, by group then score) with the groups numbered from the first: the largest, and of
    /// groups as large the one with the most paddlers with trials (the most that link the others to it), then
    /// the one `SwapRanking` lists first. The others keep their order.
    static func firstGroupFirst(_ entries: [Entry]) -> [Entry] {
        var order: [Int] = []
        var size: [Int: Int] = [:]
        var timed: [Int: Int] = [:]
        for entry in entries {
            let group = entry.group ?? 0
            if size[group] == nil { order.append(group) }
            size[group, default: 0] += 1
            if entry.pace != nil { timed[group, default: 0] += 1 }
        }
        guard
            let first = order.enumerated().max(by: { one, other in
                (size[one.element] ?? 0, timed[one.element] ?? 0, -one.offset)
                    < (size[other.element] ?? 0, timed[other.element] ?? 0, -other.offset)
            })?.element
        else { return entries }
        let numbers = Dictionary(
            uniqueKeysWithValues: ([first] + order.filter { $0 != first }).enumerated().map { ($1, $0) })
        return entries.enumerated().map { index, entry in
            var entry = entry
            entry.group = entry.group.flatMap { numbers[$0] }
            return (index, entry)
        }.sorted { ($0.1.group ?? 0, $0.0) < ($1.1.group ?? 0, $1.0) }.map(\.1)
    }

    /// `first` (the first linked group, in seat-race order) with `placed` (paddlers with trials, and every
    /// member of a seat-race group of which some have trials) put among them as the type's rule says: each
    /// with trials where the fewest of `first` with trials disagree with their pace, the lowest such spot on
    /// a tie; members of one seat-race group keep their order among themselves, and one without trials
    /// follows the nearest member above them who has trials (or, with none above, goes just before the
    /// nearest below).
    static func placing(_ placed: [Entry], into first: [Entry]) -> [Entry] {
        // The spot of a pace: 0 above everyone of `first`, `first.count` below them all.
        func spot(of pace: Double) -> Int {
            var disagreeing = first.count { $0.pace.map { $0 < pace } ?? false }
            var best = (spot: 0, disagreeing: disagreeing)
            for (index, entry) in first.enumerated() {
                if let other = entry.pace { disagreeing += other < pace ? -1 : (other > pace ? 1 : 0) }
                if disagreeing <= best.disagreeing { best = (index + 1, disagreeing) }
            }
            return best.spot
        }
        struct Key: Comparable {
            var spot: Int
            var pace: Double
            var sequence: Int
            static func < (one: Key, other: Key) -> Bool {
                (one.spot, one.pace, one.sequence) < (other.spot, other.pace, other.sequence)
            }
        }
        var keyed: [(key: Key, entry: Entry)] = []
        // Trial-only paddlers each take their own spot; a group's members take their group's spots in order.
        let groups = Dictionary(grouping: placed.enumerated(), by: { $0.element.group ?? -1 - $0.offset })
        for members in groups.values {
            let timed = members.filter { $0.element.pace != nil }.sorted { $0.offset < $1.offset }
            let spots = timed.map { Key(spot: spot(of: $0.element.pace ?? 0), pace: $0.element.pace ?? 0, sequence: 0) }
            var keys: [Int: Key] = [:]
            for (key, member) in zip(spots.sorted(), timed) {
                keys[member.offset] = Key(spot: key.spot, pace: key.pace, sequence: member.offset)
            }
            for member in members.sorted(by: { $0.offset < $1.offset }) {
                // Without trials: the key of the nearest timed member above, else below; the sequence keeps
                // the seat-race order among equal keys.
                let neighbour =
                    keys[member.offset] ?? timed.last(where: { $0.offset < member.offset }).flatMap { keys[$0.offset] }
                    ?? timed.first(where: { $0.offset > member.offset }).flatMap { keys[$0.offset] }
                guard var key = neighbour else { continue }
                key.sequence = member.offset
                keyed.append((key, member.element))
            }
        }
        keyed.sort { $0.key < $1.key }
        var ordered: [Entry] = []
        var next = keyed[...]
        for (index, entry) in first.enumerated() {
            while let head = next.first, head.key.spot <= index {
                ordered.append(head.entry)
                next = next.dropFirst()
            }
            ordered.append(entry)
        }
        return ordered + next.map(\.entry)
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
