import Testing

@testable import LineupCore

/// Simulated seat races with known strengths: the one-swap ranking should recover the true order.
@Suite("Seat racing on simulated crews")
struct SeatRaceSimulationTests {
    /// Kendall's tau between the recovered order and the true one (1 is the same order, −1 reversed).
    static func kendallTau(_ order: [String], strengths: [String: Double]) -> Double {
        var concordant = 0
        var discordant = 0
        for (index, one) in order.enumerated() {
            for other in order[(index + 1)...] {
                // `one` is ranked above `other`: concordant when it is truly stronger.
                if (strengths[one] ?? 0) > (strengths[other] ?? 0) { concordant += 1 } else { discordant += 1 }
            }
        }
        let pairs = concordant + discordant
        return pairs == 0 ? 1 : Double(concordant - discordant) / Double(pairs)
    }

    /// Six paddlers a side whose strengths (seconds off a 150 s piece) are spread over 0–5 s; 16 pieces, each
    /// after one random swap on one random side; every crew time carries noise of up to ±`noise` seconds.
    static func simulate(seed: UInt64, noise: Double) throws -> (SeatRaceSession, [String: Double]) {
        var random = SeededRandomGenerator(seed: seed)
        var strengths: [String: Double] = [:]
        var seats: [SeatRaceSeat] = []
        for side in SeatRaceSide.allCases {
            for index in 0..<6 {
                let name = "\(side.rawValue)\(index)"
                strengths[name] = Double.random(in: 0...5, using: &random)
                seats.append(SeatRaceSeat(paddler: name, side: side, crew: index < 3 ? .first : .second))
            }
        }
        var pieces: [SeatRacePiece] = []
        for number in 1...16 {
            if number > 1 {
                let side = SeatRaceSide.allCases.randomElement(using: &random) ?? .left
                let firsts = seats.indices.filter { seats[$0].side == side && seats[$0].crew == .first }
                let seconds = seats.indices.filter { seats[$0].side == side && seats[$0].crew == .second }
                if let out = firsts.randomElement(using: &random), let back = seconds.randomElement(using: &random) {
                    seats[out].crew = .second
                    seats[back].crew = .first
                }
            }
            func time(_ crew: SeatRaceCrew) -> Double {
                150 - seats.filter { $0.crew == crew }.reduce(0) { $0 + (strengths[$1.paddler] ?? 0) }
                    + Double.random(in: -noise...noise, using: &random)
            }
            pieces.append(
                SeatRacePiece(number: number, seats: seats, firstCrewTime: time(.first), secondCrewTime: time(.second)))
        }
        return (try SeatRaceSession(name: "sim \(seed)", pieces: pieces), strengths)
    }

    /// Measured over seeds 1–40, both sides (80 rankings) with ±0.5 s noise: mean Kendall tau 0.919, lowest 0.33
    /// (two paddlers of nearly equal strength and few comparisons); the mean is asserted at 0.85.
    @Test("the one-swap ranking recovers the true order")
    func recoversOrder() throws {
        var taus: [Double] = []
        for seed in UInt64(1)...40 {
            let (session, strengths) = try Self.simulate(seed: seed, noise: 0.5)
            for side in SeatRaceSide.allCases {
                let ranking = SwapRanking(
                    side: side, comparisons: session.swapComparisons, everyone: session.paddlers(on: side))
                let order = ranking.entries.filter { $0.group == 0 }.map(\.name)
                taus.append(Self.kendallTau(order, strengths: strengths))
            }
        }
        let mean = taus.reduce(0, +) / Double(taus.count)
        print("seat-race simulation: mean Kendall tau \(mean), lowest \(taus.min() ?? 0)")
        #expect(mean >= 0.85)
    }

    /// Every pair of pieces, compared directly: what `swapComparisons` finds by looking pieces up.
    static func everyPairCompared(_ session: SeatRaceSession) -> [SwapComparison] {
        var found: [SwapComparison] = []
        for (index, before) in session.pieces.enumerated() {
            for after in session.pieces[(index + 1)...] {
                let changed = SeatRaceSide.allCases.map {
                    ($0, SeatRaceSession.moves(from: before, to: after, side: $0))
                }
                .filter { !$0.1.toSecond.isEmpty || !$0.1.toFirst.isEmpty }
                guard changed.count == 1, let (side, move) = changed.first, move.toSecond.count == 1,
                    move.toFirst.count == 1
                else { continue }
                let change = after.margin - before.margin
                found.append(
                    SwapComparison(
                        side: side, faster: change >= 0 ? move.toSecond[0] : move.toFirst[0],
                        slower: change >= 0 ? move.toFirst[0] : move.toSecond[0], seconds: abs(change),
                        pieces: [before.number, after.number]))
            }
        }
        return found
    }

    @Test("pieces one swap apart are found by lookup exactly as by comparing every pair", arguments: 1...40)
    func lookupMatchesEveryPair(seed: UInt64) throws {
        let (session, _) = try Self.simulate(seed: seed, noise: 0.5)
        #expect(session.swapComparisons == Self.everyPairCompared(session))
    }

    /// The ranking read from comparisons summed up pair by pair of crew groups (`rankingSwapComparisons`) is
    /// the ranking read from every comparison: the same order, scores, counts, spreads and misfit, on the
    /// random sessions and on one whose crews go back and forth (pieces with the same crews, compared many
    /// times over).
    @Test("comparisons summed up pair by pair rank as every comparison does", arguments: 0...40)
    func summedComparisonsRankAsEveryComparison(seed: UInt64) throws {
        let session: SeatRaceSession
        if seed == 0 {
            var random = SeededRandomGenerator(seed: 99)
            let names = ["a", "b", "c", "d"]
            session = try SeatRaceSession(
                name: "back and forth",
                pieces: (1...60).map { number in
                    let swapped = number % 2 == 0
                    let seats = names.enumerated().map { index, name in
                        SeatRaceSeat(
                            paddler: name, side: .left,
                            crew: (index == 0) != swapped && index < 2 || index == 2 ? .first : .second)
                    }
                    return SeatRacePiece(
                        number: number, seats: seats, firstCrewTime: 150 + Double.random(in: -2...2, using: &random),
                        secondCrewTime: 150 + Double.random(in: -2...2, using: &random))
                })
        } else {
            session = try Self.simulate(seed: seed, noise: 0.5).0
        }
        for side in SeatRaceSide.allCases {
            let every = SwapRanking(
                side: side, comparisons: session.swapComparisons, everyone: session.paddlers(on: side))
            let summed = SwapRanking(
                side: side, comparisons: session.rankedComparisons(on: side), everyone: session.paddlers(on: side))
            #expect(summed.entries.map(\.name) == every.entries.map(\.name), "seed \(seed)")
            #expect(summed.entries.map(\.comparisons) == every.entries.map(\.comparisons), "seed \(seed)")
            #expect(summed.entries.map(\.group) == every.entries.map(\.group), "seed \(seed)")
            #expect(summed.notRanked == every.notRanked)
            for (a, b) in zip(summed.entries, every.entries) {
                #expect(abs(a.score - b.score) < 1e-9 && abs(a.spread - b.spread) < 1e-9, "seed \(seed): \(a) \(b)")
            }
            #expect(abs(summed.largestMisfit - every.largestMisfit) < 1e-9, "seed \(seed)")
        }
        if seed == 0 {
            // 30 pieces of each crew: 900 comparisons, summed up as one.
            #expect(session.rankedComparisons(on: .left).map(\.weight) == [900])
        }
    }
}
