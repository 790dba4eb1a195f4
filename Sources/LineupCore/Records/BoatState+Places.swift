extension BoatState {
    /// The place `text` names in the boat: a seat or bench reference, `B` for the end of the bench, or a
    /// paddler's name, matched as `NameMatcher` does (the whole name, else a unique first name, surname or
    /// start of one; only the whole name, in any case, with `wholeNames`, as the API takes them). Every
    /// front end that takes places as text reads them here, so a place means the same everywhere.
    public func place(_ text: String, wholeNames: Bool = false) throws(LineupError) -> Place {
        let reference = try PlaceReference(parsing: text, kind: boat.kind)
        return try lineup.resolve(reference) { name throws(LineupError) in
            let matcher = NameMatcher(roster.values.map { (id: $0.id, name: $0.name) })
            switch matcher.match(name, exactOnly: wholeNames) {
            case .found(let id, let found, _): return (id, found)
            case .ambiguous(let names): throw .ambiguousName(name, owner: .paddler, candidates: names)
            case .notFound(let suggestions): throw .paddlerNotFound(name, suggestions: suggestions)
            case .partOfNames(let names): throw .wholeNameNeeded(name, owner: .paddler, candidates: names)
            }
        }
    }

    /// What differs at `place` from whom a front end showed there (nil: an empty place), as
    /// `L1 is now Bea Marangoni, not Ada Lindqvist`; nil while the place still holds them (names compared as
    /// the roster compares them). A change made on an earlier view of the boat is refused on it.
    public func changedOccupant(at place: Place, shown: String?) -> String? {
        let actual = paddler(at: place)?.name
        guard actual.map(PaddlerRules.nameKey) != shown.map(PaddlerRules.nameKey) else { return nil }
        return "\(place) is now \(actual ?? "empty"), not \(shown?.truncatedForMessage ?? "empty")"
    }
}
