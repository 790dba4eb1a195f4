/// A side of the boat; seat racing ranks paddlers within one side only.
public enum SeatRaceSide: String, Hashable, Sendable, CaseIterable, Codable {
    case left, right
}

/// One of the two crews of a seat race: the first crew's time is written first, the margin is its time minus the
/// second crew's (the second crew's lead, positive when the second crew is faster).
public enum SeatRaceCrew: Int, Hashable, Sendable, CaseIterable, Codable {
    case first, second
}

/// Where one paddler sat in one piece.
public struct SeatRaceSeat: Hashable, Sendable {
    public var paddler: String
    public var side: SeatRaceSide
    public var crew: SeatRaceCrew

    public init(paddler: String, side: SeatRaceSide, crew: SeatRaceCrew) {
        self.paddler = paddler
        self.side = side
        self.crew = crew
    }
}

/// One race of a seat-race session: who sat in which crew and the two crews' times in seconds.
public struct SeatRacePiece: Hashable, Sendable {
    public var number: Int
    public var seats: [SeatRaceSeat]
    public var firstCrewTime: Double
    public var secondCrewTime: Double

    public init(number: Int, seats: [SeatRaceSeat], firstCrewTime: Double, secondCrewTime: Double) {
        self.number = number
        self.seats = seats
        self.firstCrewTime = firstCrewTime
        self.secondCrewTime = secondCrewTime
    }

    /// The second crew's lead in seconds (first crew's time minus second crew's).
    public var margin: Double { firstCrewTime - secondCrewTime }

    /// The time of the crew `paddler` sat in; nil when they did not paddle this piece.
    public func time(of paddler: String) -> Double? {
        seats.first { $0.paddler == paddler }.map { $0.crew == .first ? firstCrewTime : secondCrewTime }
    }

    func crew(of paddler: String) -> SeatRaceCrew? {
        seats.first { $0.paddler == paddler }?.crew
    }
}

/// A seat-race session: two crews racing several pieces, swapping paddlers between pieces.
///
/// Checked when made: at least two pieces; every paddler in every piece, once, on the same side; times positive
/// and under two hours; between consecutive pieces at most one paddler moves each way on each side.
public struct SeatRaceSession: Hashable, Sendable {
    public var name: String
    public var pieces: [SeatRacePiece]
    /// Paddlers of the session no longer on the roster: their seats still say who moved between pieces, but
    /// no ranking places them or credits them with a swap.
    public var removed: Set<String> = []

    public init(name: String, pieces: [SeatRacePiece]) throws(StrengthError) {
        guard !name.allSatisfy(\.isWhitespace) else { throw .emptyName }
        guard pieces.count >= 2 else { throw .tooFewPieces(pieces.count) }
        guard pieces.count <= StrengthError.mostPieces else { throw .tooManyPieces(pieces.count) }
        var numbers: Set<Int> = []
        for piece in pieces {
            guard (1...StrengthError.mostPieces).contains(piece.number) else { throw .badPieceNumber(piece.number) }
            guard numbers.insert(piece.number).inserted else { throw .duplicatePiece(piece.number) }
        }
        guard let first = pieces.first, !first.seats.isEmpty else { throw .noPaddlers }
        var sides: [String: SeatRaceSide] = [:]
        for seat in first.seats {
            guard !seat.paddler.isEmpty else { throw .emptyName }
            sides[seat.paddler] = seat.side
        }
        for piece in pieces {
            _ = try StrengthError.checkedTime(piece.firstCrewTime, in: "piece \(piece.number)")
            _ = try StrengthError.checkedTime(piece.secondCrewTime, in: "piece \(piece.number)")
            var seen: [String: SeatRaceCrew] = [:]
            for seat in piece.seats {
                if let crew = seen[seat.paddler] {
                    throw crew == seat.crew
                        ? .seatedTwice(paddler: seat.paddler, piece: piece.number)
                        : .inBothCrews(paddler: seat.paddler, piece: piece.number)
                }
                seen[seat.paddler] = seat.crew
                guard let side = sides[seat.paddler] else {
                    throw .notInEveryPiece(paddler: seat.paddler, piece: first.number)
                }
                guard side == seat.side else { throw .changedSide(paddler: seat.paddler, piece: piece.number) }
            }
            if let missing = first.seats.first(where: { seen[$0.paddler] == nil }) {
                throw .notInEveryPiece(paddler: missing.paddler, piece: piece.number)
            }
        }
        for (before, after) in zip(pieces, pieces.dropFirst()) {
            for side in SeatRaceSide.allCases {
                let moves = Self.moves(from: before, to: after, side: side)
                if moves.toSecond.count != moves.toFirst.count {
                    throw .unevenSwap(side: side, piece: after.number)
                }
                if moves.toSecond.count > 1 {
                    throw .tooManyMoved(
                        side: side, piece: after.number, moved: moves.toSecond.count + moves.toFirst.count)
                }
            }
        }
        self.name = name
        self.pieces = pieces
    }

    /// Refuses what a new seat race should not record: a piece with nobody in one of its crews, or with one
    /// crew's time more than `StrengthError.unlikeTimesRatio` times the other's (sessions stored before these
    /// checks are still read).
    public func checkedForRecording() throws(StrengthError) -> SeatRaceSession {
        for piece in pieces where Set(piece.seats.map(\.crew)).count < 2 {
            throw .emptyCrew(piece: piece.number)
        }
        for piece in pieces {
            let (faster, slower) = (
                min(piece.firstCrewTime, piece.secondCrewTime), max(piece.firstCrewTime, piece.secondCrewTime)
            )
            if slower > StrengthError.unlikeTimesRatio * faster {
                throw .unlikeTimes(piece: piece.number, first: piece.firstCrewTime, second: piece.secondCrewTime)
            }
        }
        return self
    }

    /// The paddlers in the order of the first piece.
    public var paddlers: [SeatRaceSeat] { pieces.first?.seats ?? [] }

    /// The comparisons a ranking of `side` reads: swap by swap, or by totals; none crediting a removed paddler.
    public func rankedComparisons(on side: SeatRaceSide) -> [SwapComparison] {
        let found =
            swapsOneAtATime ? rankingSwapComparisons.filter { $0.side == side } : totalComparisons(on: side)
        guard !removed.isEmpty else { return found }
        return found.filter { !removed.contains($0.faster) && !removed.contains($0.slower) }
    }

    /// The paddlers of one side still on the roster, in the order of the first piece.
    public func rankedPaddlers(on side: SeatRaceSide) -> [String] {
        paddlers(on: side).filter { !removed.contains($0) }
    }

    /// Who moved between two pieces on one side: into the second crew, and into the first.
    static func moves(from before: SeatRacePiece, to after: SeatRacePiece, side: SeatRaceSide)
        -> (toSecond: [String], toFirst: [String])
    {
        var toSecond: [String] = []
        var toFirst: [String] = []
        // Looked up by name, not searched: a piece of 200 seats would compare 40,000 names otherwise.
        var crews: [String: SeatRaceCrew] = [:]
        for seat in after.seats where seat.side == side { crews[seat.paddler] = seat.crew }
        for seat in before.seats where seat.side == side {
            guard let now = crews[seat.paddler], now != seat.crew else { continue }
            if now == .second { toSecond.append(seat.paddler) } else { toFirst.append(seat.paddler) }
        }
        return (toSecond, toFirst)
    }
}
