/// The address of one item in the exchange engine's model: a section and an item within it.
public struct SeatPath: Hashable, Sendable, CustomStringConvertible {
    /// The section: for a lineup, 0 drummer, 1 left, 2 right, 3 steerer, 4 bench.
    public var section: Int
    /// The item within the section, from 0.
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public var description: String { "[\(section), \(item)]" }
}
