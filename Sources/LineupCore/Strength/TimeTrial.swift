/// One timed result of a trial: a paddler alone (OC1, a land-based test) or a small crew (OC2, a timed boat).
public struct TrialResult: Hashable, Sendable {
    public var paddlers: [String]
    public var seconds: Double

    public init(paddlers: [String], seconds: Double) {
        self.paddlers = paddlers
        self.seconds = seconds
    }
}

/// A time trial: a named piece over a distance on a day, with its results.
public struct TimeTrial: Hashable, Sendable {
    /// The longest distance accepted, in metres.
    public static let longestDistance = 100_000

    public var name: String
    public var distanceMetres: Int
    public var day: RegattaDay?
    public var results: [TrialResult]

    public init(name: String, distanceMetres: Int, day: RegattaDay?, results: [TrialResult]) throws(StrengthError) {
        guard !name.allSatisfy(\.isWhitespace) else { throw .emptyName }
        guard (1...Self.longestDistance).contains(distanceMetres) else { throw .badDistance(Double(distanceMetres)) }
        guard !results.isEmpty else { throw .noPaddlers }
        guard results.count <= StrengthError.mostResults else { throw .tooManyResults(results.count) }
        for result in results {
            guard !result.paddlers.isEmpty, result.paddlers.allSatisfy({ !$0.allSatisfy(\.isWhitespace) }) else {
                throw .emptyName
            }
            var seen: Set<String> = []
            for paddler in result.paddlers where !seen.insert(PaddlerRules.nameKey(paddler)).inserted {
                throw .namedTwice(paddler)
            }
            _ = try StrengthError.checkedTime(result.seconds, in: name)
            let pace = result.seconds * 500 / Double(distanceMetres)
            guard pace >= StrengthError.fastestPace else {
                throw .tooFast(paddlers: result.paddlers.joined(separator: "+"), pacePer500: pace)
            }
        }
        self.name = name
        self.distanceMetres = distanceMetres
        self.day = day
        self.results = results
    }

    /// Refuses a time a new trial should not record: a paddler timed twice (names matched as the roster
    /// matches them; a trial is one piece, and a paddler sits in one boat of it), or a pace slower than `StrengthError.slowestPace` per 500 m, a slip in
    /// the distance or the time (trials stored before these checks are still read).
    public func checkedForRecording() throws(StrengthError) -> TimeTrial {
        var timed: Set<String> = []
        for result in results {
            for paddler in result.paddlers where !timed.insert(PaddlerRules.nameKey(paddler)).inserted {
                throw .timedTwice(paddler: paddler, trial: name)
            }
        }
        for result in results where pacePer500(result) > StrengthError.slowestPace {
            throw .tooSlow(paddlers: result.paddlers.joined(separator: "+"), pacePer500: pacePer500(result))
        }
        return self
    }

    /// A time as seconds per 500 m: the plain proportion, which flatters short pieces a little (nobody holds a
    /// 200 m pace over 2000 m); compare trials over like distances where you can.
    public func pacePer500(_ result: TrialResult) -> Double {
        result.seconds * 500 / Double(distanceMetres)
    }
}

/// The paddlers' trials side by side: each paddler's best pace per 500 m, how many trials and how far apart
/// their paces are. Only results of one paddler alone count; a crew's time cannot be shared out fairly.
public struct TrialBoard: Hashable, Sendable {
    /// One paddler's trials.
    public struct Entry: Hashable, Sendable {
        public var name: String
        /// Best seconds per 500 m.
        public var bestPace: Double
        /// The trial of the best pace.
        public var bestTrial: String
        public var trials: Int
        /// Slowest minus fastest pace, seconds per 500 m; 0 for one trial.
        public var spread: Double
    }

    /// Fastest first.
    public var entries: [Entry]

    public init(trials: [TimeTrial]) {
        var paces: [String: [(pace: Double, trial: String)]] = [:]
        for trial in trials {
            for result in trial.results where result.paddlers.count == 1 {
                paces[result.paddlers[0], default: []].append((trial.pacePer500(result), trial.name))
            }
        }
        entries = paces.map { name, list in
            let best = list.min { $0.pace < $1.pace } ?? (0, "")
            let slowest = list.map(\.pace).max() ?? best.pace
            return Entry(
                name: name, bestPace: best.pace, bestTrial: best.trial, trials: Set(list.map(\.trial)).count,
                spread: slowest - best.pace)
        }
        .sorted { ($0.bestPace, $0.name) < ($1.bestPace, $1.name) }
    }
}
