/// A lineup as the exchange engine sees it: sections of items addressed by `SeatPath`, kept in step
/// with the engine as its delegate. Locked seats can be neither caught nor displaced, and empty seats
/// cannot be caught. The bench section ends with one empty slot, "the end of the bench", so a paddler
/// can be sent there.
public final class LineupExchangeModel: ExchangeControllerDelegate {
    /// Section numbers of the engine's model.
    public enum SectionIndex {
        public static let drummer = 0
        public static let left = 1
        public static let right = 2
        public static let steerer = 3
        public static let bench = 4
    }

    /// The lineup before the transaction began.
    public private(set) var original: Lineup
    private var items: [[PaddlerID?]]
    /// The final pair of the last finished transaction (displaced, origin); nil until one finishes.
    public private(set) var finishedPair: (SeatPath, SeatPath)?
    /// True once the last transaction was cancelled.
    public private(set) var wasCancelled = false
    /// Called after every exchange event, for live figures.
    public var onExchangeEvent: ((Lineup) -> Void)?

    public init(lineup: Lineup) {
        original = lineup
        items = Self.items(of: lineup)
    }

    /// The lineup as it stands now, mid-drag included, with the bench closed up.
    public var current: Lineup {
        var lineup = original
        lineup.drummer = items[SectionIndex.drummer][0]
        lineup.steerer = items[SectionIndex.steerer][0]
        lineup.left = items[SectionIndex.left]
        lineup.right = items[SectionIndex.right]
        lineup.bench = items[SectionIndex.bench].compactMap { $0 }
        return lineup
    }

    /// The engine's path for `place`, in the lineup as it was before the transaction.
    public func path(for place: Place) -> SeatPath {
        switch place {
        case .drummer: SeatPath(section: SectionIndex.drummer, item: 0)
        case .left(let row): SeatPath(section: SectionIndex.left, item: row - 1)
        case .right(let row): SeatPath(section: SectionIndex.right, item: row - 1)
        case .steerer: SeatPath(section: SectionIndex.steerer, item: 0)
        case .bench(let position): SeatPath(section: SectionIndex.bench, item: position - 1)
        }
    }

    /// The path of the empty slot after the last bench paddler.
    public var endOfBenchPath: SeatPath {
        SeatPath(section: SectionIndex.bench, item: original.bench.count)
    }

    /// The place at `path` in the lineup as it was before the transaction (the end-of-bench slot is
    /// the position after the last paddler); nil for a path outside the model.
    public func place(at path: SeatPath) -> Place? {
        guard items.indices.contains(path.section), items[path.section].indices.contains(path.item) else {
            return nil
        }
        switch path.section {
        case SectionIndex.drummer: return .drummer
        case SectionIndex.left: return .left(row: path.item + 1)
        case SectionIndex.right: return .right(row: path.item + 1)
        case SectionIndex.steerer: return .steerer
        default: return .bench(position: path.item + 1)
        }
    }

    /// The paddler at `path` right now, mid-drag included.
    public func paddler(at path: SeatPath) -> PaddlerID? {
        guard items.indices.contains(path.section), items[path.section].indices.contains(path.item) else {
            return nil
        }
        return items[path.section][path.item]
    }

    /// Starts over from `lineup`, forgetting any finished transaction.
    public func reset(to lineup: Lineup) {
        original = lineup
        items = Self.items(of: lineup)
        finishedPair = nil
        wasCancelled = false
    }

    /// What the last finished transaction changed: one move per paddler at either end of the final pair.
    /// Empty when the transaction ended where it began, moved only empty seats, or was cancelled.
    public func finishedChange(names: [PaddlerID: String]) -> LineupChange {
        guard let (displacedPath, originPath) = finishedPair, displacedPath != originPath else {
            return LineupChange()
        }
        let after = current
        var moves: [PaddlerMove] = []
        for path in [originPath, displacedPath] {
            guard let from = place(at: path), let paddler = original[from], let to = after.place(of: paddler),
                from != to
            else { continue }
            moves.append(PaddlerMove(paddler: paddler, name: names[paddler] ?? "#\(paddler)", from: from, to: to))
        }
        return LineupChange(moves: moves)
    }

    // MARK: - ExchangeControllerDelegate

    public func exchangeController(
        _ controller: ExchangeController, didExchange path1: SeatPath, with path2: SeatPath
    ) {
        let first = items[path1.section][path1.item]
        items[path1.section][path1.item] = items[path2.section][path2.item]
        items[path2.section][path2.item] = first
    }

    public func exchangeControllerDidFinishExchangeEvent(_ controller: ExchangeController) {
        onExchangeEvent?(current)
    }

    public func exchangeController(
        _ controller: ExchangeController, didFinishTransactionWith path1: SeatPath, and path2: SeatPath
    ) {
        finishedPair = (path1, path2)
        wasCancelled = false
    }

    public func exchangeControllerDidCancelTransaction(_ controller: ExchangeController) {
        finishedPair = nil
        wasCancelled = true
    }

    public func exchangeController(_ controller: ExchangeController, canBeginTransactionAt path: SeatPath) -> Bool {
        guard let place = place(at: path), paddler(at: path) != nil else { return false }
        return !original.isLocked(place)
    }

    public func exchangeController(
        _ controller: ExchangeController, canDisplaceItemAt target: SeatPath, draggedFrom origin: SeatPath
    ) -> Bool {
        guard let place = place(at: target) else { return false }
        return !original.isLocked(place)
    }

    private static func items(of lineup: Lineup) -> [[PaddlerID?]] {
        [[lineup.drummer], lineup.left, lineup.right, [lineup.steerer], lineup.bench.map { $0 } + [nil]]
    }
}
