/// The two places of an exchange as a front end chose them on the boat, and, for a choice made on an earlier
/// view of it (a drag on the page), whom it showed there. Every front end asks the store for an exchange
/// with one of these, made where the store has just read the boat, so that the command line, the page and
/// the API reach the same change by the same road.
public struct ExchangePlaces: Hashable, Sendable {
    /// Whom a front end showed at the two places (nil: an empty place).
    public struct Occupants: Hashable, Sendable {
        public var first: String?
        public var second: String?

        public init(first: String?, second: String?) {
            self.first = first
            self.second = second
        }
    }

    public var first: Place
    public var second: Place
    /// Whom the front end showed at `first` and `second`; when either place holds someone else now, the
    /// exchange is refused and nothing changes. Nil: the places as they are now.
    public var expected: Occupants?

    public init(first: Place, second: Place, expected: Occupants? = nil) {
        self.first = first
        self.second = second
        self.expected = expected
    }

    /// The places `first` and `second` name on `state`'s boat (seat or bench references, `B`, or paddlers'
    /// names, as `BoatState.place(_:wholeNames:)` reads them), with whom the front end showed there.
    public init(
        _ first: String, _ second: String, on state: BoatState, wholeNames: Bool = false, expected: Occupants? = nil
    ) throws(LineupError) {
        self.init(
            first: try state.place(first, wholeNames: wholeNames),
            second: try state.place(second, wholeNames: wholeNames),
            expected: expected)
    }

    /// What is wrong with `expected` on the boat as it is now, one line per place that holds someone else
    /// (`L1 is now Bea Marangoni, not Ada Lindqvist`); empty when it still holds.
    public func changedOccupants(on state: BoatState) -> [String] {
        guard let expected else { return [] }
        return [(first, expected.first), (second, expected.second)].compactMap { place, shown in
            state.changedOccupant(at: place, shown: shown)
        }
    }
}
