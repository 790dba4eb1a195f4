@testable import LineupCore

/// The two worked examples of /work/shared/reference/seat-racing-examples.md (from lindig/seat-racing): crews Q
/// (first) and R (second), a–d on the left, 1–4 on the right, times in seconds over 750 m.
enum SeatRaceExamples {
    static let names = ["a", "b", "c", "d", "1", "2", "3", "4"]

    /// A session from table rows: the crew letters of a, b, c, d, 1, 2, 3, 4, then Q's and R's times.
    static func session(_ name: String, _ rows: [(String, Double, Double)]) throws -> SeatRaceSession {
        let pieces = rows.enumerated().map { index, row in
            SeatRacePiece(
                number: index + 1,
                seats: zip(names, row.0).map { name, letter in
                    SeatRaceSeat(
                        paddler: name, side: Int(name) == nil ? .left : .right,
                        crew: letter == "Q" ? .first : .second)
                }, firstCrewTime: row.1, secondCrewTime: row.2)
        }
        return try SeatRaceSession(name: name, pieces: pieces)
    }

    static func oneSwap() throws -> SeatRaceSession {
        try session(
            "one swap",
            [
                ("RRQQRRQQ", 164.0, 163.7), ("RQRQRRQQ", 166.4, 161.4), ("RQRQRQRQ", 164.7, 163.0),
                ("RQQRRQRQ", 162.7, 165.0), ("RQQRRQQR", 160.5, 167.4), ("RRQQRQQR", 160.2, 167.8),
            ])
    }

    static func twoSwaps() throws -> SeatRaceSession {
        try session(
            "two swaps",
            [
                ("RRQQRRQQ", 164.0, 163.7), ("QRQRRQRQ", 163.2, 164.5), ("QRRQQRRQ", 167.4, 160.5),
                ("RRQQQQRR", 160.6, 167.4), ("QRQRQRQR", 163.0, 164.7), ("QRRQRQQR", 162.8, 164.8),
            ])
    }
}
