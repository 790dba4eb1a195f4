/// The address of one item in the exchange engine's model: a section and an item within it.
public struct SeatPath: Hashable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public var description: String { "[\(section), \(item)]" }
}
