/// A paddler's identity: the roster's stable id.
public typealias PaddlerID = Int64

/// One of the sections a boat is divided into.
public enum Section: String, Sendable, CaseIterable, Codable {
    case drummer, left, right, steerer, bench
}

/// A place in a boat: a seat (`D`, `S`, `L1`…, `R1`…) or a position on the bench (`B1`…).
public enum Place: Hashable, Sendable, Comparable, CustomStringConvertible {
    case drummer
    case left(row: Int)
    case right(row: Int)
    case steerer
    case bench(position: Int)

    /// Creates a place from its section and 1-based position, as stored.
    public init(section: Section, position: Int) {
        switch section {
        case .drummer: self = .drummer
        case .left: self = .left(row: position)
        case .right: self = .right(row: position)
        case .steerer: self = .steerer
        case .bench: self = .bench(position: position)
        }
    }

    /// The section holding this place.
    public var section: Section {
        switch self {
        case .drummer: .drummer
        case .left: .left
        case .right: .right
        case .steerer: .steerer
        case .bench: .bench
        }
    }

    /// The 1-based position within the section (1 for the drummer and the steerer).
    public var position: Int {
        switch self {
        case .drummer, .steerer: 1
        case .left(let row), .right(let row): row
        case .bench(let position): position
        }
    }

    /// The row of a left or right seat; nil elsewhere.
    public var row: Int? {
        switch self {
        case .left(let row), .right(let row): row
        default: nil
        }
    }

    /// True for every place but the bench.
    public var isSeat: Bool { section != .bench }

    /// The reference used everywhere: `D`, `S`, `L3`, `R3`, `B2`.
    public var description: String {
        switch self {
        case .drummer: "D"
        case .steerer: "S"
        case .left(let row): "L\(row)"
        case .right(let row): "R\(row)"
        case .bench(let position): "B\(position)"
        }
    }

    /// Chart order: D, L1, R1, L2, R2, …, S, then the bench.
    public static func < (lhs: Place, rhs: Place) -> Bool {
        lhs.chartOrder < rhs.chartOrder
    }

    private var chartOrder: (Int, Int, Int) {
        switch self {
        case .drummer: (0, 0, 0)
        case .left(let row): (1, row, 0)
        case .right(let row): (1, row, 1)
        case .steerer: (2, 0, 0)
        case .bench(let position): (3, position, 0)
        }
    }

    /// Every seat of a boat of `kind`, in chart order (no bench).
    public static func seats(of kind: BoatKind) -> [Place] {
        [.drummer] + (1...kind.rowCount).flatMap { [Place.left(row: $0), .right(row: $0)] } + [.steerer]
    }
}

/// What a user typed to name a place: a seat reference, `B` for the end of the bench, or a paddler's name.
public enum PlaceReference: Hashable, Sendable, CustomStringConvertible {
    case place(Place)
    case endOfBench
    case paddler(name: String)

    /// Parses a place argument. Seat references are case-insensitive; anything that is not shaped like
    /// one is taken as a paddler's name. References shaped like a seat but impossible (`L0`, `L11`
    /// in a standard boat, `B0`) are errors rather than names, so a typo never silently becomes a name.
    public init(parsing text: String, kind: BoatKind) throws(LineupError) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .emptyPlace }
        let upper = trimmed.uppercased()
        if upper == "D" { self = .place(.drummer); return }
        if upper == "S" { self = .place(.steerer); return }
        if upper == "B" { self = .endOfBench; return }
        guard let letter = upper.first, Self.isSeatShaped(upper) else {
            self = .paddler(name: trimmed)
            return
        }
        let digits = upper.dropFirst()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.count <= 6, let number = Int(digits),
            number >= 1
        else { throw .invalidPlace(trimmed) }
        switch letter {
        case "B":
            self = .place(.bench(position: number))
        default:
            guard number <= kind.rowCount else {
                throw .seatBeyondBoat(trimmed.uppercased(), rowCount: kind.rowCount)
            }
            self = .place(letter == "L" ? .left(row: number) : .right(row: number))
        }
    }

    /// True for text shaped like a place, possible or not: `D`, `S`, `B`, or `L`, `R`, `B` followed by digits
    /// and signs (`L3`, `L0`, `R-1`, `B+2`); case does not matter. Such text is never a name.
    public static func isPlaceShaped(_ text: String) -> Bool {
        let upper = text.uppercased()
        return ["D", "S", "B"].contains(upper) || isSeatShaped(upper)
    }

    /// `L`, `R` or `B` followed by digits and signs, in upper case.
    private static func isSeatShaped(_ upper: String) -> Bool {
        guard let letter = upper.first, "LRB".contains(letter) else { return false }
        let rest = upper.dropFirst()
        return !rest.isEmpty && rest.allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-" || $0 == "+") }
    }

    public var description: String {
        switch self {
        case .place(let place): place.description
        case .endOfBench: "B"
        case .paddler(let name): name
        }
    }
}

extension String {
    /// The string without leading and trailing white space and newlines.
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
